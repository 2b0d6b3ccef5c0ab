// Writes the SHPS section. The import encodes each shape as an entry (its box,
// then its record as the file stores it) while the OSM file streams by and
// keeps the entries in a buffer of its own; at the end the section is laid out
// from that buffer: shapes sorted along a Hilbert curve by the centre of their
// box, their boxes, the packed R-tree over them (16 shapes a leaf, 16 children
// a node, each node's box and the largest shape span below it), the kind table
// and the records. docs/FORMAT.md has the exact layout.
import GeoBase

package enum MapShapeWriter {
    /// Appends one shape's entry — i32 min lat, min lon, max lat, max lon, then the record as
    /// a varint length and its payload (docs/FORMAT.md) — and returns its box. Rings are given
    /// without their closing point (areas: at least 3 points each, the outer first; lines: one
    /// ring of at least 2 points); `kind` indexes the kind table passed to `section`. `scratch`
    /// is a buffer for the record (kept by the caller so a shape costs no allocation). Plain
    /// byte arrays rather than ByteWriter: this runs for every shape, and the appends inline.
    @discardableResult
    package static func appendEntry(layer: MapLayer, kind: Int, name: String?, rings: [[FixedCoordinate]],
                                    to w: inout [UInt8], scratch r: inout [UInt8]) -> FixedBoundingBox {
        var box = FixedBoundingBox.empty
        for ring in rings { for p in ring { box.extend(p) } }
        func i32(_ v: Int32) {
            let u = UInt32(bitPattern: v)
            w.append(UInt8(truncatingIfNeeded: u))
            w.append(UInt8(truncatingIfNeeded: u >> 8))
            w.append(UInt8(truncatingIfNeeded: u >> 16))
            w.append(UInt8(truncatingIfNeeded: u >> 24))
        }
        i32(box.minLat)
        i32(box.minLon)
        i32(box.maxLat)
        i32(box.maxLon)
        r.removeAll(keepingCapacity: true)
        r.append(layer.rawValue | (name != nil ? MapShapeFormat.hasName : 0))
        append(varint: UInt64(kind), to: &r)
        if let name {
            var name = name
            name.withUTF8 { utf8 in
                append(varint: UInt64(utf8.count), to: &r)
                r.append(contentsOf: utf8)
            }
        }
        append(varint: UInt64(rings.count), to: &r)
        var lat = Int64(box.minLat), lon = Int64(box.minLon)
        for ring in rings {
            append(varint: UInt64(ring.count), to: &r)
            for p in ring {
                append(svarint: Int64(p.lat) - lat, to: &r)
                append(svarint: Int64(p.lon) - lon, to: &r)
                lat = Int64(p.lat)
                lon = Int64(p.lon)
            }
        }
        append(varint: UInt64(r.count), to: &w)
        w.append(contentsOf: r)
        return box
    }

    @inline(__always) private static func append(varint value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    @inline(__always) private static func append(svarint value: Int64, to out: inout [UInt8]) {
        append(varint: UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &out)
    }

    /// The section from `count` entries laid end to end in `entries` (as `appendEntry` wrote them).
    package static func section(kinds: [String], entries: UnsafeRawBufferPointer, count: Int) -> [UInt8] {
        // The entries' boxes and where their records are.
        var boxes: [FixedBoundingBox] = []
        var recordStarts: [Int] = []
        boxes.reserveCapacity(count)
        recordStarts.reserveCapacity(count)
        var all = FixedBoundingBox.empty
        var o = 0
        func i32(_ at: Int) -> Int32 { Int32(bitPattern: entries.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian) }
        for _ in 0..<count {
            let b = FixedBoundingBox(minLon: i32(o + 4), minLat: i32(o), maxLon: i32(o + 12), maxLat: i32(o + 8))
            boxes.append(b)
            all.extend(b)
            recordStarts.append(o + MapShapeFormat.boxSize)
            o += MapShapeFormat.boxSize
            let len = varint(entries, &o)
            o += len
        }
        precondition(o == entries.count, "map shape entries do not add up")
        // Hilbert order of the box centres; ties keep the import's order, so the file is reproducible.
        var keyed = (0..<count).map { UInt64(HilbertOrder.key(boxes[$0].center, in: all)) << 32 | UInt64($0) }
        keyed.sort()
        let order = keyed.map { Int($0 & 0xFFFF_FFFF) }
        keyed = []

        let levels = MapShapeFormat.levelCounts(shapes: count)
        var layerCounts = [UInt32](repeating: 0, count: 8)
        var layerBytes = [UInt64](repeating: 0, count: 8)
        var recordsLength = 0
        for i in order {
            var p = recordStarts[i]
            let start = p
            let len = varint(entries, &p)
            let layer = Int(entries[p] & MapShapeFormat.layerMask)
            layerCounts[layer] += 1
            layerBytes[layer] += UInt64(p - start + len)
            recordsLength += p - start + len
        }
        let kindBlob = kinds.reduce(into: ByteWriter()) { $0.string($1) }

        var w = ByteWriter(capacity: MapShapeFormat.headerSize + levels.reduce(0, +) * MapShapeFormat.nodeSize
                           + count * (MapShapeFormat.boxSize + 1) + kinds.count * 4 + kindBlob.count + recordsLength)
        w.u32(UInt32(count))
        w.u32(UInt32(kinds.count))
        w.u32(UInt32(kindBlob.count))
        w.u32(UInt32(levels.reduce(0, +)))
        w.u64(UInt64(recordsLength))
        for c in layerCounts { w.u32(c) }
        for b in layerBytes { w.u64(b) }
        while w.count < MapShapeFormat.headerSize { w.u8(0) }

        // The tree, level by level from the leaves up: each node's box and largest span below.
        for level in MapShapeFormat.treeLevels(over: order.map { boxes[$0] }) {
            for (box, span) in level {
                w.i32(box.minLat)
                w.i32(box.minLon)
                w.i32(box.maxLat)
                w.i32(box.maxLon)
                w.u32(UInt32(clamping: span))
            }
        }
        for i in order {
            let b = boxes[i]
            w.i32(b.minLat)
            w.i32(b.minLon)
            w.i32(b.maxLat)
            w.i32(b.maxLon)
        }
        // Leaf offsets into the records, one more for the end.
        var offset = 0
        for (k, i) in order.enumerated() {
            if k % MapShapeFormat.fanout == 0 { w.u64(UInt64(offset)) }
            var p = recordStarts[i]
            let len = varint(entries, &p)
            offset += p - recordStarts[i] + len
        }
        w.u64(UInt64(offset))
        var kindOffset = 0
        for k in kinds {
            w.u32(UInt32(kindOffset))
            kindOffset += ByteWriter.varintSize(k.utf8.count) + k.utf8.count
        }
        w.append(contentsOf: kindBlob.bytes)
        for i in order {
            var p = recordStarts[i]
            let len = varint(entries, &p)
            w.append(contentsOf: UnsafeRawBufferPointer(rebasing: entries[recordStarts[i]..<(p + len)]))
        }
        return w.bytes
    }

    /// An unsigned LEB128 the writer itself wrote.
    private static func varint(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Int {
        var v = 0, shift = 0
        while true {
            let b = bytes[i]
            i += 1
            v |= Int(b & 0x7F) << shift
            if b < 0x80 { return v }
            shift += 7
        }
    }
}
