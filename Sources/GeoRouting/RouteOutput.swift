// Writes matches and routes as the documents `georoute` produces: stable JSON
// (schema in docs/ROUTING.md; coordinates [lat, lon] with 7 decimals, metres
// and seconds with 1), GPX 1.1 (the route as a trk with times from the mode's
// speeds, optionally the input as a second trk; alternative routes as more
// trks), GeoJSON (a FeatureCollection) and SVG (RouteSVG). Everything is a
// pure function of its arguments.
import Foundation
import GeoBase
import GeoRoads
import GeoTracks

public enum RouteFormat: String, Sendable, CaseIterable {
    case gpx, geojson, json, svg

    public init?(name: String) {
        switch name.lowercased() {
        case "gpx": self = .gpx
        case "geojson": self = .geojson
        case "json": self = .json
        case "svg": self = .svg
        default: return nil
        }
    }

    /// The format an output file name implies (`route.geojson` → geojson), if any.
    public init?(fileName: String) {
        let ext = PathName.fileExtension(fileName)
        self.init(name: ext == "xml" ? "gpx" : ext)
    }

    public var fileExtension: String { rawValue }
}

public enum RouteOutput {
    static func m(_ x: Double) -> JSONValue { .double((x * 10).rounded() / 10) }
    static func latLon(_ c: Coordinate) -> JSONValue { .array([.coordinate(c.lat), .coordinate(c.lon)]) }

    // MARK: JSON

