// The `georoute` command end to end through GeorouteCommand.run (what the
// executable calls): outputs in every format, the documented exit codes, one
// clear line naming the file for every bad input, and no output file left
// behind when something fails; batch matching, index discovery, routes.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
@testable import GeoImport
import GeoTestSupport
@testable import GeoTracks

@Suite struct GeorouteCommandTests {
    static var townIndex: String { get throws { try TestData.indexPath(of: TestData.sample("town.osm")) } }
    static var ride: String { TestData.sample("town-ride.gpx") }
    static var gps: String { TestData.sample("town-gps.gpx") }

    func run(_ args: [String], directory: String = ".", environment: [String: String] = [:]) -> (Int32, CapturedStreams) {
        let c = CapturedStreams()
        let io = c.io(environment: environment, currentDirectory: directory, now: Date(timeIntervalSince1970: 1_700_000_000))
        return (GeorouteCommand.run(args, io: io), c)
    }

    /// A scratch directory of its own for one test.
    func scratch(_ name: String) -> String {
        let d = TestData.tempPath("cli-\(name)")
        try? FileManager.default.removeItem(atPath: d)
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }

    @Test func matchWritesGPXWithTimesAndTheInputTrack() throws {
        let (code, c) = run(["match", Self.ride, "-i", try Self.townIndex, "--include-input", "--quiet"])
        #expect(code == 0 && c.errorLines.isEmpty)
        let gpx = c.outputText
        #expect(gpx.components(separatedBy: "<trk>").count - 1 == 2)
        #expect(gpx.contains("<name>town-ride</name>") || gpx.contains("<name>"))
        let back = try TrackReader.read(data: c.output, name: "out.gpx")
        // Route points carry times that start at `now` (the drawing has none) and never go backwards.
        let times = back.segments[0].compactMap(\.time)
        #expect(times.count == back.segments[0].count && times.first == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(times.last!.timeIntervalSince(times.first!) > 600)
    }

    @Test func matchJSONHasTheDocumentedSchema() throws {
        let dir = scratch("json")
        let out = dir + "/ride.json"
        let (code, c) = run(["match", Self.ride, "-i", try Self.townIndex, "-o", out])
        #expect(code == 0)
        #expect(c.errorLines.count == 1 && c.errorLines[0].contains("2.7") && c.errorLines[0].contains("109/109 points matched"))
        let json = try JSONValue.parse(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(json.objectValue?.map(\.0) == ["type", "name", "mode", "accuracy_m", "ignore_restrictions", "distance_m",
                                               "duration_s", "points", "matched_points", "points_summary", "streets",
                                               "segments", "breaks", "input_points"])
        #expect(json["type"]?.stringValue == "match" && json["mode"]?.stringValue == "bicycle")
        #expect(json["accuracy_m"]?.doubleValue == 25)
        let segment = try #require(json["segments"]?[0])
        #expect(segment.objectValue?.map(\.0) == ["first_point", "last_point", "distance_m", "duration_s", "streets", "geometry"])
        #expect(segment["streets"]?[0]?.objectValue?.map(\.0) == ["name", "ref", "pronunciation", "label", "named", "class", "distance_m", "duration_s"])
        #expect((segment["geometry"]?.arrayValue?.count ?? 0) > 50)
        let p = try #require(json["input_points"]?[5])
        #expect(p.objectValue?.map(\.0) == ["index", "input", "status", "snapped", "distance_m", "segment", "reason"])
        #expect(p["status"]?.stringValue == "matched" && p["snapped"]?.arrayValue?.count == 2)
        // Same input, same bytes.
        let again = dir + "/again.json"
        _ = run(["match", Self.ride, "-i", try Self.townIndex, "-o", again, "-q"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: again)))
    }

