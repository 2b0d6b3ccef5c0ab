// OSRM's options as typed values, parsed and checked whole before any service
// runs, as OSRM's own `*_parameters.hpp` with `IsValid()` are: the options all
// services take (radiuses, hints, waypoints' presence…), then each service's
// own. A value OSRM's grammar refuses is InvalidQuery; a list whose length is
// not the number of coordinates is InvalidOptions; an option this server
// cannot honour is NotImplemented rather than silently ignored.
import Foundation
import GeoBase
import GeoRouting

enum OSRMService: String, Sendable, CaseIterable {
    case route, match, nearest, table, trip, tile

    /// The services this server answers.
    var isImplemented: Bool { self != .tile }

    /// The option names OSRM defines for it, besides the ones every service takes.
    var options: Set<String> {
        switch self {
        case .route: ["alternatives", "steps", "annotations", "geometries", "overview", "continue_straight", "waypoints"]
        case .match: ["steps", "annotations", "geometries", "overview", "timestamps", "gaps", "tidy", "waypoints"]
        case .nearest: ["number"]
        case .table: ["sources", "destinations", "annotations", "fallback_speed", "fallback_coordinate", "scale_factor"]
        case .trip: ["roundtrip", "source", "destination", "steps", "annotations", "geometries", "overview"]
        case .tile: []
        }
    }
}

/// The options every service takes (OSRM's BaseParameters).
struct OSRMBaseParameters: Sendable {
    static let names: Set<String> = ["bearings", "radiuses", "generate_hints", "hints", "approaches", "exclude", "snapping",
                                     "skip_waypoints"]
    /// Metres per coordinate (nil: the default; `unlimited`: as far as it takes).
    var radiuses: [Double?]?
    var generateHints = true
    var skipWaypoints = false
}

struct OSRMRouteParameters: Sendable {
    var geometry: OSRMGeometry
    var steps = false
    var annotations = false
    /// How many alternative routes to look for besides the route (`alternatives=true` is 1, `false` 0).
    var alternatives = 0
}

/// Accepted and checked; routes here never turn back at a via point anyway.
enum OSRMContinueStraight: String, Sendable, CaseIterable { case `default`, `true`, `false` }

struct OSRMMatchParameters: Sendable {
    enum Gaps: String, Sendable, CaseIterable { case split, ignore }

    var geometry: OSRMGeometry
    var steps = false
    var annotations = false
    var gaps = Gaps.split
    /// Seconds since 1970 per coordinate, increasing; nil when not given.
    var timestamps: [Double]?
}

struct OSRMNearestParameters: Sendable {
    /// How many nearest roads to answer (at most 100).
    var number = 1
}

/// A service's own options.
enum OSRMServiceParameters: Sendable {
    case route(OSRMRouteParameters)
    case match(OSRMMatchParameters)
    case nearest(OSRMNearestParameters)
    case table(OSRMTableParameters)
    case trip(OSRMTripParameters)
}

/// The query's `key=value` items, read by name with OSRM's errors.
struct OSRMOptions {
    let values: [String: String]
    let count: Int

    func bool(_ name: String, default d: Bool) throws(APIError) -> Bool {
        guard let v = values[name], !v.isEmpty else { return d }
        switch v {
        case "true": return true
        case "false": return false
        default: throw APIError("Query string malformed: '\(name)' must be true or false, not '\(v.prefix(20))'", code: "InvalidQuery")
        }
    }

    func choice<T: RawRepresentable>(_ name: String, default d: T) throws(APIError) -> T where T.RawValue == String, T: CaseIterable {
        guard let v = values[name], !v.isEmpty else { return d }
        guard let t = T(rawValue: v) else {
            throw APIError("Query string malformed: '\(name)' must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not '\(v.prefix(20))'",
                           code: "InvalidQuery")
        }
        return t
    }

    /// A `;`-list with one (possibly empty) element per coordinate, or nil when the option is absent.
    func perCoordinate(_ name: String) throws(APIError) -> [Substring]? {
        guard let v = values[name] else { return nil }
        let items = v.split(separator: ";", omittingEmptySubsequences: false)
        guard items.count == count else {
            throw APIError("Number of elements in \(name) size \(items.count) does not match coordinate size \(count)",
                           code: "InvalidOptions")
        }
        return items
    }

    /// Whether an option is given with a value (an empty `waypoints=` is Leaflet's, and means none).
    func given(_ name: String) -> Bool { values[name].map { !$0.isEmpty } ?? false }

    /// `annotations=true` or a list of them: on; absent, empty or `false`: off.
    var annotations: Bool { values["annotations"].map { !$0.isEmpty && $0 != "false" } ?? false }

