// Gives every landmark the places it lies in — suburb, city, county, state,
// country — and the locality its subtitle names. Polygons decide where the
// data has them (administrative boundaries, place areas; AdminAreas); where it
// has none (an extract that cut the boundary, a village mapped as a node) the
// nearest place node within a reach that depends on its size stands in, as
// people describe it: a city names things 15 km around, a hamlet only 1.5 km.
// A place's own subtitle names its parent (the county of a town, the city of a
// suburb), never a neighbour, and never itself.
import GeoBase
import GeoModel

enum PlaceHierarchy {
    /// How far a place node names the landmarks around it, metres.
    static let reach = PlaceReach.metres
    static let cityPlaces: Set = ["city", "town", "village", "municipality", "hamlet", "island"]
    /// Place nodes that stand for a whole region: their parents are larger areas only (a country
    /// node does not lie in the municipality around its pin).
    static let regionPlaces: [String: AreaRole] = [
        "country": .country, "state": .state, "region": .state, "province": .state, "county": .county,
    ]
    static let suburbPlaces: Set = ["borough", "suburb", "quarter", "neighbourhood"]

    private struct Settlement {
        var point: FixedCoordinate
        var name: String
        var reach: Double
        var isCity: Bool
    }

    /// Fills in `places`, `locality` (and `postcode` of addressed objects inside a postcode area).
    /// `withoutPolygon`: the role and level of each boundary relation the extract cut.
    static func assign(_ drafts: inout [LandmarkDraft], areas: [AdminArea],
                       withoutPolygon: [Int64: (role: AreaRole, level: Int)] = [:]) {
        let lookup = AreaLookup(areas: areas)
        let nodes = SettlementGrid(drafts.compactMap { d -> Settlement? in
            guard d.kind == .place, let r = reach[d.categoryValue], let n = d.names.first?.value else { return nil }
            return Settlement(point: d.point, name: n, reach: r, isCity: cityPlaces.contains(d.categoryValue))
        })
        // By type and id (an id shifted to make room for the type lost its top bits: −2⁶³ met 0).
        struct Object: Hashable { var type: UInt8, id: Int64 }
        var own: [Object: Int] = [:]
        for (a, area) in areas.enumerated() { own[Object(type: area.osmType.rawValue, id: area.osmID)] = a }
        var best: [AreaRole: Int] = [:]
        var suburbCity: [FixedCoordinate: Int?] = [:], settlementCountry: [FixedCoordinate: Int?] = [:]
        for i in drafts.indices {
            best.removeAll(keepingCapacity: true)
            // A boundary or place area: its pin inside its own polygon, its parents only larger areas.
            var ownLevel = Int.max
            var ownRole: AreaRole?
            var cut = false
            if drafts[i].osmType != .node, let a = own[Object(type: drafts[i].osmType.rawValue, id: drafts[i].osmID)] {
                ownLevel = areas[a].level
                ownRole = areas[a].role
                if !areas[a].polygon.contains(drafts[i].point), let p = areas[a].polygon.interiorPoint() { drafts[i].point = p }
            } else if drafts[i].osmType == .relation, let what = withoutPolygon[drafts[i].osmID] {
                // Cut by the extract, it still has a level: a country labelled at its capital does not
                // lie in the capital's municipality.
                ownLevel = what.level
                ownRole = what.role
                cut = true
            }
            let d = drafts[i]
            if ownRole == nil, d.kind == .place {
                ownRole = AreaRole.of(place: d.categoryValue)?.role ?? regionPlaces[d.categoryValue]
            }
            // A boundary the extract cut (no polygon of its own) takes its parents from polygons only.
            let guessNothing = d.kind == .area && d.categoryKey == "boundary" && (cut || ownRole == nil)
            lookup.forEachArea(containing: d.point) { a in
                let area = areas[a]
                guard area.level < ownLevel, area.osmID != d.osmID || area.osmType != d.osmType else { return }
                if let b = best[area.role], !better(area, than: areas[b]) { return }
                best[area.role] = a
            }
            var chain = PlaceChain()
            chain.suburb = best[.suburb].map { areas[$0].name }
            chain.city = best[.city].map { areas[$0].name }
            chain.county = best[.county].map { areas[$0].name }
            chain.state = best[.state].map { areas[$0].name }
            chain.country = best[.country].map { areas[$0].name }
            chain.countryCode = best[.country].flatMap { areas[$0].countryCode }
            let ownName = d.names.first?.value
            // A place's own level and those below it are not its parents.
            if let r = ownRole, r != .postcode {
                if r >= .suburb { chain.suburb = nil }
                if r >= .city { chain.city = nil }
                if r >= .county { chain.county = nil }
                if r >= .state { chain.state = nil }
            }
            // A town node names the landmark only when both lie in the same country polygon (or neither
            // does): across a border whose country the extract holds, the town is the neighbour's
            // (Monaco's pin does not name the streets of Cap-d'Ail, whose own boundary the extract cut).
            if chain.city == nil, !guessNothing, ownRole.map({ $0 < .city }) ?? true,
               let s = nodes.nearest(to: d.point, cities: true, skipping: ownName, where: {
                   innermost(.country, containing: $0.point, lookup: lookup, cache: &settlementCountry) == best[.country]
               }) {
                chain.city = s.name
            }
            // A suburb node names the landmark only when both lie in the same city polygon (or
            // neither does): the suburb across a municipal border belongs to the neighbour.
            if chain.suburb == nil, ownRole == nil, !guessNothing,
               let s = nodes.nearest(to: d.point, cities: false, skipping: ownName),
               innermost(.city, containing: s.point, lookup: lookup, cache: &suburbCity) == best[.city] {
                chain.suburb = s.name
            }
            if let city = d.city { chain.city = city }
            if d.postcode == nil, d.houseNumber != nil || d.kind == .poi, let p = best[.postcode] {
                drafts[i].postcode = areas[p].name
            }
            drafts[i].places = chain.isEmpty ? nil : chain
            drafts[i].locality = locality(of: d, in: chain, ownRole: ownRole)
        }
    }

