// How a route search uses the routing overlay: arriving over a cell border
// into a cell that holds no source and no target, it takes the highest level
// whose cell still holds none and steps straight to each of that cell's exits
// with the prepared weight, instead of walking the cell's streets (the CRP /
// MLD query). Cells with an end in them are searched street by street, so
// the search starts and ends exactly as it does without an overlay, and so
// are cells whose weights are not to be trusted (they list no entries).
import GeoBase
import GeoRoads

enum OverlayQuery {
    /// The level at which to cross the cell that the edge `tail`→`head` enters: 0 when it stays in one leaf
    /// or enters a leaf holding an end (walk the streets), else the highest level whose cell around `head`
    /// holds none of `endpoints` (leaf cells) and whose border the edge crosses.
    @inline(__always) static func level(_ o: RouteOverlay, tail: Int, head: Int, endpoints: [Int]) -> Int {
        let h = o.leaf(head)
        var level = o.splitLevel(o.leaf(tail), h)
        for x in endpoints where level > 0 { level = min(level, o.splitLevel(h, x)) }
        // A cell listing no entries has no weights to trust (a composed overlay's cell that the merge of
        // regions changed, OverlayComposer): cross the largest one below it that has, or walk.
        while level > 0 && o.boundaries(level: level, cell: o.cell(leaf: h, level: level), exits: false).isEmpty { level -= 1 }
        return level
    }

    /// Relaxes every exit of the level-`level` cell entered by `entering` (arrived at node `at` with `cost`,
    /// label `state`): the states of those exits' edges, marked as overlay steps of that level. `block` is
    /// the mode's weights, `bound` the search's potential; exits dearer than `best` are left out.
    static func crossCell(_ o: RouteOverlay, block: Int, level: Int, entering: DirectedEdge, at node: Int, cost: Double,
                          best: Double, graph: RoadGraph, space: inout SearchSpace, state: Int,
                          bound: StraightLineBound) {
        guard let b = o.boundary(of: entering) else { return }
        o.forEachExit(level: level, cell: o.cell(leaf: o.leaf(node), level: level), from: b, block: block) { exit, w, _ in
            let c = cost + Double(w)
            guard c < best else { return }
            let d = o.directedEdge(ofBoundary: exit)
            let e = graph.edge(Int(d >> 1))
            let head = d & 1 == 1 ? e.from : e.to
            space.relax(Int(d), cost: c, key: c + bound.cost(from: graph.coordinate(ofNode: head)), via: Int32(truncatingIfNeeded: state), arc: UInt8(level))
        }
    }
}
