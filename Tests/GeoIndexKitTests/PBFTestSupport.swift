// Test support for the PBF and bzip2 readers: a tiny protocol-buffers writer
// and an OSM PBF file builder (so hostile files are made in the test, not
// committed as binaries), an in-memory ByteSource, a canonical text dump of
// decoded batches for comparing readers, and helpers for the shared real data
// (../shared/data next to the project; tests skip with a note when absent).
import CZlib
import Foundation
import Testing
@testable import GeoIndexKit

// MARK: protobuf writer

struct ProtoWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func key(_ field: Int, _ wire: Int) { varint(UInt64(field << 3 | wire)) }
    mutating func uint(_ field: Int, _ v: UInt64) { key(field, 0); varint(v) }
    mutating func int(_ field: Int, _ v: Int64) { key(field, 0); varint(UInt64(bitPattern: v)) }
    mutating func sint(_ field: Int, _ v: Int64) { key(field, 0); varint(zigzag(v)) }
    mutating func data(_ field: Int, _ b: [UInt8]) { key(field, 2); varint(UInt64(b.count)); bytes += b }
    mutating func string(_ field: Int, _ s: String) { data(field, Array(s.utf8)) }

    mutating func message(_ field: Int, _ build: (inout ProtoWriter) -> Void) {
        var sub = ProtoWriter()
        build(&sub)
        data(field, sub.bytes)
    }

    mutating func packed(_ field: Int, _ values: [UInt64]) {
        var sub = ProtoWriter()
        for v in values { sub.varint(v) }
        data(field, sub.bytes)
    }

    mutating func packedSigned(_ field: Int, _ values: [Int64]) { packed(field, values.map(zigzag)) }

    /// Delta-codes then zigzags, as PBF stores ids, coordinates and refs.
    mutating func packedDelta(_ field: Int, _ values: [Int64]) {
        var last: Int64 = 0
        packedSigned(field, values.map { v in defer { last = v }; return v &- last })
    }
}

func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }

// MARK: PBF builder

struct TestTag { var k: String; var v: String; init(_ k: String, _ v: String) { self.k = k; self.v = v } }
struct TestNode { var id: Int64; var lat: Int64; var lon: Int64; var tags: [TestTag] = []; var visible = true }
struct TestWay { var id: Int64; var refs: [Int64]; var tags: [TestTag] = [] }
struct TestMember { var type: UInt64; var ref: Int64; var role: String }
struct TestRelation { var id: Int64; var members: [TestMember]; var tags: [TestTag] = [] }

/// Builds one PrimitiveBlock; coordinates are raw PBF units (scaled by granularity).
struct BlockBuilder {
    var strings: [String] = [""]
    var groups: [[UInt8]] = []
    var granularity: Int64?
    var latOffset: Int64?
    var lonOffset: Int64?
    /// Extra raw bytes appended to the PrimitiveBlock (for hostile tests).
    var trailer: [UInt8] = []

    mutating func sid(_ s: String) -> UInt64 {
        if let i = strings.firstIndex(of: s) { return UInt64(i) }
        strings.append(s)
        return UInt64(strings.count - 1)
    }

    mutating func dense(_ nodes: [TestNode], withInfo: Bool = false) {
        var kv: [UInt64] = []
        for n in nodes {
            for t in n.tags { kv += [sid(t.k), sid(t.v)] }
            kv.append(0)
        }
        var g = ProtoWriter()
        g.message(2) { d in
            d.packedDelta(1, nodes.map(\.id))
            if withInfo || nodes.contains(where: { !$0.visible }) {
                d.message(5) { info in
                    info.packed(1, nodes.map { _ in 1 })
                    info.packed(6, nodes.map { $0.visible ? 1 : 0 })
                }
            }
            d.packedDelta(8, nodes.map(\.lat))
            d.packedDelta(9, nodes.map(\.lon))
            if nodes.contains(where: { !$0.tags.isEmpty }) { d.packed(10, kv) }
        }
        groups.append(g.bytes)
    }

