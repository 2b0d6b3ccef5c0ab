// The hidden-Markov-model core of map matching (Newson & Krumm 2009, as in
// Valhalla Meili, OSRM and GraphHopper). Each track point is a layer of
// candidate road positions; a candidate's emission score falls with its
// distance from the point (Gaussian, σ = accuracy), a transition's score with
// |route distance − straight distance| between consecutive points
// (exponential, scale β); Viterbi keeps the best chain. A point none of whose
// candidates can be reached is treated as an outlier and skipped; several in a
// row, a point too far from the last one, or a stretch with no road nearby
// close the run, so the match splits into segments instead of inventing a
// route across the gap. Every point given comes back in a run or with the
// reason it is in none. Route lengths come from shortest-path trees rooted at
// the nodes where candidates leave their edges, cached across layers.
import Foundation
import GeoBase

/// A continuous run of matched points: their indices (into the points given) and chosen candidates.
struct MatchedRun {
    var points: [Int]
    var states: [Candidate]
}

struct ViterbiMatcher {
    struct Parameters {
        var sigma: Double
        var beta: Double
        package var radius: Double
        var maxCandidates: Int
        /// Consecutive layers farther apart than this are not joined (MapMatcher cuts the input at its
        /// gaps first; this catches the jump across skipped or off-road points).
        var gap: GapLimit
        var maxSkipped: Int
        var backtrack: Double
        /// States whose score trails the layer's best by more than this are not extended.
        var beam: Double
        /// Shorter runs the matcher lost the road around are dropped as fragments.
        var minRunPoints: Int
        /// Emission penalty (log-probability) of a candidate where a cyclist must push.
        var pushPenalty: Double
    }

    let parameters: Parameters
    var candidateSearch: CandidateSearch
    var search: PathSearch

    init(rules: TraversalRules, parameters: Parameters) {
        self.parameters = parameters
        candidateSearch = CandidateSearch(rules: rules)
        search = PathSearch(rules: rules)
    }

    private struct Layer {
        var point: Int
        var candidates: [Candidate]
        var scores: [Double]
        var back: [Int]
    }

    /// The route-distance limit of a transition between points `gc` metres apart.
    func bound(straight gc: Double) -> Double {
        max(2 * gc, gc + 2 * parameters.radius) + 50
    }

    /// The runs matched in a sequence of points, the breaks that end them, and for every point in
    /// no run the reason (indices local to the points given).
    struct Outcome {
        var runs: [MatchedRun]
        var breaks: [MatchBreak]
        /// One per point: nil for a point of a run.
        var reasons: [MatchedPoint.UnmatchedReason?]
    }

