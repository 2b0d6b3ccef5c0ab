// Writes OSM PBF files in the test itself, so hostile and edge-case files are
// made from a few lines of Swift instead of committed as binaries: a tiny
// protocol-buffers writer, a PrimitiveBlock builder (dense and plain nodes,
// ways, relations) and blob/file framing with or without zlib.
import CZlib

// MARK: protobuf writer

package struct ProtoWriter {
    package init() {}
    package var bytes: [UInt8] = []

    package mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    package mutating func key(_ field: Int, _ wire: Int) { varint(UInt64(field << 3 | wire)) }
    package mutating func uint(_ field: Int, _ v: UInt64) { key(field, 0); varint(v) }
    package mutating func int(_ field: Int, _ v: Int64) { key(field, 0); varint(UInt64(bitPattern: v)) }
    package mutating func sint(_ field: Int, _ v: Int64) { key(field, 0); varint(zigzag(v)) }
    package mutating func data(_ field: Int, _ b: [UInt8]) { key(field, 2); varint(UInt64(b.count)); bytes += b }
    package mutating func string(_ field: Int, _ s: String) { data(field, Array(s.utf8)) }

    package mutating func message(_ field: Int, _ build: (inout ProtoWriter) -> Void) {
        var sub = ProtoWriter()
        build(&sub)
        data(field, sub.bytes)
    }

    package mutating func packed(_ field: Int, _ values: [UInt64]) {
        var sub = ProtoWriter()
        for v in values { sub.varint(v) }
        data(field, sub.bytes)
    }

    package mutating func packedSigned(_ field: Int, _ values: [Int64]) { packed(field, values.map(zigzag)) }

    /// Delta-codes then zigzags, as PBF stores ids, coordinates and refs.
    package mutating func packedDelta(_ field: Int, _ values: [Int64]) {
        var last: Int64 = 0
        packedSigned(field, values.map { v in defer { last = v }; return v &- last })
    }
}

package func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }

// MARK: PBF builder

package struct TestTag {
    package var k: String, v: String
    package init(_ k: String, _ v: String) { self.k = k; self.v = v }
}
package struct TestNode {
    package var id: Int64, lat: Int64, lon: Int64
    package var tags: [TestTag] = []
    package var visible = true
    package init(id: Int64, lat: Int64, lon: Int64, tags: [TestTag] = [], visible: Bool = true) {
        self.id = id; self.lat = lat; self.lon = lon; self.tags = tags; self.visible = visible
    }
}
package struct TestWay {
    package var id: Int64, refs: [Int64]
    package var tags: [TestTag] = []
    package init(id: Int64, refs: [Int64], tags: [TestTag] = []) { self.id = id; self.refs = refs; self.tags = tags }
}
package struct TestMember {
    package var type: UInt64, ref: Int64, role: String
    package init(type: UInt64, ref: Int64, role: String) { self.type = type; self.ref = ref; self.role = role }
}
package struct TestRelation {
    package var id: Int64, members: [TestMember]
    package var tags: [TestTag] = []
    package init(id: Int64, members: [TestMember], tags: [TestTag] = []) { self.id = id; self.members = members; self.tags = tags }
}

/// Builds one PrimitiveBlock; coordinates are raw PBF units (scaled by granularity).
package struct BlockBuilder {
    package init() {}
    package var strings: [String] = [""]
    package var groups: [[UInt8]] = []
    package var granularity: Int64?
    package var latOffset: Int64?
    package var lonOffset: Int64?
    /// Extra raw bytes appended to the PrimitiveBlock (for hostile tests).
    package var trailer: [UInt8] = []

    package mutating func sid(_ s: String) -> UInt64 {
        if let i = strings.firstIndex(of: s) { return UInt64(i) }
        strings.append(s)
        return UInt64(strings.count - 1)
    }

    package mutating func dense(_ nodes: [TestNode], withInfo: Bool = false) {
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

    package mutating func plainNodes(_ nodes: [TestNode]) {
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

    package mutating func ways(_ ways: [TestWay]) {
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

    package mutating func relations(_ rels: [TestRelation]) {
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
    package var bytes: [UInt8] {
        var w = ProtoWriter()
        w.message(1) { t in for s in strings { t.string(1, s) } }
        for g in groups { w.data(2, g) }
        if let granularity { w.int(17, granularity) }
        if let latOffset { w.int(19, latOffset) }
        if let lonOffset { w.int(20, lonOffset) }
        return w.bytes + trailer
    }
}

package enum Compression { case raw, zlib, other(field: Int) }

package enum PBFBuilder {
    package static func headerBlock(required: [String] = ["OsmSchema-V0.6", "DenseNodes"],
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

    package static func blob(_ block: [UInt8], _ compression: Compression = .zlib) -> [UInt8] {
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
    package static func frame(_ type: String, _ blob: [UInt8], datasize: Int? = nil) -> [UInt8] {
        var h = ProtoWriter()
        h.string(1, type)
        h.int(3, Int64(datasize ?? blob.count))
        let n = UInt32(h.bytes.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + h.bytes + blob
    }

    package static func file(header: [UInt8] = headerBlock(), blocks: [BlockBuilder], _ compression: Compression = .zlib) -> [UInt8] {
        var out = frame("OSMHeader", blob(header, compression))
        for b in blocks { out += frame("OSMData", blob(b.bytes, compression)) }
        return out
    }
}

package func zlibCompress(_ input: [UInt8]) -> [UInt8] {
    var size = compressBound(uLong(input.count))
    var out = [UInt8](repeating: 0, count: Int(size))
    let rc = compress2(&out, &size, input, uLong(input.count), 6)
    precondition(rc == Z_OK)
    return Array(out[0..<Int(size)])
}
