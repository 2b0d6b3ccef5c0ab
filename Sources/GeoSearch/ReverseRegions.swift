// The county, state or country a point lies in, for reverse look-ups at
// Nominatim's coarsest zooms (0–9). The place hierarchy already named them in
// every landmark's chain at build time (from boundary polygons, AdminAreas),
// so the nearest landmark that has the name says which one the point is in;
// the answer is then that region's own landmark — its boundary relation, else
// its place node — found by name among the index's areas and places.
import GeoBase
import GeoFormat
import GeoModel

/// A region a reverse look-up can answer with, as Nominatim ranks them.
public enum PlaceRegion: String, Sendable {
    case county, state, country

    init?(_ level: ReverseLevel) {
        switch level {
        case .county: self = .county
        case .state: self = .state
        case .country: self = .country
        default: return nil
        }
    }

    /// Nominatim's place rank of the region's boundary (address rank of admin levels 2, 4 and 6).
    public var rank: Int {
        switch self {
        case .country: 4
        case .state: 8
        case .county: 12
        }
    }

    /// The region's name in a landmark's place chain.
    func name(in chain: PlaceChain) -> String? {
        switch self {
        case .county: chain.county
        case .state: chain.state
        case .country: chain.country
        }
    }

    /// Whether a landmark's category may be this region's own landmark.
    func isOwn(_ category: CategoryTag) -> Bool {
        category.key == "boundary" ? category.value == "administrative"
            : category.key == "place" && (self == .state ? ["state", "region", "province"].contains(category.value) : category.value == rawValue)
    }
}

extension ReverseGeocoder {
    /// The region of `role` the point lies in, as its landmark (with `region` set), or nil when no
    /// landmark within `radius` metres names one.
    func region(_ point: Coordinate, _ role: PlaceRegion, radius: Double, language: String?) -> SearchResult? {
        guard let near = nearest(point, radius: radius, limit: 1, language: nil, accept: { $0.places.flatMap(role.name) != nil }).first,
              let chain = near.places, let name = role.name(in: chain) else { return nil }
        var best: (boundary: Bool, distance: Double, source: Int, id: Int)?
        for (k, index) in indexes.enumerated() {
            for i in 0..<index.count where index.kind(i) == .area || index.kind(i) == .place {
                let cat = index.categoryDescription(index.categoryID(i))
                guard role.isOwn(CategoryTag(key: cat.key, value: cat.value)),
                      index.record(i)?.names.first?.value == name else { continue }
                // A boundary over a place node of that name, then the nearest.
                let c = (cat.key == "boundary", point.distance(to: index.point(i).coordinate), k, i)
                if best == nil || (c.0 && !best!.boundary) || (c.0 == best!.boundary && c.1 < best!.distance) { best = c }
            }
        }
        guard let best, var r = describe(best.id, in: indexes[best.source], source: best.source, distance: best.distance,
                                          language: language) else { return nil }
        r.region = role
        if role == .country, r.places?.countryCode == nil { r.places = PlaceChain(countryCode: chain.countryCode) }
        return r
    }
}
