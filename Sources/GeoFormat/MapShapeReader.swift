// Reads the SHPS section: map shapes in Hilbert order under a packed R-tree
// of 16-way nodes whose shape follows from the shape count alone (no offsets
// in the file, so a corrupt section cannot make a walk loop or revisit a
// shape). A box query descends into the nodes whose box meets it and whose
// largest shape is not too small for the view, then reads the leaf's records
// one after another. Every read is bounds-checked through ByteView: a corrupt
// section gives wrong or missing shapes, never a crash. Layout: docs/FORMAT.md.
import GeoBase

/// Sizes of the SHPS layout, shared by the writer, the reader and the check.
enum MapShapeFormat {
    static let headerSize = 128
    /// Children per tree node, and shapes per leaf.
    static let fanout = 16
    /// i32 min lat, min lon, max lat, max lon, u32 largest span below.
    static let nodeSize = 20
    /// i32 min lat, min lon, max lat, max lon.
    static let boxSize = 16
    /// Record flag byte: bits 0–3 the layer, bit 4 a name follows; the other bits are zero.
    static let layerMask: UInt8 = 0x0F
    static let hasName: UInt8 = 0x10

    /// Node counts per tree level, the leaves (one per 16 shapes) first and the root last;
    /// empty when there is no shape.
    static func levelCounts(shapes: Int) -> [Int] {
        var out: [Int] = []
        var c = shapes
        while c > 1 || (out.isEmpty && c == 1) {
            c = (c + fanout - 1) / fanout
            out.append(c)
        }
        return out
    }

    /// The tree over `boxes` (the shapes' boxes in file order), level by level from the leaves
    /// up: each node's box and the largest span below it. The writer writes these nodes and the
    /// check compares the file's with them, so the two cannot disagree about the tree.
    static func treeLevels(over boxes: [FixedBoundingBox]) -> [[(box: FixedBoundingBox, span: Int64)]] {
        var below: [(box: FixedBoundingBox, span: Int64)] = boxes.map { ($0, span($0)) }
        var levels: [[(box: FixedBoundingBox, span: Int64)]] = []
        for c in levelCounts(shapes: boxes.count) {
            var level: [(box: FixedBoundingBox, span: Int64)] = []
            level.reserveCapacity(c)
            for j in 0..<c {
                var box = FixedBoundingBox.empty
                var largest: Int64 = 0
                for (b, s) in below[(j * fanout)..<min((j + 1) * fanout, below.count)] {
                    box.extend(b)
                    largest = max(largest, s)
                }
                level.append((box, largest))
            }
            levels.append(level)
            below = level
        }
        return levels
    }

    /// The larger side of a box in 1e-7° (what `minimumSpan` compares with).
    @inline(__always) static func span(_ b: FixedBoundingBox) -> Int64 {
        max(Int64(b.maxLat) - Int64(b.minLat), Int64(b.maxLon) - Int64(b.minLon))
    }
}

public struct MapShapeReader: Sendable {
    let view: ByteView
    /// Keeps the mapping of `view` alive (the index's MappedFile).
    let owner: (any Sendable & AnyObject)?
    public let count: Int
    let kindCount: Int
    /// Node counts per level (leaves first) and the index of each level's first node.
    let levels: [Int]
    let levelStarts: [Int]
    let nodes: ByteView
    let boxes: ByteView
    let leafOffsets: ByteView
    let kindOffsets: ByteView
    let kindBlob: ByteView
    let records: ByteView

    /// The section in `view`; nil when its counts and its length disagree.
    package init?(view: ByteView, owner: (any Sendable & AnyObject)? = nil) {
        guard view.count >= MapShapeFormat.headerSize else { return nil }
        let n = Int(view.u32(0)), kinds = Int(view.u32(4)), blob = Int(view.u32(8)), nodeCount = Int(view.u32(12))
        let recordsLength = view.u64(16)
        guard recordsLength <= UInt64(view.count) else { return nil }
        let levels = MapShapeFormat.levelCounts(shapes: n)
        guard nodeCount == levels.reduce(0, +) else { return nil }
        var starts: [Int] = []
        var s = 0
        for c in levels {
            starts.append(s)
            s += c
        }
        let leaves = levels.first ?? 0
        var o = MapShapeFormat.headerSize
        func take(_ length: Int) -> ByteView {
            defer { o += length }
            return view.slice(o, length)
        }
        let nodes = take(nodeCount * MapShapeFormat.nodeSize)
        let boxes = take(n * MapShapeFormat.boxSize)
        let leafOffsets = take((leaves + 1) * 8)
        let kindOffsets = take(kinds * 4)
        let kindBlob = take(blob)
        let records = take(Int(recordsLength))
        guard o == view.count else { return nil }
        self.view = view
        self.owner = owner
        count = n
        kindCount = kinds
        self.levels = levels
        levelStarts = starts
        self.nodes = nodes
        self.boxes = boxes
        self.leafOffsets = leafOffsets
        self.kindOffsets = kindOffsets
        self.kindBlob = kindBlob
        self.records = records
    }

