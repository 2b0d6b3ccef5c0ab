// How MapMatcher matches one piece of a track (consecutive valid points
// within the gap limit of each other), in the named steps GraphHopper's
// MapMatching.match reads as: thin the points, run the HMM on the rest, report
// what it left out, rebuild each run along the roads, and place every input
// point on the route. What the steps share is one value (`PieceMatch`); what
// they produce goes into the result and the points, passed in and out.
import Foundation
import GeoBase

/// One piece being matched: the segment's points and times, and the ones given to the HMM.
struct PieceMatch {
    /// The input segment's points (the piece's indices point into them) and their times in seconds.
    let coords: [Coordinate]
    let times: [Double?]
    /// Index of the segment's first point in the whole track.
    let base: Int
    /// The piece's points left after thinning, the ones the HMM sees (segment indices).
    let kept: [Int]
    /// The piece's last point.
    let end: Int

    /// The first kept point after kept point `j`, or one past the piece's end.
    func nextKept(after j: Int) -> Int { j + 1 < kept.count ? kept[j + 1] : end + 1 }
}

extension MapMatcher {
    /// Matches one piece (indices into the segment's `coords`): its segments and breaks go into
    /// `result`, each point's fate into `points`.
    func matchPiece(_ piece: [Int], coords: [Coordinate], times: [Double?], base: Int,
                    viterbi: inout ViterbiMatcher, rules: TraversalRules,
                    into result: inout MatchResult, points: inout [MatchedPoint]) {
        let kept = MapMatcher.thinned(piece, coords, spacing: options.config.thinning(accuracy: result.accuracy))
        let m = PieceMatch(coords: coords, times: times, base: base, kept: kept, end: piece[piece.count - 1])
        // Points with an accuracy of their own: σ and search radius per point, clamped as the track's are.
        let own = kept.map { accuracy(of: base + $0) }
        viterbi.pointAccuracies = own.contains { $0 != nil } ? own : []
        viterbi.pointRules = options.pointRules.isEmpty ? [] : kept.map { k in
            options.pointRules.indices.contains(base + k) ? options.pointRules[base + k] : WaypointRule()
        }
        let outcome = viterbi.match(kept.map { coords[$0] }, times: kept.map { times[$0] })
        viterbi.pointAccuracies = []
        viterbi.pointRules = []
        m.reportBreaks(outcome, into: &result)
        m.reportUnmatched(outcome, points: &points)
        for run in outcome.runs {
            let (segment, vertexOf) = m.assemble(run, viterbi: &viterbi, rules: rules)
            let segmentIndex = result.segments.count
            m.snapStates(of: run, on: segment, vertexOf: vertexOf, segmentIndex: segmentIndex, points: &points)
            m.placeLeftOut(of: run, on: segment, vertexOf: vertexOf, segmentIndex: segmentIndex,
                           radius: { i in accuracy(of: base + i)?.radius ?? viterbi.parameters.radius },
                           ruled: { i in options.pointRules.indices.contains(base + i) && options.pointRules[base + i].restrictsDirection },
                           points: &points)
            result.segments.append(segment)
        }
    }

    /// Track point `k`'s own accuracy, when it has one: σ (clamped as the track's is) and search radius.
    func accuracy(of k: Int) -> (sigma: Double, radius: Double)? {
        guard options.pointAccuracies.indices.contains(k), let a = options.pointAccuracies[k] else { return nil }
        let sigma = min(max(a, options.config.accuracyRange.lowerBound), options.config.accuracyRange.upperBound)
        return (sigma, options.config.searchRadius(accuracy: sigma))
    }

    /// Step 1: the first point, then each one at least `spacing` metres from the last kept; always the last.
    static func thinned(_ piece: [Int], _ coords: [Coordinate], spacing: Double) -> [Int] {
        var kept: [Int] = []
        for (n, i) in piece.enumerated() {
            if let k = kept.last, coords[k].distance(to: coords[i]) < spacing, n != piece.count - 1 { continue }
            kept.append(i)
        }
        return kept
    }
}

extension PieceMatch {
    /// Step 3a: the HMM's breaks, in track indices.
    func reportBreaks(_ outcome: ViterbiMatcher.Outcome, into result: inout MatchResult) {
        for b in outcome.breaks {
            result.breaks.append(MatchBreak(afterPoint: base + kept[b.afterPoint], beforePoint: base + kept[b.beforePoint],
                                            reason: b.reason, distance: b.distance))
        }
    }

