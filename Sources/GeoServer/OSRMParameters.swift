// OSRM's options as typed values, parsed and checked whole before any service
// runs, as OSRM's own `*_parameters.hpp` with `IsValid()` are: the options all
// services take (radiuses, hints, waypoints' presence…), then each service's
// own. A value OSRM's grammar refuses is InvalidQuery; a list whose length is
// not the number of coordinates is InvalidOptions; an option this server
// cannot honour is NotImplemented rather than silently ignored.
import Foundation
import GeoBase
import GeoRoads
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
    /// Metres per coordinate (nil: the default; `unlimited`: infinity, as far as it takes).
    var radiuses: [Double?]?
    /// Per coordinate, the direction of travel the road must have there (nil: any).
    var bearings: [SnapBearing?]?
    /// Per coordinate, the side of the road (nil: unrestricted everywhere).
    var approaches: [SnapApproach]?
    /// Road classes the routes may not use (`exclude`).
    var excluded: Set<RoadClass> = []
    /// Whether toll roads are left out (`exclude=toll`).
    var excludesToll = false
    /// `snapping=any`: points may snap to ferries too, which OSRM's profiles mark as no start point.
    var snapsToAny = false
    var generateHints = true
    var skipWaypoints = false

    /// The per-coordinate snapping rules for GeoRouting (empty when no option asks for any).
    var rules: [WaypointRule] {
        guard radiuses != nil || bearings != nil || approaches != nil else { return [] }
        let n = radiuses?.count ?? bearings?.count ?? approaches?.count ?? 0
        return (0..<n).map { i in
            WaypointRule(radius: radiuses?[i] ?? nil, bearing: bearings?[i] ?? nil, approach: approaches?[i] ?? .unrestricted)
        }
    }

    enum Snapping: String, Sendable, CaseIterable { case `default`, any }
}

/// OSRM's annotation arrays, as `annotations=true` or a list names them.
struct OSRMAnnotations: OptionSet, Sendable {
    var rawValue: Int
    static let duration = OSRMAnnotations(rawValue: 1), distance = OSRMAnnotations(rawValue: 2), speed = OSRMAnnotations(rawValue: 4)
    static let weight = OSRMAnnotations(rawValue: 8), datasources = OSRMAnnotations(rawValue: 16), nodes = OSRMAnnotations(rawValue: 32)
    /// What `annotations=true` gives: every array, `nodes` included (as osrm-routed).
    static let all: OSRMAnnotations = [.duration, .distance, .speed, .weight, .datasources, .nodes]
    static let names: [(String, OSRMAnnotations)] = [("duration", .duration), ("distance", .distance), ("speed", .speed),
                                                      ("weight", .weight), ("datasources", .datasources), ("nodes", .nodes)]

    /// `true` (all), `false`/empty/absent (none), or a `,`-list of names (OSRM's grammar; anything else is
    /// InvalidQuery). `nodes` is the OSM node id of every point of the line (the road graph keeps its shape
    /// points' ids: RouteSegment.osmNodes).
    init(_ value: String?) throws(APIError) {
        self = []
        guard let v = value, !v.isEmpty, v != "false" else { return }
        if v == "true" { self = .all; return }
        for item in v.split(separator: ",", omittingEmptySubsequences: false) {
            guard let a = OSRMAnnotations.names.first(where: { $0.0 == item })?.1 else {
                throw APIError("Query string malformed: 'annotations' must be true, false or a list of duration, distance, speed, "
                               + "weight, datasources, nodes, not '\(v.prefix(40))'", code: "InvalidQuery")
            }
            insert(a)
        }
    }

    init(rawValue: Int) { self.rawValue = rawValue }
}

struct OSRMRouteParameters: Sendable {
    var geometry: OSRMGeometry
    var steps = false
    var annotations: OSRMAnnotations = []
    /// How many alternative routes to look for besides the route (`alternatives=true` is 1, `false` 0).
    var alternatives = 0
    /// No U-turn at via points (true), U-turns allowed (false), or the profile's default (nil).
    var continueStraight: Bool?
    /// The coordinates that end legs (nil: all); the others are passed through.
    var waypoints: [Int]?
}

enum OSRMContinueStraight: String, Sendable, CaseIterable { case `default`, `true`, `false` }

struct OSRMMatchParameters: Sendable {
    enum Gaps: String, Sendable, CaseIterable { case split, ignore }

    var geometry: OSRMGeometry
    var steps = false
    var annotations: OSRMAnnotations = []
    var gaps = Gaps.split
    /// Seconds since 1970 per coordinate, increasing; nil when not given.
    var timestamps: [Double]?
    var tidy = false
    /// The tracepoints that end legs (nil: all).
    var waypoints: [Int]?
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

    var geometry: OSRMGeometry {
        get throws(APIError) {
            OSRMGeometry(format: try choice("geometries", default: OSRMGeometry.Format.polyline),
                         overview: try choice("overview", default: OSRMGeometry.Overview.simplified))
        }
    }
}

