// The stored paths of the routing overlay's leaf cells (OVLY version 3, docs/FORMAT.md): per mode
// with weights, for each entry-to-exit weight of a leaf cell, the streets of that best path as one
// choice per node it passes — the position of the edge taken among the node's edges (the graph's
// adjacency order), four bits each. A step across a leaf is then unpacked by reading its path
// instead of searching the cell again, which was more than half of a long route's time. A path a
// nibble cannot say (a node with more than 16 edges), the paths of a cell whose search needs the
// states of a via-way restriction, and every path of a version-2 overlay are empty: those steps
// are searched as before. Paths read from the file are checked step by step against the graph;
// one that does not lead to its exit is treated as not stored.
import GeoBase

extension RouteOverlay {
    /// Bytes that `nibbles` four-bit choices take, padded to a multiple of four.
    public static func nibbleBytes(_ nibbles: Int) -> Int { (nibbles + 7) / 8 * 4 }

    /// Checks the stored paths of `modes` modes from byte `start` (per mode: `leafWeights + 1` monotone
    /// nibble starts from 0, then the nibbles); their byte offsets per mode and where they end.
    static func checkPaths(_ view: ByteView, at start: Int, modes: Int, leafWeights: Int) -> (starts: [Int], end: Int)? {
        var o = start, starts: [Int] = []
        for _ in 0..<modes {
            guard view.contains(o, 4 * (leafWeights + 1)), view.u32(o) == 0 else { return nil }
            var last: UInt32 = 0
            for k in 0..<leafWeights {
                let v = view.u32(o + 4 * (k + 1))
                guard v >= last else { return nil }
                last = v
            }
            starts.append(o)
            o += 4 * (leafWeights + 1) + RouteOverlay.nibbleBytes(Int(last))
            guard o <= view.count else { return nil }
        }
        return (starts, o)
    }

    /// Byte offset of `mode`'s stored paths, or nil when the overlay has none for it (version 2, or no weights).
    @inlinable public func pathBlock(_ mode: TravelMode) -> Int? {
        guard !pathsAt.isEmpty, modes.contains(mode) else { return nil }
        return pathsAt[TravelMode.allCases.filter { $0.rawValue < mode.rawValue && modes.contains($0) }.count]
    }

    /// The choices of the stored path of leaf weight `k` in the paths at byte `block`, first to last (empty:
    /// not stored).
    @inlinable public func storedPath(pathBlock block: Int, _ k: Int) -> [UInt8] {
        guard k >= 0, k < leafWeightCount else { return [] }
        let a = Int(view.u32(block + 4 * k)), b = Int(view.u32(block + 4 * k + 4))
        let nibbles = block + 4 * (leafWeightCount + 1)
        return (a..<b).map { i in
            let byte = view.u8(nibbles + i >> 1)
            return i & 1 == 0 ? byte & 15 : byte >> 4
        }
    }

    /// The stored-paths part of an overlay: `paths[mode rank][k]` the choices of leaf weight `k`.
    public static func pathsSection(_ paths: [[[UInt8]]], leafWeights: Int) -> [UInt8] {
        var w = ByteWriter()
        for mode in paths {
            precondition(mode.count == leafWeights, "one path per leaf weight")
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
