// Coordinates are decimal degrees, as OSM XML and GPX define them (xsd:decimal)
// and as people type them. Hexadecimal ("0x2B" read as 43°, "0x1p5" as 32°),
// "inf" and "nan" once passed through strtod and Swift's parser in the OSM
// reader, the GPX reader and every LAT,LON flag; now each is refused naming
// the value.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
import GeoIndexKit
import GeoTestSupport

@Suite struct DecimalCoordinatesTests {
    static let notDecimal = ["0x2B", "0x1p5", "-0X10", "inf", "-Infinity", "nan", "NaN"]

    @Test func osmXMLRefusesThem() throws {
        for value in Self.notDecimal {
            let path = TestData.tempPath("hex-\(value).osm")
            try (osmHead + "<node id=\"1\" lat=\"\(value)\" lon=\"7\"/>\n</osm>\n").write(toFile: path, atomically: false, encoding: .utf8)
            defer { unlink(path) }
            #expect {
                _ = try IndexBuilder.build(input: path, options: BuildOptions(output: path + ".geoidx"))
            } throws: { error in
                (error as? InputError)?.message == "node has an invalid latitude \"\(value)\"" && (error as? InputError)?.line == 3
            }
        }
        // Decimals with an exponent are still decimals.
        let path = TestData.tempPath("exponent.osm")
        try (osmHead + "<node id=\"1\" lat=\"4.373e1\" lon=\"742e-2\"><tag k=\"amenity\" v=\"cafe\"/><tag k=\"name\" v=\"E\"/></node>\n</osm>\n")
            .write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        _ = try IndexBuilder.build(input: path, options: BuildOptions(output: path + ".geoidx"))
        let index = try LandmarkIndex(path: path + ".geoidx")
        #expect(index.count == 1 && index.point(0).coordinate == Coordinate(lat: 43.73, lon: 7.42))
    }

    @Test func gpxRefusesThem() {
        for value in Self.notDecimal {
            let gpx = "<gpx><trk><trkseg><trkpt lat=\"46\" lon=\"\(value)\"/><trkpt lat=\"46\" lon=\"7\"/></trkseg></trk></gpx>"
            #expect {
                _ = try TrackReader.read(data: Array(gpx.utf8), name: "hex.gpx")
            } throws: { ($0 as? InputError)?.message == "<trkpt> has an invalid lon \"\(value)\": not a number" }
            let ele = "<gpx><trk><trkseg><trkpt lat=\"46\" lon=\"7\"><ele>\(value)</ele></trkpt></trkseg></trk></gpx>"
            #expect(throws: InputError.self) { _ = try TrackReader.read(data: Array(ele.utf8), name: "ele.gpx") }
        }
    }

    @Test func flagsRefuseThem() throws {
        let index = try TestData.indexPath(of: TestData.sample("town.osm"))
        for value in Self.notDecimal {
            #expect(throws: UsageError.self, "\(value)") { _ = try RequestParsing.point("\(value),7", name: "--near") }
            #expect(throws: UsageError.self, "\(value)") { _ = try RequestParsing.bbox("6.7,46.1,\(value),46.3", name: "--bbox") }
            let near = try InProcess.geoquery(["rue", "-i", index, "--near", "46.2,\(value)"])
            #expect(near.status == 2 && near.stderr.hasPrefix("geoquery: --near expects LAT,LON"), "\(near.stderr)")
            let route = try InProcess.georoute(["route", "--from", "\(value),6.8", "--to", "46.2,6.8", "-i", index])
            #expect(route.status == 2 && route.stderr.hasPrefix("georoute: --from expects LAT,LON"), "\(route.stderr)")
            let radius = try InProcess.geoquery(["rue", "-i", index, "--near", "46.2,6.8", "--radius", value])
            #expect(radius.status == 2 && radius.stderr.contains("--radius"), "\(radius.stderr)")
        }
        #expect(try RequestParsing.point("4.373e1,7.42", name: "--near") == Coordinate(lat: 43.73, lon: 7.42))
    }
}
