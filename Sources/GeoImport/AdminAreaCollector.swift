// Gathers the polygons of the place hierarchy while the file streams by:
// administrative boundaries (admin_level 2–10), place polygons (a town or a
// suburb drawn as an area) and postcode areas (boundary=postal_code). Closed
// ways become areas at once; relations come after all ways, so the ways that
// may be parts of a boundary (tagged boundary=* or place=*, coastlines, which
// close the boundaries of seaside countries, and untagged ways) keep their
// geometry, simplified by a few metres, until the relations are read. A ring
// that cannot be closed (a member missing from the extract) is left out and
// counted; the landmarks it would have named fall back to the nearest place
// node (PlaceHierarchy).
import GeoBase
import GeoModel
import GeoOSM

final class AdminAreaCollector {
    /// Metres a boundary may move when simplified: a landmark this close to a border may land
    /// on either side, which is within what mappers draw.
    static let tolerance = 4.0

    static let areaKeys = KeyFilter(keys: ["boundary", "place"])
    static let ringPartKeys = KeyFilter(keys: ["boundary", "place", "natural"])

    /// The ways that may be parts of boundaries, until the relations are read.
    private let ringParts: RelationRings
    private var simplifier = ShapeSimplifier()
    private var closedAreas: [AdminArea] = []
    /// Countries whose border the extract cut to one open chain, closed across the cut (RingAssembler's
    /// `closingCut`): used only where a place node of the country's name lies inside what the chord
    /// closes (Monaco's node in its own extract), for a chord across a cut neighbour's border would lie
    /// over another country (Spain's border in an Andorra extract closes over Andorra, and no place node
    /// called España lies there).
    private var cutCountries: [AdminArea] = []
    /// Boundary rings whose ways did not close, and boundaries left without any polygon.
    private(set) var unclosedRings = 0
    private var withoutAnyPolygon = 0
    /// The role and level of each relation left without a polygon (by relation id): its level
    /// still says which areas can be its parents.
    private var withoutPolygons: [Int64: (role: AreaRole, level: Int)] = [:]

    /// The polygons of the place hierarchy, the relations left without one, and how many those are:
    /// a country closed across the cut counts among the polygons when one of `drafts`' place nodes of
    /// its name lies in it, else among the relations without one.
    func hierarchy(confirmedBy drafts: [LandmarkDraft])
        -> (areas: [AdminArea], withoutPolygon: [Int64: (role: AreaRole, level: Int)], withoutCount: Int) {
        var areas = closedAreas, without = withoutPolygons, count = withoutAnyPolygon
        for country in cutCountries {
            let confirmed = drafts.contains { d in
                d.kind == .place && d.osmType == .node && d.names.contains { $0.value == country.name } && country.polygon.contains(d.point)
            }
            if confirmed { areas.append(country) } else { without[country.osmID] = (country.role, country.level); count += 1 }
        }
        return (areas, without, count)
    }

    init(backing: StorageBacking) throws {
        ringParts = try RelationRings(backing: backing, tolerance: AdminAreaCollector.tolerance)
    }

    var failure: String? { ringParts.failure }

    var memoryBytes: Int { ringParts.memoryBytes + (closedAreas + cutCountries).reduce(0) { $0 + $1.polygon.memoryBytes } }

    /// A way with the coordinates of its nodes that were found.
    func way(id: Int64, refs: ArraySlice<Int64>, points: [FixedCoordinate], _ b: OSMBatch, tags: Range<Int>) {
        guard points.count >= 2 else { return }
        if tags.isEmpty {
            ringParts.keep(id: id, points: points)
            return
        }
        guard b.hasAnyTag(in: tags, of: AdminAreaCollector.ringPartKeys) else { return }
        let dict = b.tagDictionary(in: tags)
        if dict["boundary"] == nil && dict["place"] == nil && dict["natural"] != "coastline" { return }
        ringParts.keep(id: id, points: points)
        let closed = refs.count >= 4 && refs.first == refs.last
        if closed, let what = AdminAreaCollector.describe(dict),
           let ring = simplifier.ring(points, tolerance: AdminAreaCollector.tolerance),
           let polygon = AreaPolygon(rings: [ring]) {
            closedAreas.append(AdminArea(role: what.role, level: what.level, name: what.name, countryCode: what.countryCode,
                                         osmType: .way, osmID: id, isPlace: what.isPlace, polygon: polygon))
        }
    }

    /// A relation: a boundary or place polygon gets its rings from the kept ways.
    func relation(_ b: OSMBatch, _ i: Int) {
        let tags = b.tagRange(ofRelation: i)
        guard ringParts.isKeeping, !tags.isEmpty, b.hasAnyTag(in: tags, of: AdminAreaCollector.areaKeys) else { return }
        let dict = b.tagDictionary(in: tags)
        guard let type = dict["type"], type == "boundary" || type == "multipolygon",
              let what = AdminAreaCollector.describe(dict), let rings = ringParts.rings(of: b, i) else { return }
        unclosedRings += rings.unclosed
        guard !rings.outer.isEmpty, let polygon = AreaPolygon(rings: rings.outer + rings.inner) else {
            // A country the extract cuts keeps the part of its border there, closed across the cut.
            if what.role == .country, let cut = ringParts.rings(of: b, i, closingCut: true), !cut.outer.isEmpty,
               let polygon = AreaPolygon(rings: cut.outer + cut.inner) {
                cutCountries.append(AdminArea(role: what.role, level: what.level, name: what.name, countryCode: what.countryCode,
                                              osmType: .relation, osmID: b.relationIDs[i], isPlace: what.isPlace, polygon: polygon))
                return
            }
            withoutAnyPolygon += 1
            withoutPolygons[b.relationIDs[i]] = (what.role, what.level)
            return
        }
        closedAreas.append(AdminArea(role: what.role, level: what.level, name: what.name, countryCode: what.countryCode,
                                     osmType: .relation, osmID: b.relationIDs[i], isPlace: what.isPlace, polygon: polygon))
    }

    /// Lets the kept ways go (relations are done).
    func releaseMembers() {
        ringParts.release()
    }

    /// What a boundary, place or postcode polygon is, from its tags; nil when it is none of them.
    static func describe(_ tags: [String: String])
        -> (role: AreaRole, level: Int, name: String, countryCode: String?, isPlace: Bool)? {
        switch tags["boundary"] {
        case "administrative":
            guard let level = Int(tags["admin_level"] ?? ""), let role = AreaRole.of(adminLevel: level),
                  let name = tags["name"]?.trimmed.nonEmpty else { break }
            var code: String?
            if role == .country {
                code = (tags["ISO3166-1:alpha2"] ?? tags["ISO3166-1"] ?? tags["country_code"])?.trimmed.lowercased()
                if code?.count != 2 { code = nil }
            }
            return (role, level, name, code, false)
        case "postal_code":
            guard let code = (tags["postal_code"] ?? tags["ref"] ?? tags["name"])?.trimmed.nonEmpty else { break }
            return (.postcode, 11, code, nil, false)
        default:
            break
        }
        if let place = tags["place"], let (role, level) = AreaRole.of(place: place), let name = tags["name"]?.trimmed.nonEmpty {
            return (role, level, name, nil, true)
        }
        return nil
    }
}
