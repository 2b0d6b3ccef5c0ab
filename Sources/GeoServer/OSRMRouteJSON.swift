// A route segment written as OSRM writes routes: distance, duration, weight,
// geometry (polyline, polyline6 or GeoJSON; full, simplified or none) and
// legs between waypoints, each with a summary and, when asked, the steps of
// RouteGuidance (OSRM's maneuvers: turns, roundabouts with their exit, forks,
// ramps…, and every intersection passed) so turn-by-turn clients (Leaflet
// Routing Machine, osrm-text-instructions) can speak it.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoRoads
import GeoRouting

struct OSRMGeometry: Sendable {
    enum Format: String, Sendable, CaseIterable { case polyline, polyline6, geojson }
    /// `by_legs` (OSRM 26): no overview line, each leg its own full line instead.
    enum Overview: String, Sendable, CaseIterable { case simplified, full, `false`, byLegs = "by_legs" }

    var format: Format
    var overview: Overview

    func encode(_ points: [Coordinate]) -> JSONValue {
        switch format {
        case .geojson:
            return .object([("type", .string("LineString")),
                            ("coordinates", .array(points.map { .array([.coordinate($0.lon), .coordinate($0.lat)]) }))])
        case .polyline6: return .string(Polyline.encode(points, precision: 6))
        case .polyline: return .string(Polyline.encode(points, precision: 5))
        }
    }

    /// The route's overview line, or nil with `overview=false`.
    func overviewLine(_ points: [Coordinate]) -> JSONValue? {
        switch overview {
        case .false, .byLegs: return nil
        case .full: return encode(points)
        case .simplified: return encode(Simplify.line(points, tolerance: 5))
        }
    }
}

enum OSRMRouteJSON {
    static func round1(_ v: Double) -> JSONValue { .double((v * 10).rounded() / 10) }

    static func location(_ c: Coordinate) -> JSONValue { .array([.coordinate(c.lon), .coordinate(c.lat)]) }

    /// The travel mode as OSRM names it on steps.
    static func stepMode(_ mode: TravelMode, _ street: RouteStreet) -> String {
        if street.roadClass == .ferry { return "ferry" }
        switch mode {
        case .car: return "driving"
        case .bicycle: return street.pushed ? "pushing bike" : "cycling"
        case .foot: return "walking"
        }
    }

    /// The name of the weight, as OSRM's profiles call theirs (car.lua, bicycle.lua, foot.lua).
    static func weightName(_ mode: TravelMode) -> String {
        switch mode {
        case .car: return "routability"
        case .bicycle: return "cyclability"
        case .foot: return "duration"
        }
    }

    /// A route over `segment` with legs ending at the vertices `stops` (first and last included).
    /// `inputs`: the waypoints' input points, one per stop (depart's and arrive's modifiers say which
    /// side of the road they lie on).
    static func route(_ segment: RouteSegment, stops: [Int], mode: TravelMode, geometry: OSRMGeometry, steps: Bool,
                      annotations: OSRMAnnotations, confidence: Double? = nil, inputs: [Coordinate]? = nil) -> JSONValue {
        var legs: [JSONValue] = []
        for k in 0..<max(0, stops.count - 1) {
            let ends = inputs.flatMap { $0.count == stops.count ? [$0[k], $0[k + 1]] : nil }
            legs.append(leg(segment, from: stops[k], to: stops[k + 1], mode: mode, geometry: geometry, steps: steps,
                            annotations: annotations, inputs: ends))
        }
        var f: [(String, JSONValue)] = []
        if let c = confidence { f.append(("confidence", .double((c * 1e10).rounded() / 1e10))) }
        if let g = geometry.overviewLine(segment.coordinates) { f.append(("geometry", g)) }
        f += [("legs", .array(legs)), ("weight_name", .string(weightName(mode))), ("weight", round1(segment.duration)),
              ("duration", round1(segment.duration)), ("distance", round1(segment.distance))]
        return .object(f)
    }

    static func leg(_ s: RouteSegment, from a: Int, to b: Int, mode: TravelMode, geometry: OSRMGeometry, steps: Bool,
                    annotations: OSRMAnnotations, inputs: [Coordinate]? = nil) -> JSONValue {
        let distance = s.distances[b] - s.distances[a], duration = s.times[b] - s.times[a]
        let stretches = s.streets.compactMap { st -> (RouteStreet, Int, Int)? in
            let lo = max(st.firstVertex, a), hi = min(st.lastVertex, b)
            return lo < hi ? (st, lo, hi) : nil
        }
        // The two longest named roads, as OSRM's summary; as there, only with steps (else "").
        let summary = !steps ? [] : stretches.filter { $0.0.named }.sorted { ($0.2 - $0.1, $1.0.name) > ($1.2 - $1.1, $0.0.name) }
            .map(\.0.name).reduce(into: [String]()) { if !$0.contains($1) && $0.count < 2 { $0.append($1) } }
        var f: [(String, JSONValue)] = []
        if !annotations.isEmpty { f.append(("annotation", annotation(s, from: a, to: b, annotations))) }
        if geometry.overview == .byLegs { f.append(("geometry", geometry.encode(Array(s.coordinates[a...b])))) }
        var stepList: [JSONValue] = []
        if steps {
            stepList = RouteGuidance.steps(s, from: a, to: b, start: inputs?.first, end: inputs?.last)
                .map { step(s, $0, mode: mode, geometry: geometry) }
        }
        f += [("steps", .array(stepList)), ("summary", .string(summary.joined(separator: ", "))), ("weight", round1(duration)),
              ("duration", round1(duration)), ("distance", round1(distance))]
        return .object(f)
    }

