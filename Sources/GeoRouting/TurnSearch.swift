// Point-to-point search for the router on directed edges, so that turns carry
// rules and costs: A* whose labels are "arrived at the end of this edge in
// this direction" (plus, where a restriction runs via ways, how much of it the
// path has driven: see TurnTable). Each turn at a node is checked against the
// mode's turn restrictions, a U-turn is allowed only where the road ends (no
// other way out the mode may take) as in OSRM's edge-expanded graph, and
// entering a road for local access only (`access=destination`, `private`…)
// from an open one costs `TurnCosts.restrictedPenalty`, so such a road is
// driven only to reach a place on it. Several start and end positions (the
// edges equally near a waypoint) are sources and targets of one search. The
// potential is the straight-line lower bound to the nearest target (StraightLineBound). With the
// graph's routing overlay (RouteOverlay), a cell that holds no source or
// target is crossed in one step per exit, at the highest level whose cell
// holds none, and those steps are unpacked into streets at the end.
import Foundation
import GeoRoads

struct TurnSearch {
    let rules: TraversalRules
    let costs: TurnCosts
    private var space = SearchSpace()
    private let turns: TurnTable
    private let stateBase: Int
    /// The overlay, when the graph has one with weights for this search (the fastest route by the rules).
    private var overlay: RouteOverlay?
    private var overlayBlock = 0
    private var unpacker: OverlayCellSearch?
    private var exits = TurnCosts.Exits()

    init(rules: TraversalRules, useOverlay: Bool = true) {
        self.rules = rules
        costs = TurnCosts(rules: rules)
        turns = rules.graph.turns(rules.mode)
        stateBase = 2 * rules.graph.edgeCount
        if useOverlay, let weights = rules.overlayWeights {
            overlay = weights.overlay
            overlayBlock = weights.block
        }
    }

    /// Whether searches use the overlay (false: the graph alone, as when it has none).
    var usesOverlay: Bool { overlay != nil }

    struct Result {
        var source: Int
        var target: Int
        var path: EdgePath
        /// How the path arrives: the directed edge it came in by when the target is a node (a route
        /// going on from there continues from that edge), else nil.
        var arrivedBy: DirectedEdge?
        var entersForward: Bool { path.entersForward }
    }

    /// The directed edge a search state ends with.
    @inline(__always) private func edge(ofState s: Int) -> DirectedEdge {
        s < stateBase ? DirectedEdge(s) : turns.prefixes[s - stateBase].last!
    }

