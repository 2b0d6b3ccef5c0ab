// OSRM's `match` service over our map matcher: the trace's coordinates (with
// timestamps when given, which also make the matcher treat it as a GPS
// recording), radiuses as the accuracy, `gaps=ignore` to route across gaps.
// Each matched segment is a matching; a tracepoint is null when its point
// could not be placed, else it names its matching and its place among that
// matching's waypoints, and the legs run between consecutive tracepoints.
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
        // The matcher weighs every candidate road by distance alone: a bearing or an approach per point is
        // not something it can honour yet, so it is refused rather than ignored.
        if r.base.bearings?.contains(where: { $0 != nil }) == true {
            throw APIError("bearings are not implemented by this server's match service", code: "NotImplemented")
        }
        if r.base.approaches?.contains(where: { $0 != .unrestricted }) == true {
            throw APIError("approaches other than unrestricted are not implemented by this server's match service", code: "NotImplemented")
        }
        let times: [Date?] = p.timestamps?.map { Date(timeIntervalSince1970: $0) } ?? Array(repeating: nil, count: r.coordinates.count)
        var options = MatchOptions(mode: r.mode)
        // OSRM's radius is the fixes' standard deviation, our accuracy the same measure.
        if let radii = r.base.radiuses?.compactMap({ $0 }), !radii.isEmpty {
            options.accuracy = max(1, min(500, radii.reduce(0, +) / Double(radii.count)))
        }
        if p.gaps == .ignore {
            options.config.maxGapDistance = 1_000_000
            options.config.gapDistance = PerMode(car: 1_000_000, bicycle: 1_000_000, foot: 1_000_000)
        }
        let track = Track(name: nil, segments: [zip(r.coordinates, times).map { TrackPoint(coordinate: $0, time: $1) }])
        let graph = networks.network(for: r.coordinates)
        let result = MapMatcher(graph: graph, options: options).match(track)
        guard !result.isEmpty else {
            if result.points.allSatisfy({ $0.reason == .offRoad }) {
                throw APIError("Could not find a matching segment for any coordinate.", code: "NoSegment")
            }
            throw APIError("Could not match the trace.", code: "NoMatch")
        }
        let hints = r.base.generateHints
        var tracepoints: [JSONValue] = Array(repeating: .null, count: r.coordinates.count)
        var matchings: [JSONValue] = []
        for (m, segment) in result.segments.enumerated() {
            let members = result.points.filter { $0.segment == m && $0.snapped != nil }
            let stops = vertices(of: members.map { $0.snapped! }, on: segment)
            for (k, p) in members.enumerated() {
                var w = waypoint(input: p.input, snapped: p.snapped!, name: streetName(segment, vertex: stops[k]), hints: hints)
                w += [("matchings_index", .int(Int64(m))), ("waypoint_index", .int(Int64(k))), ("alternatives_count", .int(0))]
                tracepoints[p.index] = .object(w)
            }
            let matched = Double(members.count) / Double(max(1, segment.lastPoint - segment.firstPoint + 1))
            matchings.append(OSRMRouteJSON.route(segment, stops: stops, mode: r.mode, geometry: p.geometry, steps: p.steps,
                                                 annotations: p.annotations, confidence: min(1, matched)))
        }
        var f: [(String, JSONValue)] = [("code", .string("Ok")), ("matchings", .array(matchings))]
        if !r.base.skipWaypoints { f.append(("tracepoints", .array(tracepoints))) }
        return .object(f)
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
