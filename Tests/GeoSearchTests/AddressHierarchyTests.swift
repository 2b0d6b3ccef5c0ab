// Addresses as a geocoder does them, on the sample town (samples/README.md):
// Les Prés is an admin_level 10 boundary over the town's west half, Oberdorf a
// suburb node in the east, the canton one closed admin_level 4 way around it
// all, and Les Granges a hamlet across the lake, outside the town's boundary.
// Named objects are found by their address, postcodes alone, and place words
// narrow a search.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoModel
@testable import GeoSearch
import GeoTestSupport

private func town() throws -> SearchEngine {
    SearchEngine(index: try TestData.index(of: TestData.sample("town.osm")))
}

private func first(_ text: String, kinds: Set<LandmarkKind>? = nil) throws -> SearchResult? {
    var o = SearchOptions()
    o.near = Coordinate(lat: 46.2, lon: 6.8)
    if let kinds { o.kinds = kinds }
    return try town().search(text, options: o).results.first
}

@Suite struct PlaceHierarchyOnTheTown {
    @Test func aLandmarkKnowsEveryPlaceItLiesIn() throws {
        // In the west half: the suburb from its boundary polygon, the town and the canton too.
        let hotel = try #require(try first("hôtel de la gare"))
        #expect(hotel.osm == "n20001")
        #expect(hotel.places == PlaceChain(suburb: "Les Prés", city: "Rivebelle", state: "Canton du Lac"))
        #expect(hotel.houseNumber == "41" && hotel.street == "Avenue de la Gare" && hotel.postcode == "1899")
        #expect(hotel.subtitle == "Hotel · 41 Avenue de la Gare, 1899 Rivebelle")
        // In the east half no suburb polygon: the nearest suburb node inside the same town.
        let avenue = try #require(try first("avenue de la gare", kinds: [.street]))
        #expect(avenue.places?.suburb == "Oberdorf" && avenue.places?.city == "Rivebelle")
        #expect(avenue.subtitle == "Road · Oberdorf, Rivebelle")
        // Across the lake, outside the town's boundary: no suburb of the town, the hamlet as its city.
        let ferry = try #require(try first("débarcadère des granges"))
        #expect(ferry.osm == "n10059")
        #expect(ferry.places == PlaceChain(city: "Les Granges", state: "Canton du Lac"))
    }

    @Test func aPlaceNamesItsParentNeverItselfOrANeighbour() throws {
        #expect(try first("rivebelle")?.subtitle == "Town · Canton du Lac")
        #expect(try first("rivebelle")?.places == PlaceChain(state: "Canton du Lac"))
        #expect(try first("les prés", kinds: [.place])?.subtitle == "Suburb · Rivebelle")
        #expect(try first("oberdorf")?.subtitle == "Suburb · Rivebelle")
        #expect(try first("les granges")?.subtitle == "Hamlet · Canton du Lac")
        // The suburb's boundary names the town around it (its own polygon is not its parent).
        let boundary = try #require(try first("les prés", kinds: [.area]))
        #expect(boundary.osm == "r905" && boundary.subtitle == "Administrative area · Rivebelle")
        #expect(try first("canton du lac")?.subtitle == "Administrative area")
    }

    @Test func theJSONAddressHasTheFieldsGeocodersReturn() throws {
        let hotel = try #require(try first("hôtel de la gare"))
        var fields: [String: String] = [:]
        for (k, v) in [("housenumber", hotel.houseNumber), ("street", hotel.street), ("postcode", hotel.postcode),
                       ("suburb", hotel.places?.suburb), ("city", hotel.places?.city), ("state", hotel.places?.state)] {
            fields[k] = v
        }
        #expect(fields == ["housenumber": "41", "street": "Avenue de la Gare", "postcode": "1899",
                           "suburb": "Les Prés", "city": "Rivebelle", "state": "Canton du Lac"])
    }
}

@Suite struct AddressSearchOnTheTown {
    @Test func aNamedObjectIsFoundByItsAddressInEitherOrder() throws {
        #expect(try first("41 avenue de la gare")?.osm == "n20001")
        #expect(try first("avenue de la gare 41")?.osm == "n20001")
        #expect(try first("5 boulevard du lac")?.osm == "n20012")
        // The street's name alone still finds the street first, not the shops on it.
        #expect(try first("avenue de la gare")?.osm == "w181")
        #expect(try first("boulevard du lac")?.osm == "w141")
    }

    @Test func aPostcodeAloneFindsThePostcode() throws {
        let code = try #require(try first("1899"))
        #expect(code.name == "1899" && code.category == "boundary=postal_code" && code.kind == .area)
        #expect(code.osm == nil, "a postcode computed from addresses is no OSM object")
        #expect(code.subtitle == "Postcode · Rivebelle")
        // Its box holds every address that carries it; the pin is one of those addresses.
        let box = try #require(code.bbox)
        #expect(box.contains(try #require(try first("41 avenue de la gare")).coordinate))
        #expect(try first("1898")?.subtitle == "Postcode · Les Granges")
    }

    @Test func placeWordsNarrowButNeverFindAlone() throws {
        #expect(try first("boulevard du lac rivebelle")?.osm == "w141")
        #expect(try first("avenue de la gare rivebelle")?.osm == "w181")
        #expect(try first("pharmacie rivebelle")?.osm == "n20012")
        // A postcode word: the addresses on the street that carry it.
        let grimaldi = try #require(try first("rue grimaldi 1899"))
        #expect(grimaldi.street == "Rue Grimaldi" && grimaldi.postcode == "1899")
        // "rivebelle" alone is the town, not everything in it.
        #expect(try first("rivebelle")?.osm == "n50001")
    }

    @Test func aNumberTheStreetLacksStillFindsTheStreetAndSaysSo() throws {
        let street = try #require(try first("rue grimaldi 999"))
        #expect(street.osm == "w113" && street.unmatched == ["999"])
        #expect(try first("999 rue grimaldi")?.unmatched == ["999"])
        // A number the street has: everything matched, nothing flagged.
        let house = try #require(try first("rue grimaldi 20"))
        #expect(house.osm == "n30002" && house.unmatched.isEmpty)
    }

    @Test func aPlaceWordTheLandmarkIsNotInStillFindsTheLandmark() throws {
        // Rue Grimaldi lies in Les Prés, not in Oberdorf: the street, with the place word flagged.
        let street = try #require(try first("rue grimaldi oberdorf"))
        #expect(street.osm == "w113" && street.unmatched == ["oberdorf"])
    }

    @Test func numbersAlongAnInterpolationWayAreFoundBetweenItsEnds() throws {
        // Way 595 runs from 5 to 11 Les Granges (odd): 7 and 9 lie a third and two thirds along it.
        let five = try #require(try first("5 les granges")), eleven = try #require(try first("11 les granges"))
        let seven = try #require(try first("7 les granges")), nine = try #require(try first("les granges 9"))
        #expect(seven.osm == "w595" && nine.osm == "w595" && seven.houseNumber == "7" && nine.houseNumber == "9")
        let whole = five.coordinate.distance(to: eleven.coordinate)
        #expect(abs(five.coordinate.distance(to: seven.coordinate) - whole / 3) < 2)
        #expect(abs(five.coordinate.distance(to: nine.coordinate) - 2 * whole / 3) < 2)
        #expect(seven.postcode == "1898" && seven.places?.city == "Les Granges")
        // No 3 is interpolated below the first end, no 13 beyond the last.
        #expect(try first("13 les granges")?.unmatched == ["13"])
    }
}

