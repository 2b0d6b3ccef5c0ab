// What a turn costs the router, beside the edges' own costs: the ways out of
// a node the mode may take (and whether the road ends there, the only place a
// U-turn is allowed), a price for entering a road meant for local access only,
// and OSRM's U-turn penalty. Only the search cost changes; reported durations
// stay the sum of the edges' travel times.
import Foundation
import GeoRoads

struct TurnCosts {
    let rules: TraversalRules
    /// Entering a road for local access only from an open road, in seconds (fastest) or metres
    /// (shortest): high enough that such a road is driven only to reach a place on it (OSRM's car
    /// profile gives such turns its maximum turn weight).
    let restrictedPenalty: Double
    /// A U-turn where the road ends, seconds: OSRM's `u_turn_penalty` (car 20, bicycle 20, foot 2).
    let uTurnPenalty: Double

    init(rules: TraversalRules) {
        self.rules = rules
        let fastest = rules.type == .fastest
        restrictedPenalty = fastest ? 3_600 : 50_000
        let uTurnSeconds: Double = rules.mode == .foot ? 2 : 20
        uTurnPenalty = fastest ? uTurnSeconds : 0
    }

    /// The directed edges out of node `n` the mode may take, with their profiles, and whether there is
    /// no way out but back along `arrived`.
    func exits(at n: Int, arrivedBy arrived: DirectedEdge) -> (list: [(DirectedEdge, RoadProfile)], deadEnd: Bool) {
        var list: [(DirectedEdge, RoadProfile)] = []
        var others = 0
        let graph = rules.graph
        graph.forEachAdjacent(n) { e, reversed in
            let profile = graph.profile(graph.edge(e).profile)
            guard rules.allows(profile, forward: !reversed) else { return }
            let out = DirectedEdge(e) << 1 | (reversed ? 1 : 0)
            if out != arrived ^ 1 { others += 1 }
            list.append((out, profile))
        }
        return (list, others == 0)
    }

    /// The extra cost of turning from a road with profile `a` onto one with profile `b`.
    @inline(__always) func turnCost(from a: RoadProfile, to b: RoadProfile, uTurn: Bool) -> Double {
        var c = uTurn ? uTurnPenalty : 0
        if !rules.ignoreRestrictions && b.restricted.contains(rules.mode) && !a.restricted.contains(rules.mode) {
            c += restrictedPenalty
        }
        return c
    }
}
