// The routing overlay of a road graph, as the index stores it (section OVLY,
// docs/FORMAT.md): a nested partition of the graph's nodes into cells (a
// multi-level partition, as OSRM's MLD and CRP have it) and, per level, per
// cell and per travel mode, the cost of the best path inside the cell from
// each of its entries to each of its exits, and that path's seconds and metres
// (what a distance table reports without unpacking the path). Entries and exits are the edges
// that cross cell borders, as directed edges: a way out of one cell is a way
// into the next. A long route then crosses whole cells in one step each
// instead of searching every street inside them. This file only reads and
// checks the bytes (never trusting them: every array is bounds-checked once
// here, every read by ByteView); the routing target builds and uses them.
// Version 3 adds each weight's stored path (RouteOverlay+Paths.swift).
import GeoBase

public struct RouteOverlay: Sendable {
    /// Version 2 added each weight's seconds and metres (version 1 had the weights only); version 3 each
    /// weight's stored path. Version 2 is still read: its steps are unpacked by searching their cells.
    public static let version: UInt32 = 3
    /// The versions this build reads.
    public static let readableVersions: [UInt32] = [2, 3]
    public static let headerSize = 64

    @usableFromInline let view: ByteView
    public let nodeCount: Int, edgeCount: Int
    /// Levels above the graph (1 = the smallest cells).
    public let levels: Int
    /// Bits of a leaf cell number per level: a level-ℓ cell is `leaf >> (bitsPerLevel·(ℓ-1))`.
    public let bitsPerLevel: Int
    /// Bits of a leaf (level-1) cell number: there are `1 << leafBits` leaf cells.
    public let leafBits: Int
    /// Edges that cross a leaf border, sorted; boundary number = 2·rank + (1 against the way).
    public let cutCount: Int
    /// The travel modes that have weights (TravelModes bits).
    public let modes: TravelModes
    /// Floats of weights per mode (and as many of seconds, and of metres).
    public let weightCount: Int
    @usableFromInline let leavesAt: Int, cutsAt: Int, weightsAt: Int
    /// Byte offset of each mode's stored paths (by rank among the modes with weights); empty in version 2.
    @usableFromInline let pathsAt: [Int]
    /// Per level: byte offsets of entry starts, entries, exit starts, exits, matrix starts.
    @usableFromInline let levelAt: [(entryStart: Int, entries: Int, exitStart: Int, exits: Int, matrixStart: Int)]

    /// The version an overlay's bytes say they have (nil when too short to say): a reader that finds
    /// another than `version` names both (IndexVerifier) and routes without the overlay.
    public static func storedVersion(_ view: ByteView) -> UInt32? {
        view.count >= 4 ? view.u32(0) : nil
    }

