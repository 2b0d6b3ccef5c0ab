// Searches confined to one cell of the routing overlay, from one of its
// entries: what the overlay's weights are made of at build time (the best
// cost from the entry to each exit, and that path's seconds and metres) and,
// at query time, how a step across a cell is turned back into the streets it
// stands for (the best path from the entry to one exit). In a leaf cell the search runs on the graph's directed
// edges with the router's whole turn model (restrictions, U-turns only where
// the road ends, turn times, barriers, the price of roads for local access
// only: TurnSearch's rules, so an overlay step costs exactly what the plain
// search would pay); in a higher cell it runs on the weights of the cells one
// level down.
import Foundation
import GeoBase
import GeoRoads

struct OverlayCellSearch {
    let rules: TraversalRules
    let costs: TurnCosts
    let overlay: RouteOverlay
    /// Byte offset of the mode's weights in the overlay, and of its leaves' stored paths (nil: none).
    let block: Int, pathBlock: Int?
    private let turns: TurnTable
    private let stateBase: Int
    private var space = SearchSpace()
    /// Per exit of the cell searched: best cost found, and the state (or boundary) it was reached from.
    private(set) var found: [Double] = []
    private var foundVia: [Int32] = []
    /// Per exit: seconds (turns included, no prices) and metres of the path of cost `found`.
    private(set) var foundSeconds: [Double] = []
    private(set) var foundMetres: [Double] = []
    /// Metres of each label's path, by label index (the labels carry the cost and, as `distance`, the seconds).
    private var metres: [Double] = []
    private var exits = TurnCosts.Exits()

    init?(graph: RoadGraph, overlay: RouteOverlay, mode: TravelMode) {
        guard let block = overlay.weightBlock(mode) else { return nil }
        rules = TraversalRules(graph: graph, mode: mode, type: .fastest)
        costs = TurnCosts(rules: rules)
        self.overlay = overlay
        self.block = block
        pathBlock = overlay.pathBlock(mode)
        turns = graph.turns(mode)
        stateBase = 2 * graph.edgeCount
    }

    /// Tail and head nodes of a directed edge.
    @inline(__always) func ends(_ d: DirectedEdge) -> (tail: Int, head: Int) {
        let e = rules.graph.edge(Int(d >> 1))
        return d & 1 == 1 ? (e.to, e.from) : (e.from, e.to)
    }

    /// Fills `found` with the best cost from entering cell `cell` of `level` by boundary `b` to each of the
    /// cell's exits (infinity where none); with `target`, stops once that exit's cost is final.
    mutating func search(from b: Int, level: Int, cell: Int, target: Int? = nil) {
        let exits = overlay.boundaries(level: level, cell: cell, exits: true)
        found = [Double](repeating: .infinity, count: exits.count)
        foundVia = [Int32](repeating: -1, count: exits.count)
        foundSeconds = [Double](repeating: .infinity, count: exits.count)
        foundMetres = [Double](repeating: .infinity, count: exits.count)
        space.reset()
        if level == 1 {
            searchLeaf(from: overlay.directedEdge(ofBoundary: b), cell: cell, target: target)
        } else {
            searchCells(from: b, level: level, cell: cell, target: target)
        }
    }

    @inline(__always) private func edge(ofState s: Int) -> DirectedEdge {
        s < stateBase ? DirectedEdge(s) : turns.prefixes[s - stateBase].last!
    }

    /// Keeps `m` as the metres of the label at index `i` (when a relaxation lowered it).
    @inline(__always) private mutating func setMetres(_ i: Int?, _ m: Double) {
        guard let i else { return }
        if metres.count <= i { metres += [Double](repeating: 0, count: max(64, i + 1 - metres.count)) }
        metres[i] = m
    }

