// The nested partition under the routing overlay: the graph's nodes cut in
// two again and again, each time across the straight line (of four
// directions: north–south, east–west and the two diagonals, anywhere between
// 40 % and 60 % of the nodes) that the fewest edges cross, down to leaf cells
// of about `leafSize` nodes. Every leaf is the same number of cuts deep, so a
// level-ℓ cell is simply the leaf number shifted right (RouteOverlay.cell). Real road networks have few roads
// across such a line (a river, a ridge, the countryside between towns), which
// is what makes the overlay small and fast; a plain grid is the worst case.
// Nodes along a via-way turn restriction are kept in one leaf, so a path that
// crosses a cell border never carries a restriction's progress with it.
import Foundation
import GeoBase
import GeoRoads

public enum OverlayPartition {
    /// Nodes per leaf cell, about, for a graph of `nodeCount` nodes. Before the overlay stored its paths,
    /// a step across a cell was unpacked by a search inside each leaf it crossed, and leaves of 256 nodes
    /// made routes on the 20-town bench network (57 k nodes) 1.5× and tables 2× faster than leaves of 512,
    /// for an overlay of 21 % of the graph section instead of 12 %. With stored paths (34 % at 256), 128
    /// was about 6 % faster still but needs 65 %, over the half of the graph an overlay may take. A smaller graph's routes cross few leaves: on
    /// Liechtenstein (6 k nodes) 256 was no faster than 512 and grew the overlay from 53 % to 76 % of the
    /// graph, so graphs under 8 192 nodes keep 512 (whose larger leaves hold a village or a town's
    /// centre whole). OSRM's MLD: 128 edge-based nodes, about 64 junctions, in its smallest cells.
    public static func leafSize(nodeCount: Int) -> Int {
        nodeCount < 8_192 ? 512 : 256
    }
    /// Bits of the cell number a level adds: each cell holds 16 cells of the level below.
    static let bitsPerLevel = 4

    struct Shape: Equatable {
        var levels: Int, bitsPerLevel: Int, leafBits: Int
    }

    /// The partition's shape for a graph of `nodeCount` nodes (nil when too small to gain from one).
    static func shape(nodeCount: Int, leafSize: Int) -> Shape? {
        guard leafSize >= 2, nodeCount >= 4 * leafSize else { return nil }
        let leafBits = min(24, Int(ceil(log2(Double(nodeCount) / Double(leafSize)))))
        return Shape(levels: (leafBits - 1) / bitsPerLevel + 1, bitsPerLevel: bitsPerLevel, leafBits: leafBits)
    }

    /// The leaf cell of every node.
    static func leaves(of graph: RoadGraph, leafBits: Int) -> [UInt32] {
        let n = graph.nodeCount
        // Flat coordinates (east, north) in 1e-7° scaled by the latitude's cosine.
        var x = [Double](repeating: 0, count: n), y = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let c = graph.coordinate(ofNode: i)
            y[i] = Double(c.lat)
            x[i] = Double(c.lon) * cos(Double(c.lat) * 1e-7 * .pi / 180)
        }
        var order = Array(0..<n)
        var segment = [Int32](repeating: 0, count: n)
        var leaf = [UInt32](repeating: 0, count: n)
        var ranges: [(range: Range<Int>, prefix: UInt32)] = [(0..<n, 0)]
        var nextSegment: Int32 = 1
        var mark = [Int32](repeating: 0, count: n), stamp: Int32 = 0
        for _ in 0..<leafBits {
            var next: [(range: Range<Int>, prefix: UInt32)] = []
            for (range, prefix) in ranges {
                let mid = bisect(&order, range, graph, x, y, segment, &mark, &stamp)
                for k in range.lowerBound..<mid { segment[order[k]] = nextSegment }
                for k in mid..<range.upperBound { segment[order[k]] = nextSegment + 1 }
                nextSegment += 2
                next.append((range.lowerBound..<mid, prefix << 1))
                next.append((mid..<range.upperBound, prefix << 1 | 1))
            }
            ranges = next
        }
        for (range, prefix) in ranges { for k in range { leaf[order[k]] = prefix } }
        keepRestrictionsWhole(graph, &leaf)
        return leaf
    }

    /// Orders `order[range]` along the best of four directions and returns where it splits: of every split
    /// point leaving 40–60 % on each side, the one that the fewest edges cross.
    private static func bisect(_ order: inout [Int], _ range: Range<Int>, _ graph: RoadGraph, _ x: [Double], _ y: [Double],
                               _ segment: [Int32], _ mark: inout [Int32], _ stamp: inout Int32) -> Int {
        let n = range.count
        guard n >= 2 else { return range.lowerBound + n / 2 }
        let directions: [(Double, Double)] = [(1, 0), (0, 1), (0.7071, 0.7071), (0.7071, -0.7071)]
        let own = segment[order[range.lowerBound]]
        let window = max(1, n * 2 / 5)...max(1, min(n - 1, n - n * 2 / 5))
        var best: (cut: Int, at: Int, order: ArraySlice<Int>)?
        for (dx, dy) in directions {
            var slice = order[range]
            slice.sort { x[$0] * dx + y[$0] * dy < x[$1] * dx + y[$1] * dy }
            // Sweep: move the nodes one by one to the first side, keeping count of the edges between the sides.
            stamp += 1
            var cut = 0
            for k in 0..<(n - 1) {
                let v = slice[slice.startIndex + k]
                mark[v] = stamp
                graph.forEachAdjacent(v) { e, reversed in
                    let ed = graph.edge(e)
                    let b = reversed ? ed.from : ed.to
                    guard b != v, segment[b] == own else { return }
                    cut += mark[b] == stamp ? -1 : 1
                }
                let size = k + 1
                guard window.contains(size) else { continue }
                if best == nil || cut < best!.cut || (cut == best!.cut && abs(2 * size - n) < abs(2 * best!.at - n)) {
                    best = (cut, size, slice)
                }
            }
        }
        guard let best else { return range.lowerBound + n / 2 }
        order.replaceSubrange(range, with: best.order)
        return range.lowerBound + best.at
    }

    /// Puts every node on a via-way restriction's middle edges in the leaf of the first such node, so
    /// that no edge a restriction's progress is remembered on crosses a border.
    private static func keepRestrictionsWhole(_ graph: RoadGraph, _ leaf: inout [UInt32]) {
        var parent: [Int: Int] = [:]
        func root(_ a: Int) -> Int {
            var r = a
            while let p = parent[r], p != r { r = p }
            var c = a
            while let p = parent[c], p != r { parent[c] = r; c = p }
            return r
        }
        func join(_ a: Int, _ b: Int) {
            let ra = root(a), rb = root(b)
            if parent[ra] == nil { parent[ra] = ra }
            if parent[rb] == nil { parent[rb] = rb }
            if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
        }
        for r in graph.turnRestrictions where r.edges.count >= 3 {
            for d in r.edges[1..<(r.edges.count - 1)] {
                let e = graph.edge(Int(d >> 1))
                join(e.from, e.to)
            }
        }
        for n in parent.keys { leaf[n] = leaf[root(n)] }
    }
}
