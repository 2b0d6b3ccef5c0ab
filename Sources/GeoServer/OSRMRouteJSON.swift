// A route segment written as OSRM writes routes: distance, duration, weight,
// geometry (polyline, polyline6 or GeoJSON; full, simplified or none) and
// legs between waypoints, each with a summary and, when asked, steps — one
// per street stretch, each with a maneuver (depart, turn or new name with a
// modifier from the change of bearing, arrive) so turn-by-turn clients
// (Leaflet Routing Machine, osrm-text-instructions) can speak it.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoRoads
import GeoRouting

struct OSRMGeometry: Sendable {
    enum Format: String, Sendable, CaseIterable { case polyline, polyline6, geojson }
    enum Overview: String, Sendable, CaseIterable { case simplified, full, `false` }

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
        case .false: return nil
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
    static func route(_ segment: RouteSegment, stops: [Int], mode: TravelMode, geometry: OSRMGeometry, steps: Bool,
                      annotations: OSRMAnnotations, confidence: Double? = nil) -> JSONValue {
        var legs: [JSONValue] = []
        for k in 0..<max(0, stops.count - 1) {
            legs.append(leg(segment, from: stops[k], to: stops[k + 1], mode: mode, geometry: geometry, steps: steps,
                            annotations: annotations))
        }
        var f: [(String, JSONValue)] = []
        if let c = confidence { f.append(("confidence", .double((c * 1e10).rounded() / 1e10))) }
        if let g = geometry.overviewLine(segment.coordinates) { f.append(("geometry", g)) }
        f += [("legs", .array(legs)), ("weight_name", .string(weightName(mode))), ("weight", round1(segment.duration)),
              ("duration", round1(segment.duration)), ("distance", round1(segment.distance))]
        return .object(f)
    }

    static func leg(_ s: RouteSegment, from a: Int, to b: Int, mode: TravelMode, geometry: OSRMGeometry, steps: Bool,
                    annotations: OSRMAnnotations) -> JSONValue {
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
        var stepList: [JSONValue] = []
        if steps {
            for (k, (street, lo, hi)) in stretches.enumerated() {
                let type = k == 0 ? "depart" : nil
                stepList.append(step(s, street: street, from: lo, to: hi, type: type, mode: mode, geometry: geometry))
            }
            if let last = stretches.last {
                stepList.append(step(s, street: last.0, from: b, to: b, type: "arrive", mode: mode, geometry: geometry))
            }
        }
        f += [("steps", .array(stepList)), ("summary", .string(summary.joined(separator: ", "))), ("weight", round1(duration)),
              ("duration", round1(duration)), ("distance", round1(distance))]
        return .object(f)
    }

    /// Per segment between consecutive vertices, the arrays asked for: metres, seconds, metres per second
    /// (OSRM's unit for speed), the weight (seconds: the weight here is the duration), the data source
    /// (0: the one source, the profile) with OSRM's metadata naming that source.
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
            f.append(("datasources", .array(d.map { _ in .int(0) })))
        }
        if asked.contains(.weight) { f.append(("weight", .array(t))) }
        if asked.contains(.distance) { f.append(("distance", .array(d))) }
        if asked.contains(.duration) { f.append(("duration", .array(t))) }
        if asked.contains(.speed) { f.append(("speed", .array(v))) }
        return .object(f)
    }

    static func step(_ s: RouteSegment, street: RouteStreet, from a: Int, to b: Int, type fixed: String?, mode: TravelMode,
                     geometry: OSRMGeometry) -> JSONValue {
        let c = s.coordinates
        let before = a > 0 ? c[a - 1].bearing(to: c[a]) : nil
        let after = b > a ? c[a].bearing(to: c[min(a + 1, c.count - 1)]) : nil
        var maneuver: [(String, JSONValue)] = [("location", location(c[a]))]
        maneuver.append(("bearing_before", .int(Int64((before ?? 0).rounded()) % 360)))
        maneuver.append(("bearing_after", .int(Int64((after ?? 0).rounded()) % 360)))
        let type: String
        if let fixed {
            type = fixed
        } else {
            let m = modifier(before: before ?? 0, after: after ?? 0)
            type = m == "straight" ? "new name" : "turn"
            maneuver.append(("modifier", .string(m)))
        }
        maneuver.append(("type", .string(type)))
        if type == "arrive" { maneuver.insert(("modifier", .string("straight")), at: 3) }
        let distance = s.distances[b] - s.distances[a], duration = s.times[b] - s.times[a]
        var intersection: [(String, JSONValue)] = [("location", location(c[a]))]
        if type == "arrive" {
            intersection += [("bearings", .array([.int(Int64(((before ?? 0) + 180).rounded()) % 360)])), ("entry", .array([.bool(true)])),
                             ("in", .int(0))]
        } else {
            intersection += [("bearings", .array([.int(Int64((after ?? 0).rounded()) % 360)])), ("entry", .array([.bool(true)])),
                             ("out", .int(0))]
        }
        return .object([
            ("geometry", geometry.encode(Array(c[a...b]))),
            ("maneuver", .object(maneuver)),
            ("mode", .string(stepMode(mode, street))),
            ("driving_side", .string("right")),
            ("name", .string(street.osrmName)),
        ] + (street.ref.isEmpty ? [] : [("ref", .string(street.ref))])
          + (street.pronunciation.isEmpty ? [] : [("pronunciation", .string(street.pronunciation))]) + [
            ("intersections", .array([.object(intersection)])),
            ("weight", round1(duration)), ("duration", round1(duration)), ("distance", round1(distance)),
        ])
    }

    /// OSRM's turn modifier for a change of bearing.
    static func modifier(before: Double, after: Double) -> String {
        var turn = after - before
        while turn > 180 { turn -= 360 }
        while turn < -180 { turn += 360 }
        switch abs(turn) {
        case ..<20: return "straight"
        case ..<60: return turn > 0 ? "slight right" : "slight left"
        case ..<130: return turn > 0 ? "right" : "left"
        case ..<170: return turn > 0 ? "sharp right" : "sharp left"
        default: return "uturn"
        }
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
