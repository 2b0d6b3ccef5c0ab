// Map shapes of real extracts from ../shared/data (skipped with a printed
// reason when absent): Monaco's coastline, water, beaches (multipolygons that
// share the coastline's ways) and buildings; Andorra's rivers and streams;
// box queries against a scan on Monaco's large extract (23 000 buildings, a
// tree several levels deep); and the view-size filter that leaves out buildings.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
import GeoTestSupport

private func counts(_ shapes: [MapShape]) -> [String: Int] {
    var out: [String: Int] = [:]
    for s in shapes { out["\(s.layer.name)=\(s.kind)", default: 0] += 1 }
    return out
}

@Suite struct MapShapeRealDataTests {
    @Test(.sharedData("monaco.osm.gz")) func monacoHasItsCoastlineWaterBeachesAndBuildings() throws {
        let path = try #require(TestData.shared("monaco.osm.gz"))
        let index = try TestData.index(of: path)
        let shapes = try allShapes(index)
        let byKind = counts(shapes)
        #expect(byKind["coastline=coastline", default: 0] >= 15, "\(byKind)")
        #expect(byKind["water=water", default: 0] >= 5)
        #expect(byKind["building=yes", default: 0] >= 900)
        #expect(byKind["waterway=stream", default: 0] >= 3)
        #expect(byKind["railway=rail", default: 0] >= 1)
        // Larvotto beach is a multipolygon whose outer ring runs along coastline ways.
        let larvotto = try #require(shapes.first { $0.name == "Plage Larvotto" })
        #expect(larvotto.layer == .sand && larvotto.kind == "beach")
        for s in shapes { expectWellFormed(s) }
        #expect(shapes.filter { $0.layer == .coastline }.allSatisfy { $0.rings.count == 1 && $0.rings[0].count >= 2 })
        #expect(index.metadata["warnings"]?["unclosed_rings"]?.intValue == 0)
        #expect(IndexVerifier.verify(path: index.path).isEmpty)
    }

    @Test(.sharedData("andorra.osm.pbf")) func andorraHasItsRivers() throws {
        let path = try #require(TestData.shared("andorra.osm.pbf"))
        let index = try TestData.index(of: path)
        let shapes = try allShapes(index)
        let byKind = counts(shapes)
        #expect(byKind["waterway=river", default: 0] >= 15, "\(byKind)")
        #expect(byKind["waterway=stream", default: 0] >= 50)
        #expect(byKind["water=water", default: 0] >= 50)
        #expect(byKind["green=forest", default: 0] >= 30)
        #expect(byKind["coastline=coastline"] == nil, "Andorra has no sea")
        let valira = shapes.filter { $0.layer == .waterway && $0.name == "Valira" }
        #expect(valira.count >= 3 && valira.allSatisfy { $0.kind == "river" && $0.rings[0].count >= 2 })
        #expect(shapes.contains { $0.layer == .waterway && $0.name == "Valira d'Orient" })
        for s in shapes { expectWellFormed(s) }
        // Rivers are simplified, not dropped: their points stay close to what the extract drew.
        #expect(IndexVerifier.verify(path: index.path).isEmpty)
    }

    @Test(.sharedData("osrm/monaco.osm.pbf")) func boxQueriesOnALargeExtractFindWhatAScanFinds() throws {
        let path = try #require(TestData.shared("osrm/monaco.osm.pbf"))
        let index = try TestData.index(of: path)
        let reader = try #require(index.mapShapes)
        #expect(reader.count >= 20_000 && reader.levels.count >= 3)
        try expectQueriesMatchScan(index, boxes: 150, seed: 11)
    }

    @Test(.sharedData("osrm/monaco.osm.pbf")) func zoomedOutViewsLeaveOutSmallShapes() throws {
        let path = try #require(TestData.shared("osrm/monaco.osm.pbf"))
        let index = try TestData.index(of: path)
        let reader = try #require(index.mapShapes)
        let world = FixedBoundingBox(minLon: -1_800_000_000, minLat: -900_000_000, maxLon: 1_800_000_000, maxLat: 900_000_000)
        var all = 0
        reader.forEach(in: world) { _ in all += 1 }
        #expect(all == reader.count)
        // 100 m: no building of a city block, but the forests, the coastline and the railway.
        let span: Int32 = 9_000
        var kept: [MapShape] = []
        reader.forEach(in: world, minimumSpan: span) { kept.append($0) }
        #expect(kept.count < all / 10)
        #expect(kept.allSatisfy { max($0.bbox.maxLat - $0.bbox.minLat, $0.bbox.maxLon - $0.bbox.minLon) >= span })
        #expect(kept.contains { $0.layer == .coastline } && kept.contains { $0.layer == .green } && kept.contains { $0.layer == .railway })
        let small = try allShapes(index).filter { max($0.bbox.maxLat - $0.bbox.minLat, $0.bbox.maxLon - $0.bbox.minLon) >= span }
        #expect(kept.map(identity).sorted() == small.map(identity).sorted())
        // A span beyond every shape leaves nothing.
        var none = 0
        reader.forEach(in: world, minimumSpan: .max) { _ in none += 1 }
        #expect(none == 0)
    }
}
