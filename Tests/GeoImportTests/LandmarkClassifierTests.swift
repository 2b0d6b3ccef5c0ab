// Direct, table-driven tests of LandmarkClassifier.classify: tag dictionaries
// in, kind / category / importance / names out. The importer tests only see
// the classifier through landmark counts of the sample town; here each rule
// (transit first, places by rank and population, which highways are streets,
// parks, unnamed POIs, addresses, name collection) has its own row.
// LandmarkImportanceTests checks the orders the importance numbers make.
import Testing
@testable import GeoImport
@testable import GeoModel

struct ClassifierCase: Sendable, CustomTestStringConvertible {
    var what: String
    var tags: [String: String]
    var type: OSMType = .node
    /// nil: no landmark at all.
    var kind: LandmarkKind?
    var category = ""
    var importance = 0
    /// (key, value) in order.
    var names: [[String]] = []

    var testDescription: String { what }
}

let classifierCases: [ClassifierCase] = [
    // Transit comes first, whatever else the object carries.
    ClassifierCase(what: "bus stop", tags: ["highway": "bus_stop", "public_transport": "platform", "name": "Gare"],
                   kind: .transit, category: "highway=bus_stop", importance: 60, names: [["name", "Gare"]]),
    ClassifierCase(what: "bus stop known by its ref", tags: ["highway": "bus_stop", "ref": "AL1"],
                   kind: .transit, category: "highway=bus_stop", importance: 60, names: [["ref", "AL1"]]),
    ClassifierCase(what: "unnamed bus stop", tags: ["highway": "bus_stop"], kind: .transit, category: "highway=bus_stop",
                   importance: 60),
    ClassifierCase(what: "railway station with a building", tags: ["railway": "station", "public_transport": "station",
                   "building": "train_station", "name": "Gare"], type: .way,
                   kind: .transit, category: "railway=station", importance: 120, names: [["name", "Gare"]]),
    ClassifierCase(what: "ferry terminal on a road node", tags: ["amenity": "ferry_terminal", "name": "Débarcadère"],
                   kind: .transit, category: "amenity=ferry_terminal", importance: 100, names: [["name", "Débarcadère"]]),
    ClassifierCase(what: "gondola station", tags: ["aerialway": "station", "name": "Mont"], kind: .transit,
                   category: "aerialway=station", importance: 90, names: [["name", "Mont"]]),

    // Places: rank by type, + round(8 · log10(population)) up to 50, + 25 for a capital.
    ClassifierCase(what: "country", tags: ["place": "country", "name": "Andorra", "population": "83888"], kind: .place,
                   category: "place=country", importance: 240 + 39, names: [["name", "Andorra"]]),
    ClassifierCase(what: "town", tags: ["place": "town", "name": "Rivebelle"], kind: .place, category: "place=town",
                   importance: 170, names: [["name", "Rivebelle"]]),
    ClassifierCase(what: "town with population", tags: ["place": "town", "name": "Rivebelle", "population": "12345"],
                   kind: .place, category: "place=town", importance: 170 + 33, names: [["name", "Rivebelle"]]),
    ClassifierCase(what: "capital town with population", tags: ["place": "town", "name": "Rivebelle", "population": "12 345",
                   "capital": "yes"], kind: .place, category: "place=town", importance: 170 + 33 + 25, names: [["name", "Rivebelle"]]),
    ClassifierCase(what: "regional capital", tags: ["place": "town", "name": "R", "capital": "4"], kind: .place,
                   category: "place=town", importance: 170, names: [["name", "R"]]),
    ClassifierCase(what: "huge city: population bonus capped", tags: ["place": "city", "name": "M", "population": "20000000"],
                   kind: .place, category: "place=city", importance: 250, names: [["name", "M"]]),
    ClassifierCase(what: "hamlet", tags: ["place": "hamlet", "name": "Les Granges", "population": "85"], kind: .place,
                   category: "place=hamlet", importance: 100 + 15, names: [["name", "Les Granges"]]),
    ClassifierCase(what: "unnamed place", tags: ["place": "locality"], kind: nil),

    // Streets: a named highway way, or a major road (rank ≥ 80) known only by its ref.
    ClassifierCase(what: "named residential", tags: ["highway": "residential", "name": "Rue Grimaldi"], type: .way,
                   kind: .street, category: "highway=residential", importance: 65, names: [["name", "Rue Grimaldi"]]),
    ClassifierCase(what: "unnamed residential", tags: ["highway": "residential"], type: .way, kind: nil),
    ClassifierCase(what: "minor road with only a ref", tags: ["highway": "residential", "ref": "R 1"], type: .way, kind: nil),
    ClassifierCase(what: "motorway with only a ref", tags: ["highway": "motorway", "ref": "A 19"], type: .way,
                   kind: .street, category: "highway=motorway", importance: 110, names: [["ref", "A 19"]]),
    ClassifierCase(what: "tertiary with only a ref", tags: ["highway": "tertiary", "ref": "D 12"], type: .way,
                   kind: .street, category: "highway=tertiary", importance: 80, names: [["ref", "D 12"]]),
    ClassifierCase(what: "named primary with a ref", tags: ["highway": "primary", "name": "Route du Col", "ref": "N 5"],
                   type: .way, kind: .street, category: "highway=primary", importance: 100,
                   names: [["name", "Route du Col"], ["ref", "N 5"]]),
    ClassifierCase(what: "named footway", tags: ["highway": "footway", "name": "Promenade du Lac"], type: .way,
                   kind: .street, category: "highway=footway", importance: 40, names: [["name", "Promenade du Lac"]]),
    ClassifierCase(what: "named crossing way is no street", tags: ["highway": "crossing", "name": "X"], type: .way, kind: nil),
    ClassifierCase(what: "named highway node is no street", tags: ["highway": "traffic_signals", "name": "X"], kind: nil),

    // Parks: a named park way is an area, a park node a POI.
    ClassifierCase(what: "named park way", tags: ["leisure": "park", "name": "Parc des Cèdres"], type: .way, kind: .area,
                   category: "leisure=park", importance: 70, names: [["name", "Parc des Cèdres"]]),
    ClassifierCase(what: "named park node", tags: ["leisure": "park", "name": "Parc des Cèdres"], kind: .poi,
                   category: "leisure=park", importance: 60 + 10, names: [["name", "Parc des Cèdres"]]),

    // POIs: 60 + catalog boost, +30 wikidata/wikipedia, +15 a sight, +10 brand, −20 unnamed, −10 a utility.
    ClassifierCase(what: "named pharmacy", tags: ["amenity": "pharmacy", "name": "Pharmacie du Lac"], kind: .poi,
                   category: "amenity=pharmacy", importance: 70, names: [["name", "Pharmacie du Lac"]]),
    ClassifierCase(what: "unnamed pharmacy is indexed", tags: ["amenity": "pharmacy", "addr:housenumber": "43",
                   "addr:street": "Hauptstraße"], kind: .poi, category: "amenity=pharmacy", importance: 50),
    ClassifierCase(what: "unnamed bench is not", tags: ["amenity": "bench"], kind: nil),
    // A bench is a utility (−10): it ranks below what shares its name.
    ClassifierCase(what: "named bench", tags: ["amenity": "bench", "name": "Banc"], kind: .poi, category: "amenity=bench",
                   importance: 50, names: [["name", "Banc"]]),
    ClassifierCase(what: "named car park", tags: ["amenity": "parking", "name": "Макдоналдс"], type: .way, kind: .poi,
                   category: "amenity=parking", importance: 50, names: [["name", "Макдоналдс"]]),
    ClassifierCase(what: "amenity=no is nothing", tags: ["amenity": "no", "name": "X"], kind: nil),
    ClassifierCase(what: "museum with wikidata", tags: ["tourism": "museum", "name": "Musée", "wikidata": "Q1"], kind: .poi,
                   category: "tourism=museum", importance: 60 + 30 + 30, names: [["name", "Musée"]]),
    // +15 for a sight: a tourism or historic tag beside the classifying one, or heritage.
    ClassifierCase(what: "casino that is a sight, with wikidata", tags: ["amenity": "casino", "name": "Casino de Monte-Carlo",
                   "tourism": "attraction", "wikidata": "Q1"], type: .way, kind: .poi, category: "amenity=casino",
                   importance: 60 + 10 + 30 + 15, names: [["name", "Casino de Monte-Carlo"]]),
    ClassifierCase(what: "shop named by its brand", tags: ["shop": "convenience", "brand": "Spar"], kind: .poi,
                   category: "shop=convenience", importance: 70, names: [["brand", "Spar"]]),
    ClassifierCase(what: "unnamed natural node", tags: ["natural": "tree"], kind: nil),
    ClassifierCase(what: "named peak", tags: ["natural": "peak", "name": "Mont-Rivel"], kind: .poi, category: "natural=peak",
                   importance: 70, names: [["name", "Mont-Rivel"]]),
    ClassifierCase(what: "named lake way", tags: ["natural": "water", "name": "Lac"], type: .way, kind: .area,
                   category: "natural=water", importance: 65, names: [["name", "Lac"]]),

    // Boundaries and buildings.
    // A boundary: 25 below the place type of its level (8: a town, 170), so its town node ranks first.
    ClassifierCase(what: "municipality boundary", tags: ["boundary": "administrative", "admin_level": "8", "name": "R"],
                   type: .relation, kind: .area, category: "boundary=administrative", importance: 145, names: [["name", "R"]]),
    ClassifierCase(what: "country boundary", tags: ["boundary": "administrative", "admin_level": "2", "name": "Andorra"],
                   type: .relation, kind: .area, category: "boundary=administrative", importance: 215, names: [["name", "Andorra"]]),
    ClassifierCase(what: "named house", tags: ["building": "house", "name": "Villa Beau-Site"], type: .way, kind: .area,
                   category: "building=house", importance: 55, names: [["name", "Villa Beau-Site"]]),
    ClassifierCase(what: "POI drawn as a building is a POI", tags: ["building": "hotel", "tourism": "hotel", "name": "H"],
                   type: .way, kind: .poi, category: "tourism=hotel", importance: 70, names: [["name", "H"]]),

    // Addresses: a house number with a street or a place.
    ClassifierCase(what: "address", tags: ["addr:housenumber": "12", "addr:street": "Rue Grimaldi"], type: .way,
                   kind: .address, category: "addr=housenumber", importance: 20),
    ClassifierCase(what: "address on a place", tags: ["addr:housenumber": "3", "addr:place": "Les Granges"], type: .way,
                   kind: .address, category: "addr=housenumber", importance: 20),
    ClassifierCase(what: "named address", tags: ["addr:housenumber": "3", "addr:street": "Rue", "name": "Chalet"],
                   kind: .address, category: "addr=housenumber", importance: 20, names: [["name", "Chalet"]]),
    // An address until the import gives it the nearest street (or leaves it out: NearestStreetTests).
    ClassifierCase(what: "house number alone", tags: ["addr:housenumber": "3"],
                   kind: .address, category: "addr=housenumber", importance: 20),
    ClassifierCase(what: "blank house number alone", tags: ["addr:housenumber": " "], kind: nil),
    ClassifierCase(what: "nothing", tags: ["created_by": "JOSM"], kind: nil),
]