    @Test func matchGeoJSONAndSVG() throws {
        let (code, c) = run(["match", Self.gps, "-i", try Self.townIndex, "--format", "geojson", "--include-input", "-q"])
        #expect(code == 0)
        let json = try JSONValue.parse(c.output)
        #expect(json["type"]?.stringValue == "FeatureCollection")
        #expect(json["features"]?[0]?["geometry"]?["type"]?.stringValue == "LineString")
        #expect(json["features"]?[0]?["properties"]?["role"]?.stringValue == "matched_route")
        #expect(json["features"]?[1]?["properties"]?["role"]?.stringValue == "input")
        let dir = scratch("svg")
        let (code2, _) = run(["match", Self.ride, "-i", try Self.townIndex, "-o", dir + "/ride.svg", "-q"])
        #expect(code2 == 0)
        let svg = try String(contentsOfFile: dir + "/ride.svg", encoding: .utf8)
        for part in ["<svg", "id=\"roads\"", "id=\"track\"", "id=\"route\"", "id=\"scale-bar\"", "id=\"start\"", ">Hauptstraße<"] {
            #expect(svg.contains(part), "\(part)")
        }
    }

    @Test func badInputsFailWithOneLineAndNoFile() throws {
        let dir = scratch("bad")
        let index = try Self.townIndex
        let cases: [(name: String, content: String, code: Int32, message: String)] = [
            ("empty.gpx", "", 2, "empty input"),
            ("no-track.gpx", "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"x\"></gpx>", 2, "no track"),
            ("one.gpx", "<gpx><trk><trkseg><trkpt lat=\"46.2\" lon=\"6.8\"/></trkseg></trk></gpx>", 2, "only one point"),
            ("broken.gpx", "<gpx><trk><trkseg><trkpt lat=\"46.2\" lon=\"6.8\"></trkseg></trk></gpx>", 2, "malformed XML"),
            ("broken.geojson", "{\"type\": \"LineString\", \"coordinates\": [[6.8, 46.2], [6.81", 2, ""),
            ("nan.csv", "lat,lon\n46.2,6.8\nnan,6.8\n", 2, ""),
            ("range.csv", "lat,lon\n46.2,6.8\n95,6.8\n", 2, ""),
            ("far.csv", "lat,lon\n0,0\n0.001,0.001\n", 1, "nothing could be matched"),
        ]
        for c in cases {
            let input = dir + "/" + c.name, output = dir + "/" + c.name + ".out.gpx"
            try write(c.content, input)
            let (code, io) = run(["match", input, "-i", index, "-o", output])
            #expect(code == c.code, "\(c.name): \(io.errorLines)")
            #expect(io.errorLines.count == 1, "\(c.name): \(io.errorLines)")
            #expect(io.errorLines.first?.contains(input) == true, "\(c.name) names the file: \(io.errorLines)")
            if !c.message.isEmpty { #expect(io.errorLines.first?.contains(c.message) == true, "\(c.name): \(io.errorLines)") }
            #expect(!FileManager.default.fileExists(atPath: output), "\(c.name) left an output file")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir).allSatisfy { !$0.hasPrefix(".") }, "temp file left")
        }
        // Two identical points: a zero-length match, not an error.
        let nodes = try TestData.nodes(TestData.sample("town.osm"))
        let p = nodes[10041]!
        try write("lat,lon\n\(p.lat),\(p.lon)\n\(p.lat),\(p.lon)\n", dir + "/same.csv")
        let (code, io) = run(["match", dir + "/same.csv", "-i", index, "--format", "json"])
        #expect(code == 0)
        #expect(try JSONValue.parse(io.output)["distance_m"]?.doubleValue == 0)
    }

    @Test func usageErrorsExitTwo() throws {
        let index = try Self.townIndex
        for args in [["match"], ["match", Self.ride, "-i", index, "--mode", "boat"], ["match", Self.ride, "-i", index, "--accuracy", "0"],
                     ["match", Self.ride, "-i", index, "--format", "kml"], ["match", Self.ride, "-i", index, "--bogus"],
                     ["match", Self.ride, Self.gps, "-i", index, "-o", "x.gpx"], ["frobnicate"],
                     ["route", "--from", "46.2", "--to", "46.2,6.8", "-i", index], ["route", "--from", "46.2,200", "--to", "46.2,6.8", "-i", index],
                     ["match", Self.ride, "-i", "/nonexistent/town.geoidx"]] {
            let (code, io) = run(args)
            #expect(code == 2, "\(args)")
            // One line saying what is wrong; a usage error adds where to read more.
            #expect(io.errorLines.first?.hasPrefix("georoute: ") == true, "\(args): \(io.errorLines)")
            #expect(io.errorLines.count == 1 || io.errorLines == [io.errorLines[0], "Try 'georoute --help' for more information."],
                    "\(args): \(io.errorLines)")
            #expect(io.output.isEmpty)
        }
        let (code, io) = run(["--help"])
        #expect(code == 0 && io.outputText.contains("georoute match TRACK"))
    }

