// Nominatim's /details (also /details.php), so Nominatim-UI's details page and
// the scripts written against Nominatim 5 read one object from us as from it:
// chosen by `osmtype`+`osmid` (with `class`) or by a `place_id` from any of
// our answers, written with the keys, order and value types of Nominatim 5's
// details JSON, `json` its only format, errors as its server words them (404
// "No place with that OSM ID found."). What the index does not keep (admin
// levels, outlines, links between place nodes and boundaries, Nominatim's
// icons) is null or left out, as docs/HTTP.md lists; the address rows and the
// words come from ObjectDetails (GeoSearch).
import Foundation
import GeoBase
import GeoModel
import GeoSearch

/// GET /details: which object, and what to add to it.
struct NominatimDetailsParameters {
    enum Object {
        case place(Int64)
        /// `class` is the object's main key or, for an interpolated address, its house number.
        case osm(OSMRef, osmClass: String?)
    }

    var object: Object
    var addressDetails: Bool
    var keywords: Bool
    var hierarchy: Bool
    var groupHierarchy: Bool
    var language: String?

    /// As Nominatim's server reads them: a `place_id` that is not 0 first, else `osmtype` and `osmid`.
    init(_ p: Parameters) throws(APIError) {
        let placeID = try Self.integer(p, "place_id") ?? 0
        if placeID != 0 {
            object = .place(placeID)
        } else {
            guard let type = p.request.value("osmtype") else { throw APIError("Missing ID parameter 'place_id' or 'osmtype'.") }
            guard let id = try Self.integer(p, "osmid") else { throw APIError("Parameter 'osmid' missing.") }
            let types: [String: OSMType] = ["N": .node, "W": .way, "R": .relation]
            guard let t = types[type] else { throw APIError("Illegal OSM type '\(type.prefix(40))'. Must be one of N, W, R.") }
            object = .osm(OSMRef(type: t, id: id), osmClass: p.string("class"))
        }
        addressDetails = NominatimAPI.flag(p, "addressdetails", default: false)
        keywords = NominatimAPI.flag(p, "keywords", default: false)
        hierarchy = NominatimAPI.flag(p, "hierarchy", default: false)
        groupHierarchy = NominatimAPI.flag(p, "group_hierarchy", default: false)
        language = PhotonAPI.language(explicit: p.string("accept-language"), p.request)
    }

    /// A whole number as Nominatim's `get_int` reads one: nil when absent, else digits with an
    /// optional sign (blanks around allowed).
    static func integer(_ p: Parameters, _ name: String) throws(APIError) -> Int64? {
        guard let raw = p.request.value(name) else { return nil }
        guard let n = Int64(raw.trimmingCharacters(in: .whitespaces)) else { throw APIError("Parameter '\(name)' must be a number.") }
        return n
    }
}

enum NominatimDetails {
    static func details(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        let p = Parameters(request)
        // The format is read first and decides the dialect of every error, as in Nominatim.
        if let format = p.string("format"), format != "json" { return onlyJSON() }
        do throws(APIError) {
            let q = try NominatimDetailsParameters(p)
            guard let r = object(q, state) else { throw APIError("No place with that OSM ID found.", status: 404) }
            return try NominatimFormats.jsonp(.json(write(r, q, state)), callback: NominatimAPI.callback(p))
        } catch {
            return ServiceErrors.nominatim(error)
        }
    }

    /// Nominatim's answer to a format its details, polygons and deletable endpoints do not write.
    static func onlyJSON() -> HTTPResponse {
        .text("ERROR 400: Parameter 'format' must be one of: json", status: 400)
    }

    /// The object asked for: by place_id, or the most important landmark of the OSM object (of
    /// `class` when given).
    static func object(_ q: NominatimDetailsParameters, _ state: ServiceState) -> SearchResult? {
        switch q.object {
        case .place(let id):
            guard let l = NominatimAPI.landmark(placeID: id) else { return nil }
            return state.lookup.describe(LandmarkRef(source: l.source, landmark: l.landmark), language: q.language)
        case .osm(let ref, let osmClass):
            for l in state.lookup.landmarks(of: ref) {
                guard let r = state.lookup.describe(l, language: q.language) else { continue }
                if let c = osmClass, (c.allSatisfy({ $0.isASCII && $0.isNumber }) ? r.houseNumber != c : r.category.key != c) { continue }
                return r
            }
            return nil
        }
    }

