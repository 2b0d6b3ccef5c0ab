// The ranking rules of issue 12 on a small made-up country, one test each: a
// place node before its boundary and shown once with it, open border ways no
// landmarks; a category word ("casino") puts the casinos above shops that have
// the word in their name; only the same thing merges (a car park and a
// restaurant of one name stay two); and a one- or two-letter prefix near a hint
// keeps half the page for what is near. RealDataRankingTests checks the same on
// real extracts.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoModel
@testable import GeoSearch
import GeoTestSupport

private func node(_ id: Int, _ lat: Double, _ lon: Double, _ tags: [String: String] = [:]) -> String {
    let t = tags.sorted { $0.key < $1.key }.map { "<tag k=\"\($0.key)\" v=\"\($0.value)\"/>" }.joined()
    return "  <node id=\"\(id)\" lat=\"\(lat)\" lon=\"\(lon)\">\(t)</node>"
}

private func way(_ id: Int, _ refs: [Int], _ tags: [String: String] = [:]) -> String {
    let nd = refs.map { "<nd ref=\"\($0)\"/>" }.joined()
    let t = tags.sorted { $0.key < $1.key }.map { "<tag k=\"\($0.key)\" v=\"\($0.value)\"/>" }.joined()
    return "  <way id=\"\(id)\">\(nd)\(t)</way>"
}

/// A closed ring of four corner nodes (ids first…first+3) and its way.
private func ring(_ wayID: Int, first: Int, _ minLat: Double, _ minLon: Double, _ maxLat: Double, _ maxLon: Double,
                  _ tags: [String: String] = [:]) -> [String] {
    [node(first, minLat, minLon), node(first + 1, minLat, maxLon), node(first + 2, maxLat, maxLon), node(first + 3, maxLat, minLon),
     way(wayID, [first, first + 1, first + 2, first + 3, first], tags)]
}

private func boundary(_ id: Int, outer: Int, level: Int, name: String) -> String {
    "  <relation id=\"\(id)\"><member type=\"way\" ref=\"\(outer)\" role=\"outer\"/><tag k=\"admin_level\" v=\"\(level)\"/>"
        + "<tag k=\"boundary\" v=\"administrative\"/><tag k=\"name\" v=\"\(name)\"/><tag k=\"type\" v=\"boundary\"/></relation>"
}

/// Where the near-share tests stand: far from the towns, among eight streets.
private let hint = Coordinate(lat: 42.6, lon: 1.7)
private let nearStreets = ["Major", "Nou", "Sant Jordi", "Prat", "Bonavida", "Mossen", "Tremat", "Font"]
private let farTowns = ["Canillo", "Cabó", "Calbinyà", "Cal Gat", "Canòlich", "Casamanya", "Castellar", "Cassany"]

