// The PBF reader on files built in the test: every element encoding (dense and
// plain nodes, ways, relations), granularity and offsets, deleted versions,
// skipped blob types, the header, and that the parallel pipeline gives the
// same batches as a sequential decode. The synthetic file is also written as
// OSM XML and both readers must produce the same elements.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoOSM
import GeoTestSupport

private let cafe = [TestTag("amenity", "cafe"), TestTag("name", "Café Ünïcode")]

private func sampleBlocks() -> [BlockBuilder] {
    var nodes = BlockBuilder()
    nodes.dense([
        TestNode(id: 100, lat: 461_957_171, lon: 67_922_507, tags: cafe),
        TestNode(id: 101, lat: -337_654_321, lon: -1_512_345_678),
        TestNode(id: 105, lat: 0, lon: 1_799_999_999, tags: [TestTag("highway", "bus_stop"), TestTag("name", "Ünïcode Stop")]),
    ], withInfo: true)
    nodes.plainNodes([TestNode(id: 110, lat: 461_960_000, lon: 67_930_000, tags: [TestTag("shop", "bakery")])])
    var ways = BlockBuilder()
    ways.ways([
        TestWay(id: 200, refs: [100, 101, 105], tags: [TestTag("highway", "residential"), TestTag("name", "Main Street")]),
        TestWay(id: 201, refs: [100, 105, 110, 100], tags: [TestTag("building", "yes")]),
    ])
    var rels = BlockBuilder()
    rels.relations([TestRelation(id: 300, members: [TestMember(type: 1, ref: 201, role: "outer"),
                                                    TestMember(type: 0, ref: 100, role: ""),
                                                    TestMember(type: 2, ref: 301, role: "sub")],
                                 tags: [TestTag("type", "multipolygon"), TestTag("building", "yes"), TestTag("name", "Block")])])
    return [nodes, ways, rels]
}

private func degrees(_ e7: Int64) -> String {
    let a = abs(e7)
    let frac = String(a % 10_000_000)
    return (e7 < 0 ? "-" : "") + "\(a / 10_000_000)." + String(repeating: "0", count: 7 - frac.count) + frac
}

private let sampleXML = """
<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="test">
  <node id="100" lat="\(degrees(461_957_171))" lon="\(degrees(67_922_507))"><tag k="amenity" v="cafe"/><tag k="name" v="Café Ünïcode"/></node>
  <node id="101" lat="\(degrees(-337_654_321))" lon="\(degrees(-1_512_345_678))"/>
  <node id="105" lat="0" lon="\(degrees(1_799_999_999))"><tag k="highway" v="bus_stop"/><tag k="name" v="Ünïcode Stop"/></node>
  <node id="110" lat="46.1960000" lon="6.7930000"><tag k="shop" v="bakery"/></node>
  <way id="200"><nd ref="100"/><nd ref="101"/><nd ref="105"/><tag k="highway" v="residential"/><tag k="name" v="Main Street"/></way>
  <way id="201"><nd ref="100"/><nd ref="105"/><nd ref="110"/><nd ref="100"/><tag k="building" v="yes"/></way>
  <relation id="300"><member type="way" ref="201" role="outer"/><member type="node" ref="100" role=""/>
    <member type="relation" ref="301" role="sub"/><tag k="type" v="multipolygon"/><tag k="building" v="yes"/><tag k="name" v="Block"/></relation>
</osm>
"""

@Suite struct PBFReaderTests {
    @Test(arguments: [1, 2, 3])
    func syntheticFileMatchesItsXML(workers: Int) throws {
        for compression in [Compression.zlib, .raw] {
            let (reader, batches) = try readPBF(PBFBuilder.file(blocks: sampleBlocks(), compression), workers: workers)
            let xml = try readXML(MemorySource(Array(sampleXML.utf8)))
            #expect(dumpElements(batches) == dumpElements(xml))
            #expect(dumpElements(batches).count == 7)
            #expect(reader.header?.requiredFeatures == ["OsmSchema-V0.6", "DenseNodes"])
            #expect(reader.header?.writingProgram == "geoindex tests")
            #expect(reader.blobCount == 4)
        }
    }

    @Test func granularityAndOffsetsTruncateLikeLibosmium() throws {
        var b = BlockBuilder()
        b.granularity = 1000
        b.latOffset = 123
        b.lonOffset = -77
        b.dense([TestNode(id: 1, lat: 45_123_456, lon: -1_000_000), TestNode(id: 2, lat: -45_123_456, lon: 1_000_000)])
        b.plainNodes([TestNode(id: 3, lat: -45_123_456, lon: -1)])
        let (_, batches) = try readPBF(PBFBuilder.file(blocks: [b]))
        // nanodegrees = offset + 1000·raw, then ÷100 toward zero.
        #expect(batches.flatMap(\.nodeLats) == [451_234_561, -451_234_558, -451_234_558])
        #expect(batches.flatMap(\.nodeLons) == [-10_000_000, 9_999_999, -10])
    }

