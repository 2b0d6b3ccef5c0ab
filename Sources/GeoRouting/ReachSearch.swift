// One-to-all search for isochrones: from a start position, every place the
// mode reaches within a time limit, on the same directed-edge states and turn
// model as the router's TurnSearch (turn restrictions through TurnTable,
// U-turns only where the road ends, TurnCosts' turn durations, barriers, the
// price of entering a road for local access only), so an isochrone never
// promises a place the router would not reach in that time. Labels are
// ordered by the router's weight (time plus access penalties); each carries
// the travel time of its path too, and the search stops where that time
// passes the limit. Besides the time at every node reached, it keeps for every
// directed edge the earliest time its tail is left: the reach along the edge
// follows from its speed, so a frontier edge is reached part of the way.
import Foundation
import GeoBase
import GeoRoads

/// A piece of a directed edge that the search reaches: from `startMetres` (along the direction of
/// travel, from the edge's tail) onwards, reached at `startTime`, then `secondsPerMetre` more for each metre.
struct ReachedEdge {
    var edge: Int
    /// Travelled against the way's direction (tail = the edge's `to` node).
    var reversed: Bool
    var startMetres: Double
    var startTime: Double
    var secondsPerMetre: Double
    /// The edge's length in metres.
    var length: Double

    /// Metres along the direction of travel reached by `limit` seconds (at most the edge's length).
    func reachedMetres(by limit: Double) -> Double {
        guard startTime <= limit else { return startMetres }
        return min(length, startMetres + (limit - startTime) / secondsPerMetre)
    }
}

struct ReachResult {
    /// Seconds to each node reached within the limit (graph node index → seconds).
    var nodeTimes: [Int: Double]
    /// Every directed edge (or the start's part of one) that is left before the limit.
    var edges: [ReachedEdge]
    /// The limit the search ran to, seconds.
    var limit: Double
    /// Search states settled (a measure of the work).
    var settled: Int
}

struct ReachSearch {
    let rules: TraversalRules
    let costs: TurnCosts
    private var space = SearchSpace()
    private let turns: TurnTable
    private let stateBase: Int

    init(rules: TraversalRules) {
        precondition(rules.type == .fastest, "a reach search counts time")
        self.rules = rules
        costs = TurnCosts(rules: rules)
        turns = rules.graph.turns(rules.mode)
        stateBase = 2 * rules.graph.edgeCount
    }

    @inline(__always) private func edge(ofState s: Int) -> DirectedEdge {
        s < stateBase ? DirectedEdge(s) : turns.prefixes[s - stateBase].last!
    }

    @inline(__always) private func secondsPerMetre(_ p: RoadProfile, forward: Bool) -> Double {
        1 / rules.speed(p, forward: forward)
    }

    /// Everything reached from `sources` (the edges equally near the start) within `limit` seconds.
    mutating func reach(from sources: [Candidate], limit: Double) -> ReachResult {
        space.reset()
        let graph = rules.graph
        var nodeTimes: [Int: Double] = [:]
        // Earliest time each directed edge is left from its tail (entered after the turn).
        var entered: [DirectedEdge: Double] = [:]
        var edges: [ReachedEdge] = []
        // Start states: the source's edge driven to one of its ends (time in the label's `distance`).
        for s in sources {
            let entry = s.offset <= 0 || s.offset >= s.length ? costs.entryWeight(s.profile) : 0
            if s.forward || s.offset >= s.length {
                if s.forward && s.offset < s.length {
                    let spm = secondsPerMetre(s.profile, forward: true)
                    edges.append(ReachedEdge(edge: s.edge, reversed: false, startMetres: s.offset, startTime: 0,
                                             secondsPerMetre: spm, length: s.length))
                }
                let t = max(0, s.length - s.offset) / rules.speed(s.profile, forward: true)
                let w = t + (s.offset <= 0 ? entry : 0)
                if t <= limit { space.relax(2 * s.edge, cost: w, key: w, via: -1, isStart: true, distance: t) }
            }
            if s.backward || s.offset <= 0 {
                if s.backward && s.offset > 0 {
                    let spm = secondsPerMetre(s.profile, forward: false)
                    edges.append(ReachedEdge(edge: s.edge, reversed: true, startMetres: s.length - s.offset, startTime: 0,
                                             secondsPerMetre: spm, length: s.length))
                }
                let t = s.offset / rules.speed(s.profile, forward: false)
                let w = t + (s.offset >= s.length ? entry : 0)
                if t <= limit { space.relax(2 * s.edge + 1, cost: w, key: w, via: -1, isStart: true, distance: t) }
            }
        }
        var settled = 0
        while let (state, label, _) = space.popMin() {
            settled += 1
            let arrived = edge(ofState: state)
            let inEdge = graph.edge(Int(arrived >> 1))
            let n = arrived & 1 == 1 ? inEdge.from : inEdge.to
            let time = label.distance
            if time < nodeTimes[n] ?? .infinity { nodeTimes[n] = time }
            // A barrier stops the mode: it may be reached, not passed (but a start exactly at it sets off).
            let setsOff = label.isStart && label.cost == 0
            if rules.blocks(node: n) && !setsOff { continue }
            let inProfile = graph.profile(inEdge.profile)
            let prefix = state < stateBase ? Int32(-1) : Int32(state - stateBase)
            let checkTurns = !rules.ignoreRestrictions && graph.hasTurnRestriction(n)
            let exits = costs.exits(at: n, arrivedBy: arrived)
            for (out, profile) in exits.list {
                let alongWay = out & 1 == 0
                if out == arrived ^ 1 && !exits.deadEnd && !setsOff { continue }
                var next: Int32 = -1
                if checkTurns {
                    guard let p = turns.step(prefix: prefix, last: arrived, next: out) else { continue }
                    next = p
                }
                let turnWeight = setsOff ? costs.entryWeight(profile)
                    : costs.weight(at: n, from: arrived, to: out, roads: exits.roads, inProfile, profile)
                let turnTime = setsOff ? 0 : costs.duration(at: n, from: arrived, to: out, roads: exits.roads)
                let start = time + turnTime
                guard start <= limit else { continue }
                if start < entered[out] ?? .infinity { entered[out] = start }
                let ed = graph.edge(Int(out >> 1))
                let t = start + ed.length / rules.speed(profile, forward: alongWay)
                guard t <= limit else { continue }
                let w = label.cost + turnWeight + rules.cost(metres: ed.length, profile, forward: alongWay)
                let s = next >= 0 ? stateBase + Int(next) : Int(out)
                space.relax(s, cost: w, key: w, via: Int32(truncatingIfNeeded: state), distance: t)
            }
        }
        for (d, start) in entered {
            let ed = graph.edge(Int(d >> 1))
            let forward = d & 1 == 0
            edges.append(ReachedEdge(edge: ed.index, reversed: !forward, startMetres: 0, startTime: start,
                                     secondsPerMetre: secondsPerMetre(graph.profile(ed.profile), forward: forward),
                                     length: ed.length))
        }
        // A fixed order, so the same request gives the same bytes.
        edges.sort { ($0.edge, $0.reversed ? 1 : 0, $0.startMetres) < ($1.edge, $1.reversed ? 1 : 0, $1.startMetres) }
        return ReachResult(nodeTimes: nodeTimes, edges: edges, limit: limit, settled: settled)
    }
}