    /// The cheapest path from any of `sources` to any of `targets`, or nil when none exists.
    /// `leaving` limits the directions in which each source may be left (nil = any the mode may take);
    /// `continuing` starts instead as if just arrived at the (single) source's node by that directed edge.
    mutating func route(from sources: [Candidate], to targets: [Candidate], leaving: [Bool]? = nil,
                        continuing: DirectedEdge? = nil) -> Result? {
        space.reset()
        let graph = rules.graph
        let bound = StraightLineBound(graph: graph, targets: targets.map(\.position.coordinate), rules: rules)
        func potential(_ n: Int) -> Double { bound.cost(from: graph.coordinate(ofNode: n)) }
        var best = Double.infinity
        // The best end found: (state before the target edge or a start code, target index, enters forward).
        var bestEnd: (state: Int32, target: Int, forward: Bool)?
        var bestDirect: (Int, Int)?
        for (i, s) in sources.enumerated() {
            for (j, t) in targets.enumerated() where s.edge == t.edge {
                let d = t.offset - s.offset
                let along = d >= 0
                if let l = leaving?[i], l != along, d != 0 { continue }
                // Both ends' directions count: a waypoint's bearing or approach may leave its edge one way only.
                guard (along && ((s.forward && t.forward) || d == 0)) || (!along && s.backward && t.backward) else { continue }
                let c = rules.cost(metres: abs(d), s.profile, forward: along)
                if c < best { best = c; bestDirect = (i, j); bestEnd = nil }
            }
        }
        // Start states: the source's edge driven to one of its ends; via = -1 - (2·index + (0 forward, 1 backward)).
        if let d = continuing {
            let e = graph.edge(Int(d >> 1))
            space.relax(Int(d), cost: 0, key: potential(d & 1 == 1 ? e.from : e.to), via: -1, isStart: true)
        }
        for (i, s) in sources.enumerated() where continuing == nil {
            // Setting off from a node onto a road for local access only costs what entering it does.
            let entry = s.offset <= 0 || s.offset >= s.length ? costs.entryWeight(s.profile) : 0
            if (s.forward || s.offset >= s.length) && leaving?[i] != false {
                let c = rules.cost(metres: max(0, s.length - s.offset), s.profile, forward: true) + (s.offset <= 0 ? entry : 0)
                space.relax(2 * s.edge, cost: c, key: c + potential(s.to), via: Int32(-1 - 2 * i), isStart: true)
            }
            if (s.backward || s.offset <= 0) && leaving?[i] != true {
                let c = rules.cost(metres: s.offset, s.profile, forward: false) + (s.offset >= s.length ? entry : 0)
                space.relax(2 * s.edge + 1, cost: c, key: c + potential(s.from), via: Int32(-2 - 2 * i), isStart: true)
            }
        }
        // The leaf cells holding a source or a target: the search walks the streets of those cells only.
        var endpointLeaves: [Int] = []
        if let o = overlay {
            for c in sources + targets { endpointLeaves += [o.leaf(c.from), o.leaf(c.to)] }
            if let d = continuing { let e = graph.edge(Int(d >> 1)); endpointLeaves += [o.leaf(e.from), o.leaf(e.to)] }
            endpointLeaves = Array(Set(endpointLeaves))
        }
        // The targets' edges, and the nodes of targets exactly at a node (reached by arriving there, whatever
        // edge comes in): a handful, scanned in place (a dictionary's hashing per label cost more).
        let targetEdges = targets.map(\.edge)
        var targetsAtNode: [(node: Int, target: Int, forward: Bool)] = []
        for (j, t) in targets.enumerated() {
            if t.offset <= 0 { targetsAtNode.append((t.from, j, true)) }
            else if t.offset >= t.length { targetsAtNode.append((t.to, j, false)) }
        }

        while let (state, label, key) = space.popMin() {
            if key >= best { break }
            let arrived = edge(ofState: state)
            let inEdge = graph.edge(Int(arrived >> 1))
            let n = arrived & 1 == 1 ? inEdge.from : inEdge.to
            if let o = overlay, state < stateBase {
                let tail = arrived & 1 == 1 ? inEdge.to : inEdge.from
                let level = OverlayQuery.level(o, tail: tail, head: n, endpoints: endpointLeaves)
                if level > 0 {
                    OverlayQuery.crossCell(o, block: overlayBlock, level: level, entering: arrived, at: n, cost: label.cost, best: best,
                                           graph: graph, space: &space, state: state, bound: bound)
                    continue
                }
            }
            for t in targetsAtNode where t.node == n && label.cost < best {
                best = label.cost
                bestEnd = (Int32(state), t.target, t.forward)
                bestDirect = nil
            }
            // A barrier stops the mode: a route may end at it, or start there (a source exactly at the node).
            if rules.blocks(node: n) && !(label.isStart && label.cost == 0) { continue }
            let inProfile = graph.profile(inEdge.profile)
            let prefix = state < stateBase ? Int32(-1) : Int32(state - stateBase)
            let checkTurns = !rules.ignoreRestrictions && graph.hasTurnRestriction(n)
            costs.fill(&exits, at: n, arrivedBy: arrived)
            // A source exactly at this node sets off from it: no turn is taken, any way out is open.
            let setsOff = label.isStart && label.cost == 0 && continuing == nil
            for k in exits.list.indices {
                let (out, profile) = exits.list[k]
                let alongWay = out & 1 == 0
                let isUTurn = out == arrived ^ 1
                if isUTurn && !exits.deadEnd && !setsOff { continue }
                var next: Int32 = -1
                if checkTurns {
                    guard let p = turns.step(prefix: prefix, last: arrived, next: out) else { continue }
                    next = p
                }
                let turn = setsOff ? costs.entryWeight(profile) : costs.weight(&exits, at: n, to: out, inProfile, profile)
                let e = Int(out >> 1)
                let base = label.cost + turn
                // A target on this edge: end part-way along it.
                for j in targetEdges.indices where targetEdges[j] == e {
                    let t = targets[j]
                    guard alongWay ? (t.forward || t.offset <= 0) : (t.backward || t.offset >= t.length) else { continue }
                    let part = alongWay ? t.offset : max(0, t.length - t.offset)
                    let total = base + rules.cost(metres: part, profile, forward: alongWay)
                    if total < best { best = total; bestEnd = (Int32(state), j, alongWay); bestDirect = nil }
                }
                let ed = exits.edges[k]
                let head = alongWay ? ed.to : ed.from
                let c = base + rules.cost(metres: ed.length, profile, forward: alongWay)
                guard c < best else { continue }
                let s = next >= 0 ? stateBase + Int(next) : Int(out)
                space.relax(s, cost: c, key: c + potential(head), via: Int32(truncatingIfNeeded: state))
            }
        }
        guard best.isFinite else { return nil }
        if let (i, j) = bestDirect {
            let forward = targets[j].offset >= sources[i].offset
            return Result(source: i, target: j, path: EdgePath(cost: best, direct: true, steps: [], leavesForward: forward,
                                                              entersForward: forward), arrivedBy: nil)
        }
        guard let end = bestEnd else { return nil }
        // Walk the labels back to the start state: whole edges between the source edge and the target edge.
        var steps: [(edge: Int, reversed: Bool)] = []
        var s = Int(end.state)
        var budget = space.count + 1
        var source = 0, leavesForward = true
        while let l = space.label(s), budget > 0 {
            budget -= 1
            if l.via < 0 {
                let k = Int(-1 - l.via)
                source = k / 2
                // Continuing from a node: the source position is that node, left from where it lies.
                leavesForward = continuing == nil ? k % 2 == 0 : sources[0].offset > 0
                break
            }
            let d = edge(ofState: s)
            if l.arc > 0 {
                // A step across a cell: the streets it stands for, found again inside the cell.
                guard let part = unpack(from: edge(ofState: Int(l.via)), to: d, level: Int(l.arc)) else {
                    overlay = nil
                    return route(from: sources, to: targets, leaving: leaving, continuing: continuing)
                }
                for p in part.reversed() { steps.append((Int(p >> 1), p & 1 == 1)) }
            } else {
                steps.append((Int(d >> 1), d & 1 == 1))
            }
            s = Int(l.via)
        }
        let t = targets[end.target]
        let atNode = t.offset <= 0 || t.offset >= t.length
        let arrivedBy = atNode ? edge(ofState: Int(end.state)) : nil
        return Result(source: source, target: end.target,
                      path: EdgePath(cost: best, direct: false, steps: steps.reversed(), leavesForward: leavesForward,
                                     entersForward: end.forward), arrivedBy: arrivedBy)
    }

    /// The directed edges after `from` up to and including `to` that an overlay step of `level` stands for.
    private mutating func unpack(from: DirectedEdge, to: DirectedEdge, level: Int) -> [DirectedEdge]? {
        guard let o = overlay, let a = o.boundary(of: from), let b = o.boundary(of: to) else { return nil }
        if unpacker == nil { unpacker = OverlayCellSearch(graph: rules.graph, overlay: o, mode: rules.mode) }
        return unpacker?.unpack(from: a, to: b, level: level)
    }
}
