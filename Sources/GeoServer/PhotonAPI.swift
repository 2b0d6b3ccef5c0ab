// Photon's API (komoot/photon), so its clients — geopy's Photon geocoder,
// leaflet-control-geocoder — work unchanged: GET /api for as-you-type search
// and GET /reverse (without a `format` parameter, which marks Nominatim's).
// Answers are a GeoJSON FeatureCollection (always with `features`), points as
// [lon, lat], properties in Photon's order and only when known, `extent` as
// Photon gives it ([minLon, maxLat, maxLon, minLat]); errors are 400 with
// {"message"}, and an unknown parameter is an error as it is in Photon.
// `extra=KEYS` (ours: Photon chooses its extra tags at import) adds
// `properties.extra`, as Photon writes the extra tags it imported.
import GeoBase
import GeoFrontEnd
import GeoModel
import GeoSearch

enum PhotonAPI {
    static let layers = ["house", "street", "locality", "district", "city", "county", "state", "country", "other"]

    static func search(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        do throws(APIError) {
            let q = try PhotonSearchParameters(request)
            let response = state.engine.search(q.text, options: q.options)
            let kept = response.results.filter(q.filter.accepts).prefix(q.limit)
            return .json(collection(Array(kept)))
        } catch {
            return ServiceErrors.photon(error)
        }
    }

    static func reverse(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        do throws(APIError) {
            let q = try PhotonReverseParameters(request)
            var found = state.reverse.nearest(q.point, radius: q.metres, limit: q.limit, language: q.language,
                                              where: { index, i in index.kind(i) != .street }, accept: q.filter.accepts)
            // The street the point is on: within a street's width and a bit, not the radius, which
            // is for objects (a street 1 km away is not where the point is).
            if let street = state.reverse.nearestStreet(q.point, radius: min(q.metres, 250), language: q.language), q.filter.accepts(street) {
                found.append(street)
            }
            found.sort { ($0.distance ?? 0) < ($1.distance ?? 0) }
            var kept = Array(found.prefix(q.limit))
            for i in kept.indices { kept[i].addExtraTags(q.extra, from: state.reverse.indexes) }
            return .json(collection(kept))
        } catch {
            return ServiceErrors.photon(error)
        }
    }

    static func checkKnown(_ request: HTTPRequest, _ allowed: Set<String>) throws(APIError) {
        if let unknown = request.query.first(where: { !allowed.contains($0.key) }) {
            throw APIError("Unknown query parameter '\(unknown.key.prefix(40))'.  Allowed parameters are: \(javaList(allowed.sorted()))")
        }
    }

