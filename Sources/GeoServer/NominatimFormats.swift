// Nominatim's outputs beside its JSON: XML (`format=xml`, the default of a
// Nominatim /reverse), GeocodeJSON (`format=geocodejson`), JSONP
// (`json_callback`) and errors in the dialect of the format asked for, laid
// out as Nominatim 5 writes them (its v1 format_xml and format_json), so a
// client that parses Nominatim's answers parses ours. Only the writing lives
// here; which results to write is NominatimAPI's business.
import Foundation
import GeoBase
import GeoModel
import GeoSearch
import GeoTracks

enum NominatimFormats {
    static let xmlType = "text/xml; charset=utf-8"
    static let jsonpType = "application/javascript; charset=utf-8"

    /// What an answer needs besides its results.
    struct Context {
        /// The query as Nominatim repeats it (`querystring`, GeocodeJSON's `query`).
        var query: String
        var details: Bool
        var extraTags: Bool
        /// `more_url` of an XML search (empty elsewhere).
        var moreURL = ""
        /// Whether the XML lists the results as `exclude_place_ids` (a search does, a look-up not).
        var listsExcluded = true
    }

    // MARK: XML

    /// `<searchresults>` (search) or `<reversegeocode>` (reverse: one result, or `<error>` when none).
    static func xml(_ results: [SearchResult], reverse: Bool, _ c: Context) -> HTTPResponse {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n"
        var root = [("timestamp", UTCTime.nominatimStamp(Date())), ("attribution", NominatimAPI.licence), ("querystring", c.query)]
        if !reverse {
            if !c.moreURL.isEmpty { root.append(("more_url", c.moreURL)) }
            let shown = results.compactMap { $0.osm.map(NominatimAPI.shortRef) }.joined(separator: ",")
            if c.listsExcluded && !shown.isEmpty { root.append(("exclude_place_ids", shown)) }
        }
        let tag = reverse ? "reversegeocode" : "searchresults"
        out += "<\(tag)\(attributes(root))>"
        if reverse && results.isEmpty { out += "<error>Unable to geocode</error>" }
        for r in results {
            var a = identity(r)
            a += [("place_rank", "\(NominatimAPI.rank(r))"), ("address_rank", "\(NominatimAPI.rank(r))")]
            if reverse {
                out += "<result\(attributes(a))>\(MarkupText.escape(NominatimAPI.displayName(r)))</result>"
                if c.details { out += "<addressparts>\(addressElements(r))</addressparts>" }
                if c.extraTags { out += extraTagsElement(r) }
                out += nameDetailsElement(r)
            } else {
                a += [("display_name", NominatimAPI.displayName(r)), ("class", r.category.key), ("type", r.category.value),
                      ("importance", "\(NominatimAPI.importance(r))")]
                out += "<place\(attributes(a))>"
                if c.details { out += addressElements(r) }
                if c.extraTags { out += extraTagsElement(r) }
                out += nameDetailsElement(r)
                out += "</place>"
            }
        }
        out += "</\(tag)>"
        return .text(out, type: xmlType)
    }

    /// The attributes that name and place a result, in Nominatim's order.
    private static func identity(_ r: SearchResult) -> [(String, String)] {
        var a: [(String, String)] = [("place_id", "\(NominatimAPI.placeID(r))")]
        if let ref = r.osm { a += [("osm_type", ref.type.name), ("osm_id", "\(ref.id)")] }
        // Nominatim writes the name as `ref` when the place has no ref tag (a quirk kept from its PHP days).
        if r.kind != .address && !r.name.isEmpty { a.append(("ref", r.name)) }
        let b = NominatimAPI.box(r)
        let fixed = NominatimAPI.fixedText
        a += [("lat", fixed(r.coordinate.lat)), ("lon", fixed(r.coordinate.lon)),
              ("boundingbox", [b.minLat, b.maxLat, b.minLon, b.maxLon].map(fixed).joined(separator: ","))]
        return a
    }

    /// The address as elements named like the JSON address's keys (the first of a repeated key wins).
    private static func addressElements(_ r: SearchResult) -> String {
        guard case .object(let parts) = NominatimAPI.address(r) else { return "" }
        var seen = Set<String>(), out = ""
        for (key, value) in parts where seen.insert(key).inserted {
            guard case .string(let s) = value, isElementName(key) else { continue }
            out += "<\(key)>\(MarkupText.escape(s))</\(key)>"
        }
        return out
    }

    private static func extraTagsElement(_ r: SearchResult) -> String {
        let tags = ExtraTags.sorted(r.extra ?? [:]).map { "<tag\(attributes([("key", $0.key), ("value", $0.value)]))/>" }
        return "<extratags>\(tags.joined())</extratags>"
    }

    /// `<namedetails>` with each name as `<name desc="name:de">…</name>` when they were asked for.
    private static func nameDetailsElement(_ r: SearchResult) -> String {
        guard let names = r.names else { return "" }
        return "<namedetails>" + names.map { "<name\(attributes([("desc", $0.key)]))>\(MarkupText.escape($0.value))</name>" }.joined()
            + "</namedetails>"
    }