    /// Shapes whose bbox intersects `box`, skipping those whose bbox is smaller than `minimumSpan`
    /// (1e-7° units) on both axes (zoomed-out views leave out buildings); each shape at most once,
    /// in the file's (Hilbert) order.
    public func forEach(in box: FixedBoundingBox, minimumSpan: Int32 = 0, _ body: (MapShape) -> Void) {
        guard count > 0, !levels.isEmpty else { return }
        let minSpan = Int64(minimumSpan)
        // (level, node) pairs; the tree is implicit, so every node is reached from one parent only.
        var stack: [(Int, Int)] = [(levels.count - 1, 0)]
        while let (level, j) = stack.popLast() {
            let o = (levelStarts[level] + j) * MapShapeFormat.nodeSize
            guard box.intersects(nodeBox(o)), Int64(nodes.u32(o + 16)) >= minSpan else { continue }
            if level == 0 {
                visitLeaf(j) { s, record in
                    let b = shapeBox(s)
                    guard box.intersects(b), MapShapeFormat.span(b) >= minSpan else { return true }
                    if let shape = decode(record, box: b) { body(shape) }
                    return true
                }
                continue
            }
            let first = j * MapShapeFormat.fanout, end = min(first + MapShapeFormat.fanout, levels[level - 1])
            guard first < end else { continue }
            for c in stride(from: end - 1, through: first, by: -1) { stack.append((level - 1, c)) }
        }
    }

    /// Every shape, in file order, read record after record without the tree (for checks and
    /// tests: what a box query must agree with).
    package func forEachShape(_ body: (MapShape) -> Void) {
        for leaf in 0..<(levels.first ?? 0) {
            visitLeaf(leaf) { s, record in
                if let shape = decode(record, box: shapeBox(s)) { body(shape) }
                return true
            }
        }
    }

    /// Shapes per layer, as the header counts them.
    package var layerCounts: [Int] { (0..<8).map { Int(view.u32(24 + 4 * $0)) } }

    /// Record bytes per layer, as the header counts them.
    package var layerBytes: [Int] { (0..<8).map { Int(truncatingIfNeeded: view.u64(56 + 8 * $0)) } }

    // MARK: parts

    @inline(__always) func nodeBox(_ o: Int) -> FixedBoundingBox {
        FixedBoundingBox(minLon: nodes.i32(o + 4), minLat: nodes.i32(o), maxLon: nodes.i32(o + 12), maxLat: nodes.i32(o + 8))
    }

    @inline(__always) func shapeBox(_ s: Int) -> FixedBoundingBox {
        let o = s * MapShapeFormat.boxSize
        return FixedBoundingBox(minLon: boxes.i32(o + 4), minLat: boxes.i32(o), maxLon: boxes.i32(o + 12), maxLat: boxes.i32(o + 8))
    }

    /// Where leaf `j`'s records start and end in `records`; nil when the offsets are unusable.
    func leafRange(_ j: Int) -> Range<Int>? {
        let a = leafOffsets.u64(j * 8), b = leafOffsets.u64((j + 1) * 8)
        guard a <= b, b <= UInt64(records.count) else { return nil }
        return Int(a)..<Int(b)
    }

    /// Calls `body(shape, record)` for the shapes of leaf `j` in order until it returns false; stops
    /// early where a record runs past its leaf.
    func visitLeaf(_ j: Int, _ body: (Int, ByteView) -> Bool) {
        guard let range = leafRange(j) else { return }
        var o = range.lowerBound
        let first = j * MapShapeFormat.fanout
        for s in first..<min(first + MapShapeFormat.fanout, count) {
            guard let len = records.varint(&o, limit: range.upperBound), len <= range.upperBound - o else { return }
            if !body(s, records.slice(o, len)) { return }
            o += len
        }
    }

    /// Kind `k` of the kind table, nil when out of range or unreadable.
    func kind(_ k: Int) -> String? {
        guard k >= 0, k < kindCount else { return nil }
        var o = Int(kindOffsets.u32(k * 4))
        return kindBlob.string(&o)
    }

    /// One record; nil when it is malformed (the query then skips it).
    func decode(_ r: ByteView, box: FixedBoundingBox) -> MapShape? {
        guard r.count > 0, kindCount > 0 else { return nil }
        let head = r.u8(0)
        guard head & ~(MapShapeFormat.layerMask | MapShapeFormat.hasName) == 0,
              let layer = MapLayer(rawValue: head & MapShapeFormat.layerMask) else { return nil }
        var o = 1
        guard let k = r.varint(&o, limit: kindCount - 1), let kind = kind(k) else { return nil }
        var name: String?
        if head & MapShapeFormat.hasName != 0 {
            guard let s = r.string(&o) else { return nil }
            name = s
        }
        guard let ringCount = r.varint(&o, limit: r.count), ringCount >= 1, layer.isArea || ringCount == 1 else { return nil }
        let minPoints = layer.isArea ? 3 : 2
        var lat = Int64(box.minLat), lon = Int64(box.minLon)
        var rings: [[FixedCoordinate]] = []
        rings.reserveCapacity(ringCount)
        for _ in 0..<ringCount {
            // Every point takes at least two bytes: a count beyond that is corrupt, never allocated.
            guard let k = r.varint(&o, limit: (r.count - o) / 2), k >= minPoints else { return nil }
            var ring: [FixedCoordinate] = []
            ring.reserveCapacity(k + 1)
            for _ in 0..<k {
                guard let dLat = r.svarint(&o), let dLon = r.svarint(&o) else { return nil }
                lat &+= dLat
                lon &+= dLon
                ring.append(FixedCoordinate(lat: Int32(truncatingIfNeeded: lat), lon: Int32(truncatingIfNeeded: lon)))
            }
            if layer.isArea { ring.append(ring[0]) }
            rings.append(ring)
        }
        guard o == r.count else { return nil }
        return MapShape(layer: layer, kind: kind, name: name, rings: rings, bbox: box)
    }
}
