// Nominatim's API, so geopy's Nominatim geocoder and leaflet-control-geocoder
// work unchanged: GET /search (format json, jsonv2 — the default, as in
// Nominatim 5 — geojson, geocodejson or xml), GET /reverse when the request is
// Nominatim's (a `format` or a parameter only Nominatim's reverse takes, see
// `reverseParameters`; then xml by default, as Nominatim), GET /status; JSON
// answers wrap in `json_callback(...)` (JSONP) on request, and errors come in
// the dialect of the format asked for (NominatimFormats). As Nominatim does:
// lat, lon and boundingbox are strings with 7 decimals, the box ordered
// [minlat, maxlat, minlon, maxlon]; `class` in json, `category` in jsonv2;
// search answers an array, reverse one object or, when nothing is near,
// 200 with {"error": "Unable to geocode"}; errors are {"error": {"code",
// "message"}}; a boolean parameter is false only when it is "0". `extratags=1`
// adds `extratags` (the landmark's extra tags, see ExtraTags) after `address`.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoModel
import GeoSearch

enum NominatimAPI {
    static let licence = "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright"

    /// Parameters of Nominatim's /reverse that Photon's does not take: any of them (or `format`) makes a
    /// /reverse request Nominatim's. Photon's clients send lat, lon, limit, lang, radius, layer, osm_tag.
    static let reverseParameters: Set<String> = [
        "format", "zoom", "addressdetails", "extratags", "namedetails", "accept-language", "email", "json_callback",
        "polygon_geojson", "polygon_kml", "polygon_svg", "polygon_text", "polygon_threshold", "entrances", "debug",
    ]

    static func isNominatimReverse(_ request: HTTPRequest) -> Bool {
        request.query.contains { reverseParameters.contains($0.key) }
    }

    enum Format: String { case json, jsonv2, geojson, geocodejson, xml }

    /// The output format; an unknown one is answered in plain text, as Nominatim does (no
    /// format chosen, no JSON dialect to answer in).
    static func format(_ p: Parameters, default d: Format) -> Format? {
        guard let raw = p.string("format") else { return d }
        return Format(rawValue: raw)
    }

    static func unknownFormat(_ p: Parameters) -> HTTPResponse {
        .text("ERROR 400: Parameter 'format' must be one of: xml, json, jsonv2, geojson, geocodejson (this server does not write \((p.string("format") ?? "").prefix(40)))", status: 400)
    }

    /// `json_callback` as sent (an empty one is a bad name, not none).
    static func callback(_ p: Parameters) -> String? {
        p.request.has("json_callback") ? p.request.value("json_callback") ?? "" : nil
    }

    /// An error in the dialect of the format asked for.
    static func error(_ e: APIError, _ format: Format) -> HTTPResponse {
        format == .xml ? NominatimFormats.xmlError(e) : ServiceErrors.nominatim(e)
    }

    static func flag(_ p: Parameters, _ name: String, default d: Bool) -> Bool {
        guard p.request.has(name) else { return d }
        return p.request.value(name) != "0"
    }

