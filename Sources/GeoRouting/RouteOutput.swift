// Writes matches and routes as the documents `georoute` produces: stable JSON
// (schema in docs/ROUTING.md; coordinates [lat, lon] with 7 decimals, metres
// and seconds with 1), GPX 1.1 (the route as a trk with times from the mode's
// speeds, optionally the input as a second trk), GeoJSON (a FeatureCollection)
// and SVG (RouteSVG). Everything is a pure function of its arguments.
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
                     ("segment", p.segment.map { .int(Int64($0)) } ?? .null)])
        })))
        return .object(members)
    }

    public static func json(_ r: Route) -> JSONValue {
        .object([
            ("type", "route"), ("mode", .string(r.mode.name)), ("route_type", .string(r.type.rawValue)),
            ("distance_m", m(r.distance)), ("duration_s", m(r.duration)),
            ("streets", .array(r.streetNames.map { .string($0) })),
            ("waypoints", .array(r.waypoints.map { w in
                .object([("input", latLon(w.input)), ("snapped", latLon(w.snapped)), ("distance_m", m(w.distance))])
            })),
            ("legs", .array(r.legs.map { .object([("distance_m", m($0.distance)), ("duration_s", m($0.duration))]) })),
            ("segments", .array([segmentJSON(r.segment)])),
        ])
    }

    static func segmentJSON(_ s: RouteSegment) -> JSONValue {
        .object([
            ("first_point", .int(Int64(s.firstPoint))), ("last_point", .int(Int64(s.lastPoint))),
            ("distance_m", m(s.distance)), ("duration_s", m(s.duration)),
            ("streets", .array(s.streets.map { st in
                .object([("name", .string(st.name)), ("named", .bool(st.named)), ("class", .string(st.roadClass.label)),
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

    public static func gpx(_ r: Route, start: Date) -> [UInt8] {
        let pts = zip(r.segment.coordinates, r.segment.times).map { TrackPoint(coordinate: $0, time: start.addingTimeInterval($1)) }
        let name = "\(r.type.rawValue) \(r.mode.name) route"
        return GPXWriter(creator: "georoute", name: name).write(
            tracks: [Track(name: name, segments: [pts])],
            trackDescriptions: [summary(distance: r.distance, duration: r.duration, mode: r.mode, streets: r.streetNames)])
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

    public static func geoJSON(_ r: Route) -> JSONValue {
        let line = r.segment.coordinates.count == 1 ? [r.segment.coordinates[0], r.segment.coordinates[0]] : r.segment.coordinates
        var features = [GeoJSONFeature(geometry: .lineString(line), properties: [
            ("role", "route"), ("mode", .string(r.mode.name)), ("route_type", .string(r.type.rawValue)),
            ("distance_m", m(r.distance)), ("duration_s", m(r.duration)),
            ("streets", .array(r.streetNames.map { .string($0) })),
        ])]
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

    public static func formatDuration(_ seconds: Double) -> String {
        let t = Int(seconds.rounded())
        if t >= 3600 { return "\(t / 3600) h \(t % 3600 / 60) min" }
        if t >= 60 { return "\(t / 60) min \(t % 60) s" }
        return "\(t) s"
    }
}
