// Hostile and broken PBF files, built byte by byte in the test: each must fail
// with an InputError naming the file and the byte offset of the blob at fault
// (exit status 2 in `geoindex build`), leave no output file, and never crash,
// hang or allocate what a length field merely claims.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoImport
import GeoTestSupport

private let tags = [TestTag("amenity", "cafe"), TestTag("name", "Café")]

private func nodeBlock() -> BlockBuilder {
    var b = BlockBuilder()
    b.dense([TestNode(id: 1, lat: 10, lon: 20, tags: tags), TestNode(id: 2, lat: 11, lon: 21)])
    return b
}

private func wayBlock() -> BlockBuilder {
    var b = BlockBuilder()
    b.ways([TestWay(id: 5, refs: [1, 2], tags: [TestTag("highway", "path")])])
    return b
}

private func relationBlock() -> BlockBuilder {
    var b = BlockBuilder()
    b.relations([TestRelation(id: 9, members: [TestMember(type: 1, ref: 5, role: "outer")], tags: [TestTag("type", "multipolygon")])])
    return b
}

/// Framed pieces of a valid file, so tests know each blob's offset.
private func pieces(_ blocks: [BlockBuilder] = [nodeBlock(), wayBlock(), relationBlock()]) -> [[UInt8]] {
    [PBFBuilder.frame("OSMHeader", PBFBuilder.blob(PBFBuilder.headerBlock()))]
        + blocks.map { PBFBuilder.frame("OSMData", PBFBuilder.blob($0.bytes)) }
}

private let header = pieces()[0]

