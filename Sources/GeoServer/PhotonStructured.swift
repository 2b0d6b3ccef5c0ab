// Photon's GET /structured (an address in parts: countrycode, state, county,
// city, postcode, district, housenumber, street, with every /api parameter
// but q) and GET /status ({"status": "Ok", "import_date"}), so a Photon
// client's structured geocoding and health check work unchanged. The parts
// become the structured query Nominatim's street=&city=… makes
// (NominatimAPI.Structured): the street with its number is searched, the
// city (or district) and postcode must agree with the result, `countrycode`
// filters as on /api.
import GeoBase
import GeoSearch

/// GET /structured: the structured query, the search's options and the filters.
struct PhotonStructuredParameters {
    /// In Photon's order (its error message lists them so).
    static let fields = ["countrycode", "state", "county", "city", "postcode", "district", "housenumber", "street"]
    static let names = PhotonCommonParameters.searchNames.union(fields)
    var structured: NominatimAPI.Structured
    var options: SearchOptions
    var limit: Int
    var filter: PhotonAPI.Filter

    init(_ request: HTTPRequest) throws(APIError) {
        try PhotonAPI.checkKnown(request, Self.names)
        guard Self.fields.contains(where: request.has) else {
            throw APIError("at least one of the parameters \(PhotonAPI.javaList(Self.fields)) is required.")
        }
        let search = try PhotonSearchOptions(request)
        (options, limit, filter) = (search.options, search.limit, search.common.filter)
        let p = Parameters(request)
        let numbered = [p.string("housenumber"), p.string("street")].compactMap { $0 }.joined(separator: " ")
        structured = NominatimAPI.Structured(
            street: numbered.isEmpty ? nil : numbered, city: p.string("city") ?? p.string("district"),
            postcode: p.string("postcode"), wider: p.string("county") ?? p.string("state"))
        // The structured query drops what does not agree: ask for more so the page is still full.
        options.limit = min(SearchOptions.maxLimit, limit * 5)
    }
}

extension PhotonAPI {
    static func structured(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        do throws(APIError) {
            let q = try PhotonStructuredParameters(request)
            // Only a country code: nothing to search by name (an empty collection, not an error).
            let text = q.structured.text
            guard !text.allSatisfy(\.isWhitespace) else { return .json(collection([])) }
            let found = state.engine.search(text + " ", options: q.options).results
            return .json(collection(Array(found.filter { q.structured.accepts($0) && q.filter.accepts($0) }.prefix(q.limit))))
        } catch {
            return ServiceErrors.photon(error)
        }
    }

    /// Photon's health check: "Ok" and the date of the data (Java's Instant: "2026-12-03T09:00:00Z";
    /// the newest index's build time, as Nominatim's status has it).
    static func status(_ state: ServiceState) -> HTTPResponse {
        .json(.object([("status", .string("Ok")), ("import_date", .string(UTCTime.iso8601(state.dataUpdated)))]))
    }

    /// Whether a GET /status is Photon's: no parameter (Nominatim's take `format`) and an Accept
    /// header that prefers JSON to text. The path is both APIs'; a bare request keeps Nominatim's
    /// "OK" (its documented default), and a client that asks for JSON gets Photon's JSON.
    static func isPhotonStatus(_ request: HTTPRequest) -> Bool {
        request.query.isEmpty && request.path != "/status.php"
            && ContentNegotiation.preferredType(request.header("accept"), offered: ["text/plain", "application/json"]) == "application/json"
    }
}
