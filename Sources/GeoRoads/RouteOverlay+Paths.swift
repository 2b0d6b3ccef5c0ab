// The stored paths of the routing overlay's weights (OVLY version 3, docs/FORMAT.md): per mode
// with weights, for each entry-to-exit weight of a cell, the path it stands for, so that a step
// across a cell is unpacked by reading instead of searching the cell again (those searches were
// more than half of a long route's time). A leaf weight's path is its streets, one four-bit choice
// per node passed: the position of the edge taken among the node's edges (the graph's adjacency
// order). A higher weight's path is the cells one level down that it crosses, one byte (two
// nibbles, low first) per cell: the position of the exit taken among that cell's exits. A path
// that cannot be said so (a node with more than 16 edges, a cell with more than 256 exits), the
// paths of a leaf whose search needs the states of a via-way restriction, and every path of a
// version-2 overlay are empty: those steps are searched as before. Paths read from the file are
// checked step by step against the graph and the cells; one that does not lead to its exit is
// treated as not stored.
import GeoBase

extension RouteOverlay {
    /// Bytes that `nibbles` four-bit choices take, padded to a multiple of four.
    public static func nibbleBytes(_ nibbles: Int) -> Int { (nibbles + 7) / 8 * 4 }

    /// Checks the stored paths of `modes` modes from byte `start` (per mode: `weights + 1` monotone
    /// nibble starts from 0, then the nibbles); their byte offsets per mode and where they end.
    static func checkPaths(_ view: ByteView, at start: Int, modes: Int, weights: Int) -> (starts: [Int], end: Int)? {
        var o = start, starts: [Int] = []
        for _ in 0..<modes {
            guard view.contains(o, 4 * (weights + 1)), view.u32(o) == 0 else { return nil }
            var last: UInt32 = 0
            for k in 0..<weights {
                let v = view.u32(o + 4 * (k + 1))
                guard v >= last else { return nil }
                last = v
            }
            starts.append(o)
            o += 4 * (weights + 1) + RouteOverlay.nibbleBytes(Int(last))
            guard o <= view.count else { return nil }
        }
        return (starts, o)
    }

    /// Byte offset of `mode`'s stored paths, or nil when the overlay has none for it (version 2, or no weights).
    @inlinable public func pathBlock(_ mode: TravelMode) -> Int? {
        guard !pathsAt.isEmpty, modes.contains(mode) else { return nil }
        return pathsAt[TravelMode.allCases.filter { $0.rawValue < mode.rawValue && modes.contains($0) }.count]
    }

    /// The nibbles of the stored path of weight `k` in the paths at byte `block`, first to last (empty: not
    /// stored). A leaf weight's are its choices; a higher one's come in pairs (`cellChoices`).
    @inlinable public func storedPath(pathBlock block: Int, _ k: Int) -> [UInt8] {
        guard k >= 0, k < weightCount else { return [] }
        let a = Int(view.u32(block + 4 * k)), b = Int(view.u32(block + 4 * k + 4))
        let nibbles = block + 4 * (weightCount + 1)
        return (a..<b).map { i in
            let byte = view.u8(nibbles + i >> 1)
            return i & 1 == 0 ? byte & 15 : byte >> 4
        }
    }

    /// The stored-paths part of an overlay: `paths[mode rank][k]` the nibbles of weight `k`.
    public static func pathsSection(_ paths: [[[UInt8]]], weights: Int) -> [UInt8] {
        var w = ByteWriter()
        for mode in paths {
            precondition(mode.count == weights, "one path per weight")
            var start: UInt32 = 0
            w.u32(0)
            for p in mode { start += UInt32(p.count); w.u32(start) }
            var packed = [UInt8](repeating: 0, count: nibbleBytes(Int(start)))
            var i = 0
            for p in mode {
                for c in p {
                    packed[i >> 1] |= (c & 15) << (i & 1 == 0 ? 0 : 4)
                    i += 1
                }
            }
            for b in packed { w.u8(b) }
        }
        return w.bytes
    }
}

