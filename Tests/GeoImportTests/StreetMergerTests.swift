// Direct tests of StreetMerger: the ways of one street that touch or come within
// 50 m become one street landmark (union extent, the longest way's id and name,
// every way's other names), same-named streets apart stay apart, and different
// names never merge. ImporterSampleTests sees this only through the town's
// street count; here the geometry is laid out in metres on a local grid.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoImport
@testable import GeoModel

/// Metres east / north of a fixed origin, as index coordinates.
private let grid = LocalProjection(origin: Coordinate(lat: 46.15, lon: 6.9))

private func pt(_ x: Double, _ y: Double) -> FixedCoordinate { FixedCoordinate(grid.unproject(x: x, y: y)) }

private func part(_ id: Int64, _ name: String, _ points: [(Double, Double)], highway: String = "residential",
                  importance: Int = 65, otherNames: [LandmarkName] = []) -> StreetPart {
    let c = LandmarkClassification(kind: .street, key: "highway", value: highway, importance: importance,
                                   names: [LandmarkName(key: "name", value: name)] + otherNames)
    // The importer keys parts by the normalised display name (DraftArchive).
    return StreetPart(wayID: id, classification: c, points: points.map { pt($0.0, $0.1) }, nameKey: TextNormalizer.normalize(name))
}

/// A merged landmark's extent.
private func extent(_ d: LandmarkDraft) -> FixedBoundingBox { d.bbox ?? FixedBoundingBox(d.point) }

private func box(_ points: [(Double, Double)]) -> FixedBoundingBox {
    var b = FixedBoundingBox.empty
    for p in points { b.extend(pt(p.0, p.1)) }
    return b
}

@Suite struct StreetMergerTests {
    @Test func waysSharingAnEndNodeMergeWithTheUnionExtent() throws {
        let a = [(0.0, 0.0), (100, 0), (200, 0)], b = [(200.0, 0.0), (300, 10), (400, 20)]
        let merged = StreetMerger.merge([part(1, "Rue Grimaldi", a), part(2, "Rue Grimaldi", b)])
        let street = try #require(merged.first)
        #expect(merged.count == 1)
        #expect(street.kind == .street && street.osmType == .way)
        #expect(extent(street) == box(a + b))
        #expect(street.names.map(\.value) == ["Rue Grimaldi"])
        // The landmark's point is a vertex of the street, the one nearest the middle of the extent.
        #expect(street.point == pt(200, 0))
    }

    @Test func aGapUnderFiftyMetresMergesAndOverFiftyDoesNot() {
        let west = [(0.0, 0.0), (200, 0)]
        // Hauptstraße in the town: interrupted by a roundabout, 40 m without a shared node.
        #expect(StreetMerger.merge([part(1, "Hauptstraße", west), part(2, "Hauptstraße", [(240, 0), (500, 0)])]).count == 1)
        #expect(StreetMerger.merge([part(1, "Hauptstraße", west), part(2, "Hauptstraße", [(260, 0), (500, 0)])]).count == 2)
        // Parallel, 45 m apart over their whole length (a dual carriageway): near enough.
        #expect(StreetMerger.merge([part(1, "Avenue", west), part(2, "Avenue", [(0, 45), (200, 45)])]).count == 1)
        // The vertex may come near the middle of the other way's segment, not only its ends.
        #expect(StreetMerger.merge([part(1, "Avenue", west), part(2, "Avenue", [(100, 30), (100, 400)])]).count == 1)
    }

    @Test func sameNameFarApartStaysTwoLandmarks() {
        // The two Rue du Moulin of the town are 1.3 km apart.
        let merged = StreetMerger.merge([
            part(271, "Rue du Moulin", [(0, 0), (0, 250)]), part(272, "Rue du Moulin", [(0, 250), (0, 450)]),
            part(281, "Rue du Moulin", [(1300, 0), (1300, 250)]), part(282, "Rue du Moulin", [(1300, 250), (1300, 420)]),
        ])
        #expect(merged.count == 2)
        let boxes = Set(merged.map(extent))
        #expect(boxes == [box([(0, 0), (0, 450)]), box([(1300, 0), (1300, 420)])])
        // Each keeps the id of its longest way.
        #expect(Set(merged.map(\.osmID)) == [271, 281])
    }