    /// Matches `points` (one piece of an input segment; `times` in seconds, nil without, or nil for none).
    mutating func match(_ points: [Coordinate], times: [Double?]? = nil) -> Outcome {
        let p = parameters
        var runs: [MatchedRun] = []
        var breaks: [MatchBreak] = []
        var noCandidates = [Bool](repeating: false, count: points.count)
        var layers: [Layer] = []
        var skipped: [Int] = []      // points after the last layer that could not be attached
        var offRoad = 0              // consecutive points without any candidate
        // Candidates of points that may be revisited after a restart (only those after the last layer).
        var candidateCache: [Int: [Candidate]] = [:]
        // The start of the current run once it is decided (see compact()).
        var committed = MatchedRun(points: [], states: [])

        /// The chain ending in `state` of layer `end`, back to the first layer, in order.
        func chain(to state: Int, layer end: Int) -> MatchedRun {
            var run = MatchedRun(points: [], states: [])
            var k = state
            for l in layers[...end].reversed() {
                run.states.append(l.candidates[k])
                run.points.append(l.point)
                k = l.back[k]
            }
            return MatchedRun(points: run.points.reversed(), states: run.states.reversed())
        }
        func closeRun() {
            guard let last = layers.last, let best = last.scores.indices.max(by: { last.scores[$0] < last.scores[$1] }) else { return }
            let tail = chain(to: best, layer: layers.count - 1)
            runs.append(MatchedRun(points: committed.points + tail.points, states: committed.states + tail.states))
            committed = MatchedRun(points: [], states: [])
            layers.removeAll()
        }
        /// Once every live state of the last layer descends from one state of an earlier layer, the
        /// chain up to that state is decided whatever comes next: it leaves the layers (memory stays
        /// bounded on a month-long recording).
        func compact() {
            let lastScores = layers[layers.count - 1].scores
            var alive = lastScores.indices.filter { lastScores[$0].isFinite }
            var l = layers.count - 1
            while l > 0 && alive.count > 1 && layers.count - l < 1024 {
                alive = Array(Set(alive.map { layers[l].back[$0] }.filter { $0 >= 0 }))
                l -= 1
            }
            guard alive.count == 1, l > 0, layers[l].back[alive[0]] >= 0 else { return }
            let decided = chain(to: layers[l].back[alive[0]], layer: l - 1)
            committed.points += decided.points
            committed.states += decided.states
            layers.removeFirst(l)
            layers[0].back = Array(repeating: -1, count: layers[0].back.count)
        }
        func breakRun(before i: Int, reason: BreakReason) {
            if let last = layers.last {
                breaks.append(MatchBreak(afterPoint: last.point, beforePoint: i, reason: reason,
                                         distance: points[last.point].distance(to: points[i])))
            }
            closeRun()
        }

        var i = 0
        while i < points.count {
            let cands: [Candidate]
            if let c = candidateCache[i] { cands = c } else {
                cands = candidateSearch.candidates(near: points[i], radius: p.radius, limit: p.maxCandidates)
                candidateCache[i] = cands
            }
            if cands.isEmpty {
                noCandidates[i] = true
                offRoad += 1
                if offRoad > p.maxSkipped && !layers.isEmpty {
                    // Find the first point of the off-road stretch to report the break there.
                    breakRun(before: i - offRoad + 1, reason: .offRoad)
                    skipped.removeAll()
                }
                i += 1
                continue
            }
            offRoad = 0
            let emissions = cands.map { -0.5 * ($0.position.distance / p.sigma) * ($0.position.distance / p.sigma) - (search.rules.isPushed($0.profile) ? p.pushPenalty : 0) }
            guard let prev = layers.last else {
                layers.append(Layer(point: i, candidates: cands, scores: emissions, back: Array(repeating: -1, count: cands.count)))
                i += 1
                continue
            }
            let gc = points[prev.point].distance(to: points[i])
            if gc > p.gap.limit(from: times?[prev.point], to: times?[i]) {
                if let restart = skipped.first {
                    // The points skipped since the last layer could not be reached from it: start again there.
                    breakRun(before: restart, reason: .noRoute)
                    skipped.removeAll()
                    i = restart
                    continue
                }
                breakRun(before: i, reason: .gap)
                continue   // the point starts a new run
            }
            let limit = bound(straight: gc)
            var scores = [Double](repeating: -.infinity, count: cands.count)
            var back = [Int](repeating: -1, count: cands.count)
            let top = prev.scores.max() ?? -.infinity
            let entries = cands.map { search.entries($0) }
            for (a, sa) in prev.scores.enumerated() where sa.isFinite && sa >= top - p.beam {
                let costs = distances(from: prev.candidates[a], to: cands, entries: entries, bound: limit, layer: i)
                for b in cands.indices where costs[b].isFinite {
                    let s = sa - abs(costs[b] - gc) / p.beta + emissions[b]
                    if s > scores[b] { scores[b] = s; back[b] = a }
                }
            }
            if scores.allSatisfy({ !$0.isFinite }) {
                skipped.append(i)
                if skipped.count > p.maxSkipped {
                    // Not an outlier but a real disconnection: restart from the first point that failed.
                    let restart = skipped[0]
                    breakRun(before: restart, reason: .noRoute)
                    skipped.removeAll()
                    i = restart
                    continue
                }
                i += 1
                continue
            }
            skipped.removeAll()
            layers.append(Layer(point: i, candidates: cands, scores: scores, back: back))
            candidateCache.removeAll(keepingCapacity: true)   // a restart never goes back past this layer
            if layers.count >= 64 && layers.count % 32 == 0 { compact() }
            i += 1
        }
        closeRun()
        let (kept, keptBreaks, dropped) = ViterbiMatcher.pruneFragments(runs: runs, breaks: breaks, minPoints: p.minRunPoints)
        var reasons: [MatchedPoint.UnmatchedReason?] = noCandidates.map { $0 ? .offRoad : .outlier }
        for i in dropped { reasons[i] = .fragment }
        for run in kept { for i in run.points { reasons[i] = nil } }
        return Outcome(runs: kept, breaks: keptBreaks, reasons: reasons)
    }