extension RouteOverlay {
    /// The nibbles that say a step across a level-`level` cell (level ≥ 2) of `graph`'s overlay, entered by boundary `from`, as
    /// `chain`, the boundaries passed one level down (each an exit of the cell entered by the one before,
    /// the last the step's exit); nil when one is not such an exit, or beyond 256 of them.
    public func cellChoices(_ chain: [Int], from: Int, level: Int, in graph: RoadGraph) -> [UInt8]? {
        var at = from, out: [UInt8] = []
        for b in chain {
            let sub = cell(leaf: leaf(graph.head(directedEdge(ofBoundary: at))), level: level - 1)
            guard let k = position(of: b, level: level - 1, cell: sub, exits: true), k < 256 else { return nil }
            out += [UInt8(k & 15), UInt8(k >> 4)]
            at = b
        }
        return out
    }

    /// The boundaries that `nibbles` (from `cellChoices`) pass after `from`, or nil when they do not fit the
    /// cells or do not end with boundary `to`.
    public func cellChain(_ nibbles: [UInt8], from: Int, to: Int, level: Int, in graph: RoadGraph) -> [Int]? {
        guard level >= 2, nibbles.count % 2 == 0 else { return nil }
        var at = from, out: [Int] = []
        out.reserveCapacity(nibbles.count / 2)
        for i in stride(from: 0, to: nibbles.count, by: 2) {
            let k = Int(nibbles[i]) | Int(nibbles[i + 1]) << 4
            let sub = cell(leaf: leaf(graph.head(directedEdge(ofBoundary: at))), level: level - 1)
            let exits = boundaries(level: level - 1, cell: sub, exits: true)
            guard k < exits.count else { return nil }
            at = item(level: level - 1, exits: true, exits.lowerBound + k)
            out.append(at)
        }
        return out.last == to ? out : nil
    }
}

/// A leaf path as choices among each node's edges, and back.
public enum OverlayPathCode {
    /// The choices that say `path` (the directed edges after `start`, each leaving where the one before it
    /// arrives), or nil when one of them is not among the first 16 edges of its node.
    public static func encode(_ path: [DirectedEdge], after start: DirectedEdge, in graph: RoadGraph) -> [UInt8]? {
        var at = graph.head(start), out: [UInt8] = []
        out.reserveCapacity(path.count)
        for d in path {
            guard let k = graph.slot(of: d, at: at), k < 16 else { return nil }
            out.append(UInt8(k))
            at = graph.head(d)
        }
        return out
    }

    /// The directed edges that `choices` take after `start`, or nil when they do not fit the graph or do
    /// not end with `exit`.
    public static func decode(_ choices: [UInt8], after start: DirectedEdge, to exit: DirectedEdge,
                              in graph: RoadGraph) -> [DirectedEdge]? {
        var at = graph.head(start), out: [DirectedEdge] = []
        out.reserveCapacity(choices.count)
        for c in choices {
            guard let d = graph.adjacent(at, slot: Int(c)) else { return nil }
            out.append(d)
            at = graph.head(d)
        }
        return out.last == exit ? out : nil
    }
}

extension RoadGraph {
    /// The node directed edge `d` arrives at.
    @inlinable @inline(__always) public func head(_ d: DirectedEdge) -> Int {
        let e = edge(Int(d >> 1))
        return d & 1 == 1 ? e.from : e.to
    }

    /// The directed edge leaving node `n` at position `k` of its edges, or nil outside them.
    @inlinable public func adjacent(_ n: Int, slot k: Int) -> DirectedEdge? {
        guard n >= 0, n < layout.nodeCount, k >= 0 else { return nil }
        let a = Int(view.u32(adjStartAt + n * 4)), b = Int(view.u32(adjStartAt + n * 4 + 4))
        guard a + k < b, b <= layout.edgeCount * 2 else { return nil }
        let v = view.u32(adjAt + (a + k) * 4)
        return Int(v >> 1) < layout.edgeCount ? v : nil
    }

    /// The position of directed edge `d` among the edges leaving node `n`, or nil when it does not leave `n`.
    public func slot(of d: DirectedEdge, at n: Int) -> Int? {
        var k = 0, found: Int?
        forEachAdjacent(n) { e, reversed in
            if found == nil, DirectedEdge(e) << 1 | (reversed ? 1 : 0) == d { found = k }
            k += 1
        }
        return found
    }
}
