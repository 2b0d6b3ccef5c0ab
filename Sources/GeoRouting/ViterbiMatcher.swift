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
// the nodes where candidates leave their edges, cached across layers. The
// scores are the models' (HMMModels); the state of one call is a
// ViterbiLattice.
import Foundation
import GeoBase

struct ViterbiMatcher {
    struct Parameters {
        var emission: EmissionModel
        var transition: TransitionModel
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
    }

    let parameters: Parameters
    /// Per point of the current `match` (empty: none), its own emission σ and search radius.
    var pointAccuracies: [(sigma: Double, radius: Double)?] = []
    /// Per point of the current `match` (empty: none), the bearing and approach its candidates must allow.
    var pointRules: [WaypointRule] = []
    var candidateSearch: CandidateSearch
    var search: PathSearch

    init(rules: TraversalRules, parameters: Parameters) {
        self.parameters = parameters
        candidateSearch = CandidateSearch(rules: rules)
        search = PathSearch(rules: rules)
    }

    /// The route-distance limit of a transition between points `gc` metres apart.
    func bound(straight gc: Double) -> Double { parameters.transition.bound(straight: gc) }

    /// The runs matched in a sequence of points, the breaks that end them, and for every point in
    /// no run the reason (indices local to the points given).
    struct Outcome {
        var runs: [MatchedRun]
        var breaks: [MatchBreak]
        /// One per point: nil for a point of a run.
        var reasons: [MatchedPoint.UnmatchedReason?]
    }

    /// Matches `points` (one piece of an input segment; `times` in seconds, nil without, or nil for none):
    /// each point in turn goes into the lattice (`step`), then the runs are read out of it (`outcome`).
    mutating func match(_ points: [Coordinate], times: [Double?]? = nil) -> Outcome {
        var lattice = ViterbiLattice(pointCount: points.count)
        var i = 0
        while i < points.count { i = step(i, points, times, &lattice) }
        lattice.closeRun()
        return outcome(of: lattice)
    }

    /// Point `i` into the lattice: its candidates, their emissions, the transitions from the last
    /// layer, then the layer joins the run, or the run breaks. Returns the point to look at next:
    /// `i` again when a gap ends the run before it, an earlier point when the run restarts there.
    private mutating func step(_ i: Int, _ points: [Coordinate], _ times: [Double?]?, _ lattice: inout ViterbiLattice) -> Int {
        let cands = candidates(at: i, near: points[i], &lattice)
        guard !cands.isEmpty else { return offRoad(i, points, &lattice) }
        lattice.offRoad = 0
        var emission = parameters.emission
        if let own = accuracy(of: i) { emission.sigma = own.sigma }
        let emissions = cands.map { emission.logProbability($0, rules: search.rules) }
        guard let prev = lattice.layers.last else {
            lattice.start(point: i, candidates: cands, emissions: emissions)
            return i + 1
        }
        let straight = points[prev.point].distance(to: points[i])
        if straight > parameters.gap.limit(from: times?[prev.point], to: times?[i]) {
            if !lattice.skipped.isEmpty { return lattice.restartAtFirstSkipped(points: points) }
            lattice.breakRun(before: i, reason: .gap, points: points)
            return i   // the point starts a new run
        }
        let layer = transitions(from: prev, to: i, candidates: cands, emissions: emissions, straight: straight)
        guard layer.scores.contains(where: \.isFinite) else {
            // An outlier, or after too many in a row a real disconnection: restart from the first that failed.
            lattice.skipped.append(i)
            return lattice.skipped.count > parameters.maxSkipped ? lattice.restartAtFirstSkipped(points: points) : i + 1
        }
        lattice.extend(layer)
        return i + 1
    }

    /// The candidates of point `i`, found once even when a restart comes back to it.
    private mutating func candidates(at i: Int, near point: Coordinate, _ lattice: inout ViterbiLattice) -> [Candidate] {
        if let cached = lattice.candidateCache[i] { return cached }
        candidateSearch.rule = pointRules.indices.contains(i) ? pointRules[i] : nil
        let found = candidateSearch.candidates(near: point, radius: accuracy(of: i)?.radius ?? parameters.radius,
                                               limit: parameters.maxCandidates)
        lattice.candidateCache[i] = found
        return found
    }

