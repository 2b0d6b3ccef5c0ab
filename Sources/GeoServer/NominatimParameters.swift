// Nominatim's parameters as typed values, read and checked whole before a
// search or look-up runs (as OSRMParameters are): a handler gets a value it
// can trust and does only its work. The output format is read first, on its
// own, because it decides the dialect every other error is written in.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoModel
import GeoSearch

/// GET /search: free text or a structured query, and how to answer it.
struct NominatimSearchParameters {
    /// The text searched (the structured query's most specific field when no `q` is given).
    var text: String
    var structured: NominatimAPI.Structured
    /// The search itself: `limit`, the `viewbox` (a filter when `bounded=1`), the language,
    /// `extratags=1`.
    var options: SearchOptions
    var addressDetails: Bool
    /// The query as Nominatim repeats it: `q`, or the structured fields joined by ", ".
    var queryString: String
    /// `layer`, `featureType`, `countrycodes`, `exclude_place_ids`.
    var filters: NominatimFilters

    init(_ p: Parameters) throws(APIError) {
        structured = NominatimAPI.Structured(p)
        let q = p.string("q")
        if q != nil && !structured.isEmpty {
            throw APIError("Structured query parameters(amenity, street, city, county, state, postalcode, country) cannot be used together with 'q' parameter.")
        }
        text = q ?? structured.text
        queryString = q ?? structured.fields.joined(separator: ", ")
        // A blank query, or none at all, is a usage error in Nominatim (not an empty answer).
        if text.allSatisfy(\.isWhitespace) { throw APIError("Nothing to search for.") }
        options = SearchOptions()
        options.limit = max(1, min(50, try p.int("limit") ?? 10))
        var viewbox = try p.box("viewbox")
        if viewbox == nil { viewbox = try p.box("viewboxlbrt") }
        if let box = viewbox {
            options.window = box
            options.windowIsFilter = NominatimAPI.flag(p, "bounded", default: false)
        }
        options.language = PhotonAPI.language(explicit: p.string("accept-language"), p.request)
        addressDetails = NominatimAPI.flag(p, "addressdetails", default: false)
        if NominatimAPI.flag(p, "extratags", default: false) { options.extra = ["all"] }
        filters = try NominatimFilters(p)
    }
}

/// GET /reverse with a `format`: the point, the detail its `zoom` asks for, and how to answer.
struct NominatimReverseParameters {
    var point: Coordinate
    var level: ReverseLevel
    var language: String?
    var extraTags: Bool
    var addressDetails: Bool
    /// The request as Nominatim's XML repeats it ("lat=46.2&lon=6.8&format=xml&zoom=10"); empty for the
    /// other formats, as there.
    var queryString = ""

    /// A point outside the world's coordinates is no error: nothing lies there (`point.isValid` is false).
    init(_ p: Parameters) throws(APIError) {
        guard let lon = try p.double("lon") else { throw APIError("Parameter 'lon' missing.") }
        guard let lat = try p.double("lat") else { throw APIError("Parameter 'lat' missing.") }
        point = Coordinate(lat: lat, lon: lon)
        if NominatimAPI.format(p, default: .xml) == .xml {
            queryString = "lat=\(lat)&lon=\(lon)&format=xml" + (p.string("zoom").map { "&zoom=" + NominatimAPI.urlEncoded($0) } ?? "")
        }
        let zoom = max(0, min(18, try p.int("zoom") ?? 18))
        // Nominatim's zoom → rank: 18 a building or POI, 17 an address or minor street, 15–16 streets,
        // 12–14 towns, villages and suburbs, 10–11 cities, 8–9 counties, 5–7 states, 0–4 the country.
        level = switch zoom {
        case 18: .object
        case 17: .address
        case 15...16: .street
        case 12...14: .suburb
        case 10...11: .city
        case 8...9: .county
        case 5...7: .state
        default: .country
        }
        language = PhotonAPI.language(explicit: p.string("accept-language"), p.request)
        extraTags = NominatimAPI.flag(p, "extratags", default: false)
        addressDetails = NominatimAPI.flag(p, "addressdetails", default: true)
    }
}
