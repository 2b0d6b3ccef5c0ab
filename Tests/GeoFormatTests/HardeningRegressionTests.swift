// Regression tests for what fuzzing found (make fuzz, Fuzz/run.sh). Each input
// is the minimised file libFuzzer saved, committed under Regressions/ beside
// this file and read through #filePath, so the test runs from any directory.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
@testable import GeoOSM
@testable import GeoSearch
import GeoTestSupport

enum Regression {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: directory.appendingPathComponent(name))) }
}

/// Fuzz target osmxml, invariant "pieces and whole file give different elements": an <!ATTLIST>
/// default in the DTD gave node 1 a latitude the file never wrote. The single parser applied it,
/// the parallel importer's later pieces (parsed without the DTD) did not, so a big file imported
/// differently on one core and on several. Both now refuse the declaration.
@Test func attributeListDeclarationsAreRefused() throws {
    let input = Regression.path("osmxml-attlist-default.osm")
    let parser = OSMXMLParser(name: input)
    var nodes = 0
    do {
        try parser.parse(try FileByteSource(path: input)) { nodes += $0.nodeIDs.count }
        Issue.record("no error; \(nodes) nodes")
    } catch let e as InputError {
        #expect(e.message.contains("<!ATTLIST>") && e.line == 1)
    }
    // The parallel path's first piece holds the DTD and fails the same way (so the importer falls back).
    var chunker = XMLChunker(source: try FileByteSource(path: input), size: 16)
    let first = try #require(try chunker.next())
    #expect(throws: InputError.self) { try OSMXMLParser(name: input).parse(fragment: first) { _ in } }
    let out = TestData.tempPath("attlist.geoidx")
    #expect(throws: InputError.self) { _ = try IndexBuilder.build(input: input, options: BuildOptions(output: out)) }
    #expect(!FileManager.default.fileExists(atPath: out))
}

/// Fuzz targets osmxml and pbf, invariant "a freshly built index fails verification": an extract
/// without a single landmark gave a trie whose root (no token, no child) the reader took for a
/// malformed leaf, so `verify` called the new file corrupt and every search found "no trie".
@Test func anExtractWithoutLandmarksGivesASoundEmptyIndex() throws {
    let input = TestData.tempPath("no-landmarks.osm")
    try Data("<?xml version=\"1.0\"?>\n<osm version=\"0.6\"><node id=\"1\" lat=\"1\" lon=\"2\"/></osm>\n".utf8)
        .write(to: URL(fileURLWithPath: input))
    let output = TestData.tempPath("no-landmarks.geoidx")
    defer { unlink(input); unlink(output) }
    _ = try IndexBuilder.build(input: input, options: BuildOptions(output: output))
    #expect(IndexVerifier.verify(path: output).isEmpty)
    let index = try LandmarkIndex(path: output)
    #expect(index.trie.root?.ordinalCount == 0)
    #expect(SearchSession(index: index).search("a").results.isEmpty)
}

/// Fuzz target index, a trap ("Range requires lowerBound <= upperBound") in a search: a posting
/// list announced more skip blocks than its id count fills, so the last block's id count was
/// negative. Lists whose block count is not ceil(count / 64) are now refused as corrupt.
/// (The file was found under format 1; its header says 8 since the format changed (2 added the
/// graph's OSM ids, 3 the map shapes, 4 the place hierarchy: its records lack their last field,
/// 5 the optional extra tags, which it has none of, 6 the road graph's turn restrictions, 7 the graph's junction byte, 8 the graph's
/// tunnel and toll flags and shape points' OSM ids), and its
/// version-1 road graph section and
/// records are more faults `verify` reports.)
@Test func aPostingListWithTooManyBlocksIsRefusedNotATrap() throws {
    let path = TestData.tempPath("posting-block-count.geoidx")
    try Data(try Regression.bytes("index-posting-block-count.bin")).write(to: URL(fileURLWithPath: path))
    defer { unlink(path) }
    // The full check names the damaged section; opening (fast, no CRC pass) accepts the file.
    #expect(IndexVerifier.verify(path: path).contains { $0.contains("POST") })
    let index = try LandmarkIndex(path: path)
    let engine = SearchEngine(index: index)
    var options = SearchOptions()
    for q in ["rue du", "café paris", "b", "10-14 rue grimaldi", "restaurant", "hotl"] { _ = engine.search(q, options: options) }
    options.near = Coordinate(lat: 46.2, lon: 6.8)
    for q in ["gare", "pharmacie", "rue"] { _ = engine.search(q, options: options) }
    // The rule itself, on a hand-made list: 65 ids need 2 blocks; 3 announced is corrupt.
    var w = ByteWriter()
    w.varint(65)
    w.varint(3)
    for _ in 0..<6 { w.varint(1) }
    for _ in 0..<65 { w.varint(1) }
    let refused = w.bytes.withUnsafeBytes { PostingReader(view: ByteView(base: $0.baseAddress, count: $0.count), offset: 0, limit: 1000) == nil }
    #expect(refused)
}