    /// Shortest-path trees rooted at the nodes where candidates leave their edges, kept while the
    /// track stays near them: consecutive points mostly have candidates on the same edges, so one
    /// tree serves several layers. (bound it was grown to, last layer that used it, the labels)
    private var trees: [Int: (bound: Double, layer: Int, space: SearchSpace)] = [:]

    /// The judged length of the cheapest path from `source` to each target (infinity beyond `bound`).
    private mutating func distances(from source: Candidate, to targets: [Candidate], entries: [[PathSearch.End]],
                                    bound: Double, layer: Int) -> [Double] {
        var best = targets.map { search.directPath(source, $0, backtrack: parameters.backtrack, bound: bound) ?? (.infinity, .infinity) }
        for exit in search.exits(source) where exit.metres <= bound {
            let tree = self.tree(exit.node, bound: bound, layer: layer)
            let rules = search.rules
            for (j, ends) in entries.enumerated() {
                for end in ends {
                    guard let l = tree.label(end.node) else { continue }
                    // Entering the target edge past a barrier node is passing it.
                    if end.metres > 0 && rules.blocks(node: end.node) { continue }
                    let cost = exit.cost + l.cost + end.cost, metres = exit.metres + l.distance + end.metres
                    if metres <= bound && cost < best[j].cost { best[j] = (cost, metres) }
                }
            }
        }
        return best.map(\.distance)
    }

    /// Search spaces of evicted trees, reused for new ones.
    private var spare: [SearchSpace] = []

    private mutating func tree(_ node: Int, bound: Double, layer: Int) -> SearchSpace {
        if let t = trees[node] {
            if t.bound >= bound {
                trees[node]!.layer = layer
                return t.space
            }
            spare.append(trees.removeValue(forKey: node)!.space)
        }
        if trees.count > 256 {
            for (n, t) in trees where t.layer < layer - 2 {
                if spare.count < 64 { spare.append(t.space) }
                trees[n] = nil
            }
        }
        // A little more than needed now, so the next layers (similar spacing) can reuse it. (Measured:
        // 10 % more is faster than 50 % more; the bigger trees cost more than the reuse saves.)
        let grown = bound * 1.1
        var space = spare.popLast() ?? SearchSpace()
        search.tree(from: node, bound: grown, into: &space)
        trees[node] = (grown, layer, space)
        return space
    }

    /// Drops runs of fewer than `minPoints` states that the matcher lost the road around — a point or
    /// two matched to a side street while the track goes where the mode may not: a `no_route` or
    /// `off_road` break on either side — unless no run would be left, then the longest stays. A short
    /// run between gaps or the ends of its piece stands alone and is kept. A run of one state is no
    /// route and always goes (two identical points are two states). A break between a run kept
    /// and a later one stays exactly as reported (where the route stops, whatever follows); one that
    /// ended a dropped run, or the last run with nothing kept after it, goes: the route is not
    /// interrupted there, and the points after it have their reasons. Returns the runs and breaks kept
    /// and the points of the runs dropped.
    static func pruneFragments(runs: [MatchedRun], breaks: [MatchBreak],
                               minPoints: Int) -> (runs: [MatchedRun], breaks: [MatchBreak], dropped: [Int]) {
        func trusted(_ run: MatchedRun) -> Bool {
            guard run.points.count > 1, let first = run.points.first, let last = run.points.last else { return false }
            if run.points.count >= minPoints { return true }
            // The break that ended the run before (the last one before its first point) and its own (at its last point).
            let before = breaks.last { $0.afterPoint < first }, after = breaks.first { $0.afterPoint >= last }
            return (before?.reason ?? .gap) == .gap && (after?.reason ?? .gap) == .gap
        }
        var kept = runs.filter(trusted)
        if kept.isEmpty, let longest = runs.max(by: { $0.points.count < $1.points.count }), longest.points.count > 1 {
            kept = [longest]
        }
        let keptEnds = Set(kept.compactMap(\.points.last))
        let dropped = runs.filter { !keptEnds.contains($0.points.last ?? -1) }.flatMap(\.points)
        let lastStart = kept.compactMap(\.points.first).max() ?? -1
        return (kept, breaks.filter { keptEnds.contains($0.afterPoint) && $0.afterPoint < lastStart }, dropped)
    }
}
