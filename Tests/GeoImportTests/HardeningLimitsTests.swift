// Hostile input at full size, fed to the readers from generated streams: each
// either works within bounded memory or stops early with a clear error naming
// the limit (and the flag that raises it). These run in `make test`; the
// whole-command versions with peak-memory figures are in
// HardeningLimitsSlowTests.swift (`make test-limits`).
import Foundation
import Testing
@testable import GeoBase
@testable import GeoImport
@testable import GeoOSM
@testable import GeoSearch
import GeoTestSupport
@testable import GeoTracks

/// Parses a generated OSM XML stream with the streaming parser; returns the elements seen or the error.
private func parseOSM(_ source: MemorySource, limits: OSMParseLimits = OSMParseLimits()) -> (elements: Int, error: InputError?) {
    let parser = OSMXMLParser(name: "generated.osm", limits: limits)
    var elements = 0
    do {
        try parser.parse(source) { elements += $0.elementCount }
        return (elements, nil)
    } catch {
        return (elements, error as? InputError)
    }
}

@Test func billionLaughsAreStoppedInOSMAndGPX() throws {
    // OSM: the first entity declaration is refused.
    let osm = billionLaughs(root: "osm") + "<osm version=\"0.6\"><node id=\"1\" lat=\"1\" lon=\"1\"><tag k=\"name\" v=\"&lol9;\"/></node></osm>\n"
    let r = parseOSM(MemorySource([(osm, 1)]))
    #expect(r.error?.message.contains("entity declarations are not allowed") == true)
    // GPX: the same, at the declaration.
    let gpx = billionLaughs(root: "gpx") + "<gpx><trk><name>&lol9;</name><trkseg><trkpt lat=\"1\" lon=\"1\"/></trkseg></trk></gpx>\n"
    #expect {
        _ = try TrackReader.read(data: Array(gpx.utf8), name: "laughs.gpx")
    } throws: { error in
        (error as? InputError)?.message == "entity declarations are not allowed in GPX files" && (error as? InputError)?.line == 3
    }
}

@Test func aHundredMegabyteAttributeIsRefused() {
    let chunk = String(repeating: "x", count: 1 << 16)
    let source = MemorySource([(osmHead + "<node id=\"1\" lat=\"1\" lon=\"2\"><tag k=\"name\" v=\"", 1), (chunk, 1600),
                                  ("\"/></node></osm>\n", 1)])
    let r = parseOSM(source)
    #expect(r.error?.message.contains("exceeds the limit of 65536 bytes") == true)
    #expect(r.error?.limit == "maxTagBytes")
    #expect(r.error?.line == 3)
}

@Test func tenMillionTagsOnOneNodeStopAtTheLimit() {
    let source = MemorySource([(osmHead + "<node id=\"1\" lat=\"1\" lon=\"2\">\n", 1), ("<tag k=\"k\" v=\"v\"/>\n", 10_000_000),
                                  ("</node></osm>\n", 1)])
    let r = parseOSM(source)
    #expect(r.error?.message.contains("more than 10000 tags") == true && r.error?.limit == "maxTagsPerElement")
    // It stops there: far less than the 200 MB of input is read.
    #expect(source.consumedBytes < 16 << 20)
}

@Test func aLongStretchWithoutAnElementStartIsCutInLinearTime() throws {
    // The parallel importer cuts big files before <node/<way/<relation; one node with millions of
    // tags has none for hundreds of MB. Searching the whole stretch again after every 1 MiB read
    // made that quadratic (minutes for 250 MB); now each byte is searched once.
    let source = MemorySource([(osmHead + "<node id=\"1\" lat=\"1\" lon=\"2\">\n", 1), ("<tag k=\"k\" v=\"v\"/>\n", 1_500_000),
                                  ("</node>\n<node id=\"2\" lat=\"1\" lon=\"2\"/>\n</osm>\n", 1)])
    var chunker = XMLChunker(source: source, size: 1 << 20, maxStretch: 64 << 20)
    // The first piece is the header, cut before the node; the second is the whole long node.
    let header = try #require(try chunker.next())
    #expect(header.bytes.count < 1000)
    let first = try #require(try chunker.next())
    #expect(first.bytes.count > 25_000_000 && first.bytes.count < source.size)
    #expect(try chunker.next()?.isLast == true)
    // Linear, counted rather than timed: every byte is looked at about once (the quadratic
    // search looked at the 30 MB stretch again after each 1 MiB read: some 450 MB).
    #expect(chunker.bytesSearched < source.size + 4 << 20, "searched \(chunker.bytesSearched) bytes of \(source.size)")
}

