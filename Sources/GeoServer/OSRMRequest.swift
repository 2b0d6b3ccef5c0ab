// The OSRM v5 HTTP API's request: /{service}/v1/{profile}/{coordinates}[.json]
// with coordinates as `lon,lat;lon,lat` or `polyline(…)`/`polyline6(…)`, and
// options whose grammar OSRM checks strictly (an unknown option or a bad value
// is InvalidQuery). Lenient where real clients need it: Leaflet Routing
// Machine sends empty query items and `hints` of its own, which are accepted
// and ignored; any profile name is taken, as osrm-routed takes it.
import GeoBase
import GeoFrontEnd
import GeoRoads

struct OSRMRequest {
    var service: String
    var mode: TravelMode
    var coordinates: [Coordinate]
    var options: [String: String]

    static let services: Set<String> = ["route", "match", "nearest", "table", "trip", "tile"]
    static let general: Set<String> = ["bearings", "radiuses", "generate_hints", "hints", "approaches", "exclude", "snapping",
                                       "skip_waypoints"]
    static let routeOptions: Set<String> = ["alternatives", "steps", "annotations", "geometries", "overview", "continue_straight",
                                            "waypoints"]
    static let matchOptions: Set<String> = ["steps", "annotations", "geometries", "overview", "timestamps", "gaps", "tidy",
                                            "waypoints"]

    init(_ request: HTTPRequest) throws(APIError) {
        // "/route/v1/driving/7.41,43.73;7.42,43.74": the coordinates keep any "/" a polyline holds.
        let path = request.path.hasPrefix("/") ? request.path.dropFirst() : Substring(request.path)
        let parts = path.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4 else { throw APIError("URL string malformed: expected /{service}/v1/{profile}/{coordinates}", code: "InvalidUrl") }
        service = String(parts[0])
        guard OSRMRequest.services.contains(service) else { throw APIError("Service \(service) not found!", code: "InvalidService") }
        guard parts[1] == "v1" else { throw APIError("Service \(service) not found!", code: "InvalidVersion") }
        guard ["route", "match", "nearest"].contains(service) else {
            throw APIError("the \(service) service is not implemented by this server", code: "NotImplemented")
        }
        // Any profile is accepted as osrm-routed does; its name chooses the travel mode here.
        let profile = parts[2].lowercased()
        mode = TravelMode(name: profile) ?? (profile.contains("bik") || profile.contains("cycl") ? .bicycle
            : profile.contains("foot") || profile.contains("walk") ? .foot : .car)
        var coords = parts[3]
        if coords.hasSuffix(".json") { coords = coords.dropLast(5) }
        coordinates = try OSRMRequest.coordinates(coords)
        let allowed = OSRMRequest.general.union(service == "route" ? OSRMRequest.routeOptions
            : service == "match" ? OSRMRequest.matchOptions : ["number"])
        var options: [String: String] = [:]
        for (key, value) in request.query where !key.isEmpty {
            guard allowed.contains(key) else { throw APIError("Query string malformed: unknown option '\(key)'", code: "InvalidQuery") }
            options[key] = value ?? ""
        }
        self.options = options
    }

    static func coordinates(_ text: Substring) throws(APIError) -> [Coordinate] {
        for (prefix, precision) in [("polyline6(", 6), ("polyline(", 5)] where text.hasPrefix(prefix) {
            guard text.hasSuffix(")"), let points = Polyline.decode(text.dropFirst(prefix.count).dropLast(), precision: precision),
                  !points.isEmpty else {
                throw APIError("URL string malformed: the \(prefix.dropLast()) coordinates do not decode", code: "InvalidUrl")
            }
            return points
        }
        var out: [Coordinate] = []
        for pair in text.split(separator: ";", omittingEmptySubsequences: false) {
            let xy = pair.split(separator: ",", omittingEmptySubsequences: false)
            guard xy.count == 2, let lon = plainNumber(xy[0]), let lat = plainNumber(xy[1]) else {
                throw APIError("URL string malformed close to \"\(pair.prefix(40))\": coordinates are lon,lat;lon,lat", code: "InvalidUrl")
            }
            guard abs(lat) <= 90, abs(lon) <= 180 else { throw APIError("Invalid coordinate value.", code: "InvalidValue") }
            out.append(Coordinate(lat: lat, lon: lon))
            guard out.count <= 10_000 else { throw APIError("Number of coordinates is higher than the maximum (10000)", code: "TooBig") }
        }
        return out
    }

    /// A decimal as OSRM's grammar takes it: sign, digits, fraction; no exponent, no NaN or infinity
    /// (an exponent as routingpy may write is accepted).
    static func plainNumber(_ s: Substring) -> Double? {
        guard let d = NumberScan.double(s), d.isFinite, !s.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
        return d
    }

    func bool(_ name: String, default d: Bool) throws(APIError) -> Bool {
        guard let v = options[name], !v.isEmpty else { return d }
        switch v {
        case "true": return true
        case "false": return false
        default: throw APIError("Query string malformed: '\(name)' must be true or false, not '\(v.prefix(20))'", code: "InvalidQuery")
        }
    }

    func choice(_ name: String, _ values: [String], default d: String) throws(APIError) -> String {
        guard let v = options[name], !v.isEmpty else { return d }
        guard values.contains(v) else {
            throw APIError("Query string malformed: '\(name)' must be one of \(values.joined(separator: ", ")), not '\(v.prefix(20))'",
                           code: "InvalidQuery")
        }
        return v
    }

    /// A `;`-list with one (possibly empty) element per coordinate, or nil when the option is absent.
    func perCoordinate(_ name: String) throws(APIError) -> [Substring]? {
        guard let v = options[name] else { return nil }
        let items = v.split(separator: ";", omittingEmptySubsequences: false)
        guard items.count == coordinates.count else {
            throw APIError("Number of elements in \(name) size \(items.count) does not match coordinate size \(coordinates.count)",
                           code: "InvalidOptions")
        }
        return items
    }

    /// `radiuses`: metres per coordinate (nil = default, `unlimited` = as far as it takes).
    func radiuses() throws(APIError) -> [Double?]? {
        try perCoordinate("radiuses").map { items throws(APIError) in
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

    /// Refuses options this server cannot honour rather than ignoring them silently.
    func refuseUnsupported() throws(APIError) {
        if let e = options["exclude"], !e.isEmpty { throw APIError("exclude is not implemented by this server", code: "NotImplemented") }
        if options["approaches"].map({ $0.split(separator: ";", omittingEmptySubsequences: false).contains { !$0.isEmpty && $0 != "unrestricted" } }) == true {
            throw APIError("approaches other than unrestricted are not implemented by this server", code: "NotImplemented")
        }
        if let b = options["bearings"], b.contains(where: { $0 != ";" }) {
            throw APIError("bearings are not implemented by this server", code: "NotImplemented")
        }
    }
}
