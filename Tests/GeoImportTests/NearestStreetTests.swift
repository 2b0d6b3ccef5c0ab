// House numbers without addr:street or addr:place take the nearest named street, as
// Nominatim gives them a parent street: beside a street they get it (and search finds
// "street number"), nearest by the street's line and not its middle; addr:place and
// addr:street are kept whatever is nearer; beyond Nominatim's reach, or beside unnamed
// roads only, an address gets none and is left out (a shop keeps its number); numbered
// nodes of an interpolation line take the line's street, so the numbers between appear.
// On the real extracts every such number near a street gets one.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
@testable import GeoModel
@testable import GeoOSM
@testable import GeoSearch
import GeoTestSupport

private let lat0 = 47.1, lon0 = 9.5
private func east(_ metres: Double) -> Double { lon0 + metres / (111_320 * cos(lat0 * .pi / 180)) }
private func north(_ metres: Double) -> Double { lat0 + metres / 111_320 }

/// Landstrasse: 2 km eastwards from the origin; Bergweg: 90 m, 60 m north of Landstrasse's east end.
private func twoStreets() -> OSMFixture {
    var f = OSMFixture()
    f.node(1, lat0, lon0)
    f.node(2, lat0, east(1_000))
    f.node(3, lat0, east(2_000))
    f.way(100, [1, 2, 3], ["highway": "secondary", "name": "Landstrasse"])
    f.node(4, north(60), east(1_900))
    f.node(5, north(60), east(1_990))
    f.way(101, [4, 5], ["highway": "residential", "name": "Bergweg"])
    return f
}

/// The records with a house number, by OSM reference ("n7", "w200").
private func numbered(_ index: LandmarkIndex) -> [String: LandmarkRecord] {
    var out: [String: LandmarkRecord] = [:]
    for i in 0..<index.count {
        if let r = index.record(i), r.houseNumber != nil, let ref = r.osmRef { out[ref.description] = r }
    }
    return out
}

@Suite struct NearestStreetTests {
    @Test func aNumberBesideAStreetTakesItsNameAndIsFoundByIt() throws {
        var f = twoStreets()
        // 20 m from Landstrasse's line, 40 m from Bergweg's; Bergweg's middle is the nearer (45 m against 950 m).
        f.node(10, north(20), east(1_945), ["addr:housenumber": "12"])
        // A building drawn with its number only.
        f.node(20, north(-30), east(500))
        f.node(21, north(-30), east(520))
        f.node(22, north(-45), east(520))
        f.way(200, [20, 21, 22, 20], ["building": "house", "addr:housenumber": "7"])
        let (report, index) = try f.build("nearest-basic")
        let houses = numbered(index)
        #expect(houses["n10"]?.street == "Landstrasse" && houses["w200"]?.street == "Landstrasse")
        #expect(report.warnings[.addressesGivenNearestStreet] == 2 && report.warnings[.addressesWithoutStreet] == 0)
        #expect(index.metadata["warnings"]?["addresses_given_nearest_street"]?.intValue == 2)
        let top = try #require(SearchEngine(index: index).search("Landstrasse 12", options: SearchOptions()).results.first)
        #expect(top.osm == "n10" && top.houseNumber == "12" && top.street == "Landstrasse")
        let seven = try #require(SearchEngine(index: index).search("7 landstrasse", options: SearchOptions()).results.first)
        #expect(seven.osm == "w200")
        // Reverse geocoding answers with the house and its street.
        let here = try #require(ReverseGeocoder(indexes: [index]).reverse(Coordinate(lat: north(21), lon: east(1_946))))
        #expect(here.houseNumber == "12" && here.street == "Landstrasse")
    }