    /// The overlay in `view` for a graph of `nodeCount` nodes and `edgeCount` edges, or nil when the bytes
    /// are not a well-formed overlay of that graph, or of another version than `version` (then routes are
    /// searched without it).
    public init?(view: ByteView, nodeCount: Int, edgeCount: Int) {
        guard view.count >= RouteOverlay.headerSize, RouteOverlay.readableVersions.contains(view.u32(0)),
              Int(view.u32(4)) == nodeCount, Int(view.u32(8)) == edgeCount else { return nil }
        self.view = view
        self.nodeCount = nodeCount
        self.edgeCount = edgeCount
        levels = Int(view.u32(12)); bitsPerLevel = Int(view.u32(16)); leafBits = Int(view.u32(20))
        cutCount = Int(view.u32(24)); modes = TravelModes(rawValue: UInt8(truncatingIfNeeded: view.u32(28)) & 7)
        weightCount = Int(view.u32(32))
        guard levels >= 1, levels <= 8, bitsPerLevel >= 1, bitsPerLevel <= 8, leafBits >= 1, leafBits <= 24,
              bitsPerLevel * (levels - 1) < leafBits, cutCount <= edgeCount else { return nil }
        var o = RouteOverlay.headerSize
        leavesAt = o; o += 4 * nodeCount
        cutsAt = o; o += 4 * cutCount
        let leafLimit = UInt32(1) << UInt32(leafBits)
        guard view.contains(leavesAt, o - leavesAt) else { return nil }
        for n in 0..<nodeCount where view.u32(leavesAt + 4 * n) >= leafLimit { return nil }
        var previous = -1
        for k in 0..<cutCount {
            let e = Int(view.u32(cutsAt + 4 * k))
            guard e > previous, e < edgeCount else { return nil }
            previous = e
        }
        var table: [(Int, Int, Int, Int, Int)] = []
        let boundaries = UInt32(2 * cutCount)
        var floats = 0   // where this level's matrices start in a mode's block: after the levels below
        for level in 1...levels {
            let cells = 1 << (leafBits - bitsPerLevel * (level - 1))
            // Entry starts and entries, exit starts and exits: monotone starts, boundary numbers in range.
            func list(_ at: inout Int) -> (starts: Int, items: Int)? {
                let starts = at
                guard view.contains(starts, 4 * (cells + 1)), view.u32(starts) == 0 else { return nil }
                var last: UInt32 = 0
                for c in 1...cells {
                    let v = view.u32(starts + 4 * c)
                    guard v >= last else { return nil }
                    last = v
                }
                let items = starts + 4 * (cells + 1)
                guard last <= boundaries * 2, view.contains(items, 4 * Int(last)) else { return nil }
                for k in 0..<Int(last) where view.u32(items + 4 * k) >= boundaries { return nil }
                at = items + 4 * Int(last)
                return (starts, items)
            }
            guard let entries = list(&o), let exits = list(&o) else { return nil }
            let matrixStart = o
            guard view.contains(matrixStart, 4 * (cells + 1)), Int(view.u32(matrixStart)) == floats else { return nil }
            for c in 0..<cells {
                let n = Int(view.u32(entries.starts + 4 * c + 4)) - Int(view.u32(entries.starts + 4 * c))
                let m = Int(view.u32(exits.starts + 4 * c + 4)) - Int(view.u32(exits.starts + 4 * c))
                guard Int(view.u32(matrixStart + 4 * c + 4)) == Int(view.u32(matrixStart + 4 * c)) + n * m else { return nil }
            }
            o = matrixStart + 4 * (cells + 1)
            floats = Int(view.u32(matrixStart + 4 * cells))
            table.append((entries.starts, entries.items, exits.starts, exits.items, matrixStart))
            if level == levels { guard Int(view.u32(matrixStart + 4 * cells)) == weightCount else { return nil } }
        }
        levelAt = table.map { (entryStart: $0.0, entries: $0.1, exitStart: $0.2, exits: $0.3, matrixStart: $0.4) }
        // Level matrices follow one another in each mode's block: its weights, then their seconds, then metres.
        weightsAt = o
        let present = modes
        let modeCount = TravelMode.allCases.filter({ present.contains($0) }).count
        o += 4 * RouteOverlay.arraysPerMode * weightCount * modeCount
        if view.u32(0) == 2 {
            pathsAt = []
        } else {
            guard let paths = RouteOverlay.checkPaths(view, at: o, modes: modeCount, weights: weightCount) else { return nil }
            pathsAt = paths.starts
            o = paths.end
        }
        guard view.count == o else { return nil }
    }

    /// The leaf cell of node `n`.
    @inlinable @inline(__always) public func leaf(_ n: Int) -> Int { Int(view.u32(leavesAt + 4 * n)) }

    /// The level-`level` cell holding leaf `leaf`.
    @inlinable @inline(__always) public func cell(leaf: Int, level: Int) -> Int { leaf >> (bitsPerLevel * (level - 1)) }

    /// The highest level at which leaves `a` and `b` lie in different cells (0 when the same leaf).
    @inlinable @inline(__always) public func splitLevel(_ a: Int, _ b: Int) -> Int {
        RouteOverlay.splitLevel(a, b, levels: levels, bitsPerLevel: bitsPerLevel)
    }

    /// The same for an overlay of that shape (its builder asks before the bytes exist).
    @inlinable @inline(__always) public static func splitLevel(_ a: Int, _ b: Int, levels: Int, bitsPerLevel: Int) -> Int {
        let x = a ^ b
        guard x != 0 else { return 0 }
        return min(levels, (Int.bitWidth - 1 - x.leadingZeroBitCount) / bitsPerLevel + 1)
    }

