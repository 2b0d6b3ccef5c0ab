// One-to-many search for distance tables (OSRM's `table`, and `trip` on top of
// it): why not one TurnSearch per pair? A table of n × m cells would then run
// n × m searches; this one runs one Dijkstra per source over the same states
// and the same turn model as TurnSearch (directed edges, via-way prefix states
// of the TurnTable, U-turns only where the road ends, TurnCosts' turn weights,
// barriers, the entry price of roads for local access only) and settles until
// every destination's best is final, so each cell is the cost `Router.route`
// finds between the two points. Labels carry the search weight as cost and the
// travel time in their `distance` field (weight = time + prices of restricted
// entries); the metres of each found path are added up walking its labels back.
import Foundation
import GeoRoads

struct ManyToManySearch {
    let rules: TraversalRules
    let costs: TurnCosts
    private var space = SearchSpace()
    private let turns: TurnTable
    private let stateBase: Int

    init(rules: TraversalRules) {
        self.rules = rules
        costs = TurnCosts(rules: rules)
        turns = rules.graph.turns(rules.mode)
        stateBase = 2 * rules.graph.edgeCount
    }

    /// The best path found to one group of targets (the candidates of one destination point).
    struct Cell: Equatable {
        /// The search's weight (seconds plus the prices of roads for local access only).
        var weight: Double
        /// Seconds of travel, turns included, as the route reports them.
        var duration: Double
        /// Metres.
        var distance: Double
    }

    /// How a target was reached: straight along the source's edge, or from a search state.
    private struct End {
        var weight = Double.infinity
        var seconds = 0.0
        /// The state the path arrives from (before the target's edge), or -1 for a direct path.
        var state: Int32 = -1
        /// Metres on the target's edge (0 when the target is the node arrived at).
        var part = 0.0
        /// Metres of a direct path (source and target on one edge).
        var direct = 0.0
    }

    @inline(__always) private func edge(ofState s: Int) -> DirectedEdge {
        s < stateBase ? DirectedEdge(s) : turns.prefixes[s - stateBase].last!
    }

