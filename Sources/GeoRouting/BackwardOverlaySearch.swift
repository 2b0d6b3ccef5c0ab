// A search from targets back towards everywhere, over the routing overlay:
// for every search state it settles, the cost of the best path from that state
// to the nearest target (and that path's seconds and metres), cheapest first.
// It is TurnSearch's model run backwards — the same states (a directed edge
// just driven, or a via-way restriction's progress: TurnTable), each step a
// forward step reversed (`forEachPredecessor`: which states turn onto an edge,
// restrictions, U-turns only where the road ends, barriers, turn weights and
// the price of roads for local access only) — and the overlay relative to the
// targets alone: a state that leaves a cell holding no target is reached from
// each of that cell's entries in one step, read from the cell's matrix by
// column (RouteOverlay.forEachEntry), at the highest level whose cell holds
// none. The leaf cells around the targets are searched street by street.
//
// The cost of a state is what a forward search adds after arriving by it:
// the turns and edges that follow, up to and including the part of the
// target's edge; never the state's own edge. So a forward search's cost of a
// state plus this one is the cost of a whole path, each turn counted once.
// Distance tables meet the two (OverlayManyToMany); every state this search
// settles is one a forward search relative to its own ends can meet it on.
import Foundation
import GeoBase
import GeoRoads

struct BackwardOverlaySearch {
    let rules: TraversalRules
    let costs: TurnCosts
    let overlay: RouteOverlay
    /// Byte offset of the mode's block in the overlay.
    let block: Int
    /// The turn model run backwards (which states step onto an edge).
    let model: ReverseTurns
    private let turns: TurnTable
    private let stateBase: Int
    private var space = SearchSpace()
    /// Seconds (turns included, no prices) and metres of each label's path, by label index.
    private var extra: [(seconds: Double, metres: Double)] = []

    /// A backward search for the fastest route of `rules`' mode, or nil when the overlay's weights are not
    /// these rules' costs (`TraversalRules.overlayWeights`).
    init?(rules: TraversalRules) {
        guard let weights = rules.overlayWeights else { return nil }
        self.rules = rules
        costs = TurnCosts(rules: rules)
        overlay = weights.overlay
        block = weights.block
        turns = rules.graph.turns(rules.mode)
        stateBase = 2 * rules.graph.edgeCount
        model = ReverseTurns(rules: rules, costs: costs)
    }

    /// The directed edge a search state ends with.
    @inline(__always) func edge(ofState s: Int) -> DirectedEdge {
        s < stateBase ? DirectedEdge(s) : turns.prefixes[s - stateBase].last!
    }

