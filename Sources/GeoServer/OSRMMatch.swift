// OSRM's `match` service over our map matcher: the trace's coordinates (with
// timestamps when given, which also make the matcher treat it as a GPS
// recording), each point's radius as its own accuracy, `gaps=split` cutting
// the trace where timestamps jump by more than ten median intervals as
// osrm-routed does (`ignore` routes across gaps). Each matched segment is a matching with OSRM's
// confidence; a tracepoint is null when its point could not be placed (or was
// thinned out, with tidy), else it names its matching and its place among the
// matching's waypoints; the legs run between consecutive tracepoints, or only
// between the ones `waypoints` lists.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoRoads
import GeoRouting
import GeoTracks

extension OSRMAPI {
    static func match(_ r: OSRMRequest, _ p: OSRMMatchParameters, _ networks: RegionNetworks) throws(APIError) -> JSONValue {
        guard r.coordinates.count >= 2 else { throw APIError("Number of coordinates needs to be at least two.", code: "InvalidOptions") }
        guard r.coordinates.count <= 10_000 else { throw APIError("Too many trace coordinates", code: "TooBig") }
        // The matcher follows every road the mode may take: leaving classes out is not something it does yet.
        if !r.base.excluded.isEmpty || r.base.excludesToll { throw APIError("exclude is not implemented by this server's match service", code: "NotImplemented") }
        let times: [Date?] = p.timestamps?.map { Date(timeIntervalSince1970: $0) } ?? Array(repeating: nil, count: r.coordinates.count)
        var options = MatchOptions(mode: r.mode)
        // OSRM's radius is each fix's standard deviation, as our accuracy is: per point, σ of its emission and
        // (times the matcher's factor) its search radius; an empty entry keeps the track's accuracy.
        if let radii = r.base.radiuses { options.pointAccuracies = radii.map { $0.map { min($0, 500) } } }
        // Bearings and approaches filter each fix's candidate roads as they filter a waypoint's.
        if r.base.bearings != nil || r.base.approaches != nil { options.pointRules = r.base.rules }
        if p.gaps == .ignore {
            options.config.maxGapDistance = 1_000_000
            options.config.gapDistance = PerMode(car: 1_000_000, bicycle: 1_000_000, foot: 1_000_000)
        }
        let points = zip(r.coordinates, times).map { TrackPoint(coordinate: $0, time: $1) }
        let segments = p.gaps == .split ? splitAtTimeGaps(points, p.timestamps) : [points]
        let graph = networks.network(for: r.coordinates)
        let result = MapMatcher(graph: graph, options: options).match(Track(name: nil, segments: segments))
        guard !result.isEmpty else {
            if result.points.allSatisfy({ $0.reason == .offRoad }) {
                throw APIError("Could not find a matching segment for any coordinate.", code: "NoSegment")
            }
            throw APIError("Could not match the trace.", code: "NoMatch")
        }
        // With tidy, the points the matcher thinned out (too close to the last one kept) are left out, null, as
        // OSRM's tidy removes them; without, they are placed on the matched route like the others.
        func used(_ q: MatchedPoint, _ m: Int) -> Bool { q.segment == m && q.snapped != nil && !(p.tidy && q.status == .interpolated) }
        if let ends = p.waypoints {
            guard result.segments.count == 1 else {
                throw APIError("Could not match the trace with the given waypoints.", code: "NoMatch")
            }
            guard ends.allSatisfy({ used(result.points[$0], 0) }) else {
                throw APIError("Requested waypoint parameter could not be matched.", code: "NoMatch")
            }
        }
        let hints = r.base.generateHints
        var tracepoints: [JSONValue] = Array(repeating: .null, count: r.coordinates.count)
        var matchings: [JSONValue] = []
        for (m, segment) in result.segments.enumerated() {
            let members = result.points.filter { used($0, m) }
            let stops = vertices(of: members.map { $0.snapped! }, on: segment)
            // With `waypoints`, only those tracepoints end legs; the waypoint index counts leg ends.
            let isEnd = members.map { q in p.waypoints.map { $0.contains(q.index) } ?? true }
            var endIndex = 0
            for (k, q) in members.enumerated() {
                var w = waypoint(input: q.input, snapped: q.snapped!, name: streetName(segment, vertex: stops[k]), hints: hints)
                // A pass-through point (not in `waypoints`) has no waypoint index: null, as osrm-routed writes it.
                let index: JSONValue = p.waypoints == nil ? .int(Int64(k)) : isEnd[k] ? .int(Int64(endIndex)) : .null
                w += [("matchings_index", .int(Int64(m))), ("waypoint_index", index), ("alternatives_count", .int(0))]
                if isEnd[k] { endIndex += 1 }
                tracepoints[q.index] = .object(w)
            }
            let legEnds = zip(stops, isEnd).filter(\.1).map(\.0)
            let confidence = matchConfidence(trace: members.map(\.input), matched: segment.distance)
            matchings.append(OSRMRouteJSON.route(segment, stops: legEnds, mode: r.mode, geometry: p.geometry, steps: p.steps,
                                                 annotations: p.annotations, confidence: confidence))
        }
        var f: [(String, JSONValue)] = [("code", .string("Ok")), ("matchings", .array(matchings))]
        if !r.base.skipWaypoints { f.append(("tracepoints", .array(tracepoints))) }
        return .object(f)
    }