    static func search(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        let p = Parameters(request)
        guard let format = format(p, default: .jsonv2) else { return unknownFormat(p) }
        do throws(APIError) {
            let parameters = try NominatimSearchParameters(p)
            var options = parameters.options
            let (text, structured) = (parameters.text, parameters.structured)
            var context = NominatimFormats.Context(query: parameters.queryString, details: parameters.addressDetails,
                                                   extraTags: !options.extra.isEmpty)
            let results: [SearchResult]
            // Text made of a position alone is a reverse look-up, as in Nominatim.
            if let point = coordinateQuery(text) {
                var hit = state.reverse.reverse(point, level: .address, language: options.language)
                hit?.addExtraTags(options.extra, from: state.reverse.indexes)
                results = (hit.map { [$0] } ?? []).filter(parameters.filters.accepts)
            } else {
                let limit = options.limit, relaxed = NominatimStrictness.isRelaxed(p)
                // Filters, and Nominatim's strictness, drop some of what the search finds: ask for more, then
                // keep the first `limit`.
                if !structured.isEmpty || !parameters.filters.isEmpty {
                    options.limit = min(SearchOptions.maxLimit, limit * 5 + parameters.filters.excludedPlaces.count
                                        + parameters.filters.excludedObjects.count)
                } else if !relaxed {
                    options.limit = min(SearchOptions.maxLimit, limit * 2)
                }
                // Nominatim's special phrases ("[amenity=pharmacy] Vaduz") unless the forgiving answer is asked for.
                let phrase = relaxed ? NominatimStrictness.Phrase(text: text) : NominatimStrictness.phrase(text)
                if phrase.category != nil { options.limit = min(SearchOptions.maxLimit, options.limit * 5) }
                let found = state.engine.search(phrase.text + " ", options: options).results
                    .filter { structured.accepts($0) && parameters.filters.accepts($0) && phrase.accepts($0) }
                results = Array((relaxed ? found : NominatimStrictness.strict(found, query: phrase.text)).prefix(limit))
            }
            if format == .xml { context.moreURL = moreURL(request, results) }
            return try NominatimFormats.jsonp(answer(withNames(results, p, state), format: format, context, reverse: false),
                                              callback: callback(p))
        } catch {
            return self.error(error, format)
        }
    }

    /// A structured query (geopy sends one when its query is a dictionary): the most specific
    /// field is searched, the wider ones (city, postcode) must then agree with the result.
    struct Structured {
        var amenity, street, city, postcode, wider: String?

        init(_ p: Parameters) {
            amenity = p.string("amenity")
            street = p.string("street")
            city = p.string("city")
            postcode = p.string("postalcode")
            wider = ["county", "state", "country"].compactMap { p.string($0) }.first
            fields = ["amenity", "street", "city", "county", "state", "postalcode", "country"].compactMap { p.string($0) }
        }

        /// The same query from another API's fields (Photon's /structured).
        init(street: String?, city: String?, postcode: String?, wider: String?) {
            (self.street, self.city, self.postcode, self.wider) = (street, city, postcode, wider)
            fields = [street, city, wider, postcode].compactMap { $0 }
        }

        var isEmpty: Bool { [amenity, street, city, postcode, wider].allSatisfy { $0 == nil } }

        /// The fields given, in Nominatim's order (how it writes the query back).
        var fields: [String]

        /// The text searched: the amenity or street when given, else the place.
        var text: String {
            let named = [amenity, street].compactMap { $0 }.joined(separator: " ")
            return named.isEmpty ? city ?? postcode ?? wider ?? "" : named
        }

        func accepts(_ r: SearchResult) -> Bool {
            // The most specific field a place (city, county, state, country): only places answer it, as
            // Nominatim limits such a search to places' ranks — not the post office or the hotel named after one.
            guard amenity != nil || street != nil else {
                return city == nil && wider == nil ? true
                    : r.kind == .place || r.category == CategoryTag(key: "boundary", value: "administrative") || r.region != nil
            }
            if let city {
                // The city may be the result's city, suburb or any part of its locality ("Les Prés, Rivebelle").
                let known = [r.places?.city, r.places?.suburb].compactMap { $0 }
                    + (r.locality?.components(separatedBy: ", ") ?? [])
                let wanted = TextNormalizer.normalize(city)
                if !known.isEmpty && !known.contains(where: { TextNormalizer.normalize($0) == wanted }) { return false }
            }
            if let postcode, let code = r.postcode, code.replacingOccurrences(of: " ", with: "") != postcode.replacingOccurrences(of: " ", with: "") {
                return false
            }
            return true
        }
    }