    /// The most specific polygon of `role` containing `p` (cached per role: few place nodes, many landmarks).
    private static func innermost(_ role: AreaRole, containing p: FixedCoordinate, lookup: AreaLookup,
                                  cache: inout [FixedCoordinate: Int?]) -> Int? {
        if let known = cache[p] { return known }
        var found: Int?
        lookup.forEachArea(containing: p) { a in
            guard lookup.areas[a].role == role else { return }
            if let f = found, !better(lookup.areas[a], than: lookup.areas[f]) { return }
            found = a
        }
        cache[p] = .some(found)
        return found
    }

    /// Of two areas of one role containing a point, the more specific: the higher level, then an
    /// administrative boundary over a place polygon, then the smaller.
    private static func better(_ a: AdminArea, than b: AdminArea) -> Bool {
        if a.level != b.level { return a.level > b.level }
        if a.isPlace != b.isPlace { return !a.isPlace }
        return a.polygon.boxArea < b.polygon.boxArea
    }

    /// What a subtitle names: a place's parent (the first larger place with another name); for an
    /// object with a street address its city (the address reads "Landstrasse 20, 9490 Vaduz");
    /// otherwise its suburb and city.
    static func locality(of d: LandmarkDraft, in chain: PlaceChain, ownRole: AreaRole? = nil) -> String? {
        let own = d.names.first?.value
        if d.kind == .place || ownRole != nil {
            var parents: [String?] = [chain.suburb, chain.city, chain.county, chain.state, chain.country]
            if cityPlaces.contains(d.categoryValue) || ownRole.map({ $0 >= .city }) == true { parents.removeFirst(2) }
            else if suburbPlaces.contains(d.categoryValue) || ownRole == .suburb { parents.removeFirst() }
            return parents.lazy.compactMap { $0 }.first { $0 != own }
        }
        if d.street != nil, let city = chain.city ?? chain.suburb { return city }
        let parts = [chain.suburb, chain.city].compactMap { $0 }.filter { $0 != own }
        if parts.count == 2 && parts[0] == parts[1] { return parts[0] }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Place nodes in a grid of ~0.1° cells, each listed in every cell within its reach.
    private struct SettlementGrid {
        let settlements: [Settlement]
        var grid: [Int64: [Int32]] = [:]
        static let cell = 0.1

        init(_ settlements: [Settlement]) {
            self.settlements = settlements
            for (i, s) in settlements.enumerated() {
                let span = Int((s.reach / 111_000 / SettlementGrid.cell).rounded(.up)) + 1
                let (la, lo) = SettlementGrid.key(s.point)
                for a in (la - span)...(la + span) {
                    for b in (lo - span)...(lo + span) { grid[SettlementGrid.pack(a, b), default: []].append(Int32(i)) }
                }
            }
        }

        static func key(_ p: FixedCoordinate) -> (Int, Int) {
            let c = p.coordinate
            return (Int((c.lat / cell).rounded(.down)), Int((c.lon / cell).rounded(.down)))
        }

        static func pack(_ a: Int, _ b: Int) -> Int64 { Int64(a) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: b))) }

        /// The settlement (a town-like place, or a suburb-like one) nearest relative to its reach.
        func nearest(to p: FixedCoordinate, cities: Bool, skipping own: String?,
                     where accept: (Settlement) -> Bool = { _ in true }) -> Settlement? {
            let (la, lo) = SettlementGrid.key(p)
            let c = p.coordinate
            var best: (score: Double, index: Int)?
            for s in grid[SettlementGrid.pack(la, lo)] ?? [] {
                let st = settlements[Int(s)]
                guard st.isCity == cities, st.name != own else { continue }
                let d = c.distance(to: st.point.coordinate)
                guard d <= st.reach else { continue }
                // Closer relative to reach wins: a suburb at 300 m beats its town centre at 2 km.
                let score = d / st.reach
                guard best == nil || score < best!.score || (score == best!.score && Int(s) < best!.index), accept(st) else { continue }
                best = (score, Int(s))
            }
            return best.map { settlements[$0.index] }
        }
    }
}
