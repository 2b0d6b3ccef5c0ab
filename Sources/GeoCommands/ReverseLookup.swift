// `geoquery --reverse LAT,LON`: what is at a point — the nearest addressed
// object, else the street, else the settlement (`--reverse-level` stops
// earlier), with its distance. Also a batch line {"reverse": [lat, lon]}.
// The answer has the search's JSON schema (SearchOutput.reverse: one result, with `distance_m`),
// plus `reverse` and `level`, so a client parses both alike.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoSearch

enum ReverseLookup {
    /// Farthest a reverse answer may be, by level, metres (`--radius` overrides).
    static func defaultRadius(_ level: ReverseLevel) -> Double {
        switch level {
        case .object, .address, .street: 1_000
        case .suburb: 5_000
        case .city, .county, .state, .country: 30_000
        }
    }

    static func level(_ text: String, name: String) throws -> ReverseLevel {
        guard let l = ReverseLevel(rawValue: text) else {
            throw UsageError("\(name) must be \(ReverseLevel.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"")
        }
        return l
    }

    /// The answer for one point, timed, as a response of zero or one result.
    static func answer(_ point: Coordinate, level: ReverseLevel, radius: Double?, language: String?, extra: [String] = [],
                       geocoder: ReverseGeocoder) -> SearchResponse {
        let start = DispatchTime.now().uptimeNanoseconds
        var hit = geocoder.reverse(point, level: level, radius: radius ?? defaultRadius(level), language: language)
        hit?.addExtraTags(extra, from: geocoder.indexes)
        let took = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return SearchResponse(query: "", results: hit.map { [$0] } ?? [], groups: [], tookMs: took, cancelled: false)
    }

    /// A batch line with "reverse": the point, the level and the language, or nil for a search line.
    static func batchLine(_ v: JSONValue, defaults: SearchOptions) throws -> (point: Coordinate, level: ReverseLevel, radius: Double?)? {
        guard let r = v["reverse"], !r.isNull else { return nil }
        guard let a = r.arrayValue, a.count == 2, let lat = a[0].doubleValue, let lon = a[1].doubleValue else {
            throw UsageError("\"reverse\" must be [lat, lon]")
        }
        let point = try RequestParsing.point(lat: lat, lon: lon, name: "reverse")
        var level = ReverseLevel.address
        if let l = v["level"], !l.isNull {
            guard let s = l.stringValue else { throw UsageError("\"level\" must be address, street, suburb or city") }
            level = try self.level(s, name: "\"level\"")
        }
        var radius: Double?
        if let r = v["radius"], !r.isNull {
            guard let m = r.doubleValue, m > 0, m.isFinite else { throw UsageError("\"radius\" must be a positive number of metres") }
            radius = m
        }
        return (point, level, radius)
    }
}