private let fixtureOSM: String = {
    var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<osm version=\"0.6\">"]
    // A country: its node, its boundary relation, its capital with a parish of the same name.
    lines.append(node(1, 42.55, 1.58, ["place": "country", "name": "Andorra", "population": "83888"]))
    lines.append(node(2, 42.507, 1.521, ["place": "town", "name": "Andorra la Vella", "population": "24678", "capital": "yes"]))
    lines.append(node(3, 42.55, 1.53, ["amenity": "arts_centre", "name": "Auditori Nacional d'Andorra"]))
    lines += ring(1, first: 101, 42.40, 1.40, 42.70, 1.80)
    lines += ring(2, first: 105, 42.48, 1.47, 42.53, 1.56)
    // A stretch of border drawn as an open way: no landmark.
    lines += [node(109, 42.65, 1.45), node(110, 42.66, 1.50),
              way(3, [109, 110], ["boundary": "administrative", "admin_level": "2", "name": "France — Andorra"])]
    // Casinos and shops with the word in their name.
    lines.append(node(10, 42.520, 1.540, ["amenity": "casino", "name": "Grand Casino"]))
    lines.append(node(11, 42.5205, 1.5405, ["shop": "convenience", "name": "Casino", "brand": "Casino"]))
    lines.append(node(12, 42.521, 1.541, ["shop": "supermarket", "name": "Petit Casino"]))
    lines.append(node(13, 42.530, 1.550, ["amenity": "casino", "name": "Casino Royal", "wikidata": "Q1", "tourism": "attraction"]))
    // A restaurant in its car park, both called Макдоналдс; two branches of one chain 100 m apart.
    lines.append(node(20, 42.5100, 1.5300, ["amenity": "fast_food", "name": "Макдоналдс"]))
    lines += ring(20, first: 201, 42.5097, 1.5296, 42.5103, 1.5304, ["amenity": "parking", "name": "Макдоналдс"])
    lines.append(node(21, 42.5150, 1.5300, ["amenity": "fast_food", "name": "Burger Hut"]))
    lines.append(node(22, 42.5159, 1.5300, ["amenity": "fast_food", "name": "Burger Hut"]))
    // Near the hint: eight short streets "Carrer …" and two addresses; far from it, eight towns "C…".
    for (k, name) in nearStreets.enumerated() {
        let lat = hint.lat + Double(k % 4) * 0.001 - 0.0015, lon = hint.lon + Double(k / 4) * 0.002 - 0.001
        lines += [node(300 + 2 * k, lat, lon), node(301 + 2 * k, lat, lon + 0.0008),
                  way(300 + k, [300 + 2 * k, 301 + 2 * k], ["highway": "residential", "name": "Carrer \(name)"])]
    }
    lines.append(node(40, hint.lat, hint.lon, ["addr:housenumber": "1", "addr:street": "Carrer Major"]))
    lines.append(node(41, hint.lat + 0.0001, hint.lon, ["addr:housenumber": "2", "addr:street": "Carrer Major"]))
    for (k, name) in farTowns.enumerated() {
        lines.append(node(50 + k, 42.45 + Double(k) * 0.02, 1.45 + Double(k % 3) * 0.02,
                          ["place": "town", "name": name, "population": "\(3000 + 700 * k)"]))
    }
    lines.append(boundary(1, outer: 1, level: 2, name: "Andorra"))
    lines.append(boundary(2, outer: 2, level: 7, name: "Andorra la Vella"))
    lines.append("</osm>")
    return lines.joined(separator: "\n")
}()

private let fixture: Result<LandmarkIndex, any Error> = Result {
    let path = TestData.tempPath("ranking-rules-fixture.osm")
    try fixtureOSM.write(toFile: path, atomically: true, encoding: .utf8)
    return try TestData.index(of: path, roads: false)
}

private func search(_ text: String, near: Coordinate? = nil, limit: Int = 10, limits: CandidateLimits = .standard,
                    configure: (inout SearchOptions) -> Void = { _ in }) throws -> [SearchResult] {
    var o = SearchOptions()
    o.near = near
    o.limit = limit
    configure(&o)
    return SearchEngine(index: try fixture.get(), limits: limits).search(text, options: o).results
}

@Suite struct RankingRulesTests {
    @Test func aCountryNodeComesFirstAndItsBoundaryIsNotShownBeside() throws {
        let r = try search("andorra")
        #expect(r.first?.osm == "n1" && r.first?.kind == .place)
        #expect(r.dropFirst().first?.name == "Andorra la Vella" && r.dropFirst().first?.kind == .place)
        // The boundary relations are the same things as the nodes: merged, not listed again.
        #expect(!r.contains { $0.osm == "r1" || $0.osm == "r2" })
        #expect(r.filter { $0.name == "Andorra" }.count == 1)
        // The open border way is no landmark at all.
        #expect(try search("france").isEmpty)
        // Asked for areas only, the boundary is there.
        #expect(try search("andorra") { $0.kinds = [.area] }.first?.osm == "r1")
    }

