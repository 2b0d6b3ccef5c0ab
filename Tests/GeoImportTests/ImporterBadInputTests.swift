// Bad input to `geoindex build`: each case gives one clear error naming the
// file and, where it applies, the line and column (or byte offset), and leaves
// no output file — an older index under the same name stays untouched.
// Oddities that are not errors (missing nodes) become counted warnings.
import Foundation
import Testing
import CZlib
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
import GeoTestSupport

private func write(_ name: String, _ bytes: [UInt8]) -> String {
    let path = TestData.tempPath(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
}

private func write(_ name: String, _ text: String) -> String { write(name, Array(text.utf8)) }

private let head = "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\">\n"

/// Builds `input` and returns the error, checking that no output file appears.
private func failure(_ input: String, sourceLocation: SourceLocation = #_sourceLocation) -> InputError? {
    let out = TestData.tempPath(PathName.lastComponent(input) + ".geoidx")
    try? FileManager.default.removeItem(atPath: out)
    defer {
        #expect(!FileManager.default.fileExists(atPath: out), "an output file was left behind", sourceLocation: sourceLocation)
        let stem = PathName.lastComponent(out)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: TestData.tempDirectory.path))?
            .filter { $0.hasPrefix(".\(stem).tmp-") } ?? []
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)", sourceLocation: sourceLocation)
    }
    do {
        _ = try IndexBuilder.build(input: input, options: BuildOptions(output: out))
        Issue.record("no error for \(input)", sourceLocation: sourceLocation)
        return nil
    } catch let e as InputError {
        #expect(e.file.hasSuffix(PathName.lastComponent(input)), sourceLocation: sourceLocation)
        return e
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

@Test func malformedXMLNamesLineAndColumn() {
    let e = failure(write("malformed.osm", head + "<node id=\"1\" lat=\"1\" lon=\"2\">\n<tag k=\"a\" v=\"b\">\n</node>\n</osm>\n"))
    #expect(e?.line == 5 && e?.column != nil)
    #expect(e?.message.contains("malformed XML") == true)
}

@Test func truncatedGzipIsReported() throws {
    let xml = Array((head + String(repeating: "<node id=\"1\" lat=\"1\" lon=\"2\"/>\n", count: 2000) + "</osm>\n").utf8)
    let gz = try gzip(xml)
    let e = failure(write("truncated.osm.gz", Array(gz.prefix(gz.count / 2))))
    #expect(e?.message.contains("truncated gzip") == true)
    #expect(e?.offset != nil)
}

@Test func emptyMissingAndForeignFiles() {
    #expect(failure(write("empty.osm", []))?.message.contains("empty") == true)
    #expect(failure(TestData.tempPath("no-such-file.osm"))?.message.contains("cannot open") == true)
    #expect(failure(write("text.osm", "hello, world\n"))?.message.contains("not an OSM file") == true)
}

@Test func onlyOSMXML06IsRead() {
    // Refused as libosmium refuses them (osm-testdata 101, 102, 103): 0.5 was once taken with a warning.
    for version in ["0.5", "0.7", "1.0", ""] {
        let e = failure(write("version-\(version).osm", "<?xml version='1.0'?>\n<osm version=\"\(version)\">\n<node id=\"1\" lat=\"1\" lon=\"2\"/>\n</osm>\n"))
        #expect(e?.message == "unsupported OSM XML version \"\(version)\": geoindex reads version 0.6 only, as osmium does")
        #expect(e?.line == 2)
    }
    let none = failure(write("no-version.osm", "<?xml version='1.0'?>\n<osm>\n</osm>\n"))
    #expect(none?.message.contains("no version attribute") == true)
}

@Test func anOsmChangeFileIsRefusedNamingIt() throws {
    // Its <delete>d objects were read as if created: a deleted shop became a landmark.
    let diff = "<?xml version='1.0'?>\n<osmChange version=\"0.6\">\n<delete>\n<node id=\"1\" lat=\"1\" lon=\"2\">"
        + "<tag k=\"shop\" v=\"bakery\"/><tag k=\"name\" v=\"Gone\"/></node>\n</delete>\n</osmChange>\n"
    let path = write("diff.osc", diff)
    let e = failure(path)
    #expect(e?.description == "\(path): is an osmChange file (a diff); geoindex builds from a full extract: apply it first with osmium apply-changes")
    // Large enough for the parallel reader (14 MB), and gzip-compressed: the same answer.
    let big = diff.replacingOccurrences(of: "</delete>", with: String(repeating: "<node id=\"2\" lat=\"1\" lon=\"2\"/>\n", count: 400_000) + "</delete>")
    let plain = write("big-diff.osc", big)
    defer { unlink(plain) }
    #expect(failure(plain)?.message.hasPrefix("is an osmChange file") == true)
    #expect(failure(write("big-diff.osc.gz", try gzip(Array(big.utf8))))?.message.hasPrefix("is an osmChange file") == true)
}

@Test func coordinatesOutOfRangeAreErrors() {
    let e = failure(write("range.osm", head + "  <node id=\"1\" lat=\"91.5\" lon=\"2\"/>\n</osm>\n"))
    #expect(e?.line == 3 && e?.message.contains("latitude") == true)
    let f = failure(write("range2.osm", head + "  <node id=\"1\" lat=\"1\" lon=\"-180.5\"/>\n</osm>\n"))
    #expect(f?.message.contains("longitude") == true)
}

@Test func invalidUTF8IsAnError() {
    var bytes = Array((head + "  <node id=\"1\" lat=\"1\" lon=\"2\">\n    <tag k=\"name\" v=\"").utf8)
    bytes += [0xC3, 0x28]
    bytes += Array("\"/>\n  </node>\n</osm>\n".utf8)
    let e = failure(write("utf8.osm", bytes))
    #expect(e?.line == 4)
}

@Test func hugeTagValuesAreRefused() {
    let big = String(repeating: "x", count: 1 << 20)
    let e = failure(write("bigtag.osm", head + "  <node id=\"1\" lat=\"1\" lon=\"2\">\n    <tag k=\"name\" v=\"\(big)\"/>\n  </node>\n</osm>\n"))
    #expect(e?.limit == "maxTagBytes" && e?.message.contains("exceeds the limit") == true)
}

@Test func entityDeclarationsAreRefused() {
    let laughs = """
    <?xml version="1.0"?>
    <!DOCTYPE osm [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
    <osm version="0.6"><node id="1" lat="1" lon="2"><tag k="name" v="&b;"/></node></osm>
    """
    #expect(failure(write("laughs.osm", laughs))?.message.contains("entity") == true)
}

@Test func structureIsCheckedLikeOsmium() {
    #expect(failure(write("root.osm", "<?xml version='1.0'?>\n<foo/>\n"))?.message.contains("top-level") == true)
    #expect(failure(write("version.osm", "<?xml version='1.0'?>\n<osm version=\"0.1\"></osm>\n"))?.message.contains("version") == true)
    #expect(failure(write("member.osm", head + "<relation id=\"1\"><member type=\"area\" ref=\"1\" role=\"\"/></relation></osm>"))?
        .message.contains("unknown type") == true)
}