    /// Runs the search from `targets` (positions on edges, as the router snaps a point: any of them ends a
    /// path), calling `settled(state, cost, seconds, metres)` for every state settled, cheapest first, until
    /// the costs reach `bound`. The seconds count turns but no prices, as routes report them.
    mutating func run(to targets: [Candidate], bound: Double = .infinity,
                      _ settled: (_ state: Int, _ cost: Double, _ seconds: Double, _ metres: Double) -> Void) {
        space.reset()
        // Local copies: the closures below change `self`, and a method called on `self` meanwhile would
        // copy its arrays on every change.
        let graph = rules.graph, model = self.model, overlay = self.overlay, block = self.block
        var leaves: [Int] = []
        for t in targets { leaves += [overlay.leaf(t.from), overlay.leaf(t.to)] }
        leaves = Array(Set(leaves))
        for t in targets {
            let profile = t.profile
            // Onto the target's edge from its first node (along the way) or its last, then part of it.
            if (t.forward || t.offset <= 0) && rules.allows(profile, forward: true) {
                let part = t.offset
                let c = rules.cost(metres: part, profile, forward: true), s = part / rules.speed(profile, forward: true)
                model.forEachPredecessor(of: DirectedEdge(2 * t.edge), landing: nil) { state, w, ws in
                    relax(state, cost: c + w, seconds: s + ws, metres: part, via: -1)
                }
            }
            if (t.backward || t.offset >= t.length) && rules.allows(profile, forward: false) {
                let part = max(0, t.length - t.offset)
                let c = rules.cost(metres: part, profile, forward: false), s = part / rules.speed(profile, forward: false)
                model.forEachPredecessor(of: DirectedEdge(2 * t.edge + 1), landing: nil) { state, w, ws in
                    relax(state, cost: c + w, seconds: s + ws, metres: part, via: -1)
                }
            }
            // A target exactly at a node is reached by arriving there, by whatever edge.
            if t.offset <= 0 || t.offset >= t.length {
                model.forEachArrival(at: t.offset <= 0 ? t.from : t.to) { relax($0, cost: 0, seconds: 0, metres: 0, via: -1) }
            }
        }
        while let (li, key) = space.popMinIndex() {
            if key >= bound { break }
            let label = space.labels[li]
            let state = Int(label.node), cost = label.cost, seconds = extra[li].seconds, here = extra[li].metres
            settled(state, cost, seconds, here)
            let x = edge(ofState: state)
            let xe = graph.edge(Int(x >> 1))
            let along = x & 1 == 0
            let tail = along ? xe.from : xe.to, head = along ? xe.to : xe.from
            if state < stateBase {
                // Leaving a cell that holds no target: from each of its entries in one step.
                let level = OverlayQuery.level(overlay, tail: head, head: tail, endpoints: leaves)
                if level > 0 {
                    if let b = overlay.boundary(of: x) {
                        let cell = overlay.cell(leaf: overlay.leaf(tail), level: level)
                        overlay.forEachEntry(level: level, cell: cell, to: b, block: block) { entry, w, k in
                            relax(Int(overlay.directedEdge(ofBoundary: entry)), cost: cost + Double(w),
                                  seconds: seconds + Double(overlay.seconds(block: block, k)),
                                  metres: here + Double(overlay.metres(block: block, k)), via: Int32(state), arc: UInt8(level))
                        }
                    }
                    continue
                }
            }
            let profile = graph.profile(xe.profile)
            let own = rules.cost(metres: xe.length, profile, forward: along)
            let ownSeconds = xe.length / rules.speed(profile, forward: along)
            let prefix = state < stateBase ? Int32(-1) : Int32(state - stateBase)
            model.forEachPredecessor(of: x, landing: prefix) { p, w, ws in
                relax(p, cost: cost + own + w, seconds: seconds + ownSeconds + ws, metres: here + xe.length, via: Int32(state))
            }
        }
    }

    /// Lowers a state's label; its seconds and metres are worked out only when it was lowered.
    @inline(__always) private mutating func relax(_ state: Int, cost: Double, seconds: @autoclosure () -> Double,
                                                  metres m: @autoclosure () -> Double, via: Int32, arc: UInt8 = 0) {
        guard let i = space.relax(state, cost: cost, key: cost, via: via, arc: arc) else { return }
        if extra.count <= i { extra += [(Double, Double)](repeating: (0, 0), count: max(256, i + 1 - extra.count)) }
        extra[i] = (seconds(), m())
    }
}

/// The forward turn model (TurnSearch's steps between states) read backwards: which states arrive at a
/// node, and which step onto a given edge, with the weight and seconds of that turn.
struct ReverseTurns {
    let rules: TraversalRules
    let costs: TurnCosts
    private let turns: TurnTable
    private let stateBase: Int
    /// The via-way prefix states (TurnTable.prefixes) by their last edge: the states that arrive by it
    /// while remembering a restriction's progress.
    private let prefixesByLast: [DirectedEdge: [Int32]]
    private let hasPrefixes: Bool

