// A small generated town for the per-language search tests: unnamed and named
// POIs of the categories people search by type, streets whose names carry the
// full street-type word in twelve languages ("Avinguda Meritxell",
// "проспект Мира", "Mannerheimintie"), house numbers on some of them, and
// addresses and streets whose names merely resemble a category word
// ("улица Кашёнкин Луг" for "кафе", "Apothekergasse", "Hotellikatu").
// Written as OSM XML to a temporary file and indexed once per test process.
import Foundation
import Testing
import GeoBase
import GeoFormat
@testable import GeoSearch
import GeoTestSupport

enum CategoryWordsFixture {
    /// Node id → tags of the POIs, all within a few hundred metres of `center`.
    static let pois: [(id: Int, tags: [String: String])] = [
        (1, ["amenity": "pharmacy"]),
        (2, ["amenity": "cafe", "name": "Café Regatta"]),
        (3, ["amenity": "cafe"]),
        (4, ["amenity": "restaurant", "name": "Chez Paul"]),
        (5, ["amenity": "atm"]),
        (6, ["amenity": "fuel"]),
        (7, ["tourism": "hotel", "name": "Bellevue"]),
        (8, ["amenity": "toilets"]),
        (9, ["amenity": "parking"]),
        (10, ["shop": "bakery", "name": "Martin"]),
        (11, ["shop": "supermarket"]),
        (12, ["amenity": "post_office"]),
        (13, ["amenity": "bank", "name": "Union"]),
        (14, ["amenity": "hospital", "name": "St Mary"]),
        (15, ["railway": "station", "name": "Central"]),
        (16, ["highway": "bus_stop"]),
        (17, ["amenity": "police"]),
        (18, ["amenity": "library"]),
        (19, ["amenity": "dentist"]),
        (20, ["shop": "convenience"]),
        (21, ["amenity": "bar", "name": "Blue Note"]),
        (22, ["tourism": "museum", "name": "Flora"]),
        (23, ["amenity": "school"]),
        (24, ["amenity": "kindergarten"]),
        (25, ["amenity": "cinema", "name": "Rex"]),
        (26, ["amenity": "fast_food", "name": "Wok"]),
        (27, ["amenity": "marketplace"]),
        (28, ["amenity": "place_of_worship", "religion": "christian", "name": "St Peter"]),
        (29, ["leisure": "swimming_pool"]),
        (30, ["leisure": "park", "name": "Rosenhain"]),
        (31, ["amenity": "townhall"]),
        (32, ["amenity": "taxi"]),
        (33, ["shop": "hairdresser", "name": "Figaro"]),
    ]

    /// Way id → street name; each way is a short east–west segment of its own.
    static let streets: [(id: Int, name: String)] = [
        (201, "Baker Street"),
        (202, "Avenue Victor Hugo"), (203, "Rue Grimaldi"), (204, "Impasse des Lilas"), (205, "Chemin des Vignes"),
        (206, "Boulevard Albert Premier"), (207, "Place d'Armes"),
        (208, "Hauptstraße"), (209, "Apothekergasse"),
        (210, "Via Roma"), (211, "Piazza Garibaldi"), (212, "Corso Vittorio Emanuele"), (213, "Viale dei Mille"),
        (214, "Calle Mayor"), (215, "Avenida de la Constitución"), (216, "Plaza de España"), (217, "Paseo del Prado"),
        (218, "Avinguda Meritxell"), (219, "Carrer de la Unió"), (220, "Plaça del Poble"), (221, "Passeig de la Riba"),
        (222, "Rua Augusta"), (223, "Avenida da Liberdade"), (224, "Praça do Comércio"), (225, "Travessa do Carmo"),
        (226, "Kalverstraat"), (227, "Stationsplein"), (228, "Herengracht"),
        (229, "Aleje Jerozolimskie"), (230, "plac Zbawiciela"), (231, "Marszałkowska"),
        (232, "Новодмитровская улица"), (233, "проспект Мира"), (234, "Ленинградское шоссе"),
        (235, "Фрунзенская набережная"), (236, "Тверской бульвар"), (237, "Малый Козихинский переулок"),
        (238, "1-й Ботанический проезд"), (239, "улица Кашёнкин Луг"),
        (240, "Mannerheimintie"), (241, "Aleksanterinkatu"), (242, "Hotellikatu"),
        (244, "Drottninggatan"), (245, "Sveavägen"),
    ]

    /// Node id → (street, house number): addresses, some of them on streets that resemble a category word.
    static let addresses: [(id: Int, street: String, number: String)] = [
        (50, "улица Кашёнкин Луг", "1"), (51, "улица Кашёнкин Луг", "3"), (52, "улица Кашёнкин Луг", "5"),
        (53, "улица Кашёнкин Луг", "7"), (54, "Apothekergasse", "3"), (60, "Hauptstraße", "5"),
        (61, "Avinguda Meritxell", "11"), (62, "Kalverstraat", "92"), (63, "Marszałkowska", "10"),
        (64, "Mannerheimintie", "13"), (65, "Aleksanterinkatu", "52"), (66, "Drottninggatan", "5"),
        (67, "Baker Street", "221"),
    ]

    static let center = Coordinate(lat: 46.003, lon: 7.0025)

    static func street(_ id: Int) -> (lat: Double, lon: Double) {
        (46.0 + Double(id - 200) * 0.0003, 7.0)
    }

    static var osm: String {
        var w = OSMXMLWriter()
        for (k, p) in pois.enumerated() {
            w.node(p.id, 46.002 + Double(k % 6) * 0.0004, 7.003 + Double(k / 6) * 0.0004, p.tags)
        }
        for a in addresses {
            let id = streets.first { $0.name == a.street }!.id
            let (lat, lon) = street(id)
            w.node(a.id, lat + 0.00005, lon + 0.001, ["addr:street": a.street, "addr:housenumber": a.number])
        }
        for s in streets {
            let highway = s.name.hasPrefix("Pla") || s.name.hasPrefix("Pia") || s.name.hasPrefix("Pra") ? "pedestrian" : "residential"
            let (lat, lon) = street(s.id)
            w.street(s.id, name: s.name, highway: highway, lat: lat, lon: lon, firstNode: 1000 + s.id * 2)
        }
        return w.text
    }

    /// Built once per process.
    static let engine: Result<SearchEngine, any Error> = Result {
        SearchEngine(index: try TestData.index(ofXML: osm, named: "category-words-fixture.osm", roads: false))
    }

    static func search(_ text: String, limit: Int = 10) throws -> [SearchResult] {
        var o = SearchOptions()
        o.near = center
        o.limit = limit
        return try engine.get().search(text, options: o).results
    }
}

/// Checks that each query's first result is the landmark `osm` ("n1", "w218").
func expectFirst(_ cases: [(query: String, osm: String)], sourceLocation: SourceLocation = #_sourceLocation) throws {
    for c in cases {
        let r = try CategoryWordsFixture.search(c.query)
        #expect(r.first?.osm?.description == c.osm, "\"\(c.query)\" → \(r.prefix(3).map { "\($0.osm) \($0.name)" })",
                sourceLocation: sourceLocation)
    }
}

/// Checks that each category word's first results are of `category` and include `osm`.
func expectCategory(_ cases: [(query: String, category: String, osm: String)],
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
    for c in cases {
        let r = try CategoryWordsFixture.search(c.query)
        #expect(r.first?.category.description == c.category && r.contains { $0.osm?.description == c.osm },
                "\"\(c.query)\" → \(r.prefix(3).map { "\($0.osm) \($0.category) \($0.name)" })", sourceLocation: sourceLocation)
    }
}
