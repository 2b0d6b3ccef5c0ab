// Which kind of place a name in an address stands for. The index keeps a
// landmark's places as names (PlaceChain: suburb, city …), but Nominatim labels
// each part of an address by what it is — `town`, `village`, `hamlet`,
// `suburb`, `quarter`, `neighbourhood` … (its label is the place's type) — and
// clients read those keys (`address.town ?? address.village`). So the place
// node of that name nearest the landmark, within its reach (PlaceReach), says
// what the name is; a name no place node near carries (a boundary with no
// place node in reach) keeps the generic key.
import GeoBase
import GeoFormat
import GeoModel

/// The kinds of the suburb and the city of one result's address, as `place=*` values; nil where unknown.
public struct AddressKinds: Sendable, Hashable {
    public var suburb: String?
    public var city: String?

    public init(suburb: String? = nil, city: String? = nil) {
        self.suburb = suburb
        self.city = city
    }
}

/// The place nodes of one index by name, built once when the index is served.
public struct PlaceKinds: Sendable {
    struct Place: Sendable {
        var kind: String
        var at: Coordinate
    }

    private let byName: [String: [Place]]

    /// Every `place=*` node of `index` under each of its names (every language's).
    public init(index: LandmarkIndex) {
        var byName: [String: [Place]] = [:]
        for i in 0..<index.count where index.kind(i) == .place && index.osmRef(i)?.type == .node {
            let category = index.categoryDescription(index.categoryID(i))
            guard category.key == "place", let record = index.displayRecord(i, language: nil) else { continue }
            let place = Place(kind: category.value, at: index.point(i).coordinate)
            for name in Set(record.names.map(\.value)) { byName[name, default: []].append(place) }
        }
        self.byName = byName
    }

    /// The kind of the place node named `name` nearest `point`, when one reaches that far.
    public func kind(of name: String, near point: Coordinate) -> String? {
        var best: (kind: String, metres: Double)?
        for p in byName[name] ?? [] {
            let d = point.distance(to: p.at)
            guard d <= PlaceReach.metres[p.kind] ?? PlaceReach.longest, d < best?.metres ?? .infinity else { continue }
            best = (p.kind, d)
        }
        return best?.kind
    }

    /// The kinds of `r`'s suburb and city.
    public func kinds(of r: SearchResult) -> AddressKinds {
        AddressKinds(suburb: r.places?.suburb.flatMap { kind(of: $0, near: r.coordinate) },
                     city: (r.places?.city ?? r.locality).flatMap { kind(of: $0, near: r.coordinate) })
    }
}