    /// OSRM's `gaps=split`: a new piece wherever consecutive timestamps are further apart than ten times the
    /// trace's median sampling interval (at least 1 s): map_matching.cpp's MAX_BROKEN_STATES × median. (Its
    /// documentation speaks of 60 s; osrm-routed 26 keeps 0;10;100;110 whole and splits 0;10;200;210.)
    static func splitAtTimeGaps(_ points: [TrackPoint], _ stamps: [Double]?) -> [[TrackPoint]] {
        guard let stamps, stamps.count == points.count, stamps.count > 1 else { return [points] }
        let steps = zip(stamps, stamps.dropFirst()).map { $1 - $0 }.sorted()
        let maxGap = 10 * max(1, steps[steps.count / 2].rounded(.down))
        var out: [[TrackPoint]] = [[]]
        for (i, q) in points.enumerated() {
            if i > 0 && stamps[i] - stamps[i - 1] > maxGap { out.append([]) }
            out[out.count - 1].append(q)
        }
        return out
    }

    /// How sure OSRM is that a matching is right: a Bayes classifier on log(matched length ÷ trace length)
    /// with the two Laplace distributions and prior OSRM fitted to hand-classified traces
    /// (engine/map_matching/matching_confidence.hpp); 0 when either length is 0.
    static func matchConfidence(trace: [Coordinate], matched: Double) -> Double {
        let traceLength = zip(trace, trace.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        let x = log(matched) - log(traceLength)
        guard x.isFinite else { return 0 }
        func laplace(_ x: Double, _ location: Double, _ scale: Double) -> Double { exp(-abs(x - location) / scale) / (2 * scale) }
        let prior = 0.696774
        let positive = prior * laplace(x, 0.005986, 0.016646), negative = (1 - prior) * laplace(x, 0.054385, 0.458432)
        return positive + negative > 0 ? positive / (positive + negative) : 0
    }

    /// For each point on the segment's line (in order along it), the vertex nearest its place there,
    /// never going back; the first and last are the segment's ends.
    static func vertices(of points: [Coordinate], on segment: RouteSegment) -> [Int] {
        let line = segment.coordinates
        guard !points.isEmpty, line.count > 1 else { return points.map { _ in 0 } }
        var out: [Int] = []
        var from = 0
        for (k, p) in points.enumerated() {
            if k == 0 { out.append(0); continue }
            if k == points.count - 1 { out.append(line.count - 1); continue }
            var best = from, bestDistance = Double.infinity
            // Look ahead a bounded stretch: consecutive points lie close along the route.
            for v in from..<min(line.count, from + 2_000) {
                let d = p.distance(to: line[v])
                if d < bestDistance { best = v; bestDistance = d }
            }
            from = best
            out.append(best)
        }
        return out
    }
}