    /// For each group of `groups`, the cheapest path from any of `sources` to any of its candidates, or nil
    /// when none is reachable. An empty group is never reached.
    mutating func run(from sources: [Candidate], to groups: [[Candidate]]) -> [Cell?] {
        space.reset()
        let graph = rules.graph
        var targets: [Candidate] = [], groupOf: [Int] = []
        for (g, list) in groups.enumerated() {
            for t in list { targets.append(t); groupOf.append(g) }
        }
        var ends = [End](repeating: End(), count: targets.count)
        var groupBest = [Double](repeating: .infinity, count: groups.count)
        var bound = groups.isEmpty ? -Double.infinity : Double.infinity
        func offer(_ k: Int, _ end: End) {
            guard end.weight < ends[k].weight else { return }
            ends[k] = end
            let g = groupOf[k]
            if end.weight < groupBest[g] {
                groupBest[g] = end.weight
                bound = groupBest.max() ?? -.infinity
            }
        }
        // Source and target on the same edge: along it without passing a node.
        for s in sources {
            for (k, t) in targets.enumerated() where s.edge == t.edge {
                let d = t.offset - s.offset
                let along = d >= 0
                // Both ends' directions count: a point's bearing or approach may leave its edge one way only.
                guard (along && ((s.forward && t.forward) || d == 0)) || (!along && s.backward && t.backward) else { continue }
                let c = rules.cost(metres: abs(d), s.profile, forward: along)
                offer(k, End(weight: c, seconds: abs(d) / rules.speed(s.profile, forward: along), direct: abs(d)))
            }
        }
        // Start states: the source's edge driven to one of its ends; via = -1 - (2·index + (0 forward, 1 backward)).
        for (i, s) in sources.enumerated() {
            let entry = s.offset <= 0 || s.offset >= s.length ? costs.entryWeight(s.profile) : 0
            if s.forward || s.offset >= s.length {
                let m = max(0, s.length - s.offset)
                let c = rules.cost(metres: m, s.profile, forward: true) + (s.offset <= 0 ? entry : 0)
                space.relax(2 * s.edge, cost: c, key: c, via: Int32(-1 - 2 * i), isStart: true,
                            distance: m / rules.speed(s.profile, forward: true))
            }
            if s.backward || s.offset <= 0 {
                let c = rules.cost(metres: s.offset, s.profile, forward: false) + (s.offset >= s.length ? entry : 0)
                space.relax(2 * s.edge + 1, cost: c, key: c, via: Int32(-2 - 2 * i), isStart: true,
                            distance: s.offset / rules.speed(s.profile, forward: false))
            }
        }
        var targetsByEdge: [Int: [Int]] = [:]
        var targetsAtNode: [Int: [Int]] = [:]
        for (k, t) in targets.enumerated() {
            targetsByEdge[t.edge, default: []].append(k)
            if t.offset <= 0 { targetsAtNode[t.from, default: []].append(k) }
            else if t.offset >= t.length { targetsAtNode[t.to, default: []].append(k) }
        }

        while let (state, label, key) = space.popMin() {
            // Every destination's best is final once nothing cheaper is left in the queue.
            if key >= bound { break }
            let arrived = edge(ofState: state)
            let inEdge = graph.edge(Int(arrived >> 1))
            let n = arrived & 1 == 1 ? inEdge.from : inEdge.to
            for k in targetsAtNode[n] ?? [] {
                offer(k, End(weight: label.cost, seconds: label.distance, state: Int32(state)))
            }
            if rules.blocks(node: n) && !(label.isStart && label.cost == 0) { continue }
            let inProfile = graph.profile(inEdge.profile)
            let prefix = state < stateBase ? Int32(-1) : Int32(state - stateBase)
            let checkTurns = !rules.ignoreRestrictions && graph.hasTurnRestriction(n)
            let exits = costs.exits(at: n, arrivedBy: arrived)
            // A source exactly at this node sets off from it: no turn is taken, any way out is open.
            let setsOff = label.isStart && label.cost == 0
            for (out, profile) in exits.list {
                let alongWay = out & 1 == 0
                let isUTurn = out == arrived ^ 1
                if isUTurn && !exits.deadEnd && !setsOff { continue }
                var next: Int32 = -1
                if checkTurns {
                    guard let p = turns.step(prefix: prefix, last: arrived, next: out) else { continue }
                    next = p
                }
                let turn = setsOff ? costs.entryWeight(profile)
                    : costs.weight(at: n, from: arrived, to: out, roads: exits.roads, inProfile, profile)
                let turnSeconds = setsOff ? 0 : costs.duration(at: n, from: arrived, to: out, roads: exits.roads)
                let e = Int(out >> 1)
                let base = label.cost + turn, baseSeconds = label.distance + turnSeconds
                let speed = rules.speed(profile, forward: alongWay)
                if let ks = targetsByEdge[e] {
                    for k in ks {
                        let t = targets[k]
                        guard alongWay ? (t.forward || t.offset <= 0) : (t.backward || t.offset >= t.length) else { continue }
                        let part = alongWay ? t.offset : max(0, t.length - t.offset)
                        offer(k, End(weight: base + rules.cost(metres: part, profile, forward: alongWay),
                                     seconds: baseSeconds + part / speed, state: Int32(state), part: part))
                    }
                }
                let ed = graph.edge(e)
                let c = base + rules.cost(metres: ed.length, profile, forward: alongWay)
                guard c < bound else { continue }
                let s = next >= 0 ? stateBase + Int(next) : Int(out)
                space.relax(s, cost: c, key: c, via: Int32(truncatingIfNeeded: state), distance: baseSeconds + ed.length / speed)
            }
        }
        // Each group's best target, its metres walked back along the labels.
        var out = [Cell?](repeating: nil, count: groups.count)
        for (k, end) in ends.enumerated() where end.weight.isFinite {
            let g = groupOf[k]
            guard end.weight == groupBest[g], out[g] == nil else { continue }
            out[g] = Cell(weight: end.weight, duration: end.seconds,
                          distance: end.state < 0 ? end.direct : end.part + metres(back: Int(end.state), sources))
        }
        return out
    }

    /// Metres of the path ending with state `s`: whole edges back to the start state, then the source's part.
    private func metres(back s: Int, _ sources: [Candidate]) -> Double {
        var total = 0.0
        var s = s
        var budget = space.count + 1
        while let l = space.label(s), budget > 0 {
            budget -= 1
            if l.via < 0 {
                let k = Int(-1 - l.via)
                let source = sources[k / 2]
                return total + (k % 2 == 0 ? max(0, source.length - source.offset) : source.offset)
            }
            total += rules.graph.edge(Int(edge(ofState: s) >> 1)).length
            s = Int(l.via)
        }
        return total
    }
}