extension OSRMBaseParameters {
    init(_ o: OSRMOptions) throws(APIError) {
        generateHints = try o.bool("generate_hints", default: true)
        skipWaypoints = try o.bool("skip_waypoints", default: false)
        snapsToAny = try o.choice("snapping", default: Snapping.default) == .any
        // Hints are checked (one per coordinate, base64url) and then not used: every point is snapped again from
        // its coordinate, which is what OSRM does with a hint that does not match its data.
        if let hints = try o.perCoordinate("hints"), let bad = hints.first(where: { !$0.allSatisfy(Self.isHintCharacter) }) {
            throw APIError("Query string malformed: hint '\(bad.prefix(20))' is not base64url", code: "InvalidQuery")
        }
        radiuses = try o.perCoordinate("radiuses").map { items throws(APIError) in
            var out: [Double?] = []
            for item in items {
                if item.isEmpty { out.append(nil); continue }
                if item == "unlimited" { out.append(.infinity); continue }
                guard let r = OSRMRequest.plainNumber(item) else {
                    throw APIError("Query string malformed: radiuses must be numbers or 'unlimited', not '\(item.prefix(20))'", code: "InvalidQuery")
                }
                // osrm-routed takes a negative radius and searches as without one: so does this server.
                out.append(r < 0 ? nil : r)
            }
            return out
        }
        bearings = try o.perCoordinate("bearings").map { items throws(APIError) in
            var out: [SnapBearing?] = []
            for item in items {
                if item.isEmpty { out.append(nil); continue }
                // OSRM's grammar: two whole numbers, `value,range`.
                let parts = item.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == 2, let value = Self.wholeNumber(parts[0]), let range = Self.wholeNumber(parts[1]) else {
                    throw APIError("Query string malformed: bearings are value,range in whole degrees, not '\(item.prefix(20))'", code: "InvalidQuery")
                }
                guard (0...360).contains(value), (0...180).contains(range) else {
                    throw APIError("Bearing must be between 0 and 360 and its range between 0 and 180, not \(value),\(range)",
                                   code: "InvalidOptions")
                }
                out.append(SnapBearing(degrees: Double(value), range: Double(range)))
            }
            return out
        }
        approaches = try o.perCoordinate("approaches").map { items throws(APIError) in
            var out: [SnapApproach] = []
            for item in items {
                guard let a = item.isEmpty ? .unrestricted : SnapApproach(rawValue: String(item)) else {
                    throw APIError("Query string malformed: approaches are curb, opposite or unrestricted, not '\(item.prefix(20))'",
                                   code: "InvalidQuery")
                }
                out.append(a)
            }
            return out
        }
    }

    /// `exclude`: the classes OSRM's car profile makes excludable, one at a time as its `excludable` lists them
    /// (`motorway`: motorways and their links; `ferry`; `toll`: the ways in the directions they are toll roads,
    /// RoadFlags); any other name or combination, and any exclude by bicycle or on foot (whose OSRM profiles have
    /// none), is OSRM's InvalidValue.
    static func excluded(_ o: OSRMOptions, mode: TravelMode) throws(APIError) -> (classes: Set<RoadClass>, toll: Bool) {
        guard let v = o.values["exclude"], !v.isEmpty else { return ([], false) }
        let names = Set(v.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        guard mode == .car, names.count == 1, let name = names.first, ["motorway", "ferry", "toll"].contains(name) else {
            throw APIError("Exclude flag combination is not supported.", code: "InvalidValue")
        }
        switch name {
        case "motorway": return ([.motorway, .motorwayLink], false)
        case "ferry": return ([.ferry], false)
        default: return ([], true)
        }
    }

    static func isHintCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_" || c == "=" || c == "+" || c == "/")
    }

    /// A whole number as OSRM's `short_` reads it (an optional sign, digits).
    static func wholeNumber(_ s: Substring) -> Int? {
        let digits = s.first == "-" || s.first == "+" ? s.dropFirst() : s
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(s), abs(n) <= 32_767 else { return nil }
        return n
    }

    /// `;`-separated indices of coordinates that end legs, or nil when absent/empty: first and last
    /// must be among them, in increasing order (OSRM's errors).
    static func waypoints(_ o: OSRMOptions) throws(APIError) -> [Int]? {
        guard let v = o.values["waypoints"], !v.isEmpty else { return nil }
        var out: [Int] = []
        for item in v.split(separator: ";", omittingEmptySubsequences: false) {
            guard !item.isEmpty, item.allSatisfy({ $0.isASCII && $0.isNumber }), let i = Int(item) else {
                throw APIError("Query string malformed: 'waypoints' are indices separated by ';', not '\(v.prefix(30))'", code: "InvalidQuery")
            }
            out.append(i)
        }
        guard out.allSatisfy({ $0 < o.count }) else {
            throw APIError("Waypoints index out of range: there are \(o.count) coordinates", code: "InvalidOptions")
        }
        guard out.first == 0, out.last == o.count - 1 else {
            throw APIError("First and last coordinates must be specified as waypoints.", code: "InvalidValue")
        }
        guard zip(out, out.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw APIError("Waypoints must be given in increasing order.", code: "InvalidValue")
        }
        return out
    }
}

extension OSRMServiceParameters {
    init(_ service: OSRMService, _ o: OSRMOptions) throws(APIError) {
        switch service {
        case .route:
            var p = OSRMRouteParameters(geometry: try o.geometry, steps: try o.bool("steps", default: false),
                                        annotations: try OSRMAnnotations(o.values["annotations"]))
            switch try o.choice("continue_straight", default: OSRMContinueStraight.default) {
            case .default: p.continueStraight = nil
            case .true: p.continueStraight = true
            case .false: p.continueStraight = false
            }
            p.alternatives = try OSRMRouteParameters.alternatives(o.values["alternatives"])
            p.waypoints = try OSRMBaseParameters.waypoints(o)
            self = .route(p)
        case .match:
            var p = OSRMMatchParameters(geometry: try o.geometry, steps: try o.bool("steps", default: false),
                                        annotations: try OSRMAnnotations(o.values["annotations"]))
            p.tidy = try o.bool("tidy", default: false)
            p.gaps = try o.choice("gaps", default: OSRMMatchParameters.Gaps.split)
            p.waypoints = try OSRMBaseParameters.waypoints(o)
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