@discardableResult
private func expectFailure(_ bytes: [UInt8], offset: Int? = nil, _ fragments: String...,
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> InputError? {
    let e = try expectBuildFailure(bytes, sourceLocation: sourceLocation)
    if let e, let offset { #expect(e.offset == Int64(offset), "\(e)", sourceLocation: sourceLocation) }
    for f in fragments { #expect(e?.message.contains(f) == true, "expected \"\(f)\" in: \(e.map(\.description) ?? "-")", sourceLocation: sourceLocation) }
    return e
}

@Suite struct PBFBadInputTests {
    @Test func validFileBuilds() throws {
        try TestData.withTemporaryDirectory { dir in
            _ = FileManager.default.createFile(atPath: dir + "/ok.osm.pbf", contents: Data(pieces().flatMap { $0 }))
            let report = try IndexBuilder.build(input: dir + "/ok.osm.pbf", options: BuildOptions(output: dir + "/ok.geoidx"))
            #expect(report.elements.nodes == 2 && report.elements.ways == 1 && report.elements.relations == 1)
        }
    }

    @Test func truncatedFilesFailAtTheBlobTheyCut() throws {
        let p = pieces()
        let file = p.flatMap { $0 }
        let starts = p.indices.map { i in p[..<i].reduce(0) { $0 + $1.count } }
        // (cut length, blob whose frame is cut)
        let cuts = [(9, 0), (starts[1] + 2, 1), (starts[1] + 7, 1), (starts[1] + p[1].count / 2, 1),
                    (starts[2] + p[2].count - 1, 2), (file.count - 1, 3)]
        for (cut, blob) in cuts {
            try expectFailure(Array(file.prefix(cut)), offset: starts[blob], "truncated")
            // The same through a stream whose size is unknown (stdin): found by reading, not by stat.
            let e = #expect(throws: InputError.self) { try readPBF(Array(file.prefix(cut))) }
            #expect(e?.offset == Int64(starts[blob]) && e?.message.contains("truncated") == true, "\(String(describing: e))")
        }
    }

    @Test(.sharedData("osrm/monaco.osm.pbf")) func truncatedRealFile() throws {
        let path = try #require(TestData.shared("osrm/monaco.osm.pbf"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        for fraction in [3, 2] {
            try expectFailure(Array(bytes.prefix(bytes.count / fraction)), "truncated PBF")
        }
    }

    @Test func blobsOverTheFormatLimits() throws {
        let start = header.count
        // BlobHeader.datasize over 32 MiB: refused before any allocation or read.
        try expectFailure(header + PBFBuilder.frame("OSMData", PBFBuilder.blob(nodeBlock().bytes), datasize: 32 * 1024 * 1024 + 1),
                          offset: start, "over the format's limit of 32 MiB")
        // raw_size over 32 MiB inside a small blob (a decompression bomb's claim).
        var w = ProtoWriter()
        w.int(2, 32 * 1024 * 1024 + 1)
        w.data(3, zlibCompress(nodeBlock().bytes))
        try expectFailure(header + PBFBuilder.frame("OSMData", w.bytes), offset: start, "raw_size", "32 MiB")
        // A BlobHeader length over 64 KiB.
        try expectFailure(header + [0, 1, 0, 1] + [UInt8](repeating: 0, count: 100), offset: start, "64 KiB")
    }

    @Test func corruptZlibStreams() throws {
        let block = nodeBlock().bytes
        var compressed = zlibCompress(block)
        for i in stride(from: 4, to: compressed.count - 4, by: 3) { compressed[i] ^= 0x5A }
        var w = ProtoWriter()
        w.int(2, Int64(block.count))
        w.data(3, compressed)
        try expectFailure(header + PBFBuilder.frame("OSMData", w.bytes), offset: header.count, "zlib")
        // A raw_size that disagrees with the stream, either way.
        for size in [block.count - 1, block.count + 1] {
            var w = ProtoWriter()
            w.int(2, Int64(size))
            w.data(3, zlibCompress(block))
            try expectFailure(header + PBFBuilder.frame("OSMData", w.bytes), offset: header.count, "raw_size")
        }
        // A stream cut short inside a complete blob.
        var cut = ProtoWriter()
        cut.int(2, Int64(block.count))
        cut.data(3, Array(zlibCompress(block).dropLast(6)))
        try expectFailure(header + PBFBuilder.frame("OSMData", cut.bytes), offset: header.count, "zlib")
    }

    @Test func stringTableIndexOutOfRange() throws {
        for var block in [nodeBlock(), wayBlock(), relationBlock()] {
            block.strings = [""]    // the elements still point at the entries dropped here
            let p = pieces([nodeBlock(), block])
            try expectFailure(p.flatMap { $0 }, offset: p[0].count + p[1].count, "string table index", "out of range", "blob 2 (OSMData)")
        }
    }

    @Test func unknownRequiredFeature() throws {
        let h = PBFBuilder.frame("OSMHeader", PBFBuilder.blob(PBFBuilder.headerBlock(required: ["OsmSchema-V0.6", "DenseNodes", "Sort.Geographic-V9"])))
        try expectFailure(h + pieces()[1], offset: 0, "\"Sort.Geographic-V9\"")
    }

    @Test(arguments: [(4, "lzma"), (5, "bzip2"), (6, "lz4"), (7, "zstd"), (99, "no data")])
    func unsupportedCompression(field: Int, name: String) throws {
        try expectFailure(header + PBFBuilder.frame("OSMData", PBFBuilder.blob(nodeBlock().bytes, .other(field: field))),
                          offset: header.count, name)
    }

    @Test func structuralErrors() throws {
        // Data before any header.
        try expectFailure(pieces()[1] + header, offset: 0, "must start with an OSMHeader")
        // A varint longer than 64 bits, and a length running past its message.
        var b = nodeBlock()
        b.trailer = [0xF0, 0x01] + [UInt8](repeating: 0xFF, count: 10) + [0x01]
        try expectFailure(header + PBFBuilder.frame("OSMData", PBFBuilder.blob(b.bytes)), offset: header.count, "varint longer than 64 bits")
        b.trailer = [0xF2, 0x01, 100, 1, 2, 3]
        try expectFailure(header + PBFBuilder.frame("OSMData", PBFBuilder.blob(b.bytes)), offset: header.count, "runs past the end")
        // Dense arrays of different lengths.
        var g = ProtoWriter()
        g.message(2) { d in d.packedDelta(1, [1, 2, 3]); d.packedDelta(8, [0, 0]); d.packedDelta(9, [0, 0, 0]) }
        b = BlockBuilder()
        b.groups = [g.bytes]
        try expectFailure(header + PBFBuilder.frame("OSMData", PBFBuilder.blob(b.bytes)), offset: header.count, "fewer coordinates than ids")
        // A coordinate outside ±90°.
        b = BlockBuilder()
        b.dense([TestNode(id: 1, lat: 900_000_001, lon: 0)])
        try expectFailure(header + PBFBuilder.frame("OSMData", PBFBuilder.blob(b.bytes)), offset: header.count, "invalid latitude")
        // A member type that is not node/way/relation.
        b = BlockBuilder()
        b.relations([TestRelation(id: 1, members: [TestMember(type: 3, ref: 1, role: "")])])
        try expectFailure(header + PBFBuilder.frame("OSMData", PBFBuilder.blob(b.bytes)), offset: header.count, "unknown type 3")
    }

    /// Random damage to a valid file: every outcome is success or an InputError, never a crash or another error.
    @Test func mutatedFilesNeverCrash() throws {
        let file = pieces().flatMap { $0 }
        var rng = SplitMix64(seed: 0x5EED)
        var failures = 0
        for round in 0..<600 {
            var bytes = file
            switch round % 3 {
            case 0: for _ in 0..<(1 + Int(rng.next() % 4)) { bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            case 1: bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count))))
            default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: Int(rng.next() % UInt64(bytes.count)))
            }
            do {
                _ = try readPBF(bytes, workers: 1 + round % 3)
            } catch is InputError {
                failures += 1
            }
        }
        #expect(failures > 100)
    }
}