@Suite struct LandmarkClassifierTests {
    @Test(arguments: classifierCases)
    func classify(_ c: ClassifierCase) {
        let result = LandmarkClassifier.classify(c.tags, type: c.type)
        guard let kind = c.kind else {
            #expect(result == nil, "\(c.what): \(String(describing: result))")
            return
        }
        guard let r = result else {
            Issue.record("\(c.what): no landmark")
            return
        }
        #expect(r.kind == kind, "\(c.what)")
        #expect("\(r.key)=\(r.value)" == c.category, "\(c.what)")
        #expect(r.importance == c.importance, "\(c.what)")
        #expect(r.names.map { [$0.key, $0.value] } == c.names, "\(c.what)")
    }

    @Test func populationAndCapitalRaiseAPlacesImportance() throws {
        func rank(_ extra: [String: String]) throws -> Int {
            try #require(LandmarkClassifier.classify(["place": "town", "name": "T"].merging(extra) { a, _ in a }, type: .node)).importance
        }
        let plain = try rank([:]), populated = try rank(["population": "12345"])
        let capital = try rank(["population": "12345", "capital": "yes"]), national = try rank(["population": "12345", "capital": "2"])
        #expect(plain < populated && populated < capital)
        #expect(capital == national)
        #expect(try rank(["population": "0"]) == plain)
        #expect(try rank(["population": "unknown"]) == plain)
    }

