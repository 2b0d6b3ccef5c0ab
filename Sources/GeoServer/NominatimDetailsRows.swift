// The rows of Nominatim's details answer, apart from the object itself:
// `address` (the object, its house number, street, suburb … country, postcode
// and country code, sorted as Nominatim 5 sorts them: the object first, then
// by falling address rank, a row that is not part of the address before one
// that is) and `hierarchy` (the objects whose address names it), each row
// {localname, place_id, osm_id, osm_type, place_type, class, type,
// admin_level, rank_address, distance, isaddress}; and the two ranks
// Nominatim gives an object. The parts themselves come from ObjectDetails.
import GeoBase
import GeoModel
import GeoSearch

enum NominatimDetailsRows {
    struct Row {
        var localname: String
        var placeID: Int64?
        var osm: OSMRef?
        var category: CategoryTag
        var adminLevel: JSONValue
        var rank: Int
        /// Degrees for an address row (as Nominatim's address lines), metres for a hierarchy row.
        var distance: Double
        var isAddress = true

        var json: JSONValue {
            .object([
                ("localname", .string(localname)),
                ("place_id", placeID.map { .int($0) } ?? .null),
                ("osm_id", osm.map { .int($0.id) } ?? .null),
                ("osm_type", osm.map { .string($0.type.letter.uppercased()) } ?? .null),
                // Nominatim's place_type is the place tag of a boundary linked to a place node: no link is kept.
                ("place_type", .null),
                ("class", .string(category.key)),
                ("type", .string(category.value)),
                ("admin_level", adminLevel),
                ("rank_address", .int(Int64(rank))),
                ("distance", .double(distance)),
                ("isaddress", .bool(isAddress)),
            ])
        }
    }

    /// `addressdetails=1`: the rows of `r`'s address (`r` with its names added).
    static func address(_ r: SearchResult, _ parts: [AddressPart]) -> [JSONValue] {
        var rows: [Row] = []
        let own = NominatimAPI.placeID(r)
        if !(r.names ?? []).isEmpty {
            rows.append(Row(localname: r.name, placeID: own, osm: r.osm, category: r.category, adminLevel: adminLevel(r.category),
                            rank: ranks(r).address, distance: 0))
        }
        if let n = r.houseNumber { rows.append(made(n, "house_number", rank: 28)) }
        for part in parts {
            guard let p = part.place else {
                rows.append(Row(localname: part.name, placeID: nil, osm: nil, category: standIn(part.role), adminLevel: .null,
                                rank: rank(of: part.role), distance: 0))
                continue
            }
            // An area holding the object is at 0, as Nominatim's address lines; a node or a street at its point's distance.
            let distance = part.role != .street && p.osm?.type != .node ? 0 : degrees(r.coordinate, p.coordinate)
            rows.append(Row(localname: p.name, placeID: NominatimAPI.placeID(p), osm: p.osm, category: p.category,
                            adminLevel: adminLevel(p.category), rank: part.role == .street && p.kind == .place ? ranks(p).address : rank(of: part.role),
                            distance: distance))
        }
        // A postcode object is not its own postcode line; a list of postcodes is none (as Nominatim).
        if let code = r.postcode, !["postcode", "postal_code"].contains(r.category.value), !code.contains(","), !code.contains(";") {
            rows.append(made(code, "postcode", rank: 5))
        }
        if let cc = r.places?.countryCode { rows.append(made(cc, "country_code", rank: 4, isAddress: false)) }
        // Nominatim's order, stable: the object first, then by falling rank, a non-address row before an address row.
        let sorted = rows.enumerated().sorted { a, b in
            let ka = (a.element.placeID == own ? 0 : 1, -a.element.rank, a.element.isAddress ? 1 : 0, a.offset)
            let kb = (b.element.placeID == own ? 0 : 1, -b.element.rank, b.element.isAddress ? 1 : 0, b.offset)
            return ka < kb
        }
        return sorted.map(\.element.json)
    }

    /// A line Nominatim makes rather than reads (house number, postcode, country code): no object behind it.
    static func made(_ text: String, _ type: String, rank: Int, isAddress: Bool = true) -> Row {
        Row(localname: text, placeID: nil, osm: nil, category: CategoryTag(key: "place", value: type), adminLevel: .null,
            rank: rank, distance: 0, isAddress: isAddress)
    }

    /// The class and type of a part the index knows only by name.
    static func standIn(_ role: AddressPart.Role) -> CategoryTag {
        role == .street ? CategoryTag(key: "highway", value: "road") : CategoryTag(key: "place", value: role.rawValue)
    }

    /// Nominatim's address rank of each part of an address.
    static func rank(of role: AddressPart.Role) -> Int {
        switch role {
        case .street: 26
        case .suburb: 20
        case .city: 16
        case .county: 12
        case .state: 8
        case .country: 4
        }
    }

    /// `hierarchy=1`: one object whose address names the one asked for (`d` with its names added;
    /// its distance in metres, as Nominatim's).
    static func dependent(_ d: SearchResult) -> Row {
        Row(localname: (d.names ?? []).isEmpty ? d.houseNumber ?? "" : d.name, placeID: NominatimAPI.placeID(d), osm: d.osm,
            category: d.category, adminLevel: adminLevel(d.category), rank: ranks(d).address, distance: d.distance ?? 0)
    }

    /// `group_hierarchy=1`: the rows by type, in the order the types first come, each group sorted
    /// by its rows' text (so by local name), as Nominatim groups them.
    static func grouped(_ rows: [Row]) -> JSONValue {
        var groups: [(String, [Row])] = []
        for row in rows {
            if let k = groups.firstIndex(where: { $0.0 == row.category.value }) { groups[k].1.append(row) } else { groups.append((row.category.value, [row])) }
        }
        return .object(groups.map { type, members in
            (type, .array(members.map(\.json).sorted { $0.jsonString() < $1.jsonString() }))
        })
    }

    /// 15 (Nominatim's "none") for what is not an administrative boundary; null for a boundary,
    /// whose admin_level the index does not keep.
    static func adminLevel(_ c: CategoryTag) -> JSONValue {
        c.key == "boundary" && c.value == "administrative" ? .null : .int(15)
    }

    /// Nominatim's rank_search and rank_address: the search's place rank, and for a place node the
    /// address rank Nominatim's address-levels give it where it differs (0: no part of an address).
    static func ranks(_ r: SearchResult) -> (search: Int, address: Int) {
        let search = NominatimAPI.rank(r)
        return (search, r.kind == .place ? placeAddressRanks[r.category.value] ?? search : search)
    }

    static let placeAddressRanks: [String: Int] = [
        "sea": 0, "island": 0, "islet": 0, "continent": 0, "country": 0, "state": 0, "province": 0, "region": 0,
        "town": 16, "village": 16, "suburb": 20, "neighbourhood": 22, "quarter": 22, "isolated_dwelling": 20, "farm": 20,
    ]

    /// Degrees between two points, as PostGIS measures Nominatim's address lines.
    static func degrees(_ a: Coordinate, _ b: Coordinate) -> Double {
        let d = ((a.lat - b.lat) * (a.lat - b.lat) + (a.lon - b.lon) * (a.lon - b.lon)).squareRoot()
        return (d * 1e7).rounded() / 1e7
    }
}