    @Test func indexWithoutRoadsIsAClearError() throws {
        let dir = scratch("noroads")
        var options = BuildOptions(output: dir + "/town.geoidx")
        options.includeRoads = false
        _ = try IndexBuilder.build(input: TestData.sample("town.osm"), options: options)
        let (code, io) = run(["match", Self.ride, "-i", dir + "/town.geoidx", "-o", dir + "/out.gpx"])
        #expect(code == 2)
        #expect(io.errorLines.first?.contains("--no-roads") == true)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.gpx"))
    }

    @Test func indexIsFoundInTheEnvironmentOrTheDirectory() throws {
        let dir = scratch("discover")
        let index = try Self.townIndex
        // GEOINDEX first.
        #expect(run(["match", Self.ride, "-q", "--format", "json"], directory: dir, environment: ["GEOINDEX": index]).0 == 0)
        // None here.
        var (code, io) = run(["match", Self.ride, "-q"], directory: dir)
        #expect(code == 2 && io.errorLines[0].contains("no index"))
        // Exactly one here.
        try FileManager.default.copyItem(atPath: index, toPath: dir + "/a.geoidx")
        (code, io) = run(["match", Self.ride, "-q", "--format", "json"], directory: dir)
        #expect(code == 0)
        // Several: they are listed.
        try FileManager.default.copyItem(atPath: index, toPath: dir + "/b.geoidx")
        (code, io) = run(["match", Self.ride, "-q"], directory: dir)
        #expect(code == 2 && io.errorLines[0].contains("a.geoidx, b.geoidx"))
    }

    @Test func batchMatchingWritesOneFilePerTrack() throws {
        let dir = scratch("batch")
        try write("", dir + "/broken.gpx")
        let (code, io) = run(["match", Self.ride, Self.gps, dir + "/broken.gpx", "-i", try Self.townIndex, "--out-dir", dir,
                              "--format", "geojson"])
        #expect(code == 2, "one bad input makes the run fail")
        #expect(FileManager.default.fileExists(atPath: dir + "/town-ride.geojson"))
        #expect(FileManager.default.fileExists(atPath: dir + "/town-gps.geojson"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/broken.geojson"))
        #expect(io.errorLines.filter { $0.hasPrefix("georoute:") }.count == 1)
        // Without --out-dir, JSON goes to standard output as one line per track.
        let (code2, io2) = run(["match", Self.ride, Self.gps, "-i", try Self.townIndex, "--format", "json", "-q"])
        #expect(code2 == 0)
        let lines = io2.outputText.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(try lines.map { try JSONValue.parse(Array($0.utf8))["points"]?.intValue } == [Int64(TestData.sampleFact("tracks", "town-ride.gpx", "points")), Int64(TestData.sampleFact("tracks", "town-gps.gpx", "points"))])
    }

