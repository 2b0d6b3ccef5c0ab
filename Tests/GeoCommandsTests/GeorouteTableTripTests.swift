// `georoute table` and `georoute trip` end to end through GeorouteCommand.run:
// the CSV (header, a row per source, empty cells for no route) and OSRM's
// JSON, points from arguments or a file, the cells equal to `georoute route`,
// the trip's order and totals, and exit status 2 with one line naming the
// option for every usage or input error, 1 when no trip is possible.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport

@Suite struct GeorouteTableTripTests {
    static var townIndex: String { get throws { try TestData.indexPath(of: TestData.sample("town.osm")) } }
    static let nodes: [Int64: Coordinate] = try! TestData.nodes(TestData.sample("town.osm"))
    static func point(_ id: Int64) -> String { "\(nodes[id]!.lat),\(nodes[id]!.lon)" }
    static var four: [String] { [10043, 10015, 10006, 10030].map(point) }

    func run(_ args: [String]) -> (Int32, CapturedStreams) {
        let c = CapturedStreams()
        return (GeorouteCommand.run(args, io: c.io(now: Date(timeIntervalSince1970: 1_700_000_000))), c)
    }

    @Test func tableCSVHasAHeaderAndARowPerSource() throws {
        let (code, c) = run(["table"] + Self.four + ["-i", try Self.townIndex, "--mode", "car", "--annotations", "duration,distance"])
        #expect(code == 0, "\(c.errorLines)")
        let blocks = c.outputText.components(separatedBy: "\n\n")
        #expect(blocks.count == 2)
        let rows = blocks[0].split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows[0] == ["duration_s", "0", "1", "2", "3"])
        #expect(rows.count == 5 && rows.dropFirst().allSatisfy { $0.count == 5 })
        #expect(rows[1][1] == "0.0" && rows[2][2] == "0.0")
        let distances = blocks[1].split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(distances[0].first == "distance_m")
        // Point 0 → 1 by car is the 1000 m way round Rue de la Poste's one-way, as `georoute route` finds it.
        let (rc, r) = run(["route", "--from", Self.four[0], "--to", Self.four[1], "-i", try Self.townIndex, "--mode", "car",
                           "--format", "json", "--quiet"])
        #expect(rc == 0)
        let route = try JSONValue.parse(r.output)
        let metres = try #require(route["distance_m"]?.doubleValue)
        #expect(abs((Double(distances[1][2]) ?? 0) - metres) < 0.11, "\(distances[1][2]) vs \(metres)")
        #expect(c.errorLines.last?.hasPrefix("table: 4 × 4 by car") == true)
    }

    @Test func tableJSONIsOSRMsShapeAndUnreachableIsNull() throws {
        // The ferry's terminals: no car route between them (within 200 m of each), so the cell is null in JSON
        // and empty in CSV.
        let ferry = [Self.point(10004), Self.point(10059)]
        let (code, c) = run(["table"] + ferry + ["-i", try Self.townIndex, "--mode", "car", "--accuracy", "200", "--format", "json"])
        #expect(code == 0)
        let json = try JSONValue.parse(c.output)
        #expect(json.objectValue?.map(\.0) == ["code", "durations", "sources", "destinations"])
        #expect(json["durations"]?[0]?[1]?.isNull == true && json["durations"]?[0]?[0]?.doubleValue == 0)
        #expect(json["sources"]?[0]?["location"]?.arrayValue?.count == 2)
        let (_, csv) = run(["table"] + ferry + ["-i", try Self.townIndex, "--mode", "car", "--accuracy", "200", "--quiet"])
        #expect(csv.outputText.split(separator: "\n")[1] == "0,0.0,")
    }

    @Test func tableFromAFileWithSourcesAndDestinations() throws {
        let dir = TestData.tempPath("cli-table-file")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = dir + "/points.csv"
        try ("lat,lon\n" + Self.four.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let (code, c) = run(["table", "--from-file", file, "--sources", "2", "--destinations", "0,3", "-i", try Self.townIndex, "--quiet"])
        #expect(code == 0)
        let rows = c.outputText.split(separator: "\n")
        #expect(rows.count == 2 && rows[0] == "duration_s,0,3" && rows[1].hasPrefix("2,"))
        // An -o name ending in .json asks for JSON.
        let json = dir + "/table.json"
        let (jc, _) = run(["table", "--from-file", file, "-i", try Self.townIndex, "-o", json, "--quiet"])
        #expect(jc == 0)
        #expect(try JSONValue.parse(Array(FileManager.default.contents(atPath: json) ?? Data()))["code"]?.stringValue == "Ok")
        // The file is an input: it may not be the output.
        let (same, s) = run(["table", "--from-file", file, "-i", try Self.townIndex, "-o", file])
        #expect(same == 2 && s.errorLines.count == 1 && s.errorLines[0].contains("points.csv"), "\(s.errorLines)")
    }

    @Test func usageErrorsNameTheOption() throws {
        let index = try Self.townIndex
        let cases: [([String], String)] = [
            (["table", "-i", index], "needs points"),
            (["table", "46.2", "-i", index], "point 0"),
            (["table"] + Self.four + ["--sources", "4", "-i", index], "--sources"),
            (["table"] + Self.four + ["--destinations", "a", "-i", index], "--destinations"),
            (["table"] + Self.four + ["--annotations", "speed", "-i", index], "--annotations"),
            (["table"] + Self.four + ["--format", "gpx", "-i", index], "--format"),
            (["table"] + Self.four + ["--from-file", "x.csv", "-i", index], "not both"),
            (["table", "--from-file", TestData.tempPath("missing-points.csv"), "-i", index], "missing-points.csv"),
            (["table"] + Self.four + ["-o", TestData.tempPath("table.gpx"), "-i", index], ".gpx is no table format"),
            (["trip", Self.four[0], "-i", index], "two points"),
            (["trip"] + Self.four + ["--no-roundtrip", "-i", index], "--no-roundtrip"),
            (["trip"] + Self.four + ["--source", "last", "-i", index], "--source"),
            (["trip"] + Self.four + ["--destination", "first", "-i", index], "--destination"),
            (["trip"] + Self.four + ["--format", "csv", "-i", index], "--format"),
        ]
        for (args, word) in cases {
            let (code, c) = run(args)
            #expect(code == 2, "\(args)")
            #expect(c.errorLines.first?.contains(word) == true, "\(args): \(c.errorLines)")
            #expect(c.output.isEmpty)
        }
    }

    @Test func tripListsTheOrderAndTotals() throws {
        let (code, c) = run(["trip"] + Self.four + ["-i", try Self.townIndex, "--mode", "bicycle"])
        #expect(code == 0, "\(c.errorLines)")
        let lines = c.outputText.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix("1. point 0 ") && lines[0].hasSuffix(": start"))
        #expect(lines[4].hasPrefix("5. back to point 0"))
        #expect(lines[5].hasPrefix("total: ") && lines[5].hasSuffix("by bicycle, round trip"))
        #expect(Set(lines[0..<4].compactMap { $0.split(separator: " ").dropFirst(2).first }) == ["0", "1", "2", "3"])

        let (open, o) = run(["trip"] + Self.four + ["-i", try Self.townIndex, "--mode", "car", "--no-roundtrip", "--source", "first",
                                                    "--destination", "last", "--format", "geojson"])
        #expect(open == 0)
        let geo = try JSONValue.parse(o.output)
        #expect(geo["type"]?.stringValue != nil)
        #expect(o.errorLines.last?.hasPrefix("trip: order 0 → ") == true && o.errorLines.last?.contains("→ 3;") == true)
    }

    @Test func noTripIsExitOne() throws {
        let points = [Self.point(10004), Self.point(10059), Self.point(10043)]
        let (code, c) = run(["trip"] + points + ["-i", try Self.townIndex, "--mode", "car", "--accuracy", "200"])
        #expect(code == 1)
        #expect(c.errorLines.first?.contains("no trip visits every point by car") == true, "\(c.errorLines)")
        #expect(c.output.isEmpty)
    }
}
