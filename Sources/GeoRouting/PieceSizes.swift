// OSRM's small-component rule for snapping: a point whose nearest roads are a
// tiny piece of the network (fewer than `tinyComponent` edges: a parking
// aisle, a stretch of footway) is moved to the nearest road of a bigger
// piece. As OSRM's components are strongly connected ones, a piece is tiny
// when little can be reached from it *or* little can reach it: a car park's
// exit-only lane joins the streets but no street leads onto it, so a route
// can never end there (a Monaco route to the Casino's exit lane found none,
// where osrm-routed snaps to the street). Why a value of its own: a distance
// table asks about many points near the same roads, and walks each once.
import Foundation
import GeoBase
import GeoRoads

/// Whether a candidate lies on a piece from which, or into which, fewer than `tinyComponent` usable edges
/// lead, remembered per edge and the directions the candidate may take it.
struct PieceSizes {
    let rules: TraversalRules
    let tinyComponent: Int
    private var known: [Int: Bool] = [:]

    init(rules: TraversalRules, tinyComponent: Int) {
        self.rules = rules
        self.tinyComponent = tinyComponent
    }

    mutating func isTiny(_ c: Candidate) -> Bool {
        let key = c.edge << 2 | (c.forward ? 1 : 0) | (c.backward ? 2 : 0)
        if let k = known[key] { return k }
        // Leaving the candidate's edge: from its head in each direction the mode may take it; arriving:
        // into its tail.
        let out: [Int] = (c.forward ? [c.to] : []) + (c.backward ? [c.from] : [])
        let into: [Int] = (c.forward ? [c.from] : []) + (c.backward ? [c.to] : [])
        for (starts, forward) in [(out, true), (into, false)] {
            if walk(from: starts, edge: c.edge, forward: forward) {
                known[key] = true
                return true
            }
        }
        known[key] = false
        return false
    }

    /// Whether the usable edges met walking from `starts` the way the mode may travel (`forward`) or
    /// against it stay fewer than `tinyComponent`.
    private func walk(from starts: [Int], edge: Int, forward: Bool) -> Bool {
        let graph = rules.graph
        var seen: Set<Int> = [edge]
        var stack = starts
        var visited: Set<Int> = []
        while let n = stack.popLast() {
            guard visited.insert(n).inserted else { continue }
            graph.forEachAdjacent(n) { e, reversed in
                guard !seen.contains(e) else { return }
                // Leaving n by e goes along the way when `reversed` is false; arriving at n by e the other way.
                guard rules.allows(graph.profile(graph.edge(e).profile), forward: forward ? !reversed : reversed) else { return }
                seen.insert(e)
                let ed = graph.edge(e)
                stack.append(reversed ? ed.from : ed.to)
            }
            if seen.count >= tinyComponent { return false }
        }
        return true
    }

    /// The nearest candidates on a piece that is not tiny when `nearest` lie on a tiny one (those as near as
    /// the nearest of them: the edges of one junction), searching ever wider up to `limit` metres; nil when
    /// they do not, or when no bigger piece is that near.
    mutating func nearestInBig(_ finder: inout CandidateSearch, _ point: Coordinate, _ nearest: [Candidate],
                               limit: Double) -> [Candidate]? {
        guard let first = nearest.first, isTiny(first) else { return nil }
        var radius = first.position.distance + 50
        while true {
            let within = min(radius, limit)
            let big = finder.candidates(near: point, radius: within, limit: 64).filter { !isTiny($0) }
            if let b = big.first { return big.filter { $0.position.distance <= b.position.distance + Router.snapSlack } }
            if within >= limit { return nil }
            radius *= 4
        }
    }
}