    mutating func plainNodes(_ nodes: [TestNode]) {
        var g = ProtoWriter()
        for n in nodes {
            let keys = n.tags.map { sid($0.k) }, vals = n.tags.map { sid($0.v) }
            g.message(1) { m in
                m.sint(1, n.id)
                if !keys.isEmpty { m.packed(2, keys); m.packed(3, vals) }
                if !n.visible { m.message(4) { $0.uint(6, 0) } }
                m.sint(8, n.lat)
                m.sint(9, n.lon)
            }
        }
        groups.append(g.bytes)
    }

    mutating func ways(_ ways: [TestWay]) {
        var g = ProtoWriter()
        for w in ways {
            let keys = w.tags.map { sid($0.k) }, vals = w.tags.map { sid($0.v) }
            g.message(3) { m in
                m.int(1, w.id)
                if !keys.isEmpty { m.packed(2, keys); m.packed(3, vals) }
                m.packedDelta(8, w.refs)
            }
        }
        groups.append(g.bytes)
    }

    mutating func relations(_ rels: [TestRelation]) {
        var g = ProtoWriter()
        for r in rels {
            let keys = r.tags.map { sid($0.k) }, vals = r.tags.map { sid($0.v) }
            let roles = r.members.map { sid($0.role) }
            g.message(4) { m in
                m.int(1, r.id)
                if !keys.isEmpty { m.packed(2, keys); m.packed(3, vals) }
                m.packed(8, roles)
                m.packedDelta(9, r.members.map(\.ref))
                m.packed(10, r.members.map(\.type))
            }
        }
        groups.append(g.bytes)
    }

    /// Serialized like real writers do: string table, groups, then the scale fields.
    var bytes: [UInt8] {
        var w = ProtoWriter()
        w.message(1) { t in for s in strings { t.string(1, s) } }
        for g in groups { w.data(2, g) }
        if let granularity { w.int(17, granularity) }
        if let latOffset { w.int(19, latOffset) }
        if let lonOffset { w.int(20, lonOffset) }
        return w.bytes + trailer
    }
}

enum Compression { case raw, zlib, other(field: Int) }

enum PBFBuilder {
    static func headerBlock(required: [String] = ["OsmSchema-V0.6", "DenseNodes"],
                            bbox: (left: Int64, right: Int64, top: Int64, bottom: Int64)? = nil) -> [UInt8] {
        var w = ProtoWriter()
        if let bbox {
            w.message(1) { b in b.sint(1, bbox.left); b.sint(2, bbox.right); b.sint(3, bbox.top); b.sint(4, bbox.bottom) }
        }
        for f in required { w.string(4, f) }
        w.string(5, "Sort.Type_then_ID")
        w.string(16, "geoindex tests")
        return w.bytes
    }

    static func blob(_ block: [UInt8], _ compression: Compression = .zlib) -> [UInt8] {
        var w = ProtoWriter()
        switch compression {
        case .raw:
            w.data(1, block)
        case .zlib:
            w.int(2, Int64(block.count))
            w.data(3, zlibCompress(block))
        case .other(let field):
            w.int(2, Int64(block.count))
            w.data(field, block)
        }
        return w.bytes
    }

    /// Length prefix, BlobHeader, Blob.
    static func frame(_ type: String, _ blob: [UInt8], datasize: Int? = nil) -> [UInt8] {
        var h = ProtoWriter()
        h.string(1, type)
        h.int(3, Int64(datasize ?? blob.count))
        let n = UInt32(h.bytes.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + h.bytes + blob
    }

    static func file(header: [UInt8] = headerBlock(), blocks: [BlockBuilder], _ compression: Compression = .zlib) -> [UInt8] {
        var out = frame("OSMHeader", blob(header, compression))
        for b in blocks { out += frame("OSMData", blob(b.bytes, compression)) }
        return out
    }
}

func zlibCompress(_ input: [UInt8]) -> [UInt8] {
    var size = compressBound(uLong(input.count))
    var out = [UInt8](repeating: 0, count: Int(size))
    let rc = compress2(&out, &size, input, uLong(input.count), 6)
    precondition(rc == Z_OK)
    return Array(out[0..<Int(size)])
}

// MARK: reading helpers

/// Bytes in memory as a ByteSource that hands them out in small pieces (like a pipe, size unknown).
final class MemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private let chunk: Int
    private(set) var consumedBytes: Int64 = 0