    var geometry: OSRMGeometry {
        get throws(APIError) {
            OSRMGeometry(format: try choice("geometries", default: OSRMGeometry.Format.polyline),
                         overview: try choice("overview", default: OSRMGeometry.Overview.simplified))
        }
    }
}

extension OSRMBaseParameters {
    init(_ o: OSRMOptions) throws(APIError) {
        // Refused rather than ignored: what this server cannot honour.
        if o.given("exclude") { throw APIError("exclude is not implemented by this server", code: "NotImplemented") }
        if o.values["approaches"].map({ $0.split(separator: ";", omittingEmptySubsequences: false).contains { !$0.isEmpty && $0 != "unrestricted" } }) == true {
            throw APIError("approaches other than unrestricted are not implemented by this server", code: "NotImplemented")
        }
        if let b = o.values["bearings"], b.contains(where: { $0 != ";" }) {
            throw APIError("bearings are not implemented by this server", code: "NotImplemented")
        }
        generateHints = try o.bool("generate_hints", default: true)
        skipWaypoints = try o.bool("skip_waypoints", default: false)
        radiuses = try o.perCoordinate("radiuses").map { items throws(APIError) in
            var out: [Double?] = []
            for item in items {
                if item.isEmpty { out.append(nil); continue }
                if item == "unlimited" { out.append(50_000); continue }
                guard let r = NumberScan.double(item), r.isFinite, r >= 0 else {
                    throw APIError("Query string malformed: radiuses must be numbers ≥ 0 or 'unlimited'", code: "InvalidQuery")
                }
                out.append(r)
            }
            return out
        }
    }
}

extension OSRMServiceParameters {
    init(_ service: OSRMService, _ o: OSRMOptions) throws(APIError) {
        switch service {
        case .route:
            var p = OSRMRouteParameters(geometry: try o.geometry, steps: try o.bool("steps", default: false), annotations: o.annotations)
            _ = try o.choice("continue_straight", default: OSRMContinueStraight.default)
            p.alternatives = try OSRMRouteParameters.alternatives(o.values["alternatives"])
            if o.given("waypoints") {
                throw APIError("waypoints is not implemented by this server: every coordinate is a waypoint", code: "NotImplemented")
            }
            self = .route(p)
        case .match:
            var p = OSRMMatchParameters(geometry: try o.geometry, steps: try o.bool("steps", default: false), annotations: o.annotations)
            _ = try o.bool("tidy", default: false)
            p.gaps = try o.choice("gaps", default: OSRMMatchParameters.Gaps.split)
            if o.given("waypoints") {
                throw APIError("waypoints is not implemented by this server: every tracepoint is a waypoint", code: "NotImplemented")
            }
            p.timestamps = try o.perCoordinate("timestamps").map { stamps throws(APIError) in
                var out: [Double] = []
                for s in stamps {
                    guard let t = NumberScan.double(s), t.isFinite, t >= 0 else {
                        throw APIError("Query string malformed: timestamps are whole seconds since 1970", code: "InvalidQuery")
                    }
                    guard t >= out.last ?? -.infinity else { throw APIError("Timestamps need to be monotonically increasing.", code: "InvalidValue") }
                    out.append(t)
                }
                return out
            }
            self = .match(p)
        case .table: self = .table(try OSRMTableParameters(o))
        case .trip: self = .trip(try OSRMTripParameters(o))
        case .nearest, .tile:
            var p = OSRMNearestParameters()
            if let v = o.values["number"], !v.isEmpty {
                guard let n = Int(v), n >= 1 else { throw APIError("Query string malformed: 'number' must be a whole number ≥ 1", code: "InvalidQuery") }
                p.number = min(n, 100)
            }
            self = .nearest(p)
        }
    }
}

extension OSRMRouteParameters {
    /// `alternatives`: true (1), false or empty (0), or a whole number ≥ 0 of at most
    /// AlternativeRules.maxCount (more is TooBig, as osrm-routed's `--max-alternatives` answers).
    static func alternatives(_ value: String?) throws(APIError) -> Int {
        guard let v = value, !v.isEmpty, v != "false" else { return 0 }
        if v == "true" { return 1 }
        guard let n = Int(v), n >= 0, v.allSatisfy(\.isNumber) else {
            throw APIError("Query string malformed: 'alternatives' must be true, false or a whole number ≥ 0", code: "InvalidQuery")
        }
        guard n <= AlternativeRules.maxCount else {
            throw APIError("Requested number of alternatives is higher than current maximum (\(AlternativeRules.maxCount))", code: "TooBig")
        }
        return n
    }
}