@Test func aStretchTooLongToCutHandsTheFileToTheSingleParser() throws {
    // A gigabyte of whitespace inside <osm> compresses to a few MB; holding it whole as one piece
    // took the build to 2 GB. Past maxStretch (8 pieces) the chunker gives up, having read little more.
    let source = MemorySource([(osmHead + "<node id=\"1\" lat=\"1\" lon=\"2\"/>\n", 1), (String(repeating: " ", count: 1023) + "\n", 64 << 10),
                               ("<node id=\"2\" lat=\"1\" lon=\"2\"/>\n</osm>\n", 1)])
    var chunker = XMLChunker(source: source, size: 1 << 20)
    #expect(chunker.maxStretch == 8 << 20)
    #expect(try chunker.next()?.bytes.count ?? 0 < 1000)
    #expect(throws: ParallelXMLFallback.self) { while try chunker.next() != nil {} }
    #expect(source.consumedBytes < 10 << 20, "read \(source.consumedBytes) bytes of \(source.size) before giving up")
}

@Test func aBuildWithAStretchTooLongToCutGivesTheSameIndex() throws {
    // Big enough for the parallel reader (8 MB), with 40 MB of blank lines between two elements.
    let input = try MemorySource([(osmHead + "<node id=\"1\" lat=\"46.2\" lon=\"6.8\"><tag k=\"amenity\" v=\"cafe\"/><tag k=\"name\" v=\"A\"/></node>\n", 1),
                                  (String(repeating: " ", count: 1023) + "\n", 40 << 10),
                                  ("<node id=\"2\" lat=\"46.3\" lon=\"6.9\"><tag k=\"amenity\" v=\"cafe\"/><tag k=\"name\" v=\"B\"/></node>\n</osm>\n", 1)])
        .write(to: TestData.tempPath("stretch.osm"))
    defer { unlink(input) }
    var options = BuildOptions(output: TestData.tempPath("stretch.geoidx"))
    options.threads = 2
    let report = try IndexBuilder.build(input: input, options: options)
    #expect(report.landmarks == 2 && report.elements.nodes == 2)
}

@Test func deepNestingIsBoundedEverywhere() throws {
    let depth = 1_000_000
    // Inside an element the reader skips (<bounds>), nesting is allowed and costs no memory of ours.
    let skipped = parseOSM(MemorySource([(osmHead + "<bounds>", 1), ("<a>", depth), ("</a>", depth), ("</bounds></osm>\n", 1)]))
    #expect(skipped.error == nil)
    // Inside a node it is an error at the first level too deep.
    let nested = parseOSM(MemorySource([(osmHead + "<node id=\"1\" lat=\"1\" lon=\"2\">", 1), ("<tag k=\"a\" v=\"b\">", depth),
                                           ("</tag>", depth), ("</node></osm>\n", 1)]))
    #expect(nested.error?.message.contains("nested inside a tag") == true)
    // GPX keeps one byte per open element.
    let gpx = Array(("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/>" + String(repeating: "<x>", count: depth)
                     + String(repeating: "</x>", count: depth) + "</trkseg></trk></gpx>").utf8)
    #expect(try TrackReader.read(data: gpx, name: "deep.gpx").pointCount == 1)
    // JSON (GeoJSON tracks, batch queries) refuses more than 512 levels.
    let json = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    #expect(throws: JSONParseError.self) { _ = try JSONValue.parse(json) }
    #expect {
        _ = try TrackReader.read(data: json, name: "deep.geojson")
    } throws: { ($0 as? InputError)?.message.contains("deeper than 512") == true }
}

@Test func aWayWithAMillionRefsIsTheLimit() {
    func way(_ refs: Int) -> MemorySource {
        MemorySource([(osmHead + "<way id=\"1\">\n", 1), ("<nd ref=\"1\"/>\n", refs), ("</way></osm>\n", 1)])
    }
    let atLimit = parseOSM(way(1_000_000))
    #expect(atLimit.error == nil && atLimit.elements == 1)
    let over = parseOSM(way(1_000_001))
    #expect(over.error?.message.contains("more than 1000000 node references") == true)
    #expect(over.error?.limit == "maxRefsPerElement")
}

