// An edge path checked and priced again edge by edge, by the same rules the
// router's search (TurnSearch) applies: every edge joins the one before, the
// mode may travel each in its direction, no barrier is passed, a U-turn only
// where the road ends, no turn a restriction forbids (via ways too), and the
// cost is the sum of the edges' and turns' weights. Alternative routes are
// glued from two searches at a via node, so they are walked again before they
// are offered: a path that breaks a rule at the via node is dropped, and the
// cost reported is this sum (not the overlay's single-precision cell weights).
// The walk also gives the cost at every node passed, which the local
// optimality test of alternatives reads.
import GeoRoads

struct EdgePathWalk {
    /// A node the path passes: the cost on arrival there (before the turn), the edge it arrived by.
    struct Passed {
        var node: Int
        var cost: Double
        var arrivedBy: DirectedEdge
    }

    /// The path's whole cost, source to target.
    var cost: Double
    /// The nodes passed in order (the end of the source's edge first; not the target's position).
    var nodes: [Passed]
    /// Metres travelled on each edge (partial source and target edges included).
    var metres: [Int: Double]

    /// The walk of `path` from `source` to `target`, or nil when it breaks a rule of the search.
    init?(_ path: EdgePath, from source: Candidate, to target: Candidate, rules: TraversalRules) {
        let graph = rules.graph
        let costs = TurnCosts(rules: rules)
        let turns = graph.turns(rules.mode)
        metres = [:]
        nodes = []
        if path.direct {
            let d = target.offset - source.offset
            guard source.edge == target.edge, (d >= 0 && (source.forward || d == 0)) || (d < 0 && source.backward) else { return nil }
            cost = rules.cost(metres: abs(d), source.profile, forward: d >= 0)
            metres[source.edge] = abs(d)
            return
        }
        // Leaving the source's edge through one of its ends (from a node: the price of entering its road).
        let s = source, forward = path.leavesForward
        guard forward ? (s.forward || s.offset >= s.length) : (s.backward || s.offset <= 0) else { return nil }
        let atNode = s.offset <= 0 || s.offset >= s.length
        let entry = atNode ? costs.entryWeight(s.profile) : 0
        var c = forward ? rules.cost(metres: max(0, s.length - s.offset), s.profile, forward: true) + (s.offset <= 0 ? entry : 0)
            : rules.cost(metres: s.offset, s.profile, forward: false) + (s.offset >= s.length ? entry : 0)
        metres[s.edge] = forward ? max(0, s.length - s.offset) : s.offset
        var last = DirectedEdge(s.edge) << 1 | (forward ? 0 : 1)
        var prefix: Int32 = -1
        // A source exactly at a node sets off from it: no turn is taken there.
        var setsOff = c == 0
        let into = DirectedEdge(target.edge) << 1 | (path.entersForward ? 0 : 1)
        let targetAtNode = target.offset == (path.entersForward ? 0 : target.length)
        for (k, next) in (path.steps.map { DirectedEdge($0.edge) << 1 | ($0.reversed ? 1 : 0) } + [into]).enumerated() {
            let n = EdgePathWalk.head(last, graph)
            nodes.append(Passed(node: n, cost: c, arrivedBy: last))
            guard n == EdgePathWalk.tail(next, graph) else { return nil }
            let isTarget = k == path.steps.count
            if isTarget && targetAtNode { break }
            if rules.blocks(node: n) && !setsOff { return nil }
            let exits = costs.exits(at: n, arrivedBy: last)
            guard let (_, profile) = exits.list.first(where: { $0.0 == next }) else { return nil }
            if next == last ^ 1 && !exits.deadEnd && !setsOff { return nil }
            if !rules.ignoreRestrictions && graph.hasTurnRestriction(n) {
                guard let p = turns.step(prefix: prefix, last: last, next: next) else { return nil }
                prefix = p
            } else {
                prefix = -1
            }
            let inProfile = graph.profile(graph.edge(Int(last >> 1)).profile)
            c += setsOff ? costs.entryWeight(profile) : costs.weight(at: n, from: last, to: next, roads: exits.roads, inProfile, profile)
            setsOff = false
            let e = graph.edge(Int(next >> 1)), along = next & 1 == 0
            if isTarget {
                // Part-way along the target's edge.
                guard along ? (target.forward || target.offset <= 0) : (target.backward || target.offset >= target.length) else { return nil }
                let part = along ? target.offset : max(0, target.length - target.offset)
                c += rules.cost(metres: part, profile, forward: along)
                metres[target.edge, default: 0] += part
            } else {
                c += rules.cost(metres: e.length, profile, forward: along)
                metres[e.index, default: 0] += e.length
            }
            last = next
        }
        cost = c
    }

    /// The node a directed edge ends at.
    static func head(_ d: DirectedEdge, _ graph: RoadGraph) -> Int {
        let e = graph.edge(Int(d >> 1))
        return d & 1 == 1 ? e.from : e.to
    }

    /// The node a directed edge starts from.
    static func tail(_ d: DirectedEdge, _ graph: RoadGraph) -> Int {
        let e = graph.edge(Int(d >> 1))
        return d & 1 == 1 ? e.to : e.from
    }
}
