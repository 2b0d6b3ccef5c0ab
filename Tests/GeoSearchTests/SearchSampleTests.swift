// Search on the bundled sample town (samples/README.md lists its facts):
// prefixes, typos, accents, abbreviations, categories, house numbers and
// ranges, filters, languages, deduplication, grouping and the session API.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoModel
@testable import GeoSearch
import GeoTestSupport

private let center = Coordinate(lat: 46.2, lon: 6.8)

private func town() throws -> SearchEngine {
    SearchEngine(index: try TestData.index(of: TestData.sample("town.osm")))
}

private func search(_ text: String, near: Coordinate? = center, limit: Int = 10,
                    configure: (inout SearchOptions) -> Void = { _ in }) throws -> SearchResponse {
    var o = SearchOptions()
    o.near = near
    o.limit = limit
    configure(&o)
    return try town().search(text, options: o)
}

@Test func sampleTownHasTheDocumentedLandmarks() throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    var byKind: [LandmarkKind: Int] = [:]
    for i in 0..<index.count { byKind[index.kind(i), default: 0] += 1 }
    #expect(byKind == [.poi: 35, .address: 55, .street: 20, .place: 6, .transit: 12, .area: 8])
}

@Test func prefixFindsNamesAndHighlightsTheTypedPart() throws {
    let r = try search("hôtel de la g")
    #expect(r.results.first?.name == "Hôtel de la Gare")
    #expect(r.results.first?.osm == "n20001")
    #expect(r.results.first?.subtitle == "Hotel · 41 Avenue de la Gare, 1899 Rivebelle")
    #expect(r.results.first.map { $0.highlights.map { [$0.start, $0.length] } } == [[0, 5], [6, 2], [9, 2], [12, 1]])
}

@Test func accentsAndCaseDoNotMatter() throws {
    #expect(try search("HOTEL DE LA GARE").results.first?.osm == "n20001")
    #expect(try search("cafe muller").results.first?.name == "Café Müller")
    #expect(try search("eglise saint-martin").results.first?.osm == "w403")
}

@Test func oneTypoIsForgivenButExactMatchesComeFirst() throws {
    let r = try search("belleveu")
    #expect(r.results.first?.name == "Hotel Bellevue")
    #expect(r.results.first.map { !$0.highlights.isEmpty } == true)
    // "Hotel" typed right ranks an exact match above any typo match.
    let h = try search("hotel ")
    #expect(h.results.allSatisfy { $0.name.lowercased().contains("hotel") || $0.name.lowercased().contains("hôtel") || $0.category == "tourism=hotel" })
}

@Test func wordOrderDoesNotMatter() throws {
    #expect(try search("paris cafe de").results.first?.name == "Café de Paris")
}

@Test func abbreviationsWorkBothWays() throws {
    #expect(try search("qu st jean").results.contains { $0.name == "Quai Saint-Jean" })
    #expect(try search("hauptstr 12").results.first?.osm == "w512")
}

@Test func categoryWordsFindUnnamedPlaces() throws {
    let pharmacies = try search("pharmacy")
    #expect(Set(pharmacies.results.map(\.osm)) == ["n20012", "n20013"])
    #expect(pharmacies.results.allSatisfy { $0.icon == "pharmacy" })
    let atm = try search("atm")
    #expect(atm.results.contains { $0.osm == "n20014" && $0.name == "ATM" })
    let stops = try search("bus stop")
    #expect(stops.results.count >= 5 && stops.results.allSatisfy { $0.kind == .transit })
}

@Test func houseNumbersInEitherOrder() throws {
    #expect(try search("12 rue grimaldi").results.first?.osm == "w503")
    #expect(try search("rue grimaldi 12").results.first?.osm == "w503")
    // "12" as typed also offers 12a, not 120.
    let twelve = try search("rue grimaldi 12").results.prefix(2).map(\.osm)
    #expect(Set(twelve) == ["w503", "n30013"])
    // A number missing on the street still finds the street.
    #expect(try search("rue grimaldi 99").results.first?.osm?.description.hasPrefix("w11") == true)
}

@Test func numberRangesMatchAddressesInside() throws {
    // 10-14 Rue de l'Église is the only 12 there.
    #expect(try search("12 rue de l'eglise").results.first?.osm == "w591")
    #expect(try search("10-14 eglise").results.first?.osm == "w591")
}