    /// Per segment between consecutive vertices, the arrays asked for: metres, seconds, metres per second
    /// (OSRM's unit for speed), the weight (seconds: the weight here is the duration), the data source
    /// (0: the one source, the profile) with OSRM's metadata naming that source; per vertex the OSM node ids
    /// (one more than segments: the first and last those of the road's points around the waypoints).
    static func annotation(_ s: RouteSegment, from a: Int, to b: Int, _ asked: OSRMAnnotations) -> JSONValue {
        var d: [JSONValue] = [], t: [JSONValue] = [], v: [JSONValue] = []
        if a < b {
            for i in a..<b {
                let m = s.distances[i + 1] - s.distances[i], sec = s.times[i + 1] - s.times[i]
                d.append(round1(m))
                t.append(round1(sec))
                v.append(round1(sec > 0 ? m / sec : 0))
            }
        }
        var f: [(String, JSONValue)] = []
        if asked.contains(.datasources) {
            // As OSRM: the metadata naming the sources comes with the datasources array.
            f.append(("metadata", .object([("datasource_names", .array([.string("lua profile")]))])))
        }
        // (osrm-routed writes the node ids between the metadata and the data sources.)
        if asked.contains(.nodes) { f.append(("nodes", .array(s.osmNodes(from: a, to: b).map { .int($0) }))) }
        if asked.contains(.datasources) { f.append(("datasources", .array(d.map { _ in .int(0) }))) }
        if asked.contains(.weight) { f.append(("weight", .array(t))) }
        if asked.contains(.distance) { f.append(("distance", .array(d))) }
        if asked.contains(.duration) { f.append(("duration", .array(t))) }
        if asked.contains(.speed) { f.append(("speed", .array(v))) }
        return .object(f)
    }

    /// One step of RouteGuidance as OSRM writes it.
    static func step(_ s: RouteSegment, _ g: GuidanceStep, mode: TravelMode, geometry: OSRMGeometry) -> JSONValue {
        let c = s.coordinates
        var maneuver: [(String, JSONValue)] = []
        if let e = g.maneuver.exit { maneuver.append(("exit", .int(Int64(e)))) }
        maneuver += [("bearing_after", .int(Int64(g.bearingAfter.rounded()) % 360)),
                     ("bearing_before", .int(Int64(g.bearingBefore.rounded()) % 360)), ("location", location(g.location))]
        if let m = g.maneuver.modifier { maneuver.append(("modifier", .string(m))) }
        maneuver.append(("type", .string(g.maneuver.type)))
        let a = g.firstVertex, b = g.lastVertex
        let distance = s.distances[b] - s.distances[a], duration = s.times[b] - s.times[a]
        let intersections = g.intersections.map { x -> JSONValue in
            var f: [(String, JSONValue)] = [("location", location(x.location)), ("bearings", .array(x.bearings.map { .int(Int64($0)) })),
                                            ("entry", .array(x.entry.map { .bool($0) }))]
            if let i = x.inIndex { f.append(("in", .int(Int64(i)))) }
            if let o = x.outIndex { f.append(("out", .int(Int64(o)))) }
            if !x.classes.isEmpty { f.append(("classes", .array(x.classes.map { .string($0) }))) }
            return .object(f)
        }
        var fields: [(String, JSONValue)] = [
            ("geometry", geometry.encode(Array(c[a...b]))),
            ("maneuver", .object(maneuver)),
            ("mode", .string(stepMode(mode, g.street))),
            ("driving_side", .string("right")),
            ("name", .string(g.name)),
        ]
        if !g.ref.isEmpty { fields.append(("ref", .string(g.ref))) }
        if !g.street.pronunciation.isEmpty { fields.append(("pronunciation", .string(g.street.pronunciation))) }
        if let r = g.rotaryName, !r.isEmpty { fields.append(("rotary_name", .string(r))) }
        fields += [("intersections", .array(intersections)), ("weight", round1(duration)), ("duration", round1(duration)),
                   ("distance", round1(distance))]
        return .object(fields)
    }
}

/// Douglas–Peucker in metres, for overview geometries.
enum Simplify {
    static func line(_ points: [Coordinate], tolerance: Double) -> [Coordinate] {
        guard points.count > 2 else { return points }
        let projection = LocalProjection(origin: points[0])
        let xy = points.map(projection.project)
        let keep = DouglasPeucker.kept(count: points.count, tolerance: tolerance) { p, a, b in
            PlanarGeometry.segmentDistance(px: xy[p].x, py: xy[p].y, ax: xy[a].x, ay: xy[a].y, bx: xy[b].x, by: xy[b].y).distance
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }
}
