// How much a landmark matters before anyone types anything: the importance
// (0–255) stored per landmark, which search adds to text quality and distance.
// One place for the numbers, so the order they make is easy to read and test:
// places by what they are and how many live there; well-known objects by
// Wikidata/Wikipedia, tourism and historic tags and the size of their area;
// boundaries always a step below the place they bound, and never above a place
// node of their own name (the country below its country node, a municipality
// below its town).
import Foundation
import GeoBase
import GeoModel

enum LandmarkImportance {
    // MARK: Places

    /// A `place=*` by its type, before population and capital status.
    static let placeRanks: [String: Int] = [
        "country": 240, "state": 210, "region": 190, "province": 190, "county": 175,
        "city": 200, "town": 170, "municipality": 150, "district": 150, "village": 140, "borough": 130,
        "suburb": 130, "island": 125, "quarter": 115, "hamlet": 100, "neighbourhood": 95, "islet": 80,
        "locality": 70, "square": 70, "city_block": 60, "isolated_dwelling": 60, "farm": 50, "plot": 40,
    ]
    /// + round(8 · log10(population)), at most this much.
    static let populationBonusMax = 50
    static let populationFactor = 8.0
    /// A national capital (`capital=yes` or `2`).
    static let capitalBonus = 25

    static func place(_ tags: [String: String], type place: String) -> Int {
        var rank = placeRanks[place] ?? 60
        if let pop = tags["population"].flatMap(parsePopulation), pop > 0 {
            rank += min(populationBonusMax, Int((log10(Double(pop)) * populationFactor).rounded()))
        }
        if tags["capital"] == "yes" || tags["capital"] == "2" { rank += capitalBonus }
        return rank
    }

    static func parsePopulation(_ s: String) -> Int? {
        Int(s.filter { $0.isNumber })
    }

    // MARK: Streets and transit

    /// A named `highway=*` way by its type (50 for the types not listed).
    static let streetRanks: [String: Int] = [
        "motorway": 110, "trunk": 105, "primary": 100, "secondary": 90, "tertiary": 80, "unclassified": 65,
        "residential": 65, "living_street": 60, "pedestrian": 65, "motorway_link": 50, "trunk_link": 50,
        "primary_link": 50, "secondary_link": 50, "tertiary_link": 50, "service": 40, "track": 35, "road": 50,
        "footway": 40, "cycleway": 40, "path": 35, "steps": 35, "bridleway": 35, "busway": 45,
    ]
    static let otherStreet = 50
    /// Streets at least this important are landmarks by their `ref` alone (a numbered road without a name).
    static let majorStreet = 80

    static func street(_ highway: String) -> Int { streetRanks[highway] ?? otherStreet }

    static func isMajorStreet(_ highway: String) -> Bool { (streetRanks[highway] ?? 0) >= majorStreet }

    /// A stop or station by its tag (60 for the others).
    static let transitRanks: [CategoryTag: Int] = [
        "railway=station": 120, "railway=halt": 90, "railway=tram_stop": 70, "railway=subway_entrance": 55,
        "amenity=ferry_terminal": 100, "amenity=bus_station": 100, "aerialway=station": 90,
        "public_transport=station": 110, "highway=bus_stop": 60, "public_transport=platform": 55,
    ]
    static let otherTransit = 60

    static func transit(_ t: (key: String, value: String)) -> Int {
        transitRanks[CategoryTag(key: t.key, value: t.value)] ?? otherTransit
    }

    // MARK: Boundaries

    /// The place type an `admin_level` stands for: 2 country, 3–4 state, 5–6 county, 7–8 town,
    /// 9–10 suburb, deeper a neighbourhood.
    static func placeType(adminLevel level: Int) -> String {
        switch level {
        case ...2: "country"
        case 3...4: "state"
        case 5...6: "county"
        case 7...8: "town"
        case 9...10: "suburb"
        default: "neighbourhood"
        }
    }

    /// A boundary starts this far below the place type of its level; its area's size adds to
    /// that, up to one below the place type: a boundary never outranks a place node of its level.
    static let boundaryBelowPlace = 25

    /// Importance and ceiling of a `boundary=administrative` area of `admin_level` `level`.
    static func boundary(adminLevel level: Int) -> (importance: Int, ceiling: Int) {
        let place = placeRanks[placeType(adminLevel: level)] ?? 95
        return (place - boundaryBelowPlace, place - 1)
    }

    // MARK: Objects