    @Test func deletedVersionsAreSkippedAndCounted() throws {
        var b = BlockBuilder()
        b.dense([TestNode(id: 1, lat: 1, lon: 1, tags: cafe), TestNode(id: 1, lat: 2, lon: 2, tags: cafe, visible: false),
                 TestNode(id: 2, lat: 3, lon: 3, tags: [TestTag("shop", "bakery")])])
        b.plainNodes([TestNode(id: 3, lat: 4, lon: 4, tags: cafe, visible: false)])
        let header = PBFBuilder.headerBlock(required: ["OsmSchema-V0.6", "DenseNodes", "HistoricalInformation"])
        let (reader, batches) = try readPBF(PBFBuilder.file(header: header, blocks: [b]))
        #expect(dumpElements(batches) == ["n1 1 1 amenity=cafe|name=Café Ünïcode", "n2 3 3 shop=bakery"])
        #expect(reader.warnings.deletedElementsSkipped == 2)
    }

    @Test func headerBoundingBoxAndUnknownBlobTypes() throws {
        let header = PBFBuilder.headerBlock(bbox: (left: 1_500_000_000, right: 1_600_000_000, top: 42_700_000_000, bottom: -42_400_000_001))
        var bytes = PBFBuilder.frame("OSMHeader", PBFBuilder.blob(header))
        bytes += PBFBuilder.frame("SomeFutureIndex", [0xFF, 0xFF, 0xFF])     // not even a valid Blob: skipped unread
        bytes += PBFBuilder.frame("OSMData", PBFBuilder.blob(sampleBlocks()[0].bytes))
        let (reader, batches) = try readPBF(bytes)
        #expect(reader.header?.bbox == FixedBoundingBox(minLon: 15_000_000, minLat: -424_000_000, maxLon: 16_000_000, maxLat: 427_000_000))
        #expect(reader.blobCount == 3)
        #expect(batches.flatMap(\.nodeIDs) == [100, 101, 105, 110])
    }

    /// A block whose groups go back from ways to nodes must not mix the tag runs of the two kinds.
    @Test func kindsOutOfOrderInOneBlockKeepTheirTags() throws {
        var b = BlockBuilder()
        b.ways([TestWay(id: 7, refs: [1, 2], tags: [TestTag("highway", "path")])])
        b.dense([TestNode(id: 1, lat: 0, lon: 0, tags: cafe), TestNode(id: 2, lat: 0, lon: 0)])
        b.relations([TestRelation(id: 9, members: [], tags: [TestTag("type", "site")])])
        b.ways([TestWay(id: 8, refs: [2, 1], tags: [TestTag("barrier", "fence")])])
        let (_, batches) = try readPBF(PBFBuilder.file(blocks: [b]))
        #expect(dumpElements(batches) == ["w7 1,2 highway=path", "n1 0 0 amenity=cafe|name=Café Ünïcode", "n2 0 0 ",
                                          "r9  type=site", "w8 2,1 barrier=fence"])
    }

    @Test func parallelDecodeEqualsSequential() throws {
        var blocks: [BlockBuilder] = []
        for k in 0..<60 {
            var b = BlockBuilder()
            let base = Int64(k * 1000)
            b.dense((0..<200).map { i in
                TestNode(id: base + Int64(i), lat: Int64(i * 7919 % 1_000_000), lon: Int64(-i * 104_729),
                         tags: i % 9 == 0 ? [TestTag("name", "n\(k)-\(i)")] : [])
            })
            b.ways([TestWay(id: base, refs: [base, base + 1, base + 2], tags: [TestTag("highway", "service")])])
            blocks.append(b)
        }
        let bytes = PBFBuilder.file(blocks: blocks)
        let (_, one) = try readPBF(bytes, workers: 1)
        for workers in [2, 4, 7] {
            let (_, many) = try readPBF(bytes, workers: workers)
            #expect(dumpElements(many) == dumpElements(one))
        }
        #expect(one.count == 60)
    }

    @Test func limitsApplyAsInXML() throws {
        var limits = OSMParseLimits()
        limits.maxTagsPerElement = 1
        #expect(throws: InputError.self) { try readPBF(PBFBuilder.file(blocks: sampleBlocks()), limits: limits) }
        limits = OSMParseLimits()
        limits.maxRefsPerElement = 3
        let e = #expect(throws: InputError.self) { try readPBF(PBFBuilder.file(blocks: sampleBlocks()), limits: limits) }
        #expect(e?.message.contains("way 201 has more than 3 node references") == true)
    }

    @Test func formatIsSniffedFromContent() {
        let bytes = PBFBuilder.file(blocks: sampleBlocks())
        #expect(InputFormat.sniff(Array(bytes.prefix(16))) == .pbf)
    }
}
