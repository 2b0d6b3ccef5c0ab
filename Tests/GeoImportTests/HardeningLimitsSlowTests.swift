// Hostile inputs at full size through the real commands, with their peak
// memory measured. Hundreds of MB are generated into the temporary directory,
// so these run only when GEOINDEX_TEST_LIMITS is set (`make test-limits`);
// each prints a "limits:" line with its figures, which the README's
// Reliability section quotes.
import Foundation
import Testing
@testable import GeoFormat
import GeoTracks
import GeoTestSupport

private func report(_ what: String, _ r: MeasuredRun) {
    print("limits: \(what): exit \(r.status), \(String(format: "%.1f", r.seconds)) s, peak RSS \(r.peakRSSMB) MB — \(r.stderr.split(separator: "\n").last ?? "")")
}

private func generate(_ name: String, _ parts: [(String, Int)]) throws -> String {
    try MemorySource(parts).write(to: TestData.tempPath(name))
}

@Suite(.enabled(if: LimitsGate.enabled, "set GEOINDEX_TEST_LIMITS=1 (make test-limits) to generate the large inputs"), .serialized)
struct HostileInputAtFullSize {
    @Test func buildRefusesAHundredMegabyteAttribute() throws {
        let input = try generate("attr100.osm", [(osmHead + "<node id=\"1\" lat=\"1\" lon=\"2\"><tag k=\"name\" v=\"", 1),
                                                 (String(repeating: "x", count: 1 << 16), 1600), ("\"/></node></osm>\n", 1)])
        defer { unlink(input) }
        let r = try runMeasured("geoindex", ["build", input, "-o", TestData.tempPath("attr100.geoidx"), "--quiet"])
        report("100 MB attribute", r)
        #expect(r.status == 2 && r.stderr.contains("--max-tag-bytes"))
        #expect(r.peakRSSMB < 1024)
    }

    @Test func buildStopsAtTenThousandOfTenMillionTags() throws {
        let input = try generate("tags10m.osm", [(osmHead + "<node id=\"1\" lat=\"1\" lon=\"2\">\n", 1), ("<tag k=\"k\" v=\"v\"/>\n", 10_000_000),
                                                 ("</node>\n<node id=\"2\" lat=\"1\" lon=\"2\"/>\n</osm>\n", 1)])
        defer { unlink(input) }
        // 200 MB of XML: big enough that the parallel reader cuts it into pieces first.
        let r = try runMeasured("geoindex", ["build", input, "-o", TestData.tempPath("tags10m.geoidx"), "--quiet"])
        report("10 million tags on one node", r)
        #expect(r.status == 2 && r.stderr.contains("more than 10000 tags") && r.stderr.contains("--max-tags"))
        #expect(r.peakRSSMB < 1024 && r.seconds < 300)
        // With the limit raised above the count the file is read in full (all tags of one element are kept).
        let raised = try runMeasured("geoindex", ["build", input, "-o", TestData.tempPath("tags10m.geoidx"), "--quiet", "--max-tags", "20000000"])
        report("10 million tags, --max-tags 20000000", raised)
        #expect(raised.status == 0 && raised.peakRSSMB < 4096)
    }

    @Test func buildTakesAWayWithAMillionRefs() throws {
        let nodes = (1...1_000_000).map { "<node id=\"\($0)\" lat=\"46.\($0 % 1000)\" lon=\"6.\($0 / 1000)\"/>\n" }.joined()
        let refs = (1...1_000_000).map { "<nd ref=\"\($0)\"/>\n" }.joined()
        let input = try generate("refs1m.osm", [(osmHead + nodes + "<way id=\"1\">\n" + refs
                                                 + "<tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"Long Street\"/></way>\n</osm>\n", 1)])
        defer { unlink(input) }
        let out = TestData.tempPath("refs1m.geoidx")
        let r = try runMeasured("geoindex", ["build", input, "-o", out, "--quiet"])
        report("a way with a million node refs", r)
        #expect(r.status == 0 && r.peakRSSMB < 2048)
        #expect(IndexVerifier.verify(path: out).isEmpty)
        let over = try generate("refs1m1.osm", [(osmHead + "<way id=\"1\">\n", 1), ("<nd ref=\"1\"/>\n", 1_000_001), ("</way></osm>\n", 1)])
        defer { unlink(over) }
        let refused = try runMeasured("geoindex", ["build", over, "-o", out + ".2", "--quiet"])
        report("a way with 1,000,001 node refs", refused)
        #expect(refused.status == 2 && refused.stderr.contains("--max-refs"))
    }