    private func accuracy(of i: Int) -> (sigma: Double, radius: Double)? {
        pointAccuracies.indices.contains(i) ? pointAccuracies[i] : nil
    }

    /// A point with no road near: after more than `maxSkipped` in a row the run ends at the first of them.
    private func offRoad(_ i: Int, _ points: [Coordinate], _ lattice: inout ViterbiLattice) -> Int {
        lattice.noCandidates[i] = true
        lattice.offRoad += 1
        if lattice.offRoad > parameters.maxSkipped && !lattice.layers.isEmpty {
            lattice.breakRun(before: i - lattice.offRoad + 1, reason: .offRoad, points: points)
            lattice.skipped.removeAll()
        }
        return i + 1
    }

    /// Viterbi's recursion for point `i`: each candidate's best predecessor among the states of the
    /// last layer within the beam, scored by the transition and emission models.
    private mutating func transitions(from prev: ViterbiLattice.Layer, to i: Int, candidates cands: [Candidate],
                                      emissions: [Double], straight: Double) -> ViterbiLattice.Layer {
        let limit = parameters.transition.bound(straight: straight)
        var scores = [Double](repeating: -.infinity, count: cands.count)
        var back = [Int](repeating: -1, count: cands.count)
        let top = prev.scores.max() ?? -.infinity
        let entries = cands.map { search.entries($0) }
        for (a, sa) in prev.scores.enumerated() where sa.isFinite && sa >= top - parameters.beam {
            let routes = distances(from: prev.candidates[a], to: cands, entries: entries, bound: limit, layer: i)
            for b in cands.indices where routes[b].isFinite {
                let s = sa + parameters.transition.logProbability(route: routes[b], straight: straight) + emissions[b]
                if s > scores[b] { scores[b] = s; back[b] = a }
            }
        }
        return ViterbiLattice.Layer(point: i, candidates: cands, scores: scores, back: back)
    }

    /// The runs kept once fragments are pruned, their breaks, and every other point's reason.
    private func outcome(of lattice: ViterbiLattice) -> Outcome {
        let (kept, keptBreaks, dropped) = ViterbiMatcher.pruneFragments(runs: lattice.runs, breaks: lattice.breaks,
                                                                        minPoints: parameters.minRunPoints)
        var reasons: [MatchedPoint.UnmatchedReason?] = lattice.noCandidates.map { $0 ? .offRoad : .outlier }
        for i in dropped { reasons[i] = .fragment }
        for run in kept { for i in run.points { reasons[i] = nil } }
        return Outcome(runs: kept, breaks: keptBreaks, reasons: reasons)
    }

    /// Shortest-path trees rooted at the nodes where candidates leave their edges, kept while the
    /// track stays near them: consecutive points mostly have candidates on the same edges, so one
    /// tree serves several layers. (bound it was grown to, last layer that used it, the labels)
    private var trees: [Int: (bound: Double, layer: Int, space: SearchSpace)] = [:]

    /// Past `maxTrees` trees, those unused for more than `treeIdleLayers` layers are evicted, at most
    /// `maxSpareSpaces` of their search spaces kept for reuse; a tree is grown to `treeGrowth` times the
    /// bound asked for. (Measured: 10 % more is faster than 50 % more; the bigger trees cost more than
    /// the reuse saves.) They bound time and memory, not the model: no tunable of MatchConfig.
    static let maxTrees = 256, treeIdleLayers = 2, maxSpareSpaces = 64, treeGrowth = 1.1

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
        if trees.count > Self.maxTrees {
            for (n, t) in trees where t.layer < layer - Self.treeIdleLayers {
                if spare.count < Self.maxSpareSpaces { spare.append(t.space) }
                trees[n] = nil
            }
        }
        // A little more than needed now, so the next layers (similar spacing) can reuse it.
        let grown = bound * Self.treeGrowth
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