    init(rules: TraversalRules, costs: TurnCosts) {
        self.rules = rules
        self.costs = costs
        turns = rules.graph.turns(rules.mode)
        stateBase = 2 * rules.graph.edgeCount
        var byLast: [DirectedEdge: [Int32]] = [:]
        for (i, p) in turns.prefixes.enumerated() { byLast[p.last!, default: []].append(Int32(i)) }
        prefixesByLast = byLast
        hasPrefixes = !byLast.isEmpty
    }

    /// Calls `body` with every state that arrives at node `n`: each directed edge into it the mode may
    /// take, plain and with each via-way progress that ends with it.
    func forEachArrival(at n: Int, _ body: (Int) -> Void) {
        let graph = rules.graph
        graph.forEachAdjacent(n) { e, reversed in
            // The adjacency entry leaves n; arriving is the other direction of the same edge.
            guard rules.allows(graph.profile(graph.edge(e).profile), forward: reversed) else { return }
            let p = DirectedEdge(e) << 1 | (reversed ? 0 : 1)
            body(Int(p))
            if hasPrefixes { for q in prefixesByLast[p] ?? [] { body(stateBase + Int(q)) } }
        }
    }

    /// The forward turn model reversed: calls `body(state, weight, seconds)` for every state from which a
    /// forward search turns onto `out` at its first node, landing in via-way progress `landing` (-1: none;
    /// nil: any, for the last step onto a target's edge), with that turn's weight and seconds (not `out`'s
    /// own cost). As TurnSearch steps: nothing passes a barrier, a U-turn only where the road ends (no other
    /// way out the mode may take), restrictions as TurnTable says.
    func forEachPredecessor(of out: DirectedEdge, landing: Int32?, _ body: (Int, Double, Double) -> Void) {
        let rules = self.rules, costs = self.costs, turns = self.turns, graph = rules.graph
        let oe = graph.edge(Int(out >> 1))
        let n = out & 1 == 1 ? oe.to : oe.from
        if rules.blocks(node: n) { return }
        let outProfile = graph.profile(oe.profile)
        let checkTurns = graph.hasTurnRestriction(n)
        // Without a restriction at n every step lands in no progress.
        if !checkTurns, let landing, landing != -1 { return }
        // The way out's heading and the node's scale, once a turn needs them.
        var outHeading: TurnCosts.Heading?, scale = 0.0
        // How many ways out of n the mode may take (for the dead-end rule) and how many roads meet there.
        var allowedOuts = 0, roads = 0
        graph.forEachAdjacent(n) { e, reversed in
            roads += 1
            if rules.allows(graph.profile(graph.edge(e).profile), forward: !reversed) { allowedOuts += 1 }
        }
        graph.forEachAdjacent(n) { e, reversed in
            let inProfile = graph.profile(graph.edge(e).profile)
            // The adjacency entry leaves n by `o`; arriving is p, the other direction of the same edge.
            guard rules.allows(inProfile, forward: reversed) else { return }
            let o = DirectedEdge(e) << 1 | (reversed ? 1 : 0), p = o ^ 1
            // A dead end: no way out but back along p.
            let deadEnd = allowedOuts - (rules.allows(inProfile, forward: !reversed) ? 1 : 0) == 0
            if out == o && !deadEnd { return }
            let turn = costs.turn(at: n, from: p, to: out, roads: roads, inProfile, outProfile) {
                if outHeading == nil {
                    scale = costs.scale(at: n)
                    outHeading = costs.heading(out, atEnd: false, scale: scale)
                }
                return TurnCosts.angle(from: costs.heading(p, atEnd: true, scale: scale), to: outHeading!)
            }
            func offer(_ prefix: Int32) {
                if checkTurns {
                    guard let r = turns.step(prefix: prefix, last: p, next: out) else { return }
                    if let landing, r != landing { return }
                } else if let landing, landing != -1 {
                    return
                }
                body(prefix < 0 ? Int(p) : stateBase + Int(prefix), turn.weight, turn.seconds)
            }
            offer(-1)
            if hasPrefixes { for q in prefixesByLast[p] ?? [] { offer(q) } }
        }
    }
}
