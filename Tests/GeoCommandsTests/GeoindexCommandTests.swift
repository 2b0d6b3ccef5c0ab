// What only the command line adds to a build: the environment mapped onto the
// build options (SOURCE_DATE_EPOCH, GEOINDEX_THREADS, GEOINDEX_MEMTRACE) and
// the flag that raises a limit named in the error the library reports, and
// --no-map with what `info` then says.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport

@Suite struct GeoindexCommandTests {
    func scratch(_ name: String) -> String {
        let d = TestData.tempPath("geoindex-\(name)")
        try? FileManager.default.removeItem(atPath: d)
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    @Test func aBrokenLimitNamesTheFlagThatRaisesIt() throws {
        let dir = scratch("limit")
        let input = dir + "/tags.osm"
        try (osmHead + "<node id=\"1\" lat=\"1\" lon=\"2\"><tag k=\"a\" v=\"1\"/><tag k=\"b\" v=\"2\"/></node></osm>\n")
            .write(toFile: input, atomically: true, encoding: .utf8)
        let r = try InProcess.geoindex(["build", input, "-o", dir + "/out.geoidx", "--max-tags", "1"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("geoindex: \(input):3:"))
        #expect(r.stderr.contains("more than 1 tags (raise the limit with --max-tags)"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.geoidx"))
        let raised = try InProcess.geoindex(["build", input, "-o", dir + "/out.geoidx", "--max-tags", "2", "-q"])
        #expect(raised.status == 0 && raised.stderr.isEmpty)
    }

    @Test func theEnvironmentFixesTheBuildTimeAndTheThreads() throws {
        let dir = scratch("env")
        let town = TestData.sample("town.osm")
        let a = try InProcess.geoindex(["build", town, "-o", dir + "/a.geoidx", "-q"], environment: ["SOURCE_DATE_EPOCH": "1234567890"])
        let b = try InProcess.geoindex(["build", town, "-o", dir + "/b.geoidx", "-q"],
                                       environment: ["SOURCE_DATE_EPOCH": "1234567890", "GEOINDEX_THREADS": "1"])
        #expect(a.status == 0 && b.status == 0)
        let bytesA = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.geoidx"))
        #expect(bytesA == (try Data(contentsOf: URL(fileURLWithPath: dir + "/b.geoidx"))))
        let info = try InProcess.geoindex(["info", dir + "/a.geoidx", "--json"])
        #expect(try JSONValue.parse(info.output)["build_time"]?.stringValue == "2009-02-13T23:31:30Z")
    }

    @Test func aMalformedSourceDateEpochIsAUsageErrorNotTheClock() throws {
        let dir = scratch("bad-epoch")
        let town = TestData.sample("town.osm")
        for bad in ["yesterday", "12.5", "-1", "0x10"] {
            let r = try InProcess.geoindex(["build", town, "-o", dir + "/t.geoidx", "-q"], environment: ["SOURCE_DATE_EPOCH": bad])
            #expect(r.status == 2, "\(bad)")
            #expect(r.stderr.hasPrefix("geoindex: SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, not \"\(bad)\""), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/t.geoidx"))
        }
        let route = try InProcess.georoute(["route", "--from", "46.2,6.8", "--to", "46.201,6.801", "-i", "nothing.geoidx"],
                                           environment: ["SOURCE_DATE_EPOCH": "soon"])
        #expect(route.status == 2 && route.stderr.contains("SOURCE_DATE_EPOCH must be a whole number"), "\(route.stderr)")
    }

    @Test func memoryTraceLinesGoToStandardErrorOnlyWhenAsked() throws {
        let dir = scratch("memtrace")
        let quiet = try InProcess.geoindex(["build", TestData.sample("town.osm"), "-o", dir + "/t.geoidx", "-q"])
        #expect(quiet.stderr.isEmpty)
        let traced = try InProcess.geoindex(["build", TestData.sample("town.osm"), "-o", dir + "/t.geoidx", "-q"],
                                            environment: ["GEOINDEX_MEMTRACE": "1"])
        let lines = traced.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("memtrace imported: rss ") })
        #expect(lines.contains { $0.hasPrefix("memtrace written: rss ") })
        #expect(lines.allSatisfy { $0.hasPrefix("memtrace ") })
    }

    @Test func theSummaryLineCountsWithSeparators() throws {
        let dir = scratch("summary")
        let r = try InProcess.geoindex(["build", TestData.sample("town.osm"), "-o", dir + "/t.geoidx"])
        #expect(r.status == 0 && r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("\(dir)/t.geoidx: 136 landmarks (poi "))
        #expect(r.stderr.contains(" bytes") && r.stderr.split(separator: "\n").count == 1)
    }

    @Test func noMapLeavesTheMapShapesOutAndInfoSaysSo() throws {
        let dir = scratch("nomap")
        let town = TestData.sample("town.osm")
        let full = try InProcess.geoindex(["build", town, "-o", dir + "/full.geoidx", "-q"], environment: ["SOURCE_DATE_EPOCH": "0"])
        let bare = try InProcess.geoindex(["build", town, "-o", dir + "/bare.geoidx", "-q", "--no-map"], environment: ["SOURCE_DATE_EPOCH": "0"])
        #expect(full.status == 0 && bare.status == 0)
        let text = try InProcess.geoindex(["info", dir + "/full.geoidx"])
        #expect(text.stdout.contains("map shapes:    52 shapes (water 1, waterway 1, coastline 0, green 1, landuse 0, sand 0, building 46, railway 3), "))
        #expect(text.stdout.contains("SHPS "))
        let json = try JSONValue.parse(try InProcess.geoindex(["info", dir + "/full.geoidx", "--json"]).output)
        #expect(json["map"]?["by_layer"]?["railway"]?["shapes"]?.intValue == 3)
        let bareText = try InProcess.geoindex(["info", dir + "/bare.geoidx"]).stdout
        #expect(bareText.contains("map shapes:    none (built with --no-map)") && !bareText.contains("SHPS"))
        #expect(try JSONValue.parse(try InProcess.geoindex(["info", dir + "/bare.geoidx", "--json"]).output)["map"] == .null)
        #expect(try InProcess.geoindex(["verify", dir + "/bare.geoidx"]).status == 0)
        let size = { (name: String) in (try? FileManager.default.attributesOfItem(atPath: dir + "/" + name)[.size] as? Int) ?? 0 }
        #expect(size("bare.geoidx") < size("full.geoidx"))
        #expect(try InProcess.geoindex(["--help"]).stdout.contains("--no-map"))
    }
}