    @Test func aCategoryWordPutsTheCategoryAboveNamesThatHaveTheWord() throws {
        let r = try search("casino")
        #expect(r.prefix(2).map(\.osm) == ["n13", "n10"], "\(r.map { "\($0.name) \($0.category)" })")
        #expect(r.dropFirst(2).allSatisfy { $0.category.key == "shop" })
        // Still typing the word, the casinos still come first.
        #expect(try search("casin").prefix(2).allSatisfy { $0.category == "amenity=casino" })
        // A shop at the hint does not beat a plain casino 80 m away.
        let nearShop = Coordinate(lat: 42.5206, lon: 1.5406)
        #expect(try search("casino", near: nearShop).first?.category == "amenity=casino")
    }

    @Test func aCarParkAndARestaurantOfOneNameAreTwoResults() throws {
        let r = try search("макдоналдс") { $0.kinds = [.poi] }
        #expect(r.map(\.category) == ["amenity=fast_food", "amenity=parking"])
        // Two branches of one chain 100 m apart are one result, unless grouping is asked for.
        #expect(try search("burger hut").count == 1)
        #expect(try search("burger hut") { $0.groupDistance = 50 }.count == 2)
    }

    @Test func aShortPrefixNearAHintKeepsHalfThePageForWhatIsNear() throws {
        func near(_ r: [SearchResult]) -> Int { r.filter { ($0.distance ?? .infinity) < 1_000 }.count }
        var off = CandidateLimits()
        off.nearShare = 0
        var rings = CandidateLimits()
        rings.ringThreshold = 0   // the same through widening boxes around the hint
        for q in ["c", "ca", "C"] {
            for limits in [CandidateLimits.standard, rings] {
                let r = try search(q, near: hint, limits: limits)
                #expect(r.count == 10 && near(r) >= 5, "\(q): \(r.map(\.name))")
                // The other half is still the most important matches; the page interleaves them,
                // the nearest first and the best-scored second.
                #expect(r.filter { $0.kind == .place }.count >= 3, "\(q): \(r.map(\.name))")
                #expect(r.first?.distance == r.compactMap(\.distance).min(), "\(q): \(r.map(\.name))")
                #expect(r.prefix(2).contains { $0.score == r.map(\.score).max() }, "\(q): \(r.map(\.name))")
                // An address matches only through its street: the street is the answer.
                #expect(!r.contains { $0.kind == .address })
            }
            // Without the rule the towns fill the page.
            #expect(near(try search(q, near: hint, limits: off)) < 5)
            // A page of 5 keeps 3.
            #expect(near(try search(q, near: hint, limit: 5)) >= 3)
        }
        // Three letters, no hint, or a number: score order as before.
        #expect(try search("car", near: hint).map(\.osm) == (try search("car", near: hint, limits: off)).map(\.osm))
        #expect(try search("c").map(\.osm) == (try search("c", limits: off)).map(\.osm))
        #expect(try search("1", near: hint).map(\.osm) == (try search("1", near: hint, limits: off)).map(\.osm))
    }

    @Test func theNearShareRuleAndItsSlots() {
        var o = SearchOptions()
        o.near = hint
        let l = CandidateLimits.standard
        #expect(NearShare.applies(QueryParser.parse("c"), options: o, limits: l))
        #expect(NearShare.applies(QueryParser.parse("св"), options: o, limits: l))
        #expect(!NearShare.applies(QueryParser.parse("c "), options: o, limits: l))    // a finished word
        #expect(!NearShare.applies(QueryParser.parse("car"), options: o, limits: l))
        #expect(!NearShare.applies(QueryParser.parse("12"), options: o, limits: l))
        #expect(!NearShare.applies(QueryParser.parse("rue c"), options: o, limits: l))
        #expect(!NearShare.applies(QueryParser.parse("c"), options: SearchOptions(), limits: l))
        #expect(NearShare.slots(limit: 10, limits: l) == 5 && NearShare.slots(limit: 5, limits: l) == 3
                && NearShare.slots(limit: 1, limits: l) == 1)
    }
}