    /// A POI: the catalog's boost for its category plus what makes it known.
    static let poiBase = 60
    /// `wikidata` or `wikipedia`: someone wrote about it.
    static let wikiBonus = 30
    /// A `tourism` or `historic` tag beside the one that classified it (a casino that is also
    /// `tourism=attraction`), or `heritage=*`: a sight, not only a service.
    static let sightBonus = 15
    /// `brand` or `brand:wikidata`: a chain people know by name.
    static let brandBonus = 10
    /// Known only by its category (an unnamed pharmacy).
    static let unnamedPenalty = 20
    /// A car park, toilets, a bench: services that share the name of what they serve ("McDonald's"
    /// parking) rank below it, and their size says nothing about how known they are.
    static let utilityPenalty = 10
    static let utilities: Set<CategoryTag> = [
        "amenity=parking", "amenity=parking_space", "amenity=parking_entrance", "amenity=bicycle_parking",
        "amenity=motorcycle_parking", "amenity=toilets", "amenity=bench", "amenity=shelter", "amenity=recycling",
        "amenity=waste_basket", "amenity=waste_disposal", "amenity=fuel", "amenity=charging_station",
        "amenity=car_wash", "amenity=vending_machine",
    ]
    static let sightTourism: Set<String> = ["attraction", "museum", "gallery", "viewpoint", "zoo", "theme_park", "artwork"]

    static func poi(_ tags: [String: String], key: String, value: String, boost: Int, named: Bool) -> Int {
        var rank = poiBase + boost
        if tags["wikidata"] != nil || tags["wikipedia"] != nil { rank += wikiBonus }
        if isSight(tags, classifiedBy: key) { rank += sightBonus }
        if tags["brand"] != nil || tags["brand:wikidata"] != nil { rank += brandBonus }
        if !named { rank -= unnamedPenalty }
        if isUtility(key: key, value: value) { rank -= utilityPenalty }
        return rank
    }

    /// A named park, garden or nature reserve; a named natural area (not a beach); a postcode area.
    static let openSpace = 70
    static let naturalArea = 65
    static let postcodeArea = 70
    /// A named building, before what makes it known; an address without a name.
    static let buildingBase = 55
    static let address = 20

    static func building(_ tags: [String: String]) -> Int {
        var rank = buildingBase
        if tags["wikidata"] != nil || tags["wikipedia"] != nil { rank += wikiBonus }
        if isSight(tags, classifiedBy: "building") { rank += sightBonus }
        return rank
    }

    static func isSight(_ tags: [String: String], classifiedBy key: String) -> Bool {
        if let t = tags["tourism"], key != "tourism", sightTourism.contains(t) { return true }
        if let h = tags["historic"], key != "historic", h != "no" { return true }
        if let h = tags["heritage"], h != "no" { return true }
        return false
    }

    static func isUtility(key: String, value: String) -> Bool { utilities.contains(CategoryTag(key: key, value: value)) }

    // MARK: Size

    /// Larger areas matter more: + ⌊17 · log10(diagonal / 50 m)⌋, at most this (a box of ~10 km).
    static let sizeBonusMax = 40

    static func sizeBonus(_ box: FixedBoundingBox) -> Int {
        let diag = box.boundingBox.center.distance(to: Coordinate(lat: Double(box.maxLat) / 1e7, lon: Double(box.maxLon) / 1e7))
        guard diag > 50 else { return 0 }
        return min(sizeBonusMax, Int(log10(diag / 50) * 17))
    }

    /// The importance of an object drawn as a way or relation: its own plus the size bonus when
    /// size says something about it, never above its ceiling.
    static func withSize(_ c: LandmarkClassification, box: FixedBoundingBox) -> Int {
        let size = isUtility(key: c.key, value: c.value) ? 0 : sizeBonus(box)
        return min(c.importance + size, c.ceiling)
    }

    // MARK: Boundaries below their places

    /// Lowers every boundary and place area below the place node of the same name inside its
    /// box (Andorra's country relation below the country node, a parish below its town), so the
    /// node ranks first and search shows the two as one.
    static func rankAreasBelowTheirPlaces(_ drafts: inout [LandmarkDraft]) {
        var nodes: [String: [(point: FixedCoordinate, importance: UInt8)]] = [:]
        for d in drafts where d.kind == .place && d.osmType == .node {
            guard let name = d.names.first?.value else { continue }
            nodes[TextNormalizer.normalize(name), default: []].append((d.point, d.importance))
        }
        guard !nodes.isEmpty else { return }
        for i in drafts.indices where isPlaceArea(drafts[i]) {
            guard let name = drafts[i].names.first?.value, let box = drafts[i].bbox,
                  let same = nodes[TextNormalizer.normalize(name)] else { continue }
            for n in same where box.contains(n.point) && drafts[i].importance >= n.importance {
                drafts[i].importance = n.importance == 0 ? 0 : n.importance - 1
            }
        }
    }

    /// An administrative boundary, or a place drawn as an area.
    static func isPlaceArea(_ d: LandmarkDraft) -> Bool {
        d.osmType != .node
            && (d.kind == .place || d.kind == .area && d.categoryKey == "boundary" && d.categoryValue == "administrative")
    }
}
