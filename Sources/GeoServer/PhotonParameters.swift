// Photon's parameters as typed values, read and checked whole before a search
// or look-up runs (as OSRMParameters are). An unknown parameter is an error,
// as in Photon; `zoom` and `location_bias_scale` are checked though this
// server's bias does not use them, so a client's typo is still caught.
import GeoBase
import GeoFrontEnd
import GeoSearch

/// GET /api: the text, the search's options and the filters applied to its results.
struct PhotonSearchParameters {
    static let names: Set<String> = ["q", "lat", "lon", "zoom", "location_bias_scale", "limit", "lang", "bbox",
                                     "layer", "osm_tag", "include", "exclude", "dedupe", "debug", "extra"]
    var text: String
    /// `lat`/`lon` as the point searched near, `bbox`, the language, `extra`; the limit is the
    /// number of results asked for, raised when filters will drop some.
    var options: SearchOptions
    var limit: Int
    var filter: PhotonAPI.Filter

    init(_ request: HTTPRequest) throws(APIError) {
        try PhotonAPI.checkKnown(request, Self.names)
        let p = Parameters(request)
        guard let q = p.string("q") else { throw APIError("q parameter is required when no include categories are specified") }
        text = q
        options = SearchOptions()
        options.near = try p.point(required: false)
        _ = try p.int("zoom")
        _ = try p.double("location_bias_scale")
        limit = max(1, min(50, try p.int("limit") ?? 15))
        options.window = try p.box("bbox")
        options.language = PhotonAPI.language(request)
        options.extra = try p.extraTags("extra")
        filter = try PhotonAPI.Filter(request)
        // Filters apply to results: ask for more so a filtered page is still full.
        options.limit = filter.isEmpty ? limit : min(SearchOptions.maxLimit, limit * 5)
    }
}

/// GET /reverse without `format`: the point, how far and how many, and the filters.
struct PhotonReverseParameters {
    static let names: Set<String> = ["lat", "lon", "radius", "limit", "lang", "layer", "osm_tag", "include",
                                     "exclude", "dedupe", "debug", "distance_sort", "extra"]
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
        filter = try PhotonAPI.Filter(request)
        language = PhotonAPI.language(request)
        extra = try p.extraTags("extra")
        metres = min(radius, 5_000) * 1_000
    }
}
