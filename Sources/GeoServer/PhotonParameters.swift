// Photon's parameters as typed values, read and checked whole before a search
// or look-up runs (as OSRMParameters are). An unknown parameter is an error,
// as in Photon; `zoom` and `location_bias_scale` are checked though this
// server's bias does not use them, so a client's typo is still caught. What
// Photon 1.0 takes and this server cannot do is refused, never ignored:
// `geometry=true` with Photon's own words for a database without geometries,
// `suggest_addresses=true` likewise; `lang` must be a language Photon would
// know (ISO 639-1), as Photon refuses one it was not imported with.
import GeoBase
import GeoFrontEnd
import GeoSearch

/// What /api, /structured and /reverse all take: the language, the filters, `geometry`.
struct PhotonCommonParameters {
    /// Photon's BASE_PARAMETERS (ours adds `extra`).
    static let names: Set<String> = ["lang", "limit", "debug", "dedupe", "geometry", "osm_tag", "layer", "include", "exclude", "extra"]
    /// The search's (not reverse's) own: the bias, the box, `suggest_addresses`.
    static let searchNames: Set<String> = names.union(["lat", "lon", "location_bias_scale", "zoom", "bbox", "suggest_addresses"])

    /// The languages a `lang` may name: every ISO 639-1 code, for the index keeps every `name:xx`
    /// (a name missing in that language falls back to the local one, as in Photon).
    static let languages: [String] = """
        aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en \
        eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv \
        ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne \
        ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st \
        su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
        """.split(separator: " ").map(String.init)
    static let languageSet = Set(languages)

    var language: String?
    var filter: PhotonAPI.Filter
    var extra: [String]

    init(_ request: HTTPRequest, _ p: Parameters) throws(APIError) {
        language = try Self.language(request)
        filter = try PhotonAPI.Filter(request)
        extra = try p.extraTags("extra")
        // Photon: "Geometry output requested but not available in database." when it was imported
        // without geometries — and this index keeps none (only the extent).
        if try Self.flag(request, "geometry") {
            throw APIError("Geometry output requested but not available in database.")
        }
    }

    /// `lang` as Photon checks it (exactly one of its languages, or "default" for the local name),
    /// else the Accept-Language header's first language.
    static func language(_ request: HTTPRequest) throws(APIError) -> String? {
        guard let lang = request.value("lang"), !lang.isEmpty else { return PhotonAPI.language(request) }
        if lang == "default" { return nil }
        guard languageSet.contains(lang) else {
            throw APIError("Language is not supported. Supported are: default, " + languages.joined(separator: ", "))
        }
        return lang
    }

    /// A boolean parameter as Photon reads it: true or false in any case; absent is false.
    static func flag(_ request: HTTPRequest, _ name: String) throws(APIError) -> Bool {
        guard let raw = request.value(name), !raw.isEmpty else { return false }
        switch raw.lowercased() {
        case "true": return true
        case "false": return false
        default: throw APIError("Invalid parameter '\(name)': must be true or false, not '\(raw.prefix(40))'")
        }
    }
}

/// What /api and /structured share: the bias, the box, the limit and the common parameters.
struct PhotonSearchOptions {
    var options: SearchOptions
    var limit: Int
    var common: PhotonCommonParameters

    init(_ request: HTTPRequest) throws(APIError) {
        let p = Parameters(request)
        common = try PhotonCommonParameters(request, p)
        options = SearchOptions()
        options.near = try p.point(required: false)
        _ = try p.int("zoom")
        _ = try p.double("location_bias_scale")
        limit = max(1, min(50, try p.int("limit") ?? 15))
        options.window = try p.box("bbox")
        options.language = common.language
        options.extra = common.extra
        // Photon 1.0's suggest_addresses (house numbers for a street typed without one) is not
        // something this search does: refused, so a client knows it did not happen.
        if try PhotonCommonParameters.flag(request, "suggest_addresses") {
            throw APIError("Parameter 'suggest_addresses' is not supported by this server.")
        }
        // Filters apply to results: ask for more so a filtered page is still full.
        options.limit = common.filter.isEmpty ? limit : min(SearchOptions.maxLimit, limit * 5)
    }
}

/// GET /api: the text, the search's options and the filters applied to its results.
struct PhotonSearchParameters {
    static let names = PhotonCommonParameters.searchNames.union(["q", "countrycode"])
    var text: String
    /// `lat`/`lon` as the point searched near, `bbox`, the language, `extra`; the limit is the
    /// number of results asked for, raised when filters will drop some.
    var options: SearchOptions
    var limit: Int
    var filter: PhotonAPI.Filter

    init(_ request: HTTPRequest) throws(APIError) {
        try PhotonAPI.checkKnown(request, Self.names)
        let search = try PhotonSearchOptions(request)
        guard let q = Parameters(request).string("q") else { throw APIError("q parameter is required when no include categories are specified") }
        text = q
        (options, limit, filter) = (search.options, search.limit, search.common.filter)
    }
}

/// GET /reverse without `format`: the point, how far and how many, and the filters.
struct PhotonReverseParameters {
    static let names = PhotonCommonParameters.names.union(["lat", "lon", "radius", "distance_sort"])
    var point: Coordinate
    /// `radius` (kilometres, at most 5 000) in metres.
    var metres: Double
    var limit: Int
    var filter: PhotonAPI.Filter
    var language: String?
    var extra: [String]

    init(_ request: HTTPRequest) throws(APIError) {
        try PhotonAPI.checkKnown(request, Self.names)
        let p = Parameters(request)
        guard let point = try p.point(required: true) else { throw APIError("parameters 'lat' and 'lon' are required") }
        self.point = point
        let radius = try p.double("radius") ?? 1
        guard radius > 0 else { throw APIError("parameter 'radius' must be a positive number of kilometres") }
        limit = max(1, min(50, try p.int("limit") ?? 1))
        let common = try PhotonCommonParameters(request, p)
        (filter, language, extra) = (common.filter, common.language, common.extra)
        metres = min(radius, 5_000) * 1_000
    }
}