    @Test func aTaggedPlaceOrStreetIsKeptWhateverIsNearer() throws {
        var f = twoStreets()
        f.node(10, north(3), east(300), ["addr:housenumber": "4", "addr:place": "Les Granges"])
        f.node(11, north(3), east(400), ["addr:housenumber": "5", "addr:street": "Bergweg"])
        // Without a number without a street the step has nothing to do: one beside them makes it run.
        var both = f
        both.node(12, north(3), east(350), ["addr:housenumber": "6"])
        for (name, fixture, given) in [("nearest-kept", f, 0), ("nearest-kept-beside", both, 1)] {
            let (report, index) = try fixture.build(name)
            let houses = numbered(index)
            #expect(houses["n10"]?.street == "Les Granges" && houses["n11"]?.street == "Bergweg")
            #expect(report.warnings[.addressesGivenNearestStreet] == given)
            #expect(index.metadata["warnings"]?["addresses_given_nearest_street"]?.intValue == (given == 0 ? nil : Int64(given)))
        }
    }

    @Test func beyondReachOrBesideUnnamedRoadsThereIsNone() throws {
        var f = twoStreets()
        // Unnamed roads 5 m away (a residential road, a service road, a footway) and Landstrasse 3 km south.
        f.node(30, north(3_000), east(0))
        f.node(31, north(3_000), east(200))
        f.way(300, [30, 31], ["highway": "residential"])
        f.node(32, north(3_010), east(0))
        f.node(33, north(3_010), east(200))
        f.way(301, [32, 33], ["highway": "service"])
        f.node(34, north(2_990), east(0))
        f.node(35, north(2_990), east(200))
        f.way(302, [34, 35], ["highway": "footway"])
        f.node(10, north(3_005), east(100), ["addr:housenumber": "1"])
        // 6 km from any street: beyond Nominatim's 0.0512° (3.9 km of longitude here), an address and a shop.
        f.node(11, north(6_000), east(-6_000), ["addr:housenumber": "2"])
        f.node(12, north(6_000), east(-6_010), ["addr:housenumber": "3", "shop": "bakery", "name": "Beck"])
        let (report, index) = try f.build("nearest-none")
        let houses = numbered(index)
        #expect(houses["n10"]?.street == "Landstrasse")
        #expect(houses["n11"] == nil && houses["n12"] != nil && houses["n12"]?.street == nil)
        #expect(report.warnings[.addressesWithoutStreet] == 1 && report.warnings[.addressesGivenNearestStreet] == 1)
        #expect(index.metadata["warnings"]?["addresses_without_street"]?.intValue == 1)
    }

    @Test func aNamedFootwayOrARoadKnownByItsRefIsAStreet() throws {
        var f = OSMFixture()
        f.node(1, lat0, lon0)
        f.node(2, lat0, east(300))
        f.way(100, [1, 2], ["highway": "footway", "name": "Rheinweg"])
        f.node(3, north(500), lon0)
        f.node(4, north(500), east(300))
        f.way(101, [3, 4], ["highway": "primary", "ref": "28"])
        f.node(10, north(10), east(150), ["addr:housenumber": "8"])
        f.node(11, north(490), east(150), ["addr:housenumber": "9"])
        let houses = numbered(try f.build("nearest-kinds").index)
        #expect(houses["n10"]?.street == "Rheinweg" && houses["n11"]?.street == "28")
    }

    @Test func interpolationLinesBetweenStreetlessNumbersGetTheirStreet() throws {
        var f = twoStreets()
        // Numbered ends with no street 15 m north of Landstrasse: the line takes the nearest street.
        f.node(10, north(15), east(100), ["addr:housenumber": "1"])
        f.node(11, north(15), east(500), ["addr:housenumber": "9"])
        f.way(200, [10, 11], ["addr:interpolation": "odd"])
        // One end tagged with a street, the other not: both ends, and the numbers between, have the tagged one.
        f.node(12, north(-15), east(100), ["addr:housenumber": "2", "addr:street": "Bergweg"])
        f.node(13, north(-15), east(500), ["addr:housenumber": "10"])
        f.way(201, [12, 13], ["addr:interpolation": "even"])
        let (report, index) = try f.build("nearest-interpolation")
        let made = addresses(index, way: 200), other = addresses(index, way: 201)
        #expect(Set(made.keys) == ["3", "5", "7"] && made.values.allSatisfy { $0.record.street == "Landstrasse" })
        #expect(Set(other.keys) == ["4", "6", "8"] && other.values.allSatisfy { $0.record.street == "Bergweg" })
        let houses = numbered(index)
        #expect(houses["n10"]?.street == "Landstrasse" && houses["n11"]?.street == "Landstrasse" && houses["n13"]?.street == "Bergweg")
        #expect(report.interpolatedAddresses == 6 && report.warnings.interpolationWarnings == 0)
        let top = try #require(SearchEngine(index: index).search("Landstrasse 5", options: SearchOptions()).results.first)
        #expect(top.osm == "w200" && top.houseNumber == "5")
    }