    static func reverse(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        let p = Parameters(request)
        guard let format = format(p, default: .xml) else { return unknownFormat(p) }
        do throws(APIError) {
            let q = try NominatimReverseParameters(p)
            // No place lies outside the world's coordinates: "Unable to geocode", as Nominatim answers.
            var hit = q.point.isValid ? state.reverse.reverse(q.point, level: q.level, language: q.language) : nil
            if q.extraTags { hit?.addExtraTags(["all"], from: state.reverse.indexes) }
            let context = NominatimFormats.Context(query: q.queryString, details: q.addressDetails, extraTags: q.extraTags)
            return try NominatimFormats.jsonp(answer(withNames(hit.map { [$0] } ?? [], p, state), format: format, context, reverse: true),
                                              callback: callback(p))
        } catch {
            return self.error(error, format)
        }
    }

    /// At most this many objects per /lookup (Nominatim's LOOKUP_MAX_COUNT).
    static let lookupLimit = 50

    /// GET /lookup?osm_ids=N123,W45,R6: those places, in the order asked; entries that are not an OSM
    /// reference are skipped, as Nominatim skips them.
    static func lookup(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        let p = Parameters(request)
        guard let format = format(p, default: .xml) else { return unknownFormat(p) }
        do throws(APIError) {
            var refs: [OSMRef] = []
            for part in (request.value("osm_ids") ?? "").split(separator: ",") {
                let t = part.trimmingCharacters(in: .whitespaces)
                if let ref = osmID(t) { refs.append(ref) }
            }
            guard refs.count <= lookupLimit else { throw APIError("Too many object IDs.") }
            let language = PhotonAPI.language(explicit: p.string("accept-language"), p.request)
            let extraTags = flag(p, "extratags", default: false)
            var results = state.lookup.places(refs, language: language)
            if extraTags { for i in results.indices { results[i].addExtraTags(["all"], from: state.reverse.indexes) } }
            let context = NominatimFormats.Context(query: "", details: flag(p, "addressdetails", default: true),
                                                   extraTags: extraTags, listsExcluded: false)
            return try NominatimFormats.jsonp(answer(withNames(results, p, state), format: format, context, reverse: false),
                                              callback: callback(p))
        } catch {
            return self.error(error, format)
        }
    }

    /// `namedetails=1`: each result with every name its landmark has.
    static func withNames(_ results: [SearchResult], _ p: Parameters, _ state: ServiceState) -> [SearchResult] {
        let names = flag(p, "namedetails", default: false)
        return results.map { r in
            var r = r
            if names { r.addNames(from: state.indexes) }
            if state.placeKinds.indices.contains(r.source) { r.addressKinds = state.placeKinds[r.source].kinds(of: r) }
            return r
        }
    }

    static func status(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        let p = Parameters(request)
        switch p.string("format") ?? "text" {
        case "text": return .text("OK")
        case "json":
            // Nominatim writes the date as Python's isoformat(): "2021-01-06T15:53:42+00:00".
            let updated = UTCTime.iso8601(state.dataUpdated).replacingOccurrences(of: "Z", with: "+00:00")
            let status: HTTPResponse = .json(.object([("status", .int(0)), ("message", .string("OK")), ("data_updated", .string(updated)),
                                                      ("software_version", .string(GeoServerVersion.software))]))
            do throws(APIError) {
                return try NominatimFormats.jsonp(status, callback: callback(p))
            } catch {
                return ServiceErrors.nominatim(error)
            }
        default:
            return .text("ERROR 400: Parameter 'format' must be one of: text, json", status: 400)
        }
    }

    /// "43.73, 7.42" or "43.73 7.42" typed as a query.
    static func coordinateQuery(_ text: String) -> Coordinate? {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
        guard parts.count == 2, let lat = NumberScan.double(parts[0]), let lon = NumberScan.double(parts[1]), lat.isFinite, lon.isFinite else { return nil }
        let c = Coordinate(lat: lat, lon: lon)
        return c.isValid ? c : nil
    }

