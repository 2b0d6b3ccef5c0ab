// OSM ids take the whole int64 range, in XML and PBF alike: −2⁶³ was refused by
// the XML reader ("node without a valid id attribute"), and ids at both ends
// of the range in one block overflowed the stores' delta coding.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
import GeoTestSupport

@Suite struct OSMIdRangeTests {
    // −2⁶³ first (below every id the stores have seen), then a gap from −2 to 2⁶³−1 wider than an Int64.
    static let ids: [Int64] = [.min, -2, .max]

    /// The OSM references of the landmarks built from `input`.
    func references(_ input: String) throws -> Set<String> {
        let out = input + ".geoidx"
        defer { unlink(out) }
        let report = try IndexBuilder.build(input: input, options: BuildOptions(output: out))
        #expect(report.warnings[.missingNodeRefs] == 0)
        let index = try LandmarkIndex(path: out)
        return Set((0..<index.count).compactMap { index.record($0)?.osmRef?.description })
    }

    var expected: Set<String> {
        Set(Self.ids.map { "n\($0)" } + ["w\(Int64.min)", "w\(Int64.max)"])
    }

    @Test func xmlTakesTheWholeRange() throws {
        var xml = osmHead
        for (k, id) in Self.ids.enumerated() {
            xml += "<node id=\"\(id)\" lat=\"46.2\(k)\" lon=\"6.8\(k)\"><tag k=\"amenity\" v=\"cafe\"/><tag k=\"name\" v=\"Cafe \(k)\"/></node>\n"
        }
        for (id, name) in [(Int64.min, "Rue Basse"), (Int64.max, "Rue Haute")] {
            xml += "<way id=\"\(id)\">" + Self.ids.map { "<nd ref=\"\($0)\"/>" }.joined()
                + "<tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"\(name)\"/></way>\n"
        }
        xml += "</osm>\n"
        let path = TestData.tempPath("id-range.osm")
        try xml.write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        #expect(try references(path) == expected)
        // One past either end is refused with the line, not wrapped around.
        let over = TestData.tempPath("id-over.osm")
        try (osmHead + "<node id=\"9223372036854775808\" lat=\"1\" lon=\"1\"/>\n</osm>\n").write(toFile: over, atomically: false, encoding: .utf8)
        defer { unlink(over) }
        #expect { _ = try IndexBuilder.build(input: over, options: BuildOptions(output: over + ".geoidx")) } throws: {
            ($0 as? InputError)?.message == "node without a valid id attribute" && ($0 as? InputError)?.line == 3
        }
    }

    @Test func pbfTakesTheWholeRange() throws {
        var block = BlockBuilder()
        block.dense(Self.ids.enumerated().map { k, id in
            TestNode(id: id, lat: 462_000_000 + Int64(k) * 1_000_000, lon: 68_000_000 + Int64(k) * 1_000_000,
                     tags: [TestTag("amenity", "cafe"), TestTag("name", "Cafe \(k)")])
        })
        block.ways([Int64.min, .max].map { TestWay(id: $0, refs: Self.ids, tags: [TestTag("highway", "residential"), TestTag("name", "Rue \($0)")]) })
        let path = TestData.tempPath("id-range.osm.pbf")
        try Data(PBFBuilder.file(blocks: [block])).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        #expect(try references(path) == expected)
    }
}
