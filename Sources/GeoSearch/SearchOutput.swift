// Renders search responses for the command line, the server and Swift users
// alike: the stable JSON schema (documented with geoquery), the reverse
// look-up's variant of it, NDJSON (one result per line), GeoJSON (a
// FeatureCollection of points), and a human-readable text form.
import Foundation
import GeoBase
import GeoModel

public enum SearchOutputFormat: String, Sendable {
    case text, json, ndjson, geojson
}

public enum SearchOutput {
    public static func json(_ r: SearchResult) -> JSONValue {
        var f: [(String, JSONValue)] = [
            ("name", .string(r.name)),
            ("subtitle", .string(r.subtitle)),
            ("kind", .string(r.kind.name)),
            ("category", .string(r.category.description)),
            ("icon", .string(r.icon)),
            ("osm", r.osm.map { .string($0.description) } ?? .null),
            ("lat", .coordinate(r.coordinate.lat)),
            ("lon", .coordinate(r.coordinate.lon)),
        ]
        if let b = r.bbox { f.append(("bbox", bbox(b))) }
        let a = address(r)
        if !a.isEmpty { f.append(("address", .object(a))) }
        // Present whenever extra tags were asked for (empty when the landmark has none), in ExtraTags.keys order.
        if let e = r.extra { f.append(("extra", .object(ExtraTags.sorted(e).map { ($0.key, .string($0.value)) }))) }
        if let d = r.distance {
            f.append(("distance_m", .int(Int64(d.rounded()))))
            f.append(("distance", .string(r.distanceLabel ?? "")))
        }
        f.append(("highlights", .array(r.highlights.map { .array([.int(Int64($0.start)), .int(Int64($0.length))]) })))
        f.append(("action", .string(r.action.rawValue)))
        if let t = r.displayText { f.append(("display_text", .string(t))) }
        f.append(("score", .double(r.score)))
        if !r.unmatched.isEmpty { f.append(("unmatched", .array(r.unmatched.map { .string($0) }))) }
        // Which index (its position among -i, or in the directory's name order) the result came from.
        f.append(("source", .int(Int64(r.source))))
        return .object(f)
    }

    /// The address parts the index has, under the names Photon and Nominatim use.
    public static func address(_ r: SearchResult) -> [(String, JSONValue)] {
        let p = r.places
        let parts: [(String, String?)] = [
            ("housenumber", r.houseNumber), ("street", r.street ?? (r.kind == .street ? r.name : nil)),
            ("postcode", r.postcode), ("suburb", p?.suburb), ("city", p?.city), ("county", p?.county),
            ("state", p?.state), ("country", p?.country), ("country_code", p?.countryCode),
        ]
        return parts.compactMap { k, v in v.map { (k, .string($0)) } }
    }

    static func bbox(_ b: BoundingBox) -> JSONValue {
        .array([.coordinate(b.minLon), .coordinate(b.minLat), .coordinate(b.maxLon), .coordinate(b.maxLat)])
    }

    public static func json(_ response: SearchResponse, id: JSONValue? = nil) -> JSONValue {
        var f: [(String, JSONValue)] = []
        if let id { f.append(("id", id)) }
        f.append(("query", .string(response.query)))
        f.append(("count", .int(Int64(response.results.count))))
        f.append(("results", .array(response.results.map(json))))
        f.append(("area", response.area.map(bbox) ?? .null))
        f.append(("groups", .array(response.groups.map { g in
            .object([("lat", .coordinate(g.coordinate.lat)), ("lon", .coordinate(g.coordinate.lon)),
                     ("count", .int(Int64(g.members.count))), ("members", .array(g.members.map { .int(Int64($0)) })),
                     ("bbox", bbox(g.bbox))])
        })))
        f.append(("took_ms", .double((response.tookMs * 1000).rounded() / 1000)))
        return .object(f)
    }

    /// A reverse look-up's answer: the search's schema (one result at most, with `distance_m`), with
    /// `reverse` (the point asked) and `level` instead of `query` and `groups`.
    public static func reverse(_ response: SearchResponse, point: Coordinate, level: ReverseLevel, id: JSONValue? = nil) -> JSONValue {
        guard case .object(var fields) = json(response, id: id) else { return .null }
        let at = id == nil ? 0 : 1
        fields.insert(("reverse", .array([.coordinate(point.lat), .coordinate(point.lon)])), at: at)
        fields.insert(("level", .string(level.rawValue)), at: at + 1)
        fields.removeAll { $0.0 == "query" || $0.0 == "groups" }
        return .object(fields)
    }

    public static func geojson(_ response: SearchResponse) -> JSONValue {
        let features = response.results.map { r -> GeoJSONFeature in
            var props = json(r).objectValue ?? []
            props.removeAll { $0.0 == "lat" || $0.0 == "lon" }
            return GeoJSONFeature(geometry: .point(r.coordinate), properties: props)
        }
        var fc = GeoJSONWriter.featureCollection(features).objectValue ?? []
        if let a = response.area { fc.append(("bbox", bbox(a))) }
        return .object(fc)
    }

    public static func text(_ response: SearchResponse) -> String {
        if response.results.isEmpty { return "no results for \"\(response.query)\"\n" }
        var out = ""
        for (i, r) in response.results.enumerated() {
            var line = String(format: "%2d. ", i + 1) + emphasise(r.name, r.highlights)
            line += "  — \(r.subtitle)"
            if let d = r.distanceLabel { line += "  (\(d))" }
            if let osm = r.osm { line += "  [\(osm)]" }
            out += line + "\n"
            if let e = r.extra, !e.isEmpty {
                out += "      " + ExtraTags.sorted(e).map { "\($0.key): \($0.value)" }.joined(separator: " · ") + "\n"
            }
        }
        if !response.groups.isEmpty {
            out += "groups: " + response.groups.map { "\($0.members.count) near \(String(format: "%.5f,%.5f", $0.coordinate.lat, $0.coordinate.lon))" }
                .joined(separator: "; ") + "\n"
        }
        return out
    }

    /// Brackets the highlighted parts: "[Ho]tel de Paris".
    static func emphasise(_ name: String, _ spans: [(start: Int, length: Int)]) -> String {
        let scalars = Array(name.unicodeScalars)
        var out = String.UnicodeScalarView()
        var marks: [Int: String] = [:]
        for s in spans where s.start >= 0 && s.start + s.length <= scalars.count {
            marks[s.start, default: ""] += "["
            marks[s.start + s.length, default: ""] = "]" + (marks[s.start + s.length] ?? "")
        }
        for (i, sc) in scalars.enumerated() {
            if let m = marks[i] { out.append(contentsOf: m.unicodeScalars) }
            out.append(sc)
        }
        if let m = marks[scalars.count] { out.append(contentsOf: m.unicodeScalars) }
        return String(out)
    }
}
