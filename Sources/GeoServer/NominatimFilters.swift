// Which results a Nominatim search may answer with: `layer` (address, poi,
// railway, natural, manmade), `featureType` (country, state, city,
// settlement: a band of place ranks, addresses only), `countrycodes` (the
// countries the place hierarchy put them in) and `exclude_place_ids`
// (paging: place ids or OSM ids already shown), read and checked as Nominatim
// 5 reads them. Nominatim sorts objects into layers by their address rank
// and class; our landmarks carry their kind and main tag, and the mapping is
// `layer(of:)`'s table.
import Foundation
import GeoModel
import GeoSearch

struct NominatimFilters {
    enum Layer: String, CaseIterable { case address, poi, railway, natural, manmade }

    /// nil: every layer (Nominatim's default for a search is address and poi, which is everything we
    /// index but railway lines, water and natural features, and man-made structures — those are kept).
    var layers: Set<Layer>?
    /// Place ranks a `featureType` allows.
    var ranks: ClosedRange<Int>?
    var excludedPlaces: Set<Int64> = []
    var excludedObjects: Set<OSMRef> = []
    /// ISO 3166-1 alpha-2 codes, lower case (nil: anywhere; an object in no country then never matches).
    var countries: Set<String>?

    var isEmpty: Bool { layers == nil && ranks == nil && excludedPlaces.isEmpty && excludedObjects.isEmpty && countries == nil }

    init(_ p: Parameters) throws(APIError) {
        if let raw = p.request.value("layer") {
            var set = Set<Layer>()
            for name in raw.split(separator: ",") {
                let t = name.trimmingCharacters(in: .whitespaces)
                if t.isEmpty { continue }
                guard let layer = Layer(rawValue: t.lowercased()) else {
                    throw APIError("Parameter 'layer' must be a comma-separated list of: address, poi, railway, natural, manmade")
                }
                set.insert(layer)
            }
            if !set.isEmpty { layers = set }
        }
        if let type = p.request.value("featureType") ?? p.request.value("featuretype") {
            // Any featureType limits the answer to the address layer; the four known ones to their ranks.
            layers = [.address]
            ranks = ["country": 4...4, "state": 8...8, "city": 14...16, "settlement": 8...20][type]
        }
        // As Nominatim's format_country (CountryCodes: the reading Photon's `countrycode` shares).
        countries = CountryCodes.read(p.request.value("countrycodes").map { [$0] } ?? [])
        for item in (p.request.value("exclude_place_ids") ?? "").split(separator: ",") {
            let t = item.trimmingCharacters(in: .whitespaces)
            if t.isEmpty { continue }
            if t.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(t) {
                if id > 0 { excludedPlaces.insert(id) }
            } else if let ref = NominatimAPI.osmID(t) {
                excludedObjects.insert(ref)
            } else {
                throw APIError("Invalid exclude ID: \(t.prefix(40))")
            }
        }
    }

    func accepts(_ r: SearchResult) -> Bool {
        if let layers, !layers.contains(Self.layer(of: r)) { return false }
        if let ranks, !(r.kind == .place && ranks.contains(NominatimAPI.rank(r))) { return false }
        if !CountryCodes.accepts(countries, r) { return false }
        if excludedPlaces.contains(NominatimAPI.placeID(r)) { return false }
        if let ref = r.osm, excludedObjects.contains(ref) { return false }
        return true
    }

    /// The layer Nominatim would put a result in: addresses, streets and places are the address layer;
    /// rail lines (not stations), water and natural features, and man-made structures their own; the rest POIs.
    static func layer(of r: SearchResult) -> Layer {
        switch r.kind {
        case .address, .street, .place: return .address
        default: break
        }
        switch r.category.key {
        case "railway": return ["station", "halt", "tram_stop", "subway_entrance"].contains(r.category.value) ? .poi : .railway
        case "natural", "water", "waterway": return .natural
        case "man_made": return .manmade
        default: return .poi
        }
    }
}