    /// Step 3b: a point out of the model: a kept one has its reason; the thinned ones after it (within
    /// the thinning distance of it) share it, unless a run places them on the route afterwards.
    func reportUnmatched(_ outcome: ViterbiMatcher.Outcome, points: inout [MatchedPoint]) {
        for (j, i) in kept.enumerated() {
            guard let reason = outcome.reasons[j] else { continue }
            points[i].reason = reason
            for t in (i + 1)..<max(i + 1, nextKept(after: j)) where points[t].reason == nil && coords[t].isValid {
                points[t].reason = reason
            }
        }
    }

    /// Step 4: the run rebuilt along the roads between its chosen candidates, and per state its vertex.
    func assemble(_ run: MatchedRun, viterbi: inout ViterbiMatcher, rules: TraversalRules) -> (RouteSegment, [Int]) {
        let backtrack = viterbi.parameters.backtrack
        var assembler = RouteAssembler(rules: rules, start: run.states[0])
        var vertexOf = [assembler.vertexCount - 1]
        for k in 1..<max(1, run.states.count) {
            let s = run.states[k - 1], t = run.states[k]
            let bound = viterbi.bound(straight: coords[kept[run.points[k - 1]]].distance(to: coords[kept[run.points[k]]]))
            if let path = viterbi.search.path(from: s, to: t, bound: bound, backtrack: backtrack)
                ?? viterbi.search.path(from: s, to: t, bound: bound * MapMatcher.retryBoundFactor, backtrack: backtrack) {
                vertexOf.append(assembler.append(path, from: s, to: t))
            } else {
                vertexOf.append(assembler.vertexCount - 1)
            }
        }
        let segment = assembler.segment(firstPoint: base + kept[run.points[0]], lastPoint: base + kept[run.points[run.points.count - 1]])
        return (segment, vertexOf)
    }

    /// Step 5a: each point of the run at its chosen candidate, or at the nearest point of the route
    /// around it when that is nearer (the HMM may pick a candidate on the far side of a corner the
    /// route cuts past).
    func snapStates(of run: MatchedRun, on segment: RouteSegment, vertexOf: [Int], segmentIndex: Int,
                    points: inout [MatchedPoint]) {
        for (k, pi) in run.points.enumerated() {
            let i = kept[pi]
            var snapped = segment.coordinates[vertexOf[k]]
            let around = vertexOf[max(0, k - 1)]...vertexOf[min(vertexOf.count - 1, k + 1)]
            if let (p, d) = MapMatcher.project(coords[i], on: segment.coordinates, vertices: around),
               d < coords[i].distance(to: snapped) { snapped = p }
            points[i] = MatchedPoint(index: base + i, input: coords[i], status: .matched, snapped: snapped,
                                     distance: coords[i].distance(to: snapped), segment: segmentIndex)
        }
    }

    /// Step 5b: the points left out of the model — thinned points and skipped outliers between the
    /// run's states, the thinned points after its last state up to the next kept one — projected onto
    /// the route nearby: within `radius(i)` (the point's search radius) of it they lie on it (`interpolated`), farther they are outliers.
    func placeLeftOut(of run: MatchedRun, on segment: RouteSegment, vertexOf: [Int], segmentIndex: Int,
                      radius: (Int) -> Double, ruled: (Int) -> Bool, points: inout [MatchedPoint]) {
        func place(after a: Int, before b: Int, vertices: ClosedRange<Int>) {
            guard b > a + 1 else { return }
            // A point whose bearing or approach left it no road nearby stays off the route (OSRM: null).
            for i in (a + 1)..<b where coords[i].isValid && !(points[i].reason == .offRoad && ruled(i)) {
                if let (snap, d) = MapMatcher.project(coords[i], on: segment.coordinates, vertices: vertices), d <= radius(i) {
                    points[i] = MatchedPoint(index: base + i, input: coords[i], status: .interpolated, snapped: snap,
                                             distance: d, segment: segmentIndex)
                } else if points[i].reason == nil {
                    points[i].reason = .outlier
                }
            }
        }
        for k in 0..<run.points.count - 1 {
            place(after: kept[run.points[k]], before: kept[run.points[k + 1]], vertices: vertexOf[k]...vertexOf[k + 1])
        }
        let lastKept = run.points[run.points.count - 1]
        place(after: kept[lastKept], before: nextKept(after: lastKept),
              vertices: vertexOf[max(0, vertexOf.count - 2)]...vertexOf[vertexOf.count - 1])
    }
}