    /// An error as Nominatim writes it for `format=xml`.
    static func xmlError(_ e: APIError) -> HTTPResponse {
        .text("<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<error><code>\(e.status)</code><message>\(MarkupText.escape(e.message))</message></error>",
              status: e.status, type: xmlType)
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(MarkupText.escape($0.1))\"" }.joined()
    }

    /// OSM keys used as element names (`addr:…` never is one: the address keys are Nominatim's words).
    private static func isElementName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || $0 == "." || CharacterSet.alphanumerics.contains($0) }
    }



    // MARK: GeocodeJSON

    /// A GeocodeJSON FeatureCollection (geocodejson-spec 0.1.0, as Nominatim fills it); a reverse look-up
    /// that found nothing is `{"error": "Unable to geocode"}`.
    static func geocodeJSON(_ results: [SearchResult], reverse: Bool, _ c: Context) -> JSONValue {
        if reverse && results.isEmpty { return .object([("error", .string("Unable to geocode"))]) }
        let features = results.map { r -> JSONValue in
            var g: [(String, JSONValue)] = [("place_id", .int(NominatimAPI.placeID(r)))]
            if let ref = r.osm { g += [("osm_type", .string(ref.type.name)), ("osm_id", .int(ref.id))] }
            g += [("osm_key", .string(r.category.key)), ("osm_value", .string(r.category.value)),
                  ("type", .string(rankName(NominatimAPI.rank(r))))]
            // Nominatim's accuracy is its distance in degrees, cut to an integer: 0 for anything near.
            if reverse { g.append(("accuracy", .int(0))) }
            g.append(("label", .string(NominatimAPI.displayName(r))))
            if r.kind != .address && !r.name.isEmpty { g.append(("name", .string(r.name))) }
            if c.details {
                g += addressProperties(r)
                g.append(("admin", .object([])))
            }
            if c.extraTags { g.append(("extra", .object(ExtraTags.sorted(r.extra ?? [:]).map { ($0.key, .string($0.value)) }))) }
            return .object([("type", .string("Feature")), ("properties", .object([("geocoding", .object(g))])),
                            ("geometry", .object([("type", .string("Point")),
                                                  ("coordinates", .array([.coordinate(r.coordinate.lon), .coordinate(r.coordinate.lat)]))]))])
        }
        return .object([("type", .string("FeatureCollection")),
                        ("geocoding", .object([("version", .string("0.1.0")), ("attribution", .string(NominatimAPI.licence)),
                                               ("licence", .string("ODbL")), ("query", .string(c.query))])),
                        ("features", .array(features))])
    }

    /// The address in GeocodeJSON's words: house number, postcode, then each place by its rank's name.
    private static func addressProperties(_ r: SearchResult) -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        if let n = r.houseNumber { out.append(("housenumber", .string(n))) }
        if let p = r.postcode { out.append(("postcode", .string(p))) }
        let places = r.places
        let ranked: [(String, String?)] = [("street", r.kind == .street ? nil : r.street), ("district", places?.suburb),
                                           ("city", places?.city ?? r.locality), ("county", places?.county),
                                           ("state", places?.state), ("country", places?.country)]
        for (key, value) in ranked {
            guard let value, value != r.name || r.kind == .address, !out.contains(where: { $0.0 == key }) else { continue }
            out.append((key, .string(value)))
        }
        if let c = places?.countryCode { out.append(("country_code", .string(c))) }
        return out
    }

    /// GeocodeJSON's type for an address rank, as Nominatim maps them.
    static func rankName(_ rank: Int) -> String {
        switch max(3, min(28, rank)) {
        case 4: return "country"
        case 5...9: return "state"
        case 10...12: return "county"
        case 13...16: return "city"
        case 17...21: return "district"
        case 25...27: return "street"
        case 28: return "house"
        default: return "locality"
        }
    }

    // MARK: JSONP

    /// A 200 JSON answer wrapped in `callback(...)` when the request names one.
    static func jsonp(_ response: HTTPResponse, callback: String?) throws(APIError) -> HTTPResponse {
        guard let callback, response.status == 200, response.header("Content-Type")?.hasPrefix("application/json") == true else {
            return response
        }
        guard isCallbackName(callback) else { throw APIError("Invalid json_callback value") }
        var out = response
        out.headers = [("Content-Type", jsonpType)]
        out.body = Array("\(callback)(".utf8) + response.body + Array(")".utf8)
        return out
    }

    /// Dot-separated identifiers ("cb", "jQuery36_1", "L.geocoder._cb0"), as Nominatim accepts: a letter or
    /// `_` first, then letters, digits and `_`. Anything else could inject script into the page.
    static func isCallbackName(_ s: String) -> Bool {
        guard !s.isEmpty, s.utf8.count <= 200 else { return false }
        return s.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.first, first == "_" || first.isLetter else { return false }
            return part.allSatisfy { $0 == "_" || $0.isLetter || ($0.isASCII && $0.isNumber) }
        }
    }
}