    @Test func theGridFindsTheNearestLineAcrossCellsAndLongSegments() {
        // One segment 30 km long (many cells) and a short one 1.2 km away: a point 1 km off the long one's middle.
        func part(_ id: Int64, _ name: String, _ pts: [(Double, Double)]) -> StreetPart {
            let c = LandmarkClassification(kind: .street, key: "highway", value: "residential", importance: 0,
                                           names: [LandmarkName(key: "name", value: name)])
            return StreetPart(wayID: id, classification: c, points: pts.map { FixedCoordinate(Coordinate(lat: $0.0, lon: $0.1)) }, nameKey: "")
        }
        let grid = StreetGrid([part(1, "Long", [(lat0, east(-15_000)), (lat0, east(15_000))]),
                               part(2, "Short", [(north(2_200), east(0)), (north(2_300), east(0))])])
        let p = FixedCoordinate(Coordinate(lat: north(1_000), lon: east(0)))
        let hit = grid.nearest(to: p, within: 3_000)
        #expect(hit.map { grid.name(ofPart: $0.part) } == "Long" && abs((hit?.distance ?? 0) - 1_000) < 2)
        #expect(grid.nearest(to: p, within: 900) == nil)
        #expect(StreetGrid([]).nearest(to: p, within: 3_000) == nil)
    }
}

/// Objects with a house number in an OSM file (those with addr:street or addr:place, those with
/// neither), and the ids of its interpolation ways (whose addresses are made, not read).
private func houseNumbers(_ batches: [OSMBatch]) -> (tagged: Int, streetless: Int, lines: Set<Int64>) {
    var tagged = 0, streetless = 0, lines = Set<Int64>()
    func count(_ t: OSMTags) {
        guard t.value("addr:housenumber") != nil else { return }
        if t.value("addr:street") != nil || t.value("addr:place") != nil { tagged += 1 } else { streetless += 1 }
    }
    for b in batches {
        for i in b.nodeIDs.indices { count(b.tags(ofNode: i)) }
        for i in b.wayIDs.indices {
            count(b.tags(ofWay: i))
            if b.tags(ofWay: i).value("addr:interpolation") != nil { lines.insert(b.wayIDs[i]) }
        }
        for i in b.relationIDs.indices { count(b.tags(ofRelation: i)) }
    }
    return (tagged, streetless, lines)
}

/// Measured: Liechtenstein has 7 numbers without a street (5 buildings, a fire station, a
/// factory) and every one gets one; Krems 35 buildings. A margin of a few for changes of rule.
@Test(.sharedData("valhalla/liechtenstein-latest.osm.gz", "krems.osm.gz"),
      arguments: [("valhalla/liechtenstein-latest.osm.gz", 5), ("krems.osm.gz", 30)])
func realStreetlessNumbersGetTheNearestStreet(file: String, atLeast: Int) throws {
    let path = try #require(TestData.shared(file))
    let counts = houseNumbers(try readXML(MemorySource(try TestData.gunzip(path))))
    let index = try TestData.index(of: path)
    var withStreet = 0
    for i in 0..<index.count {
        guard let r = index.record(i), r.houseNumber != nil, r.street != nil else { continue }
        if r.osmType == .way && counts.lines.contains(r.osmID) { continue }
        withStreet += 1
    }
    let given = index.metadata["warnings"]?["addresses_given_nearest_street"]?.intValue ?? 0
    print("\(file): \(counts.tagged) numbers with addr:street or addr:place, \(counts.streetless) without; "
          + "\(withStreet) landmarks with a number and a street, \(given) given the nearest")
    #expect(withStreet - counts.tagged >= atLeast && given >= atLeast)
}
