// The OSRM v5 HTTP API's request: /{service}/v1/{profile}/{coordinates}[.json]
// with coordinates as `lon,lat;lon,lat` or `polyline(…)`/`polyline6(…)`, and
// options whose grammar OSRM checks strictly (an unknown option or a bad value
// is InvalidQuery). Lenient where real clients need it: Leaflet Routing
// Machine sends empty query items (skipped) and `hints` of its own (checked,
// then every point snapped again, as osrm-routed does with a stale hint); any
// profile name is taken, as osrm-routed takes it.
import GeoBase
import GeoFrontEnd
import GeoRoads

struct OSRMRequest {
    var service: OSRMService
    var mode: TravelMode
    var coordinates: [Coordinate]
    var base: OSRMBaseParameters
    var parameters: OSRMServiceParameters

    init(_ request: HTTPRequest) throws(APIError) {
        // "/route/v1/driving/7.41,43.73;7.42,43.74": the coordinates keep any "/" a polyline holds.
        let path = request.path.hasPrefix("/") ? request.path.dropFirst() : Substring(request.path)
        let parts = path.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4 else { throw APIError("URL string malformed: expected /{service}/v1/{profile}/{coordinates}", code: "InvalidUrl") }
        guard let service = OSRMService(rawValue: String(parts[0])) else {
            throw APIError("Service \(parts[0]) not found!", code: "InvalidService")
        }
        self.service = service
        guard parts[1] == "v1" else { throw APIError("Service \(service.rawValue) not found!", code: "InvalidVersion") }
        guard service.isImplemented else {
            throw APIError("the \(service.rawValue) service is not implemented by this server", code: "NotImplemented")
        }
        // Any profile is accepted as osrm-routed does; its name chooses the travel mode here.
        let profile = parts[2].lowercased()
        mode = TravelMode(name: profile) ?? (profile.contains("bik") || profile.contains("cycl") ? .bicycle
            : profile.contains("foot") || profile.contains("walk") ? .foot : .car)
        var coords = parts[3]
        if coords.hasSuffix(".json") { coords = coords.dropLast(5) }
        coordinates = try OSRMRequest.coordinates(coords)
        let allowed = OSRMBaseParameters.names.union(service.options)
        var values: [String: String] = [:]
        for (key, value) in request.query where !key.isEmpty {
            guard allowed.contains(key) else { throw APIError("Query string malformed: unknown option '\(key)'", code: "InvalidQuery") }
            values[key] = value ?? ""
        }
        // Every option checked before any work, as OSRM's parameters are.
        let options = OSRMOptions(values: values, count: coordinates.count)
        base = try OSRMBaseParameters(options)
        (base.excluded, base.excludesToll) = try OSRMBaseParameters.excluded(options, mode: mode)
        parameters = try OSRMServiceParameters(service, options)
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
}