    @Test func namesAreCollectedNameFirstThenByKey() {
        let names = LandmarkClassifier.collectNames([
            "name": "Musée alpin", "name:de": "Alpines Museum", "alt_name": "Museum;Musée des Alpes",
            "old_name": "Musée alpin",                    // duplicate of name: kept once
            "name:etymology:wikidata": "Q42", "name:source": "survey", "alt_name:wikipedia": "x",
            "official_name": "  ", "short_name": "MA", "not:name": "x", "description": "x",
        ], includeRef: false)
        #expect(names.map { [$0.key, $0.value] } == [
            ["name", "Musée alpin"], ["alt_name", "Museum"], ["alt_name", "Musée des Alpes"], ["name:de", "Alpines Museum"],
            ["short_name", "MA"],
        ])
    }

    @Test func semicolonListsSplitAndRefOnlyWhenAsked() {
        let tags = ["name": "Gare; Bahnhof ;", "ref": "A;B", "name:en": "Station"]
        #expect(LandmarkClassifier.collectNames(tags, includeRef: false).map(\.value) == ["Gare", "Bahnhof", "Station"])
        #expect(LandmarkClassifier.collectNames(tags, includeRef: true).map(\.value) == ["Gare", "Bahnhof", "Station", "A", "B"])
    }

    @Test func nameValuesAreTrimmedAndBlankNamesDoNotCount() {
        let padded = LandmarkClassifier.classify(["shop": "bakery", "name": "  Boulangerie Favre "], type: .node)
        #expect(padded?.names.first?.value == "Boulangerie Favre")
        // A blank name is no name: an unnamed bench is still nothing.
        #expect(LandmarkClassifier.classify(["amenity": "bench", "name": "   "], type: .node) == nil)
        // A translation alone names a POI (names need not include `name`).
        #expect(LandmarkClassifier.classify(["amenity": "bench", "name:de": "Bank"], type: .node)?.names.map(\.key) == ["name:de"])
    }

    @Test func metaKeysDescribeNamesRatherThanBeingNames() {
        for key in ["name:etymology:wikidata", "name:etymology", "name:source", "name:pronunciation", "alt_name:wikidata"] {
            #expect(LandmarkClassifier.isMetaKey(key), "\(key)")
        }
        for key in ["name:de", "name:zh-Hant", "alt_name", "official_name:fr"] {
            #expect(!LandmarkClassifier.isMetaKey(key), "\(key)")
        }
    }
}