@Test func numberAloneNearAPointFindsNearbyNumbers() throws {
    let r = try search("12")
    #expect(r.results.count >= 5)
    #expect(r.results.allSatisfy { $0.kind == .address })
    let d = r.results.compactMap(\.distance)
    #expect(d.first! <= d.last!)
}

@Test func aStreetOfManyWaysIsOneResult() throws {
    let r = try search("rue grimaldi", limit: 20) { $0.kinds = [.street] }
    #expect(r.results.map(\.name) == ["Rue Grimaldi"])
    #expect(r.results[0].bbox != nil)
    #expect(r.results[0].action == .substitute && r.results[0].displayText == "Rue Grimaldi, ")
}

@Test func sameNamedStreetsFarApartStayTwo() throws {
    let r = try search("rue du moulin", limit: 20) { $0.kinds = [.street] }
    #expect(r.results.count == 2)
}

@Test func distanceOrdersEqualMatches() throws {
    // Two Rue du Moulin: the one near the hint comes first.
    let west = try search("rue du moulin 12", near: Coordinate(lat: 46.1985, lon: 6.7885)).results.first?.osm
    let east = try search("rue du moulin 12", near: Coordinate(lat: 46.2045, lon: 6.8120)).results.first?.osm
    #expect(west != east)
    #expect(Set([west, east]) == ["w530", "w533"])
}

@Test func windowAndRadiusExcludeOutsideResults() throws {
    let all = try search("rue", limit: 50)
    let box = BoundingBox(minLon: 6.795, minLat: 46.197, maxLon: 6.802, maxLat: 46.203)
    let inBox = try search("rue", limit: 50) { $0.window = box }
    #expect(!inBox.results.isEmpty && inBox.results.count < all.results.count)
    #expect(inBox.results.allSatisfy { box.contains($0.coordinate) })
    let near = try search("rue", limit: 50) { $0.radius = 200 }
    let area = BoundingBox(around: center, meters: 200)
    #expect(near.results.allSatisfy { area.contains($0.coordinate) })
}

@Test func kindsFilterAndLimit() throws {
    let r = try search("r", limit: 3) { $0.kinds = [.transit] }
    #expect(r.results.count == 3 && r.results.allSatisfy { $0.kind == .transit })
}

@Test func languagePicksTranslatedNames() throws {
    let de = try search("cafe de paris") { $0.language = "de" }
    #expect(de.results.first?.name == "Café von Paris")
    let ru = try search("Ривбель")
    #expect(ru.results.first?.osm == "n50001")
    #expect(try search("rivabella").results.first?.osm == "n50001")
}

@Test func entitiesAndStrayBlanksInNamesAreClean() throws {
    #expect(try search("bar & grill").results.first?.name == "Bar & Grill \"L'Escale\"")
    #expect(try search("boulangerie").results.first?.name == "Boulangerie Favre")
}

@Test func groupingClustersNearbyResults() throws {
    let r = try search("rue", limit: 30) { $0.groupDistance = 300 }
    #expect(!r.groups.isEmpty)
    #expect(r.groups.reduce(0) { $0 + $1.members.count } == r.results.count)
    for g in r.groups {
        for m in g.members { #expect(r.results[m].coordinate.distance(to: r.results[g.members[0]].coordinate) <= 300) }
    }
}

@Test func areaCoversAllResults() throws {
    let r = try search("hotel")
    let a = try #require(r.area)
    #expect(r.results.allSatisfy { a.contains($0.coordinate) })
}

@Test func nothingFoundIsAnEmptyAnswer() throws {
    #expect(try search("zzzzqqqq").results.isEmpty)
    #expect(try search("   ").results.isEmpty)
}

@Test func sessionsShareOneIndexAcrossThreads() async throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    var o = SearchOptions()
    o.near = center
    let options = o
    let session = SearchSession(index: index, options: options)
    let names = try await withThrowingTaskGroup(of: String?.self) { group in
        for q in ["hotel", "cafe", "rue grimaldi", "pharmacy", "12", "gare"] {
            group.addTask { SearchEngine(index: index).search(q, options: options).results.first?.name }
        }
        var out: [String?] = []
        for try await n in group { out.append(n) }
        return out
    }
    #expect(names.allSatisfy { $0 != nil })
    let r = await session.search("musee")
    #expect(r.results.first?.name == "Musée alpin de Rivebelle")
    #expect(!r.cancelled)
}
