// OSRM's small-component rule for snapping: a point whose nearest roads are a
// tiny piece cut off from the network (fewer than `tinyComponent` edges: a
// parking aisle, a stretch of footway) is moved to the nearest road of a
// bigger piece. Why a value of its own: a piece's size is the same answer for
// every edge on it, so one walk answers for all of them, and a distance
// table, which asks about many points near the same pieces, walks each once.
import Foundation
import GeoBase
import GeoRoads

/// Whether an edge lies on a connected piece of fewer than `tinyComponent` usable edges, remembered for every
/// edge a look-up walked (they are all on that piece, so they share its answer).
struct PieceSizes {
    let rules: TraversalRules
    let tinyComponent: Int
    private var known: [Int: Bool] = [:]

    init(rules: TraversalRules, tinyComponent: Int) {
        self.rules = rules
        self.tinyComponent = tinyComponent
    }

    mutating func isTiny(_ c: Candidate) -> Bool {
        if let k = known[c.edge] { return k }
        let graph = rules.graph
        var seen: Set<Int> = [c.edge]
        var stack = [c.from, c.to]
        var visited: Set<Int> = []
        var tiny = true
        while let n = stack.popLast() {
            guard visited.insert(n).inserted else { continue }
            graph.forEachAdjacent(n) { e, reversed in
                guard !seen.contains(e), rules.usable(graph.profile(graph.edge(e).profile)) else { return }
                seen.insert(e)
                let ed = graph.edge(e)
                stack.append(reversed ? ed.from : ed.to)
            }
            if seen.count >= tinyComponent { tiny = false; break }
        }
        for e in seen { known[e] = tiny }
        return tiny
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