    /// A list as Photon's messages print one (Java's toString): "[house, street]".
    static func javaList(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    /// `lang`, else the first of Accept-Language; "default" means the local name.
    static func language(_ request: HTTPRequest) -> String? {
        language(explicit: request.value("lang"), request)
    }

    /// A language asked for by a parameter (`lang`, Nominatim's `accept-language`), else by the
    /// Accept-Language header: the range weighed highest, without region ("de-CH;q=0.9" → "de").
    /// "default" means the local name.
    static func language(explicit: String?, _ request: HTTPRequest) -> String? {
        if let explicit, explicit.trimmingCharacters(in: .whitespaces).lowercased() == "default" { return nil }
        return ContentNegotiation.preferredLanguage(explicit ?? request.header("accept-language"))
    }

    static func collection(_ results: [SearchResult]) -> JSONValue {
        .object([("type", .string("FeatureCollection")), ("features", .array(results.map(feature)))])
    }

    static func feature(_ r: SearchResult) -> JSONValue {
        let (key, value) = (r.category.key, r.category.value)
        var props: [(String, JSONValue)] = []
        if let ref = r.osm { props.append(("osm_type", .string(ref.type.letter.uppercased()))) }
        if let ref = r.osm { props.append(("osm_id", .int(ref.id))) }
        props.append(("osm_key", .string(key)))
        props.append(("osm_value", .string(value)))
        props.append(("type", .string(layer(r))))
        if let v = r.postcode { props.append(("postcode", .string(v))) }
        if let v = r.houseNumber { props.append(("housenumber", .string(v))) }
        if r.kind != .address { props.append(("name", .string(r.name))) }
        let places = r.places
        if let v = places?.city ?? (r.kind != .place ? r.locality : nil), v != r.name || r.kind != .place {
            props.append(("city", .string(v)))
        }
        if let v = places?.suburb { props.append(("district", .string(v))) }
        if let v = r.street { props.append(("street", .string(v))) }
        if let v = places?.county { props.append(("county", .string(v))) }
        if let v = places?.state { props.append(("state", .string(v))) }
        if let v = places?.country { props.append(("country", .string(v))) }
        if let v = places?.countryCode { props.append(("countrycode", .string(v.uppercased()))) }
        if let b = r.bbox {
            props.append(("extent", .array([.coordinate(b.minLon), .coordinate(b.maxLat), .coordinate(b.maxLon), .coordinate(b.minLat)])))
        }
        // As Photon writes the extra tags it imported: under `extra`, left out when there are none.
        if let e = r.extra, !e.isEmpty { props.append(("extra", .object(ExtraTags.sorted(e).map { ($0.key, .string($0.value)) }))) }
        return .object([("type", .string("Feature")), ("properties", .object(props)),
                        ("geometry", .object([("type", .string("Point")),
                                              ("coordinates", .array([.coordinate(r.coordinate.lon), .coordinate(r.coordinate.lat)]))]))])
    }

    /// Photon's address layer of a result.
    static func layer(_ r: SearchResult) -> String {
        switch r.kind {
        case .address, .poi, .transit: return "house"
        case .street: return "street"
        case .area: return "other"
        case .place:
            switch r.category.value {
            case "city", "town", "village", "municipality": return "city"
            case "suburb", "borough", "quarter", "hamlet": return "district"
            case "country": return "country"
            case "state", "province", "region": return "state"
            case "county": return "county"
            default: return "locality"
            }
        }
    }

    /// Photon's `layer` and `osm_tag` filters.
    struct Filter {
        var layers: Set<String> = []
        var includes: [(key: String?, value: String?)] = []
        var excludes: [(key: String?, value: String?)] = []
        /// key:!value — the key, but not that value.
        var keyButNot: [(key: String, value: String)] = []

        /// `countrycode` (/api and /structured), read as Nominatim's `countrycodes` is (CountryCodes).
        var countries: Set<String>?

        var isEmpty: Bool { layers.isEmpty && includes.isEmpty && excludes.isEmpty && keyButNot.isEmpty && countries == nil }

        init(_ request: HTTPRequest) throws(APIError) {
            for l in request.values("layer") {
                guard PhotonAPI.layers.contains(l) else {
                    throw APIError("Unknown layer type. Available layers: " + PhotonAPI.javaList(PhotonAPI.layers))
                }
                layers.insert(l)
            }
            for raw in request.values("osm_tag") { try add(raw) }
            countries = CountryCodes.read(request.values("countrycode"))
            for (name, include) in [("include", true), ("exclude", false)] {
                // Photon's categories "osm.KEY.VALUE": the same filters in another spelling.
                for raw in request.values(name) {
                    let parts = raw.split(separator: ".").map(String.init)
                    guard parts.count >= 2, parts[0] == "osm" else { throw APIError("parameter '\(name)': unknown category '\(raw)'") }
                    let value = parts.count > 2 ? parts[2] : nil
                    if include { includes.append((parts[1], value)) } else { excludes.append((parts[1], value)) }
                }
            }
        }

        private mutating func add(_ raw: String) throws(APIError) {
            let parts = raw.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            func bad() -> APIError { APIError("Invalid parameter 'osm_tag=\(raw)': must be key:value, !key:value, key, :value, !key or :!value") }
            switch parts.count {
            case 1:
                let k = parts[0]
                if k.hasPrefix("!") { guard k.count > 1 else { throw bad() }; excludes.append((String(k.dropFirst()), nil)) }
                else { guard !k.isEmpty else { throw bad() }; includes.append((k, nil)) }
            case 2:
                var (k, v) = (parts[0], parts[1])
                guard !v.isEmpty && v != "!" else { throw bad() }
                if k.hasPrefix("!") {
                    k.removeFirst()
                    excludes.append((k.isEmpty ? nil : k, v))
                } else if v.hasPrefix("!") {
                    v.removeFirst()
                    if k.isEmpty { excludes.append((nil, v)) } else { keyButNot.append((k, v)) }
                } else {
                    includes.append((k.isEmpty ? nil : k, v))
                }
            default:
                throw bad()
            }
        }

        func accepts(_ r: SearchResult) -> Bool {
            if !layers.isEmpty && !layers.contains(PhotonAPI.layer(r)) { return false }
            if !CountryCodes.accepts(countries, r) { return false }
            let (key, value) = (r.category.key, r.category.value)
            func hit(_ f: (key: String?, value: String?)) -> Bool { (f.key == nil || f.key == key) && (f.value == nil || f.value == value) }
            if !includes.isEmpty || !keyButNot.isEmpty {
                let included = includes.contains(where: hit) || keyButNot.contains { $0.key == key && $0.value != value }
                if !included { return false }
            }
            return !excludes.contains(where: hit)
        }
    }
}
