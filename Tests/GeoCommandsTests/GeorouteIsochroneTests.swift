// `georoute isochrone` end to end through GeorouteCommand.run: Valhalla's
// GeoJSON on standard output or written atomically to -o, lines instead of
// polygons, the summary line, and each bad option one line naming it (exit 2,
// nothing written).
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport

@Suite struct GeorouteIsochroneTests {
    static var townIndex: String { get throws { try TestData.indexPath(of: TestData.sample("town.osm")) } }
    static let from = "46.2029872,6.7978337"

    func run(_ args: [String]) -> (Int32, CapturedStreams) {
        let c = CapturedStreams()
        let io = c.io(environment: [:], currentDirectory: ".", now: Date(timeIntervalSince1970: 1_700_000_000))
        return (GeorouteCommand.run(args, io: io), c)
    }

    @Test func writesValhallasGeoJSON() throws {
        let index = try Self.townIndex
        var (code, io) = run(["isochrone", "--from", Self.from, "--minutes", "5,10,15", "--mode", "car", "-i", index])
        #expect(code == 0, "\(io.errorLines)")
        let json = try JSONValue.parse(io.output)
        #expect(json["type"]?.stringValue == "FeatureCollection")
        let features = try #require(json["features"]?.arrayValue)
        #expect(features.map { $0["properties"]?["contour"]?.doubleValue ?? 0 } == [15, 10, 5])
        #expect(features.allSatisfy { $0["geometry"]?["type"]?.stringValue == "MultiPolygon" && $0["properties"]?["metric"]?.stringValue == "time" })
        #expect(features[0]["properties"]?["fillColor"]?.stringValue?.hasPrefix("#") == true)
        #expect(io.errorLines.count == 1 && io.errorLines[0].hasPrefix("isochrone: 5, 10, 15 min by car: "), "\(io.errorLines)")
        // The same answer each time, byte for byte.
        let again = run(["isochrone", "--from", Self.from, "--minutes", "5,10,15", "--mode", "car", "-i", index, "-q"])
        #expect(again.1.output == io.output && again.1.errorLines.isEmpty)
        // Lines, into a file.
        let out = TestData.tempPath("iso-lines.geojson")
        try? FileManager.default.removeItem(atPath: out)
        (code, io) = run(["isochrone", "--from", Self.from, "--minutes", "10", "--mode", "foot", "--lines", "-i", index, "-o", out, "-q"])
        #expect(code == 0 && io.output.isEmpty)
        let lines = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(lines["features"]?.arrayValue?.allSatisfy { $0["geometry"]?["type"]?.stringValue == "LineString" } == true)
    }

    @Test func badOptionsExitTwoNamingTheOption() throws {
        let index = try Self.townIndex
        let out = TestData.tempPath("iso-never.geojson")
        try? FileManager.default.removeItem(atPath: out)
        let cases: [([String], String)] = [
            (["--minutes", "5"], "--from"),
            (["--from", Self.from], "--minutes"),
            (["--from", Self.from, "--minutes", "5,10,15,20,25"], "--minutes"),
            (["--from", Self.from, "--minutes", "10,5"], "--minutes"),
            (["--from", Self.from, "--minutes", "121"], "--minutes"),
            (["--from", Self.from, "--minutes", "0.5"], "--minutes"),
            (["--from", Self.from, "--minutes", "five"], "--minutes"),
            (["--from", "46.2", "--minutes", "5"], "--from"),
            (["--from", Self.from, "--minutes", "5", "--mode", "boat"], "--mode"),
            (["--from", Self.from, "--minutes", "5", "--polygons", "--lines"], "--lines"),
            (["--from", Self.from, "--minutes", "5", "--denoise", "2"], "--denoise"),
            (["--from", Self.from, "--minutes", "5", "--to", Self.from], "--to"),
            (["--from", Self.from, "--minutes", "5", "--format", "gpx"], "--format"),
            (["--from", Self.from, "--minutes", "5", "-o", out.replacingOccurrences(of: ".geojson", with: ".gpx")], ".gpx"),
        ]
        for (args, option) in cases {
            let (code, io) = run(["isochrone"] + args + ["-i", index, "-o", args.contains("-o") ? args.last! : out])
            #expect(code == 2, "\(args)")
            #expect(io.errorLines.first?.hasPrefix("georoute: ") == true && io.errorLines.first?.contains(option) == true, "\(args): \(io.errorLines)")
            #expect(io.output.isEmpty && !FileManager.default.fileExists(atPath: out), "\(args)")
        }
    }
}
