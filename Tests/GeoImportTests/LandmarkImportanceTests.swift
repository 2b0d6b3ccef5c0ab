// The importance rules of LandmarkImportance, each on its own: places by type
// and population, boundaries below the place type of their level and below a
// place node of their own name, well-known objects (Wikidata, sights, size),
// and utilities below what they serve. LandmarkClassifierTests has the exact
// numbers per tag set; here are the orders people expect.
import Testing
@testable import GeoBase
@testable import GeoImport
@testable import GeoModel
import GeoTestSupport

private func importance(_ tags: [String: String], _ type: OSMType = .node) throws -> Int {
    try #require(LandmarkClassifier.classify(tags, type: type)).importance
}

/// A box of about `meters` across around (lat, lon).
private func box(_ lat: Double, _ lon: Double, meters: Double) -> FixedBoundingBox {
    FixedBoundingBox(BoundingBox(around: Coordinate(lat: lat, lon: lon), meters: meters / 2))
}

private func draft(_ kind: LandmarkKind, _ type: OSMType, _ key: String, _ value: String, _ name: String,
                   at lat: Double, _ lon: Double, importance: UInt8, box: FixedBoundingBox? = nil) -> LandmarkDraft {
    LandmarkDraft(osmType: type, osmID: 1, kind: kind, categoryKey: key, categoryValue: value,
                  point: FixedCoordinate(Coordinate(lat: lat, lon: lon)), bbox: box, importance: importance,
                  names: [LandmarkName(key: "name", value: name)])
}

@Suite struct LandmarkImportanceTests {
    @Test func placesRankByTypeThenPopulation() throws {
        let order = ["country", "state", "city", "town", "village", "suburb", "hamlet"]
        let ranks = try order.map { try importance(["place": $0, "name": "P"]) }
        #expect(ranks == ranks.sorted(by: >), "\(zip(order, ranks).map { "\($0)=\($1)" })")
        // Population orders places of one type.
        #expect(try importance(["place": "town", "name": "T", "population": "90000"])
                > importance(["place": "town", "name": "T", "population": "900"]))
    }

    @Test func aBoundaryStaysBelowThePlaceTypeOfItsLevelWhateverItsSize() throws {
        let huge = box(42.5, 1.5, meters: 200_000)
        for level in 2...11 {
            let tags = ["boundary": "administrative", "admin_level": "\(level)", "name": "B"]
            let c = try #require(LandmarkClassifier.classify(tags, type: .relation))
            let place = LandmarkImportance.placeRanks[LandmarkImportance.placeType(adminLevel: level)]!
            #expect(c.importance < place && LandmarkImportance.withSize(c, box: huge) < place, "admin_level \(level)")
            #expect(LandmarkImportance.withSize(c, box: huge) > c.importance, "size still counts below the ceiling")
        }
        // Levels keep their order: a country's boundary above a state's above a municipality's.
        let levels = try [2, 4, 6, 8, 10].map { try importance(["boundary": "administrative", "admin_level": "\($0)", "name": "B"], .relation) }
        #expect(levels == levels.sorted(by: >))
    }

    @Test func wellKnownObjectsRankAbovePlainOnes() throws {
        let plain = try importance(["amenity": "casino", "name": "C"])
        let wiki = try importance(["amenity": "casino", "name": "C", "wikidata": "Q1"])
        let sight = try importance(["amenity": "casino", "name": "C", "tourism": "attraction"])
        let both = try importance(["amenity": "casino", "name": "C", "wikidata": "Q1", "tourism": "attraction"])
        #expect(plain < sight && sight < wiki && wiki < both)
        #expect(both == plain + LandmarkImportance.wikiBonus + LandmarkImportance.sightBonus)
        // Historic and heritage tags beside the classifying one count as a sight; a category's own
        // tag does not count twice.
        #expect(try importance(["amenity": "place_of_worship", "name": "E", "historic": "church"])
                == importance(["amenity": "place_of_worship", "name": "E"]) + LandmarkImportance.sightBonus)
        #expect(try importance(["building": "yes", "name": "Casa", "heritage": "2"], .way)
                == importance(["building": "yes", "name": "Casa"], .way) + LandmarkImportance.sightBonus)
        #expect(try importance(["tourism": "attraction", "name": "A"]) == 60 + 20)
        // Size: the larger area of the same kind matters more.
        let park = try #require(LandmarkClassifier.classify(["leisure": "park", "name": "P"], type: .way))
        #expect(LandmarkImportance.withSize(park, box: box(42.5, 1.5, meters: 2_000))
                > LandmarkImportance.withSize(park, box: box(42.5, 1.5, meters: 100)))
    }

    @Test func aCarParkRanksBelowWhatItServesWhateverItsSize() throws {
        let restaurant = try #require(LandmarkClassifier.classify(["amenity": "fast_food", "name": "Макдоналдс"], type: .node))
        let parking = try #require(LandmarkClassifier.classify(["amenity": "parking", "name": "Макдоналдс"], type: .way))
        #expect(LandmarkImportance.withSize(parking, box: box(55.8, 37.6, meters: 500)) == parking.importance)
        #expect(LandmarkImportance.withSize(parking, box: box(55.8, 37.6, meters: 500)) < restaurant.importance)
    }

    @Test func anAreaRanksBelowThePlaceNodeOfItsName() {
        let country = box(42.5, 1.55, meters: 40_000)
        var drafts = [
            draft(.place, .node, "place", "country", "Andorra", at: 42.55, 1.58, importance: 255),
            draft(.area, .relation, "boundary", "administrative", "Andorra", at: 42.50, 1.52, importance: 255, box: country),
            draft(.place, .node, "place", "town", "Canillo", at: 42.567, 1.598, importance: 170),
            draft(.area, .relation, "boundary", "administrative", "Canillo", at: 42.58, 1.64, importance: 190,
                  box: box(42.58, 1.64, meters: 15_000)),
            // A place drawn as an area is lowered too.
            draft(.place, .way, "place", "town", "Canillo", at: 42.567, 1.60, importance: 200, box: box(42.567, 1.60, meters: 2_000)),
            // Another name, or the same name far away (outside the box), keeps its importance.
            draft(.area, .relation, "boundary", "administrative", "Encamp", at: 42.53, 1.58, importance: 190,
                  box: box(42.53, 1.58, meters: 10_000)),
            draft(.area, .relation, "boundary", "administrative", "Canillo", at: 45.0, 5.0, importance: 190,
                  box: box(45.0, 5.0, meters: 10_000)),
            // Not an administrative area: a park named like the town is another thing.
            draft(.area, .way, "leisure", "park", "Canillo", at: 42.567, 1.598, importance: 180, box: box(42.567, 1.598, meters: 500)),
        ]
        LandmarkImportance.rankAreasBelowTheirPlaces(&drafts)
        #expect(drafts.map(\.importance) == [255, 254, 170, 169, 169, 190, 190, 180])
    }

    @Test func theSampleTownsBoundariesRankBelowTheirPlaces() throws {
        let index = try TestData.index(of: TestData.sample("town.osm"))
        func importance(_ osm: String) throws -> UInt8 {
            let i = try #require((0..<index.count).first { index.record($0)?.osmRef?.description == osm }, "\(osm)")
            return index.importance(i)
        }
        #expect(try importance("r901") < importance("n50001"))   // Rivebelle: boundary below the town
        #expect(try importance("r905") < importance("n50002"))   // Les Prés: boundary below the suburb
    }
}