@Test func anExistingIndexSurvivesAFailedBuild() throws {
    let out = TestData.tempPath("keep.geoidx")
    _ = try IndexBuilder.build(input: TestData.sample("town.osm"), options: BuildOptions(output: out))
    let before = try Data(contentsOf: URL(fileURLWithPath: out))
    #expect(throws: InputError.self) {
        _ = try IndexBuilder.build(input: write("bad-for-keep.osm", head + "<node"), options: BuildOptions(output: out))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
}

@Test func missingNodesAreWarningsNotErrors() throws {
    let osm = head + """
      <node id="1" lat="46.2" lon="6.8"/>
      <node id="2" lat="46.201" lon="6.8"/>
      <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/><tag k="name" v="Rue Test"/></way>
    </osm>
    """
    let out = TestData.tempPath("missing.geoidx")
    let report = try IndexBuilder.build(input: write("missing.osm", osm), options: BuildOptions(output: out))
    #expect(report.warnings[.missingNodeRefs] == 1 && report.warnings[.waysWithMissingNodes] == 1)
    #expect(report.byKind[.street] == 1)
}

@Test func deletedElementsAreCountedAndInMetaOnlyWhenThere() throws {
    let osm = head + """
      <node id="1" lat="46.2" lon="6.8"><tag k="amenity" v="cafe"/><tag k="name" v="Kept"/></node>
      <node id="2" lat="46.201" lon="6.8" visible="false"/>
    </osm>
    """
    let out = TestData.tempPath("deleted.geoidx")
    let report = try IndexBuilder.build(input: write("deleted.osm", osm), options: BuildOptions(output: out))
    #expect(report.warnings[.deletedElementsSkipped] == 1 && report.warnings.total == 1)
    #expect(try LandmarkIndex(path: out).metadata["warnings"]?["deleted_elements_skipped"]?.intValue == 1)
    // Without deleted elements the key is not written: older indexes keep their bytes.
    let plain = try IndexBuilder.build(input: write("kept.osm", head + "<node id=\"1\" lat=\"46.2\" lon=\"6.8\"/>\n</osm>\n"),
                                       options: BuildOptions(output: out))
    #expect(plain.warnings[.deletedElementsSkipped] == 0)
    let warnings = try LandmarkIndex(path: out).metadata["warnings"]
    #expect(warnings?["missing_node_refs"] != nil && warnings?["deleted_elements_skipped"] == nil)
}

@Test func interleavedElementsKeepTheirOwnTags() throws {
    // Unsorted input (a way before nodes): each element must keep its own tags.
    let osm = head + """
      <way id="5"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Way Five"/></way>
      <node id="1" lat="46.2" lon="6.8"><tag k="amenity" v="cafe"/><tag k="name" v="Node One"/></node>
      <node id="2" lat="46.201" lon="6.8"/>
    </osm>
    """
    let out = TestData.tempPath("interleaved.geoidx")
    _ = try IndexBuilder.build(input: write("interleaved.osm", osm), options: BuildOptions(output: out))
    let index = try LandmarkIndex(path: out)
    let names = (0..<index.count).compactMap { index.record($0)?.names.first?.value }
    #expect(names == ["Node One"])
}

/// gzip-compresses with zlib (a gzip header via windowBits 31).
func gzip(_ input: [UInt8]) throws -> [UInt8] {
    var stream = z_stream()
    guard deflateInit2_(&stream, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        throw InputError(file: "gzip", message: "deflateInit failed")
    }
    defer { deflateEnd(&stream) }
    var out = [UInt8](repeating: 0, count: input.count + 1024)
    var input = input
    let produced: Int = input.withUnsafeMutableBufferPointer { inp in
        out.withUnsafeMutableBufferPointer { o in
            stream.next_in = inp.baseAddress
            stream.avail_in = UInt32(inp.count)
            stream.next_out = o.baseAddress
            stream.avail_out = UInt32(o.count)
            _ = deflate(&stream, Z_FINISH)
            return o.count - Int(stream.avail_out)
        }
    }
    return Array(out.prefix(produced))
}
