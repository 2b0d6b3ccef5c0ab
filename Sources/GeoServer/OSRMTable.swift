// OSRM's `table` service: durations and distances of the fastest routes from
// each source to each destination, in OSRM's response shape (`durations`,
// `distances`, `sources`, `destinations`, `fallback_speed_cells`), null for a
// pair with no route. Why apart from OSRMAPI: its options (index lists,
// annotations, fallback estimates, a scale factor) and its size limit are its
// own; the cells come from `Router.table`, the same search and snapping as
// `/route`, so a cell is what /route answers for the pair.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoRoads
import GeoRouting

/// The sizes OSRM's services refuse beyond (osrm-routed's `--max-table-size`, `--max-trip-size`).
public struct OSRMLimits: Sendable, Equatable {
    /// A table may have at most this² cells (sources × destinations), as osrm-routed's default 100.
    public var maxTableSize = 100
    /// A trip may visit at most this many points (osrm-routed's default 100).
    public var maxTripSize = 100

    public init(maxTableSize: Int = 100, maxTripSize: Int = 100) {
        self.maxTableSize = maxTableSize
        self.maxTripSize = maxTripSize
    }
}

struct OSRMTableParameters: Sendable {
    /// Indices into the coordinates; nil: all of them.
    var sources: [Int]?
    var destinations: [Int]?
    var durations = true
    var distances = false
    /// Metres per second for pairs with no route (a straight-line estimate), as OSRM takes it; nil: none.
    var fallbackSpeed: Double?
    var fallbackSnapped = false
    var scaleFactor = 1.0

    enum FallbackCoordinate: String, Sendable, CaseIterable { case input, snapped }

    init(_ o: OSRMOptions) throws(APIError) {
        sources = try Self.indices(o, "sources")
        destinations = try Self.indices(o, "destinations")
        if let a = o.values["annotations"], !a.isEmpty {
            let parts = a.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ $0 == "duration" || $0 == "distance" }) else {
                throw APIError("Query string malformed: 'annotations' must be duration, distance or duration,distance, not '\(a.prefix(30))'",
                               code: "InvalidQuery")
            }
            durations = parts.contains("duration")
            distances = parts.contains("distance")
        }
        fallbackSpeed = try Self.number(o, "fallback_speed")
        fallbackSnapped = try o.choice("fallback_coordinate", default: FallbackCoordinate.input) == .snapped
        scaleFactor = try Self.number(o, "scale_factor") ?? 1
        // What the grammar takes but OSRM's IsValid refuses: InvalidOptions.
        if let s = fallbackSpeed, s <= 0 { throw APIError("fallback_speed must be greater than 0", code: "InvalidOptions") }
        if scaleFactor <= 0 { throw APIError("scale_factor must be greater than 0", code: "InvalidOptions") }
        for (name, list) in [("sources", sources), ("destinations", destinations)] {
            if let bad = list?.first(where: { $0 >= o.count }) {
                throw APIError("\(name) index \(bad) is out of range: there are \(o.count) coordinates", code: "InvalidOptions")
            }
        }
    }

    /// `all` (or absent): nil; else `;`-separated whole numbers ≥ 0.
    static func indices(_ o: OSRMOptions, _ name: String) throws(APIError) -> [Int]? {
        guard let v = o.values[name], !v.isEmpty, v != "all" else { return nil }
        var out: [Int] = []
        for item in v.split(separator: ";", omittingEmptySubsequences: false) {
            guard !item.isEmpty, item.allSatisfy(\.isASCII), item.allSatisfy(\.isNumber), let i = Int(item) else {
                throw APIError("Query string malformed: '\(name)' must be all or indices separated by ';', not '\(v.prefix(30))'",
                               code: "InvalidQuery")
            }
            out.append(i)
        }
        return out
    }

    static func number(_ o: OSRMOptions, _ name: String) throws(APIError) -> Double? {
        guard let v = o.values[name], !v.isEmpty else { return nil }
        guard let d = OSRMRequest.plainNumber(Substring(v)) else {
            throw APIError("Query string malformed: '\(name)' must be a number, not '\(v.prefix(20))'", code: "InvalidQuery")
        }
        return d
    }
}

extension OSRMAPI {
    static func table(_ r: OSRMRequest, _ p: OSRMTableParameters, _ networks: RegionNetworks, _ limits: OSRMLimits) throws(APIError) -> JSONValue {
        guard r.coordinates.count >= 2 else { throw APIError("Number of coordinates needs to be at least two.", code: "InvalidOptions") }
        let rows = p.sources ?? Array(r.coordinates.indices), columns = p.destinations ?? Array(r.coordinates.indices)
        guard rows.count * columns.count <= limits.maxTableSize * limits.maxTableSize else {
            throw APIError("Too many table coordinates", code: "TooBig")
        }
        let router = router(r, networks)
        let m: DistanceMatrix
        do {
            m = try router.table(r.coordinates, sources: rows, destinations: columns, mode: r.mode)
        } catch {
            throw segmentError(error)
        }
        var durations = m.durations, distances = m.distances
        var estimated: [JSONValue] = []
        for (row, i) in rows.enumerated() {
            for (column, j) in columns.enumerated() {
                // A pair with no route gets a straight-line estimate at fallback_speed, as OSRM's table does.
                if durations[row][column] == nil, let speed = p.fallbackSpeed {
                    let a = m.points[i]!, b = m.points[j]!
                    let metres = p.fallbackSnapped ? a.snapped.distance(to: b.snapped) : a.input.distance(to: b.input)
                    durations[row][column] = metres / speed
                    distances[row][column] = metres
                    estimated.append(.array([.int(Int64(row)), .int(Int64(column))]))
                }
                if p.scaleFactor != 1, let d = durations[row][column] { durations[row][column] = d * p.scaleFactor }
            }
        }
        func cells(_ t: [[Double?]]) -> JSONValue {
            .array(t.map { .array($0.map { $0.map(OSRMRouteJSON.round1) ?? .null }) })
        }
        var f: [(String, JSONValue)] = [("code", .string("Ok"))]
        if p.durations { f.append(("durations", cells(durations))) }
        if p.distances { f.append(("distances", cells(distances))) }
        if !r.base.skipWaypoints {
            let hints = r.base.generateHints
            func points(_ list: [Int]) -> JSONValue {
                .array(list.map { i in
                    let t = m.points[i]!
                    return .object(waypoint(input: t.input, snapped: t.snapped, name: t.name, hints: hints))
                })
            }
            f.append(("sources", points(rows)))
            f.append(("destinations", points(columns)))
        }
        // Listed whenever a fallback speed was asked for, empty when every pair had a route (osrm-routed 26).
        if p.fallbackSpeed != nil { f.append(("fallback_speed_cells", .array(estimated))) }
        return .object(f)
    }

    /// OSRM's answer to a point with no road near it (NoSegment), or to anything else the router refuses.
    static func segmentError(_ error: RoutingError) -> APIError {
        switch error {
        case .noRoad(let i, _, _): return APIError("Could not find a matching segment for coordinate \(i)", code: "NoSegment")
        case .noRoute: return APIError("Impossible route between points", code: "NoRoute")
        default: return APIError(error.description, code: "InvalidValue")
        }
    }
}