    @Test func differentNamesNeverMergeEvenWhenTheyShareANode() {
        let merged = StreetMerger.merge([
            part(131, "Quai Saint-Jean", [(0, 0), (300, 0)]), part(141, "Boulevard du Lac", [(300, 0), (600, 0)]),
        ])
        #expect(merged.count == 2)
        #expect(Set(merged.map(\.names[0].value)) == ["Quai Saint-Jean", "Boulevard du Lac"])
    }

    @Test func namesThatNormaliseAlikeAreOneStreet() {
        let merged = StreetMerger.merge([
            part(1, "Rue de l'Église", [(0, 0), (300, 0)]), part(2, "RUE DE L'EGLISE", [(300, 0), (400, 0)]),
        ])
        #expect(merged.count == 1)
        // The longest way gives the display name; the other spelling stays searchable.
        #expect(merged.first?.names.map(\.value) == ["Rue de l'Église", "RUE DE L'EGLISE"])
    }

    @Test func chainsMergeTransitively() {
        // a–b and b–c are near, a–c are 800 m apart: one street.
        let merged = StreetMerger.merge([
            part(1, "Route du Col", [(0, 0), (400, 0)]), part(3, "Route du Col", [(830, 0), (1200, 0)]),
            part(2, "Route du Col", [(420, 0), (800, 0)]),
        ])
        #expect(merged.count == 1)
        #expect(merged.first.map(extent) == box([(0, 0), (1200, 0)]))
    }

    @Test func theLongestWayGivesIdAndTheBestClassGivesImportance() throws {
        let merged = StreetMerger.merge([
            part(10, "Route du Col", [(0, 0), (100, 0)], highway: "primary", importance: 100),
            part(11, "Route du Col", [(100, 0), (600, 0)], highway: "residential", importance: 65,
                 otherNames: [LandmarkName(key: "name:de", value: "Passstrasse")]),
        ])
        let street = try #require(merged.first)
        #expect(merged.count == 1)
        #expect(street.osmID == 11)
        #expect(street.names.map(\.key) == ["name", "name:de"])
        // Category and importance from the most important way; + min(30, ⌊15 · log10(total m / 100)⌋) for length.
        #expect(street.categoryKey == "highway" && street.categoryValue == "primary")
        let total = 600.0   // 100 m + 500 m
        #expect(Int(street.importance) == 100 + Int(log10(total / 100) * 15))
        #expect(Int(street.importance) == 111)
    }

    @Test func shortStreetsGetNoLengthBonusAndLongOnesAreCapped() throws {
        let short = try #require(StreetMerger.merge([part(1, "Impasse", [(0, 0), (80, 0)])]).first)
        #expect(short.importance == 65)
        // 100 km: 15 · log10(1000) = 45, capped at 30.
        let long = try #require(StreetMerger.merge([part(1, "A 19", [(0, 0), (100_000, 0)], highway: "motorway", importance: 110)]).first)
        #expect(long.importance == 140)
    }

    @Test func crossingWaysWithoutASharedNodeTouch() {
        // Two long ways of one name crossing in an X (a bridge, say): no vertex of either lies within 50 m
        // of the other line, yet the lines meet.
        let a = part(1, "Rue du Pont", [(0, -500), (0, 500)]), b = part(2, "Rue du Pont", [(-500, 0), (500, 0)])
        #expect(StreetMerger.merge([a, b]).count == 1)
        // Parallel ways far apart stay two streets.
        let c = part(3, "Rue du Pont", [(-500, 2_000), (500, 2_000)])
        #expect(StreetMerger.merge([a, c]).count == 2)
    }
}