    public static func json(_ r: MatchResult, input: Track) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", "match"), ("name", .optional(r.name)), ("mode", .string(r.mode.name)),
            ("accuracy_m", m(r.accuracy)), ("ignore_restrictions", .bool(r.ignoreRestrictions)),
            ("distance_m", m(r.distance)), ("duration_s", m(r.duration)),
            ("points", .int(Int64(r.points.count))), ("matched_points", .int(Int64(r.matchedPointCount))),
            ("points_summary", pointsSummaryJSON(r.counts)),
            ("streets", .array(r.streetNames.map { .string($0) })),
        ]
        members.append(("segments", .array(r.segments.map(segmentJSON))))
        members.append(("breaks", .array(r.breaks.map { b in
            .object([("after_point", .int(Int64(b.afterPoint))), ("before_point", .int(Int64(b.beforePoint))),
                     ("reason", .string(b.reason.rawValue)), ("distance_m", m(b.distance))])
        })))
        members.append(("input_points", .array(r.points.map { p in
            .object([("index", .int(Int64(p.index))), ("input", latLon(p.input)), ("status", .string(p.status.rawValue)),
                     ("snapped", p.snapped.map(latLon) ?? .null), ("distance_m", p.distance.map(m) ?? .null),
                     ("segment", p.segment.map { .int(Int64($0)) } ?? .null),
                     ("reason", p.reason.map { .string($0.rawValue) } ?? .null)])
        })))
        return .object(members)
    }

    /// `{"matched", "interpolated", "unmatched", "unmatched_by_reason": {every reason: count}}`.
    static func pointsSummaryJSON(_ c: MatchCounts) -> JSONValue {
        .object([
            ("matched", .int(Int64(c.matched))), ("interpolated", .int(Int64(c.interpolated))),
            ("unmatched", .int(Int64(c.unmatched))),
            ("unmatched_by_reason", .object(MatchedPoint.UnmatchedReason.allCases.map {
                ($0.rawValue, .int(Int64(c.unmatchedByReason[$0] ?? 0)))
            })),
        ])
    }

    /// The route; with `alternatives` (even none found) an `alternatives` member holds them, each as a route is.
    /// With `steps`, a `steps` member holds the route's turn-by-turn instructions (RouteGuidance).
    public static func json(_ r: Route, alternatives: [Route]? = nil, steps: Bool = false) -> JSONValue {
        var members = routeMembers(r)
        if steps { members.append(("steps", stepsJSON(r))) }
        if let alternatives { members.append(("alternatives", .array(alternatives.map { .object(routeMembers($0)) }))) }
        return .object(members)
    }

    static func routeMembers(_ r: Route) -> [(String, JSONValue)] {
        [
            ("type", "route"), ("mode", .string(r.mode.name)), ("route_type", .string(r.type.rawValue)),
            ("distance_m", m(r.distance)), ("duration_s", m(r.duration)),
            ("streets", .array(r.streetNames.map { .string($0) })),
            ("waypoints", .array(r.waypoints.map { w in
                .object([("input", latLon(w.input)), ("snapped", latLon(w.snapped)), ("distance_m", m(w.distance))])
            })),
            ("legs", .array(r.legs.map { .object([("distance_m", m($0.distance)), ("duration_s", m($0.duration))]) })),
            ("segments", .array([segmentJSON(r.segment)])),
        ]
    }

    static func segmentJSON(_ s: RouteSegment) -> JSONValue {
        .object([
            ("first_point", .int(Int64(s.firstPoint))), ("last_point", .int(Int64(s.lastPoint))),
            ("distance_m", m(s.distance)), ("duration_s", m(s.duration)),
            ("streets", .array(s.streets.map { st in
                .object([("name", .string(st.osrmName)), ("ref", .string(st.ref)), ("pronunciation", .string(st.pronunciation)),
                         ("label", .string(st.name)), ("named", .bool(st.named)), ("class", .string(st.roadClass.label)),
                         ("distance_m", m(st.distance)), ("duration_s", m(st.duration))])
            })),
            ("geometry", .array(s.coordinates.map(latLon))),
        ])
    }

    // MARK: GPX

    /// The route as a GPX track with times: from the input's first time when it has one, else `start`.
    public static func gpx(_ r: MatchResult, input: Track, includeInput: Bool, start: Date) -> [UInt8] {
        let inputTimes = input.points.map(\.time)
        var segments: [[TrackPoint]] = []
        var clock = start
        for s in r.segments {
            // A segment starts when its first input point was recorded, or where the last one ended.
            if s.firstPoint < inputTimes.count, let t = inputTimes[s.firstPoint] { clock = t }
            segments.append(zip(s.coordinates, s.times).map { TrackPoint(coordinate: $0, time: clock.addingTimeInterval($1)) })
            clock = clock.addingTimeInterval(s.duration)
        }
        let name = r.name ?? "matched route"
        var tracks = [Track(name: name, segments: segments)]
        var descriptions: [String?] = [summary(distance: r.distance, duration: r.duration, mode: r.mode, streets: r.streetNames)]
        if includeInput {
            tracks.append(Track(name: (r.name ?? "track") + " (input)", segments: input.segments))
            descriptions.append("the original track")
        }
        return GPXWriter(creator: "georoute", name: name).write(tracks: tracks, trackDescriptions: descriptions)
    }

    /// The route as a track, then each alternative as a track of its own ("… alternative 1", …).
    public static func gpx(_ r: Route, alternatives: [Route] = [], start: Date) -> [UInt8] {
        let name = "\(r.type.rawValue) \(r.mode.name) route"
        let routes = [r] + alternatives
        let tracks = routes.enumerated().map { k, route in
            let pts = zip(route.segment.coordinates, route.segment.times).map { TrackPoint(coordinate: $0, time: start.addingTimeInterval($1)) }
            return Track(name: k == 0 ? name : "\(name) alternative \(k)", segments: [pts])
        }
        return GPXWriter(creator: "georoute", name: name).write(
            tracks: tracks,
            trackDescriptions: routes.map { summary(distance: $0.distance, duration: $0.duration, mode: $0.mode, streets: $0.streetNames) })
    }

    // MARK: GeoJSON

    public static func geoJSON(_ r: MatchResult, input: Track, includeInput: Bool) -> JSONValue {
        // A zero-length match is one point; a GeoJSON LineString needs two positions.
        let lines = r.segments.map { $0.coordinates.count == 1 ? [$0.coordinates[0], $0.coordinates[0]] : $0.coordinates }
        var features = [GeoJSONFeature(geometry: lines.count == 1 ? .lineString(lines[0]) : .multiLineString(lines), properties: [
            ("role", "matched_route"), ("name", .optional(r.name)), ("mode", .string(r.mode.name)),
            ("distance_m", m(r.distance)), ("duration_s", m(r.duration)),
            ("points", .int(Int64(r.points.count))), ("matched_points", .int(Int64(r.matchedPointCount))),
            ("segments", .int(Int64(r.segments.count))), ("streets", .array(r.streetNames.map { .string($0) })),
            ("breaks", .array(r.breaks.map { .object([("after_point", .int(Int64($0.afterPoint))),
                                                      ("before_point", .int(Int64($0.beforePoint))),
                                                      ("reason", .string($0.reason.rawValue))]) })),
        ])]
        if includeInput { features.append(GeoJSONFeature(track: input, properties: [("role", "input")])) }
        return GeoJSONWriter.featureCollection(features, bbox: true)
    }

    /// The route's line, each alternative's line (role `alternative`, numbered from 1), then the waypoints.
    public static func geoJSON(_ r: Route, alternatives: [Route] = []) -> JSONValue {
        var features: [GeoJSONFeature] = []
        for (k, route) in ([r] + alternatives).enumerated() {
            let c = route.segment.coordinates
            features.append(GeoJSONFeature(geometry: .lineString(c.count == 1 ? [c[0], c[0]] : c), properties: [
                ("role", k == 0 ? "route" : "alternative")] + (k == 0 ? [] : [("alternative", .int(Int64(k)))]) + [
                ("mode", .string(route.mode.name)), ("route_type", .string(route.type.rawValue)),
                ("distance_m", m(route.distance)), ("duration_s", m(route.duration)),
                ("streets", .array(route.streetNames.map { .string($0) })),
            ]))
        }
        for (i, w) in r.waypoints.enumerated() {
            features.append(GeoJSONFeature(geometry: .point(w.snapped), properties: [("role", "waypoint"), ("index", .int(Int64(i)))]))
        }
        return GeoJSONWriter.featureCollection(features, bbox: true)
    }

    // MARK: text

    /// "2.79 km, 10 min 28 s by bicycle: A → B → C".
    public static func summary(distance: Double, duration: Double, mode: TravelMode, streets: [String]) -> String {
        var s = distance >= 1000 ? String(format: "%.2f km", distance / 1000) : String(format: "%.0f m", distance)
        s += ", " + formatDuration(duration) + " by " + mode.name
        if !streets.isEmpty {
            let shown = streets.count > 12 ? Array(streets.prefix(11)) + ["… (\(streets.count - 11) more)"] : streets
            s += ": " + shown.joined(separator: " → ")
        }
        return s
    }

    /// The line `georoute match` reports for a track: the route, then where the points went.
    /// "2.76 km, 10 min 21 s by bicycle: Rue du Moulin → …; 109/109 points matched" when every point
    /// is on one segment; otherwise the segments, the breaks by reason and the unmatched points by
    /// reason: "…; 2/4 points matched in 1 segment (2 gaps), 2 unmatched: 2 isolated". "Matched" counts
    /// every point with a position on the route (interpolated ones too); counts have thousands separators.
    /// With nothing matched (the case `georoute match` exits 1 for) it reads "nothing could be matched
    /// by bicycle; 0/4 points matched (3 gaps), 4 unmatched: …".
    public static func matchSummary(_ r: MatchResult) -> String {
        let c = r.counts
        var s = r.isEmpty ? "nothing could be matched by " + r.mode.name
            : summary(distance: r.distance, duration: r.duration, mode: r.mode, streets: r.streetNames)
        s += "; \(formatCount(c.matched + c.interpolated))/\(formatCount(c.points)) points matched"
        if r.segments.count != 1 || !r.breaks.isEmpty {
            if !r.isEmpty { s += " in " + counted(r.segments.count, "segment", "segments") }
            let breaks: [String] = [BreakReason.gap, .noRoute, .offRoad, .inputSegment].compactMap { reason in
                let n = r.breaks.reduce(0) { $0 + ($1.reason == reason ? 1 : 0) }
                guard n > 0 else { return nil }
                switch reason {
                case .gap: return counted(n, "gap", "gaps")
                case .noRoute: return "\(formatCount(n)) no route"
                case .offRoad: return "\(formatCount(n)) off road"
                case .inputSegment: return counted(n, "input split", "input splits")
                }
            }
            if !breaks.isEmpty { s += " (" + breaks.joined(separator: ", ") + ")" }
        }
        if c.unmatched > 0 {
            let reasons: [String] = MatchedPoint.UnmatchedReason.allCases.compactMap { reason in
                guard let n = c.unmatchedByReason[reason], n > 0 else { return nil }
                switch reason {
                case .offRoad: return "\(formatCount(n)) off road"
                case .outlier: return counted(n, "outlier", "outliers")
                case .fragment: return "\(formatCount(n)) in " + (n == 1 ? "a fragment" : "fragments")
                case .isolated: return "\(formatCount(n)) isolated"
                case .invalid: return "\(formatCount(n)) invalid"
                }
            }
            s += ", \(formatCount(c.unmatched)) unmatched: " + reasons.joined(separator: ", ")
        }
        return s
    }

    private static func counted(_ n: Int, _ one: String, _ many: String) -> String {
        "\(formatCount(n)) " + (n == 1 ? one : many)
    }

    public static func formatDuration(_ seconds: Double) -> String {
        let t = Int(seconds.rounded())
        if t >= 3600 { return "\(t / 3600) h \(t % 3600 / 60) min" }
        if t >= 60 { return "\(t / 60) min \(t % 60) s" }
        return "\(t) s"
    }
}