    @Test func routeCommand() throws {
        let index = try Self.townIndex
        let nodes = try TestData.nodes(TestData.sample("town.osm"))
        func ll(_ id: Int64) -> String { "\(nodes[id]!.lat),\(nodes[id]!.lon)" }
        var (code, io) = run(["route", "--from", ll(10043), "--to", ll(10015), "--mode", "car", "-i", index, "--format", "json"])
        #expect(code == 0)
        let json = try JSONValue.parse(io.output)
        #expect(json["type"]?.stringValue == "route" && json["route_type"]?.stringValue == "fastest")
        #expect(abs((json["distance_m"]?.doubleValue ?? 0) - 1000) < 2)
        #expect(io.errorLines.count == 1 && io.errorLines[0].hasPrefix("route: 1.00 km"))
        (code, io) = run(["route", "--from", ll(10043), "--via", ll(10015), "--to", ll(10017), "-i", index, "--format", "json", "-q"])
        let legs = try JSONValue.parse(io.output)["legs"]?.arrayValue?.count
        #expect(code == 0 && legs == 2)
        // No car on the ferry: with a snapping limit the far terminal keeps to its own piece of road, exit 1.
        (code, io) = run(["route", "--from", ll(10004), "--to", ll(10059), "--mode", "car", "--accuracy", "200", "-i", index])
        #expect(code == 1 && io.errorLines[0].contains("no route"), "\(io.errorLines)")
        // Far from any road: snapped anyway by default (as OSRM), refused with a limit, exit 1.
        (code, io) = run(["route", "--from", "0,0", "--to", ll(10015), "-i", index, "--accuracy", "500"])
        #expect(code == 1 && io.errorLines[0].contains("no road"))
        (code, io) = run(["route", "--from", "0,0", "--to", ll(10015), "-i", index, "--format", "json", "-q"])
        let moved = try JSONValue.parse(io.output)["waypoints"]?[0]?["distance_m"]?.doubleValue ?? 0
        #expect(code == 0 && moved > 5_000_000)
        // Alternatives (10033 → 10016 by car has one): JSON lists them after the route, the summary one line each.
        (code, io) = run(["route", "--from", ll(10033), "--to", ll(10016), "--mode", "car", "--alternatives", "2", "-i", index,
                          "--format", "json"])
        let alt = try JSONValue.parse(io.output)
        let alternatives = try #require(alt["alternatives"]?.arrayValue)
        #expect(code == 0 && alternatives.count >= 1 && alternatives.count <= 2)
        #expect(alternatives.allSatisfy { $0["type"]?.stringValue == "route" && $0["legs"]?.arrayValue?.count == 1 })
        #expect(alternatives.allSatisfy { ($0["duration_s"]?.doubleValue ?? 0) >= (alt["duration_s"]?.doubleValue ?? .infinity) })
        #expect(io.errorLines.first?.hasPrefix("route: ") == true && io.errorLines.contains { $0.hasPrefix("alternative 1: ") })
        (code, io) = run(["route", "--from", ll(10033), "--to", ll(10016), "--mode", "car", "--alternatives", "2", "-i", index,
                          "--format", "geojson", "-q"])
        let roles = try JSONValue.parse(io.output)["features"]?.arrayValue?.compactMap { $0["properties"]?["role"]?.stringValue }
        #expect(code == 0 && roles?.filter { $0 == "alternative" }.count == alternatives.count && roles?.first == "route")
        (code, io) = run(["route", "--from", ll(10033), "--to", ll(10016), "--mode", "car", "--alternatives", "2", "-i", index, "-q"])
        #expect(code == 0 && io.outputText.components(separatedBy: "<trk>").count - 1 == alternatives.count + 1)
        // Without --alternatives the JSON is as it always was; bad values and --via are usage errors, one line, exit 2.
        (code, io) = run(["route", "--from", ll(10033), "--to", ll(10016), "--mode", "car", "-i", index, "--format", "json", "-q"])
        #expect(try JSONValue.parse(io.output)["alternatives"] == nil)
        for bad in [["--alternatives", "bogus"], ["--alternatives", "-1"], ["--alternatives", "4"], ["--alternatives", "1", "--via", ll(10043)]] {
            (code, io) = run(["route", "--from", ll(10033), "--to", ll(10016), "-i", index] + bad)
            #expect(code == 2 && io.errorLines.first?.contains("--alternatives") == true && io.output.isEmpty, "\(bad): \(io.errorLines)")
            #expect(io.errorLines.dropFirst() == ["Try 'georoute --help' for more information."], "\(bad): \(io.errorLines)")
        }
        // GPX by default, with times from `now`.
        (code, io) = run(["route", "--from", ll(10043), "--to", ll(10015), "-i", index, "-q"])
        #expect(code == 0 && io.outputText.contains("<trk>") && io.outputText.contains("<time>2023-11-14T22:13:20Z</time>"))
    }
}
