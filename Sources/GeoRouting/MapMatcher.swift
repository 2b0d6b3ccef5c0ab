// Public entry point of map matching: `MapMatcher(graph:options:).match(track)`.
// Per input segment it cuts the points at their gaps (TrackPieces), and per
// piece thins dense points, runs the HMM (ViterbiMatcher) on the rest, rebuilds
// the route along the roads between the chosen candidates (RouteAssembler), and
// projects every input point — thinned ones included — onto the matched route;
// a point that gets no position keeps the reason why (those steps: MapMatcher+Piece). A matcher holds no
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
    /// Per track point (indices over all segments), its own accuracy in metres (OSRM's per-coordinate
    /// `radiuses`): its emission's σ and its search radius; nil or missing entries use `accuracy`.
    public var pointAccuracies: [Double?] = []
    /// Per track point, a bearing and an approach its candidate roads must allow (OSRM's `bearings` and
    /// `approaches` on match; a rule's radius is not used here: that is `pointAccuracies`).
    public var pointRules: [WaypointRule] = []

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
