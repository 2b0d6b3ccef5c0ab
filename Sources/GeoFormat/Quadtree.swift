// The spatial index over landmark points. Because landmarks are numbered in
// Hilbert order, each quadtree cell holds one contiguous id range; a node
// stores its range and the tight box of its points, so a box query returns a
// short list of id ranges. Nodes are written children-first (children at lower
// offsets), so a reader can never loop on a corrupt file.
//
// Node: minLat, minLon, maxLat, maxLon (i32), first id, end id (u32), child
// count (u8), child offsets (u32 each). Section header: root offset, node count.
import GeoBase

enum QuadtreeBuilder {
    static let leafCapacity = 32

    static func build(keys: [UInt32], points: [FixedCoordinate]) -> [UInt8] {
        var w = ByteWriter()
        w.u32(0)
        w.u32(0)
        w.u64(0)
        var count = 0
        let root = points.isEmpty ? emptyRoot(&w) : node(0, keys.count, level: 0, keys, points, &w, &count)
        w.patchU32(UInt32(root), at: 0)
        w.patchU32(UInt32(count), at: 4)
        return w.bytes
    }

    private static func emptyRoot(_ w: inout ByteWriter) -> Int {
        let o = w.count
        for _ in 0..<6 { w.u32(0) }
        w.u8(0)
        return o
    }

    private static func node(_ a: Int, _ b: Int, level: Int, _ keys: [UInt32], _ points: [FixedCoordinate],
                             _ w: inout ByteWriter, _ count: inout Int) -> Int {
        var children: [Int] = []
        if b - a > leafCapacity && level < 16 {
            let shift = UInt32(30 - 2 * level)
            var s = a
            while s < b {
                let quad = (keys[s] >> shift) & 3
                var e = s + 1
                while e < b && (keys[e] >> shift) & 3 == quad { e += 1 }
                children.append(node(s, e, level: level + 1, keys, points, &w, &count))
                s = e
            }
            // One child holding everything: no need for this level.
            if children.count == 1 { return children[0] }
        }
        var box = FixedBoundingBox.empty
        for p in points[a..<b] { box.extend(p) }
        let offset = w.count
        w.i32(box.minLat)
        w.i32(box.minLon)
        w.i32(box.maxLat)
        w.i32(box.maxLon)
        w.u32(UInt32(a))
        w.u32(UInt32(b))
        w.u8(UInt8(children.count))
        for c in children { w.u32(UInt32(c)) }
        count += 1
        return offset
    }
}

/// Box queries over the quadtree section.
public struct QuadtreeReader: Sendable {
    let view: ByteView
    let landmarkCount: Int

    /// Id ranges whose cells intersect `box` (merged where adjacent). Ranges may
    /// contain landmarks outside the box; callers filter by point.
    public func ranges(intersecting box: FixedBoundingBox) -> [Range<UInt32>] {
        var out: [Range<UInt32>] = []
        let root = Int(view.u32(0))
        var stack: [(offset: Int, bound: Int)] = [(root, view.count)]
        var steps = 0
        while let (o, bound) = stack.popLast() {
            steps += 1
            // Each node must lie below its parent; otherwise the file is corrupt: stop there.
            guard o >= 16, o < bound, view.contains(o, 25), steps < 4 * max(landmarkCount, 1) + 64 else { continue }
            let nb = FixedBoundingBox(minLon: view.i32(o + 4), minLat: view.i32(o), maxLon: view.i32(o + 12), maxLat: view.i32(o + 8))
            if nb.isEmpty || nb.minLat > box.maxLat || nb.maxLat < box.minLat || nb.minLon > box.maxLon || nb.maxLon < box.minLon { continue }
            let first = min(view.u32(o + 16), UInt32(landmarkCount))
            let end = min(max(first, view.u32(o + 20)), UInt32(landmarkCount))
            let n = Int(view.u8(o + 24))
            let inside = nb.minLat >= box.minLat && nb.maxLat <= box.maxLat && nb.minLon >= box.minLon && nb.maxLon <= box.maxLon
            if n == 0 || inside {
                if first < end { out.append(first..<end) }
                continue
            }
            // Push in reverse so ranges come out ascending.
            for i in stride(from: n - 1, through: 0, by: -1) {
                stack.append((Int(view.u32(o + 25 + 4 * i)), o))
            }
        }
        out.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<UInt32>] = []
        for r in out {
            if let last = merged.last, r.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        return merged
    }
}