@Test func trackPointsStopAtTheLimit() throws {
    #expect(TrackReader.defaultMaxPoints == 500_000)
    let point = "<trkpt lat=\"46.2\" lon=\"6.8\"/>"
    let gpx = Array(("<gpx><trk><trkseg>" + String(repeating: point, count: 1_001) + "</trkseg></trk></gpx>").utf8)
    #expect {
        _ = try TrackReader.read(data: gpx, name: "many.gpx", maxPoints: 1_000)
    } throws: { ($0 as? InputError)?.message.contains("the limit is 1000 track points") == true }
    let csv = Array(("lat,lon\n" + String(repeating: "46.2,6.8\n", count: 1_001)).utf8)
    #expect(throws: InputError.self) { _ = try TrackReader.read(data: csv, name: "many.csv", maxPoints: 1_000) }
    let geojson = Array(("{\"type\":\"LineString\",\"coordinates\":[" + Array(repeating: "[6.8,46.2]", count: 1_001).joined(separator: ",") + "]}").utf8)
    #expect(throws: InputError.self) { _ = try TrackReader.read(data: geojson, name: "many.geojson", maxPoints: 1_000) }
}

@Test func aWholeReadTrackFileIsRefusedByItsSizeBeforeItIsHeld() throws {
    // GeoJSON and CSV are read whole: a file far larger than its point limit can need (a 10 GB CSV
    // once went into memory before the point count said no) stops at the bytes the limit allows.
    let path = TestData.tempPath("too-large.csv")
    let rows = String(repeating: "46.2,6.8\n", count: 40_000)   // 360 KB of good rows, then junk
    try ("lat,lon\n" + rows + "not,a,track\n").write(toFile: path, atomically: false, encoding: .utf8)
    defer { unlink(path) }
    #expect(TrackReader.maxWholeFileBytes(maxPoints: 1_000) == 200_000)
    #expect {
        _ = try TrackReader.read(path: path, maxPoints: 1_000)
    } throws: { ($0 as? InputError)?.message == "too large for a track: CSV is read whole, and the limit of 1000 track points allows at most 200000 bytes" }
    // Within the limit the file is read whole as before, and its last line is the error.
    #expect(throws: InputError.self) { _ = try TrackReader.read(path: path, maxPoints: 100_000) }
    do { _ = try TrackReader.read(path: path, maxPoints: 100_000) } catch let e as InputError { #expect(e.line == 40_002, "\(e)") }
}

@Test func aMegabyteQueryCostsNoMoreThanALongSentence() throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    let huge = String(repeating: "rue du moulin ", count: 75_000)   // 1.05 MB
    let parsed = QueryParser.parse(huge)
    #expect(parsed.tokens.count <= QueryParser.maxTokens && parsed.raw.unicodeScalars.count <= QueryParser.maxScalars)
    let started = Date()
    let r = SearchEngine(index: index).search(huge, options: SearchOptions())
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(r.query.utf8.count == huge.utf8.count)
    // One character repeated (no separators) and scalars that expand when folded.
    _ = SearchEngine(index: index).search(String(repeating: "ß", count: 1 << 19), options: SearchOptions())
    _ = SearchEngine(index: index).search(String(repeating: "\u{301}", count: 1 << 19), options: SearchOptions())
}

@Test func geoqueryBatchTakesAMegabyteLineAndRefusesLonger() throws {
    let idx = try TestData.index(of: TestData.sample("town.osm")).path
    let long = String(repeating: "hotel ", count: 170_000)     // 1.02 MB of query in a line under 1 MiB
    let tooLong = String(repeating: "x", count: 3 << 20)
    let input = "{\"id\": 1, \"q\": \"\(long)\"}\n{\"id\": 2, \"q\": \"\(tooLong)\"}\n{\"id\": 3, \"q\": \"hotel\"}\n"
    let path = TestData.tempPath("long-lines.ndjson")
    _ = FileManager.default.createFile(atPath: path, contents: Data(input.utf8))
    let r = try Executable.run("geoquery", ["--batch", path, "-i", idx])
    #expect(r.status == 0)
    let lines = r.stdout.split(separator: "\n").map { try? JSONValue.parse(Array($0.utf8)) }
    #expect(lines.count == 3)
    #expect(lines.first??["id"]?.intValue == 1 && lines.first??["error"] == nil)
    #expect(lines.dropFirst().first??["error"]?.stringValue?.contains("longer than 1 MiB") == true)
    #expect(lines.last??["id"]?.intValue == 3 && lines.last??["results"]?.arrayValue?.isEmpty == false)
}