    /// The results in `format`; a reverse answer is one place, or "Unable to geocode" when there is none.
    static func answer(_ results: [SearchResult], format: Format, _ c: NominatimFormats.Context, reverse: Bool) -> HTTPResponse {
        let details = c.details
        switch format {
        case .xml:
            return NominatimFormats.xml(results, reverse: reverse, c)
        case .geocodejson:
            return .json(NominatimFormats.geocodeJSON(results, reverse: reverse, c))
        case .json, .jsonv2:
            let objects = results.map { place($0, v2: format == .jsonv2, details: details) }
            if reverse { return .json(objects.first ?? .object([("error", .string("Unable to geocode"))])) }
            return .json(.array(objects))
        case .geojson:
            if reverse && results.isEmpty { return .json(.object([("error", .string("Unable to geocode"))])) }
            let features = results.map { r -> JSONValue in
                guard case .object(var props) = place(r, v2: true, details: details) else { return .null }
                props.removeAll { ["lat", "lon", "boundingbox", "licence"].contains($0.0) }
                var f: [(String, JSONValue)] = [("type", .string("Feature")), ("properties", .object(props))]
                let b = box(r)
                f.append(("bbox", .array([b.minLon, b.minLat, b.maxLon, b.maxLat].map { .coordinate($0) })))
                f.append(("geometry", .object([("type", .string("Point")),
                                               ("coordinates", .array([.coordinate(r.coordinate.lon), .coordinate(r.coordinate.lat)]))])))
                return .object(f)
            }
            return .json(.object([("type", .string("FeatureCollection")), ("licence", .string(licence)), ("features", .array(features))]))
        }
    }

    /// Coordinates as Nominatim writes them: strings with 7 decimals.
    static func fixedText(_ v: Double) -> String { String(format: "%.7f", v) }

    static func fixed(_ v: Double) -> JSONValue { .string(fixedText(v)) }

    /// Nominatim's place_id stands for its database row; ours is the index (above bit 40) and the
    /// landmark plus one, so no landmark's id is 0 (which Nominatim reads as no id); 0 below bit 40
    /// is what is no landmark (a street found on the road graph alone).
    static func placeID(_ r: SearchResult) -> Int64 { Int64(r.source) << 40 | Int64(max(0, r.landmarkID + 1)) }

    /// The index and landmark a place_id stands for, nil for none (`placeID`'s inverse).
    static func landmark(placeID id: Int64) -> (source: Int, landmark: Int)? {
        let low = id & (1 << 40 - 1)
        guard id > 0, low > 0 else { return nil }
        return (Int(id >> 40), Int(low - 1))
    }

    /// "N123", "w45", "R6" as Nominatim reads an OSM id in /lookup and `exclude_place_ids`: a type letter and
    /// digits only (no sign), nil for anything else.
    static func osmID(_ t: String) -> OSMRef? {
        guard t.count > 1, t.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return OSMRef(t)
    }

    /// "N123", as Nominatim 5 lists places in `exclude_place_ids`.
    static func shortRef(_ ref: OSMRef) -> String { ref.type.letter.uppercased() + String(ref.id) }

    static func importance(_ r: SearchResult) -> Double { (r.importance * 1000).rounded() / 1000 }

    /// The bounding box Nominatim gives: a node's (or anything without an outline) is its point widened
    /// by an extent that grows with the place type (Nominatim's NODE_EXTENT), 0.00005° for most.
    static func box(_ r: SearchResult) -> BoundingBox {
        if let b = r.bbox, r.osm?.type != .node { return b }
        let extent = nodeExtent["\(r.category.key)=\(r.category.value)"] ?? 0.00005
        let c = r.coordinate
        return BoundingBox(minLon: c.lon - extent, minLat: c.lat - extent, maxLon: c.lon + extent, maxLat: c.lat + extent)
    }

    static let nodeExtent: [String: Double] = [
        "place=continent": 25, "place=country": 7, "place=state": 2.6, "place=province": 2.6, "place=region": 1,
        "place=county": 0.7, "place=city": 0.16, "place=municipality": 0.16, "place=island": 0.32, "place=postcode": 0.16,
        "place=town": 0.04, "place=village": 0.02, "place=hamlet": 0.02, "place=district": 0.02, "place=borough": 0.02,
        "place=suburb": 0.02, "place=locality": 0.01, "place=neighbourhood": 0.01, "place=quarter": 0.01,
        "place=city_block": 0.01, "landuse=farm": 0.01, "place=farm": 0.01, "place=airport": 0.015,
        "aeroway=aerodrome": 0.015, "railway=station": 0.005,
    ]