    @Test func georouteStopsATrackOfTenMillionPoints() throws {
        let index = try TestData.index(of: TestData.sample("town.osm")).path
        let gpx = try generate("points10m.gpx", [("<gpx version=\"1.1\"><trk><trkseg>\n", 1),
                                                 ("<trkpt lat=\"46.2\" lon=\"6.8\"/>\n", 10_000_001), ("</trkseg></trk></gpx>\n", 1)])
        defer { unlink(gpx) }
        let r = try runMeasured("georoute", ["match", gpx, "-i", index, "-o", TestData.tempPath("points10m.json"), "--format", "json"])
        report("a GPX track of 10,000,001 points", r)
        #expect(r.status == 2 && r.stderr.contains("the limit is 500000 track points"))
        #expect(r.peakRSSMB < 512)
        // A CSV of the same ten million points (210 MB) is refused by its size, before it is held.
        let csv = try generate("points10m.csv", [("lat,lon\n", 1), ("46.2029872,6.7978337\n", 10_000_000)])
        defer { unlink(csv) }
        let c = try runMeasured("georoute", ["match", csv, "-i", index, "-o", TestData.tempPath("points10m.gpx")])
        report("a CSV track of 10,000,000 points", c)
        #expect(c.status == 2 && c.stderr.contains("too large for a track") && c.peakRSSMB < 512)
    }

    @Test func georouteMatchesATrackAtThePointLimitInBoundedMemory() throws {
        // The sample ride there and back until the limit: every point matched, peak memory ~0.5 KB a
        // point (GPX out) and ~1.6 KB with JSON out, which lists every input point.
        let index = try TestData.index(of: TestData.sample("town.osm")).path
        let ride = try TrackReader.read(path: TestData.sample("town-ride.gpx")).points.map(\.coordinate)
        let loop = (ride + ride.reversed()).map { "<trkpt lat=\"\($0.lat)\" lon=\"\($0.lon)\"/>\n" }.joined()
        let gpx = try generate("points500k.gpx", [("<gpx version=\"1.1\"><trk><trkseg>\n", 1), (loop, TrackReader.defaultMaxPoints / (2 * ride.count)),
                                                  ("</trkseg></trk></gpx>\n", 1)])
        defer { unlink(gpx) }
        for format in ["gpx", "json"] {
            let r = try runMeasured("georoute", ["match", gpx, "-i", index, "-o", TestData.tempPath("points500k-matched.\(format)"), "-q"])
            report("a GPX track of \(TrackReader.defaultMaxPoints / (2 * ride.count) * 2 * ride.count) points, \(format) out", r)
            #expect(r.status == 0 && r.peakRSSMB < 1024, "\(format)")
        }
    }

    @Test func georouteStopsBillionLaughs() throws {
        let index = try TestData.index(of: TestData.sample("town.osm")).path
        let gpx = try generate("laughs.gpx", [(billionLaughs(root: "gpx") + "<gpx><trk><name>&lol9;</name><trkseg><trkpt lat=\"46.2\" lon=\"6.8\"/></trkseg></trk></gpx>\n", 1)])
        let r = try runMeasured("georoute", ["match", gpx, "-i", index, "-o", TestData.tempPath("laughs.json"), "--format", "json"])
        report("billion laughs in a GPX file", r)
        #expect(r.status == 2 && r.stderr.contains("entity declarations are not allowed") && r.peakRSSMB < 512)
        let osm = try generate("laughs.osm", [(billionLaughs(root: "osm") + "<osm version=\"0.6\"><node id=\"1\" lat=\"1\" lon=\"1\"><tag k=\"name\" v=\"&lol9;\"/></node></osm>\n", 1)])
        let b = try runMeasured("geoindex", ["build", osm, "-o", TestData.tempPath("laughs.geoidx"), "--quiet"])
        report("billion laughs in an OSM file", b)
        #expect(b.status == 2 && b.stderr.contains("entity"))
    }

    @Test func geoqueryAnswersAMegabyteQuery() throws {
        let index = try TestData.index(of: TestData.sample("town.osm")).path
        let line = "{\"id\": 1, \"q\": \"" + String(repeating: "hotel ", count: 170_000) + "\"}\n"
        let path = TestData.tempPath("mbquery.ndjson")
        _ = FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
        let r = try runMeasured("geoquery", ["--batch", "-", "-i", index], stdinPath: path)
        report("a 1 MB query", r)
        #expect(r.status == 0 && r.stdout.contains("\"results\"") && r.peakRSSMB < 512)
    }
}