    /// The boundary number of directed edge `d` (edge << 1 | against), or nil when the edge crosses no border.
    @inlinable public func boundary(of d: DirectedEdge) -> Int? {
        let e = UInt32(d >> 1)
        var lo = 0, hi = cutCount
        while lo < hi {
            let mid = (lo + hi) >> 1
            let v = view.u32(cutsAt + 4 * mid)
            if v == e { return 2 * mid + Int(d & 1) }
            if v < e { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// The directed edge of boundary `b`.
    @inlinable @inline(__always) public func directedEdge(ofBoundary b: Int) -> DirectedEdge {
        view.u32(cutsAt + 4 * (b >> 1)) << 1 | DirectedEdge(b & 1)
    }

    /// The boundaries entering (`exits` false) or leaving cell `cell` of `level`: a range into `item(_:)`.
    @inlinable public func boundaries(level: Int, cell: Int, exits: Bool) -> Range<Int> {
        let l = levelAt[level - 1]
        let s = exits ? l.exitStart : l.entryStart
        return Int(view.u32(s + 4 * cell))..<Int(view.u32(s + 4 * cell + 4))
    }

    /// Boundary number at position `k` of a level's entry (or exit) list.
    @inlinable @inline(__always) public func item(level: Int, exits: Bool, _ k: Int) -> Int {
        let l = levelAt[level - 1]
        return Int(view.u32((exits ? l.exits : l.entries) + 4 * k))
    }

    /// Position of boundary `b` among the entries (or exits) of a cell (lists are sorted), or nil.
    @inlinable public func position(of b: Int, level: Int, cell: Int, exits: Bool) -> Int? {
        let r = boundaries(level: level, cell: cell, exits: exits)
        var lo = r.lowerBound, hi = r.upperBound
        while lo < hi {
            let mid = (lo + hi) >> 1
            let v = item(level: level, exits: exits, mid)
            if v == b { return mid - r.lowerBound }
            if v < b { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// Calls `body` with each exit (boundary number) of cell `cell` of `level` that entering it by boundary
    /// `b` leads to, its weight in the mode's block at byte `block`, and the float index of that weight in
    /// the block (for `seconds` and `metres`); exits with no path are left out.
    @inlinable public func forEachExit(level: Int, cell: Int, from b: Int, block: Int, _ body: (Int, Float, Int) -> Void) {
        guard let i = position(of: b, level: level, cell: cell, exits: false) else { return }
        let exits = boundaries(level: level, cell: cell, exits: true)
        let row = matrixStart(level: level, cell: cell) + i * exits.count
        for j in 0..<exits.count {
            let w = weight(block: block, row + j)
            if w.isFinite { body(item(level: level, exits: true, exits.lowerBound + j), w, row + j) }
        }
    }

    /// The backward walk of `forEachExit`: calls `body` with each entry (boundary number) of cell `cell` of
    /// `level` from which leaving it by exit boundary `b` can be reached, the weight of that crossing and its
    /// float index in the block (the matrix read by column; entries with no path are left out). A search
    /// from the targets towards the sources (BackwardOverlaySearch) crosses cells this way.
    @inlinable public func forEachEntry(level: Int, cell: Int, to b: Int, block: Int, _ body: (Int, Float, Int) -> Void) {
        guard let j = position(of: b, level: level, cell: cell, exits: true) else { return }
        let entries = boundaries(level: level, cell: cell, exits: false)
        let m = boundaries(level: level, cell: cell, exits: true).count
        let start = matrixStart(level: level, cell: cell) + j
        for i in 0..<entries.count {
            let w = weight(block: block, start + i * m)
            if w.isFinite { body(item(level: level, exits: false, entries.lowerBound + i), w, start + i * m) }
        }
    }

    /// First float of a cell's matrix (rows: entries, columns: exits) within a mode's block.
    @inlinable @inline(__always) public func matrixStart(level: Int, cell: Int) -> Int {
        Int(view.u32(levelAt[level - 1].matrixStart + 4 * cell))
    }

    /// Float arrays per mode: weights, seconds, metres.
    public static let arraysPerMode = 3

    /// Byte offset of mode `mode`'s block (its weights, then their seconds and metres), or nil when the
    /// overlay has none for it.
    @inlinable public func weightBlock(_ mode: TravelMode) -> Int? {
        guard modes.contains(mode) else { return nil }
        let rank = TravelMode.allCases.filter { $0.rawValue < mode.rawValue && modes.contains($0) }.count
        return weightsAt + 4 * RouteOverlay.arraysPerMode * weightCount * rank
    }

    /// The weight at float `k` of a mode's block that starts at byte `block` (infinity: no path).
    @inlinable @inline(__always) public func weight(block: Int, _ k: Int) -> Float {
        Float(bitPattern: view.u32(block + 4 * k))
    }

    /// Seconds of travel (turns included, no price of restricted roads) along the path of weight `k`.
    @inlinable @inline(__always) public func seconds(block: Int, _ k: Int) -> Float {
        Float(bitPattern: view.u32(block + 4 * (weightCount + k)))
    }

    /// Metres of the path of weight `k`.
    @inlinable @inline(__always) public func metres(block: Int, _ k: Int) -> Float {
        Float(bitPattern: view.u32(block + 4 * (2 * weightCount + k)))
    }
}