    /// Nominatim 5's details object, its keys in its order.
    static func write(_ found: SearchResult, _ q: NominatimDetailsParameters, _ state: ServiceState) -> JSONValue {
        var r = found
        r.addNames(from: state.indexes)
        r.addExtraTags(["all"], from: state.indexes)
        let names = r.names ?? []
        let ranks = NominatimDetailsRows.ranks(r)
        let rank30 = r.kind == .poi || r.kind == .address || r.kind == .transit
        let parts = q.addressDetails || rank30 ? state.lookup.addressParts(of: r, language: q.language) : []
        // A POI's or an address's parent is the street its address names (Nominatim's parent_place_id).
        let parent = rank30 ? parts.first { $0.role == .street }?.place : nil
        var f: [(String, JSONValue)] = [("place_id", .int(NominatimAPI.placeID(r)))]
        f.append(("parent_place_id", parent.map { .int(NominatimAPI.placeID($0)) } ?? .null))
        f.append(("osm_type", r.osm.map { .string($0.type.letter.uppercased()) } ?? .null))
        f.append(("osm_id", r.osm.map { .int($0.id) } ?? .null))
        f.append(("category", .string(r.category.key)))
        f.append(("type", .string(r.category.value)))
        f.append(("admin_level", NominatimDetailsRows.adminLevel(r.category)))
        f.append(("localname", .string(names.isEmpty ? "" : r.name)))
        f.append(("names", .object(names.map { ($0.key, .string($0.value)) })))
        // The address tags the index keeps as tagged (a postcode may be the area's, so it is only calculated_postcode).
        var tags: [(String, JSONValue)] = []
        if let n = r.houseNumber { tags.append(("housenumber", .string(n))) }
        if let s = r.street { tags.append(("street", .string(s))) }
        f.append(("addresstags", .object(tags)))
        f.append(("housenumber", r.houseNumber.map { .string($0) } ?? .null))
        f.append(("calculated_postcode", r.postcode.map { .string($0) } ?? .null))
        f.append(("country_code", r.places?.countryCode.map { .string($0) } ?? .null))
        // When the object was indexed: the build of its index.
        let built = Date(timeIntervalSince1970: TimeInterval(state.indexes[r.source].buildTime))
        f.append(("indexed_date", .string(UTCTime.iso8601(built).replacingOccurrences(of: "Z", with: "+00:00"))))
        let importance = NominatimAPI.importance(r)
        f.append(("importance", .double(importance)))
        // Nominatim's stand-in for a place without importance: 0.40001 - rank_search / 75.
        f.append(("calculated_importance", .double(importance > 0 ? importance : 0.40001 - Double(ranks.search) / 75)))
        let extra = ExtraTags.sorted(r.extra ?? [:])
        f.append(("extratags", .object(extra.map { ($0.key, .string($0.value)) })))
        f.append(("calculated_wikipedia", wikipedia(r.extra?["wikipedia"]).map { .string($0) } ?? .null))
        f.append(("rank_address", .int(Int64(ranks.address))))
        f.append(("rank_search", .int(Int64(ranks.search))))
        f.append(("isarea", isArea(r)))
        let centroid: JSONValue = .object([("type", .string("Point")), ("coordinates", .position(r.coordinate))])
        f.append(("centroid", centroid))
        // The index keeps no outlines: the geometry is the point, with polygon_geojson=1 too.
        f.append(("geometry", centroid))
        f.append(("icon", .null))
        if q.addressDetails { f.append(("address", .array(NominatimDetailsRows.address(r, parts)))) }
        if q.keywords {
            let words = state.lookup.keywords(of: LandmarkRef(source: r.source, landmark: r.landmarkID))
            func list(_ w: [(id: Int, token: String)]) -> JSONValue {
                .array(w.map { .object([("id", .int(Int64($0.id))), ("token", .string($0.token))]) })
            }
            f.append(("keywords", .object([("name", list(words.name)), ("address", list(words.address))])))
        }
        if q.hierarchy {
            let rows = state.lookup.dependents(of: r, language: q.language).map { d in
                var d = d
                d.addNames(from: state.indexes)
                return NominatimDetailsRows.dependent(d)
            }
            f.append(("hierarchy", q.groupHierarchy ? NominatimDetailsRows.grouped(rows) : .array(rows.map(\.json))))
        }
        return .object(f)
    }

    /// Whether the object is an area: relations and area landmarks are, nodes and streets are not;
    /// nil for another way (the index does not keep whether it was closed).
    static func isArea(_ r: SearchResult) -> JSONValue {
        if r.kind == .area || r.osm?.type == .relation { return .bool(true) }
        if r.osm?.type == .way && r.kind != .street { return .null }
        return .bool(false)
    }

    /// Nominatim's `calculated_wikipedia` from a `wikipedia` tag: `de:Pariser_Platz` (language, colon,
    /// title with underscores); nil for a value of another form.
    static func wikipedia(_ tag: String?) -> String? {
        guard let tag, let colon = tag.firstIndex(of: ":") else { return nil }
        let language = tag[..<colon], title = tag[tag.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard (2...12).contains(language.count), language.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }),
              !title.isEmpty, !title.contains("/") else { return nil }
        return language.lowercased() + ":" + title.replacingOccurrences(of: " ", with: "_")
    }

    /// GET /polygons and /deletable: Nominatim lists there the boundaries an update broke or would
    /// delete, kept for a while in its database. An index built offline keeps none: always an empty
    /// list, after the parameters are read as Nominatim reads them (`days` is a number).
    static func maintenance(_ request: HTTPRequest, polygons: Bool) -> HTTPResponse {
        let p = Parameters(request)
        if let format = p.string("format"), format != "json" { return onlyJSON() }
        do throws(APIError) {
            if polygons { _ = try NominatimDetailsParameters.integer(p, "days") }
            return try NominatimFormats.jsonp(.json(.array([])), callback: NominatimAPI.callback(p))
        } catch {
            return ServiceErrors.nominatim(error)
        }
    }
}