    /// `more_url` of an XML search: the same search without these results (Nominatim's paging link).
    static func moreURL(_ request: HTTPRequest, _ results: [SearchResult]) -> String {
        let host = request.header("host").map { "http://" + $0 } ?? ""
        var query = request.query.filter { $0.key != "exclude_place_ids" }.map { item in
            item.value.map { "\(urlEncoded(item.key))=\(urlEncoded($0))" } ?? urlEncoded(item.key)
        }
        query.append("exclude_place_ids=" + urlEncoded(results.compactMap { $0.osm.map(shortRef) }.joined(separator: ",")))
        return host + "/search?" + query.joined(separator: "&")
    }

    /// `s` safe in a query string: everything but RFC 3986's unreserved characters percent-encoded.
    static func urlEncoded(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ""
    }

    /// One place as Nominatim writes it.
    static func place(_ r: SearchResult, v2: Bool, details: Bool) -> JSONValue {
        let (key, value) = (r.category.key, r.category.value)
        var f: [(String, JSONValue)] = []
        f.append(("place_id", .int(placeID(r))))
        f.append(("licence", .string(licence)))
        if let ref = r.osm { f.append(("osm_type", .string(ref.type.name))) }
        if let ref = r.osm { f.append(("osm_id", .int(ref.id))) }
        f.append(("lat", fixed(r.coordinate.lat)))
        f.append(("lon", fixed(r.coordinate.lon)))
        f.append((v2 ? "category" : "class", .string(key)))
        f.append(("type", .string(value)))
        f.append(("place_rank", .int(Int64(rank(r)))))
        f.append(("importance", .double(importance(r))))
        f.append(("addresstype", .string(addressType(r))))
        f.append(("name", .string(r.kind == .address ? "" : r.name)))
        f.append(("display_name", .string(displayName(r))))
        if details { f.append(("address", address(r))) }
        // `extratags=1`: every extra tag the landmark has, an empty object when it has none.
        if let e = r.extra { f.append(("extratags", .object(ExtraTags.sorted(e).map { ($0.key, .string($0.value)) }))) }
        if let names = r.names { f.append(("namedetails", .object(names.map { ($0.key, .string($0.value)) }))) }
        let b = box(r)
        f.append(("boundingbox", .array([fixed(b.minLat), fixed(b.maxLat), fixed(b.minLon), fixed(b.maxLon)])))
        return .object(f)
    }

    static func addressType(_ r: SearchResult) -> String {
        if let region = r.region { return region.rawValue }
        let (key, value) = (r.category.key, r.category.value)
        switch r.kind {
        case .address: return "place"
        case .street: return "road"
        case .place: return value
        default: return key
        }
    }

    /// Nominatim's search rank: 30 for houses and POIs, 26 streets, places by type.
    static func rank(_ r: SearchResult) -> Int {
        if let region = r.region { return region.rank }
        switch r.kind {
        case .address, .poi, .transit: return 30
        case .street: return 26
        case .area: return 25
        case .place: return placeRanks[r.category.value] ?? 25
        }
    }

    /// Nominatim's search rank of a `place=*` node (its settings' address-levels.json, the first value).
    static let placeRanks: [String: Int] = [
        "continent": 2, "sea": 2, "country": 4, "state": 8, "province": 8, "county": 12, "district": 12,
        "municipality": 14, "city": 16, "island": 17, "town": 18, "borough": 18, "region": 18, "village": 19,
        "suburb": 19, "hamlet": 20, "croft": 20, "quarter": 20, "islet": 20, "subdivision": 22, "allotments": 22,
        "isolated_dwelling": 22, "farm": 22, "neighbourhood": 24, "city_block": 25, "locality": 25, "square": 25,
    ]
}