    init(_ bytes: [UInt8], chunk: Int = 4093) {
        self.bytes = bytes
        self.chunk = chunk
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let start = Int(consumedBytes)
        let n = min(buffer.count, chunk, bytes.count - start)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: n) }
        consumedBytes += Int64(n)
        return n
    }
}

/// One line per element, for comparing what two readers produced.
func dumpElements(_ batches: [OSMBatch]) -> [String] {
    var lines: [String] = []
    func tags(_ t: OSMTags) -> String { t.range.map { "\(t.key(at: $0))=\(t.value(at: $0))" }.joined(separator: "|") }
    for b in batches {
        for i in b.nodeIDs.indices { lines.append("n\(b.nodeIDs[i]) \(b.nodeLats[i]) \(b.nodeLons[i]) \(tags(b.tags(ofNode: i)))") }
        for i in b.wayIDs.indices {
            lines.append("w\(b.wayIDs[i]) \(b.refs(ofWay: i).map(String.init).joined(separator: ",")) \(tags(b.tags(ofWay: i)))")
        }
        for i in b.relationIDs.indices {
            let members = b.members(ofRelation: i).map { "\(b.memberTypes[$0].rawValue):\(b.memberRefs[$0]):\(b.string(b.memberRoles[$0]))" }
            lines.append("r\(b.relationIDs[i]) \(members.joined(separator: ",")) \(tags(b.tags(ofRelation: i)))")
        }
    }
    return lines
}

func readPBF(_ bytes: [UInt8], workers: Int = 2, limits: OSMParseLimits = OSMParseLimits()) throws -> (PBFReader, [OSMBatch]) {
    let reader = PBFReader(name: "test.osm.pbf", limits: limits, workers: workers)
    var batches: [OSMBatch] = []
    try reader.parse(MemoryByteSource(bytes)) { batches.append($0) }
    return (reader, batches)
}

func readXML(_ source: ByteSource, name: String = "test.osm") throws -> [OSMBatch] {
    var batches: [OSMBatch] = []
    try OSMXMLParser(name: name).parse(source) { batches.append($0) }
    return batches
}

// MARK: files

let sharedDataDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/data")

/// The path of a shared data file, or nil (with a note) when it is absent.
func sharedData(_ relative: String) -> String? {
    let path = sharedDataDirectory.appendingPathComponent(relative).standardized.path
    guard FileManager.default.fileExists(atPath: path) else {
        print("skipping: shared test data \(path) does not exist")
        return nil
    }
    return path
}

/// A fresh empty directory, removed after `body`.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("geoindex-pbf-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return try body(dir)
}

/// Builds an index from `bytes` written to `name`, expecting an InputError that names
/// the file and a byte offset, and leaving no output (nor temporary) file behind.
@discardableResult
func expectBuildFailure(_ bytes: [UInt8], name: String = "bad.osm.pbf", sourceLocation: SourceLocation = #_sourceLocation) throws -> InputError? {
    try withTemporaryDirectory { dir in
        let input = dir + "/" + name
        _ = FileManager.default.createFile(atPath: input, contents: Data(bytes))
        let output = dir + "/out.geoidx"
        var caught: InputError?
        do {
            _ = try IndexBuilder.build(input: input, options: BuildOptions(output: output))
            Issue.record("expected the build to fail", sourceLocation: sourceLocation)
        } catch let e as InputError {
            caught = e
        }
        if let e = caught {
            #expect(e.file == input, sourceLocation: sourceLocation)
            #expect(e.offset != nil, "no byte offset in: \(e)", sourceLocation: sourceLocation)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(left == [name], "output left behind: \(left)", sourceLocation: sourceLocation)
        return caught
    }
}
