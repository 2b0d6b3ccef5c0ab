// The working state of one ViterbiMatcher.match call as one explicit value:
// the layers of the lattice not yet decided, the part of the current run that
// is, the runs and breaks found so far, and the bookkeeping of skipped and
// off-road points. The matcher's steps change it only through the operations
// here (start, extend, break, close), so what each step does to the state can
// be read from its name.
import GeoBase

/// A continuous run of matched points: their indices (into the points given) and chosen candidates.
struct MatchedRun {
    var points: [Int]
    var states: [Candidate]
}

struct ViterbiLattice {
    /// One point's candidates, each with the score of its best chain and that chain's previous state.
    struct Layer {
        var point: Int
        var candidates: [Candidate]
        var scores: [Double]
        var back: [Int]
    }

    /// Layers are compacted (see `compact`) every `compactEvery` layers once there are `compactFrom`,
    /// looking back at most `compactDepth` layers. Memory bounds only: the chains are the same.
    static let compactFrom = 64, compactEvery = 32, compactDepth = 1024

    private(set) var layers: [Layer] = []
    /// The start of the current run once it is decided (see `compact`).
    private var committed = MatchedRun(points: [], states: [])
    private(set) var runs: [MatchedRun] = []
    private(set) var breaks: [MatchBreak] = []
    /// Per point, whether it had no candidate at all.
    var noCandidates: [Bool]
    /// Points after the last layer that could not be attached to it.
    var skipped: [Int] = []
    /// Consecutive points without any candidate.
    var offRoad = 0
    /// Candidates of points that may be revisited after a restart (only those after the last layer).
    var candidateCache: [Int: [Candidate]] = [:]

    init(pointCount: Int) {
        noCandidates = [Bool](repeating: false, count: pointCount)
    }

    /// A run starts at point `i`: its scores are the emissions alone.
    mutating func start(point i: Int, candidates: [Candidate], emissions: [Double]) {
        layers.append(Layer(point: i, candidates: candidates, scores: emissions, back: Array(repeating: -1, count: candidates.count)))
    }

    /// The run goes on with `layer`; the points skipped before it were outliers.
    mutating func extend(_ layer: Layer) {
        skipped.removeAll()
        layers.append(layer)
        candidateCache.removeAll(keepingCapacity: true)   // a restart never goes back past this layer
        if layers.count >= Self.compactFrom && layers.count % Self.compactEvery == 0 { compact() }
    }

    /// Ends the current run before point `i` with a break of `reason` after its last point.
    mutating func breakRun(before i: Int, reason: BreakReason, points: [Coordinate]) {
        if let last = layers.last {
            breaks.append(MatchBreak(afterPoint: last.point, beforePoint: i, reason: reason,
                                     distance: points[last.point].distance(to: points[i])))
        }
        closeRun()
    }

    /// The points skipped since the last layer cannot be reached from it: the run ends before the
    /// first of them, which is where matching starts again (returned).
    mutating func restartAtFirstSkipped(points: [Coordinate]) -> Int {
        let restart = skipped[0]
        breakRun(before: restart, reason: .noRoute, points: points)
        skipped.removeAll()
        return restart
    }

    /// Ends the current run with the best chain into its last layer.
    mutating func closeRun() {
        guard let last = layers.last, let best = last.scores.indices.max(by: { last.scores[$0] < last.scores[$1] }) else { return }
        let tail = chain(to: best, layer: layers.count - 1)
        runs.append(MatchedRun(points: committed.points + tail.points, states: committed.states + tail.states))
        committed = MatchedRun(points: [], states: [])
        layers.removeAll()
    }

    /// The chain ending in `state` of layer `end`, back to the first layer, in order.
    private func chain(to state: Int, layer end: Int) -> MatchedRun {
        var run = MatchedRun(points: [], states: [])
        var k = state
        for l in layers[...end].reversed() {
            run.states.append(l.candidates[k])
            run.points.append(l.point)
            k = l.back[k]
        }
        return MatchedRun(points: run.points.reversed(), states: run.states.reversed())
    }

    /// Once every live state of the last layer descends from one state of an earlier layer, the
    /// chain up to that state is decided whatever comes next: it leaves the layers (memory stays
    /// bounded on a month-long recording).
    private mutating func compact() {
        let lastScores = layers[layers.count - 1].scores
        var alive = lastScores.indices.filter { lastScores[$0].isFinite }
        var l = layers.count - 1
        while l > 0 && alive.count > 1 && layers.count - l < Self.compactDepth {
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
}
