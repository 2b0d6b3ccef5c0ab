// Public entry point of map matching: `MapMatcher(graph:options:).match(track)`.
// Per input segment it cuts the points at their gaps (TrackPieces), and per
// piece thins dense points, runs the HMM (ViterbiMatcher) on the rest, rebuilds
// the route along the roads between the chosen candidates (RouteAssembler), and
// projects every input point — thinned ones included — onto the matched route;
// a point that gets no position keeps the reason why. A matcher holds no
// mutable state: one value can match tracks on many threads at once, each call
// with its own scratch space.
import Foundation
import GeoBase
import GeoRoads
import GeoTracks

/// What one match is asked for: the travel mode, the track's accuracy, whether to follow the
/// rules of the road, and the tunables (`MatchConfig`).
public struct MatchOptions: Sendable {
    public var mode: TravelMode = .bicycle
    /// How far the points may be off the road, in metres; nil chooses per track (`MatchConfig.defaultAccuracy`).
    public var accuracy: Double?
    /// Follow the track even against oneway and access rules and through barriers.
    public var ignoreRestrictions = false
    public var config = MatchConfig()

    public init(mode: TravelMode = .bicycle, accuracy: Double? = nil, ignoreRestrictions: Bool = false,
                config: MatchConfig = MatchConfig()) {
        self.mode = mode
        self.accuracy = accuracy
        self.ignoreRestrictions = ignoreRestrictions
        self.config = config
    }
}

public struct MapMatcher: Sendable {
    public let graph: RoadGraph
    public let options: MatchOptions

    /// The HMM found each path of a run within its bound; a search this many times wider only
    /// guards against a corrupt graph (not a tunable: the route does not depend on it).
    static let retryBoundFactor = 4.0

    public init(graph: RoadGraph, options: MatchOptions = MatchOptions()) {
        self.graph = graph
        self.options = options
    }

    public func match(_ track: Track) -> MatchResult {
        let config = options.config
        let accuracy = options.accuracy ?? config.defaultAccuracy(for: track)
        // Paths between candidates are the shortest by judged metres, the length the HMM compares.
        var rules = TraversalRules(graph: graph, mode: options.mode, type: .shortest,
                                   ignoreRestrictions: options.ignoreRestrictions)
        rules.pushFactor = config.pushFactor
        let parameters = config.parameters(accuracy: accuracy, mode: options.mode)
        var viterbi = ViterbiMatcher(rules: rules, parameters: parameters)
        var result = MatchResult(name: track.name, mode: options.mode, accuracy: accuracy,
                                 ignoreRestrictions: options.ignoreRestrictions, segments: [], breaks: [], points: [])
        var base = 0
        for input in track.segments {
            let coords = input.map(\.coordinate)
            let times = input.map { $0.time?.timeIntervalSince1970 }
            var points = coords.enumerated().map {
                MatchedPoint(index: base + $0.offset, input: $0.element, status: .unmatched,
                             reason: $0.element.isValid ? nil : .invalid)
            }
            if let last = result.points.last, !coords.isEmpty {
                result.breaks.append(MatchBreak(afterPoint: last.index, beforePoint: base, reason: .inputSegment,
                                                distance: last.input.distance(to: coords[0])))
            }
            // Cut at the gaps first: each piece is matched on its own, a piece of one point is no route.
            let split = TrackPieces(coords, times: times, gap: parameters.gap)
            for i in split.spikes { points[i].reason = .outlier }
            for (k, piece) in split.pieces.enumerated() {
                if k > 0 {
                    let g = split.gaps[k - 1]
                    result.breaks.append(MatchBreak(afterPoint: base + g.afterPoint, beforePoint: base + g.beforePoint,
                                                    reason: .gap, distance: g.distance))
                }
                if piece.count == 1 {
                    points[piece[0]].reason = .isolated
                    continue
                }
                matchPiece(piece, coords: coords, times: times, base: base, viterbi: &viterbi, rules: rules,
                           into: &result, points: &points)
            }
            result.points += points
            base += coords.count
        }
        return result
    }