    private mutating func searchLeaf(from start: DirectedEdge, cell: Int, target: Int?) {
        let graph = rules.graph
        var bound = Double.infinity
        setMetres(space.relax(Int(start), cost: 0, key: 0, via: -1), 0)
        while let (li, key) = space.popMinIndex() {
            if key >= bound { break }
            let label = space.labels[li], state = Int(label.node), here = metres[li]
            let arrived = edge(ofState: state)
            let inEdge = graph.edge(Int(arrived >> 1))
            let n = arrived & 1 == 1 ? inEdge.from : inEdge.to
            if rules.blocks(node: n) { continue }
            let inProfile = graph.profile(inEdge.profile)
            let prefix = state < stateBase ? Int32(-1) : Int32(state - stateBase)
            let checkTurns = graph.hasTurnRestriction(n)
            costs.fill(&exits, at: n, arrivedBy: arrived)
            for k in exits.list.indices {
                let (out, profile) = exits.list[k]
                if out == arrived ^ 1 && !exits.deadEnd { continue }
                var next: Int32 = -1
                if checkTurns {
                    guard let p = turns.step(prefix: prefix, last: arrived, next: out) else { continue }
                    next = p
                }
                let ed = graph.edge(Int(out >> 1))
                let alongWay = out & 1 == 0
                let head = alongWay ? ed.to : ed.from
                let turn = costs.turn(&exits, at: n, to: out, inProfile, profile)
                let c = label.cost + turn.weight + rules.cost(metres: ed.length, profile, forward: alongWay)
                let t = label.distance + turn.seconds + ed.length / rules.speed(profile, forward: alongWay)
                if overlay.leaf(head) != cell {
                    // Leaving the cell: one of its exits (a state never carries a restriction across).
                    guard next < 0, let b = overlay.boundary(of: out),
                          let j = overlay.position(of: b, level: 1, cell: cell, exits: true), c < found[j] else { continue }
                    found[j] = c
                    foundVia[j] = Int32(state)
                    foundSeconds[j] = t
                    foundMetres[j] = here + ed.length
                    if j == target { bound = c }
                    continue
                }
                setMetres(space.relax(next >= 0 ? stateBase + Int(next) : Int(out), cost: c, key: c, via: Int32(state), distance: t),
                          here + ed.length)
            }
        }
    }

    private mutating func searchCells(from start: Int, level: Int, cell: Int, target: Int?) {
        let below = level - 1
        var bound = Double.infinity
        setMetres(space.relax(start, cost: 0, key: 0, via: -1), 0)
        while let (li, key) = space.popMinIndex() {
            if key >= bound { break }
            let label = space.labels[li], b = Int(label.node), here = metres[li]
            let head = ends(overlay.directedEdge(ofBoundary: b)).head
            let sub = overlay.cell(leaf: overlay.leaf(head), level: below)
            overlay.forEachExit(level: below, cell: sub, from: b, block: block) { b2, w, at in
                let c = label.cost + Double(w)
                let t = label.distance + Double(overlay.seconds(block: block, at))
                let m = here + Double(overlay.metres(block: block, at))
                let (t2, h2) = ends(overlay.directedEdge(ofBoundary: b2))
                if overlay.splitLevel(overlay.leaf(t2), overlay.leaf(h2)) >= level {
                    // Leaving the cell: one of its exits.
                    guard let k = overlay.position(of: b2, level: level, cell: cell, exits: true), c < found[k] else { return }
                    found[k] = c
                    foundVia[k] = Int32(b)
                    foundSeconds[k] = t
                    foundMetres[k] = m
                    if k == target { bound = c }
                    return
                }
                setMetres(space.relax(b2, cost: c, key: c, via: Int32(b), distance: t), m)
            }
        }
    }

    /// The directed edges after boundary `from`'s own edge, up to and including boundary `to`'s, of the best
    /// path inside the level-`level` cell that `from` enters (nil when there is none): as the overlay stores
    /// it, else searched for.
    mutating func unpack(from: Int, to: Int, level: Int) -> [DirectedEdge]? {
        let cell = overlay.cell(leaf: overlay.leaf(ends(overlay.directedEdge(ofBoundary: from)).head), level: level)
        guard let j = overlay.position(of: to, level: level, cell: cell, exits: true) else { return nil }
        if level == 1, let stored = storedStreets(from: from, to: to, cell: cell, exit: j) { return stored }
        let chain: [Int]
        if level > 1, let stored = storedCells(from: from, to: to, level: level, cell: cell, exit: j) {
            chain = stored
        } else {
            search(from: from, level: level, cell: cell, target: j)
            guard let found = foundChain(exit: j) else { return nil }
            chain = found
        }
        if level == 1 {
            return chain.map { edge(ofState: $0) } + [overlay.directedEdge(ofBoundary: to)]
        }
        // Boundaries passed one level down: each step between them unpacks in its own cell.
        var path: [DirectedEdge] = []
        var previous = from
        for b in chain + [to] {
            guard let part = unpack(from: previous, to: b, level: level - 1) else { return nil }
            path += part
            previous = b
        }
        return path
    }

    /// After `search`, the labels of the best path to exit `j` from the entry, exclusive of both ends (search
    /// states in a leaf, boundaries one level down in a higher cell); nil when none reaches it.
    func foundChain(exit j: Int) -> [Int]? {
        guard found[j].isFinite else { return nil }
        // Walk the labels back to the entry (its label has no predecessor).
        var chain: [Int] = []
        var s = Int(foundVia[j])
        var budget = space.count + 1
        while let l = space.label(s), budget > 0 {
            budget -= 1
            if l.via < 0 { break }
            chain.append(s)
            s = Int(l.via)
        }
        guard budget > 0 else { return nil }
        return chain.reversed()
    }
}