    /// Matches one piece (consecutive valid points within the gap limit of each other, indices into the
    /// segment's `coords`): its segments and breaks go into `result`, each point's fate into `points`.
    private func matchPiece(_ piece: [Int], coords: [Coordinate], times: [Double?], base: Int,
                            viterbi: inout ViterbiMatcher, rules: TraversalRules,
                            into result: inout MatchResult, points: inout [MatchedPoint]) {
        let parameters = viterbi.parameters
        // Thin: keep the first point, then each one far enough from the last kept; always the last.
        let spacing = options.config.thinning(accuracy: result.accuracy)
        var kept: [Int] = []
        for (n, i) in piece.enumerated() {
            if let k = kept.last, coords[k].distance(to: coords[i]) < spacing, n != piece.count - 1 { continue }
            kept.append(i)
        }
        let outcome = viterbi.match(kept.map { coords[$0] }, times: kept.map { times[$0] })
        for b in outcome.breaks {
            result.breaks.append(MatchBreak(afterPoint: base + kept[b.afterPoint], beforePoint: base + kept[b.beforePoint],
                                            reason: b.reason, distance: b.distance))
        }
        // A point out of the model: a kept one has its reason; the thinned ones after it (within the
        // thinning distance of it) share it, unless a run below places them on the route.
        let pieceEnd = piece[piece.count - 1]
        for (j, i) in kept.enumerated() {
            guard let reason = outcome.reasons[j] else { continue }
            points[i].reason = reason
            let next = j + 1 < kept.count ? kept[j + 1] : pieceEnd + 1
            for t in (i + 1)..<max(i + 1, next) where points[t].reason == nil && coords[t].isValid { points[t].reason = reason }
        }
        for run in outcome.runs {
            let segmentIndex = result.segments.count
            var assembler = RouteAssembler(rules: rules, start: run.states[0])
            var vertexOf = [assembler.vertexCount - 1]
            for k in 1..<max(1, run.states.count) {
                let s = run.states[k - 1], t = run.states[k]
                let gc = coords[kept[run.points[k - 1]]].distance(to: coords[kept[run.points[k]]])
                // The HMM found a path within the bound; the wider retry only guards against a corrupt graph.
                let bound = viterbi.bound(straight: gc)
                if let path = viterbi.search.path(from: s, to: t, bound: bound, backtrack: parameters.backtrack)
                    ?? viterbi.search.path(from: s, to: t, bound: bound * MapMatcher.retryBoundFactor, backtrack: parameters.backtrack) {
                    vertexOf.append(assembler.append(path, from: s, to: t))
                } else {
                    vertexOf.append(assembler.vertexCount - 1)
                }
            }
            let firstPoint = kept[run.points[0]], lastPoint = kept[run.points[run.points.count - 1]]
            let segment = assembler.segment(firstPoint: base + firstPoint, lastPoint: base + lastPoint)
            for (k, pi) in run.points.enumerated() {
                let i = kept[pi]
                // The chosen candidate, or the nearest point of the route around it when that is nearer
                // (the HMM may pick a candidate on the far side of a corner the route cuts past).
                var snapped = segment.coordinates[vertexOf[k]]
                let around = vertexOf[max(0, k - 1)]...vertexOf[min(vertexOf.count - 1, k + 1)]
                if let (p, d) = MapMatcher.project(coords[i], on: segment.coordinates, vertices: around),
                   d < coords[i].distance(to: snapped) { snapped = p }
                points[i] = MatchedPoint(index: base + i, input: coords[i], status: .matched, snapped: snapped,
                                         distance: coords[i].distance(to: snapped), segment: segmentIndex)
            }
            /// Points left out of the model between `a` and `b` (segment indices), projected onto the route
            /// between the given vertices: anything near it lies on it, an outlier far from it stays unmatched.
            func place(after a: Int, before b: Int, vertices: ClosedRange<Int>) {
                guard b > a + 1 else { return }
                for i in (a + 1)..<b where coords[i].isValid {
                    if let (snap, d) = MapMatcher.project(coords[i], on: segment.coordinates, vertices: vertices),
                       d <= parameters.radius {
                        points[i] = MatchedPoint(index: base + i, input: coords[i], status: .interpolated, snapped: snap,
                                                 distance: d, segment: segmentIndex)
                    } else if points[i].reason == nil {
                        points[i].reason = .outlier
                    }
                }
            }
            // Between the run's states: thinned points, skipped outliers.
            for k in 0..<run.points.count - 1 {
                place(after: kept[run.points[k]], before: kept[run.points[k + 1]], vertices: vertexOf[k]...vertexOf[k + 1])
            }
            // After its last state, the thinned points up to the next kept one lie near that state.
            let lastKept = run.points[run.points.count - 1]
            let tailEnd = lastKept + 1 < kept.count ? kept[lastKept + 1] : pieceEnd + 1
            place(after: lastPoint, before: tailEnd,
                  vertices: vertexOf[max(0, vertexOf.count - 2)]...vertexOf[vertexOf.count - 1])
            result.segments.append(segment)
        }
    }

    /// The nearest point to `c` on the polyline between the given vertices, and its distance.
    static func project(_ c: Coordinate, on line: [Coordinate], vertices: ClosedRange<Int>) -> (Coordinate, Double)? {
        guard vertices.lowerBound >= 0, vertices.upperBound < line.count else { return nil }
        let proj = LocalProjection(origin: c)
        if vertices.lowerBound == vertices.upperBound {
            return (line[vertices.lowerBound], c.distance(to: line[vertices.lowerBound]))
        }
        var best: (Double, Double, Double) = (.infinity, 0, 0)
        for v in vertices.lowerBound..<vertices.upperBound {
            let a = proj.project(line[v]), b = proj.project(line[v + 1])
            let r = PlanarGeometry.segmentDistance(px: 0, py: 0, ax: a.x, ay: a.y, bx: b.x, by: b.y)
            if r.distance < best.0 { best = (r.distance, a.x + r.t * (b.x - a.x), a.y + r.t * (b.y - a.y)) }
        }
        return (proj.unproject(x: best.1, y: best.2), best.0)
    }
}
