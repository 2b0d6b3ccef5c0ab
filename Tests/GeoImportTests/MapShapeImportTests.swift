// The map shapes an import keeps (the SHPS section): the sample town's lake
// multipolygon with its island, park, stream, buildings and railways with the
// right layers, kinds and names; real extracts (Monaco's coastline, water and
// buildings, Andorra's rivers) when ../shared/data is present; box queries
// against a scan of every record; the view-size filter; and builds without a map.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
import GeoTestSupport

/// Every shape of an index, read record after record (not through the tree).
func allShapes(_ index: LandmarkIndex) throws -> [MapShape] {
    let reader = try #require(index.mapShapes)
    var out: [MapShape] = []
    reader.forEachShape { out.append($0) }
    #expect(out.count == reader.count)
    return out
}

/// A value that tells shapes apart, for comparing sets of them.
func identity(_ s: MapShape) -> String {
    "\(s.layer.name)|\(s.kind)|\(s.name ?? "")|\(s.bbox.minLat),\(s.bbox.minLon),\(s.bbox.maxLat),\(s.bbox.maxLon)|\(s.rings.map(\.count))"
}

/// Rings are closed, big enough, inside the shape's box, and that box is tight.
func expectWellFormed(_ s: MapShape) {
    var box = FixedBoundingBox.empty
    for ring in s.rings {
        for p in ring { box.extend(p) }
        if s.layer.isArea {
            #expect(ring.count >= 4 && ring.first == ring.last, "\(identity(s)): ring of \(ring.count) points")
        } else {
            #expect(ring.count >= 2)
        }
    }
    #expect(s.layer.isArea || s.rings.count == 1)
    #expect(box == s.bbox, "\(identity(s)): box is not tight")
}

@Suite struct MapShapeTownTests {
    let town = TestData.sample("town.osm")

    @Test func theLakeIsAMultipolygonWithItsIsland() throws {
        let shapes = try allShapes(try TestData.index(of: town))
        let lake = try #require(shapes.first { $0.name == "Lac de Rivebelle" })
        #expect(lake.layer == .water && lake.kind == "water")
        #expect(lake.rings.count == 2, "outer ring (ways 711 + 712) and the island (way 713)")
        expectWellFormed(lake)
        // GeoJSON's orientation: the outer ring counter-clockwise, the island clockwise.
        #expect(ShapeSimplifier.signedArea(Array(lake.rings[0].dropLast())) > 0)
        #expect(ShapeSimplifier.signedArea(Array(lake.rings[1].dropLast())) < 0)
        #expect(RingAssembler.contains(Array(lake.rings[0].dropLast()), Array(lake.rings[1].dropLast())))
        // The outline follows the two member ways: every node of them lies within a few metres of the box.
        let nodes = try TestData.nodes(town)
        let osm = try String(contentsOfFile: town, encoding: .utf8)
        let memberNodes = try #require(wayNodes(osm, 711)) + (try #require(wayNodes(osm, 712)))
        let slack: Int32 = 60   // 2.5 m tolerance, in 1e-7°, with room for the longitude scale
        for id in memberNodes {
            let p = FixedCoordinate(try #require(nodes[id]))
            #expect(p.lat >= lake.bbox.minLat - slack && p.lat <= lake.bbox.maxLat + slack)
            #expect(p.lon >= lake.bbox.minLon - slack && p.lon <= lake.bbox.maxLon + slack)
        }
    }

    @Test func parkStreamRailwaysAndBuildingsHaveTheirLayersKindsAndNames() throws {
        let index = try TestData.index(of: town)
        let shapes = try allShapes(index)
        for s in shapes { expectWellFormed(s) }
        let park = try #require(shapes.first { $0.name == "Parc des Cèdres" })
        #expect(park.layer == .green && park.kind == "park" && park.rings.count == 1)
        let stream = try #require(shapes.first { $0.name == "La Baye" })
        #expect(stream.layer == .waterway && stream.kind == "stream" && stream.rings.count == 1)
        #expect(stream.rings[0].count >= 2)
        let rails = shapes.filter { $0.layer == .railway }
        #expect(rails.map(\.kind).sorted() == ["rail", "rail", "tram"])
        // 7 named buildings, 38 address buildings, and the school multipolygon with its courtyard.
        let buildings = shapes.filter { $0.layer == .building }
        #expect(buildings.count == 46)
        #expect(buildings.first { $0.name == "Hôtel du Lac" }?.kind == "hotel")
        #expect(buildings.first { $0.name == "Bibliothèque municipale" }?.kind == "yes")
        #expect(buildings.filter { $0.name == nil }.count == 38)
        let school = try #require(buildings.first { $0.name == "Collège de Rivebelle" })
        #expect(school.kind == "school" && school.rings.count == 2)
        // Nothing else: no boundary (relation 901), no untagged ways, no pedestrian area.
        #expect(shapes.count == 52)
        #expect(shapes.allSatisfy { $0.layer != .landuse && $0.layer != .sand && $0.layer != .coastline })
        let reader = try #require(index.mapShapes)
        #expect(reader.layerCounts == [1, 1, 0, 1, 0, 0, 46, 3])
        #expect(IndexVerifier.verify(path: index.path).isEmpty)
        let warnings = index.metadata["warnings"]
        #expect(warnings?["unclosed_rings"]?.intValue == 0 && warnings?["stray_inner_rings"]?.intValue == 0)
    }

    @Test func infoCountsShapesPerLayer() throws {
        let index = try TestData.index(of: town)
        let map = try #require(IndexInfo.json(index)["map"])
        #expect(map["shapes"]?.intValue == 52)
        #expect(map["bytes"]?.intValue == Int64(index.sections[.mapShapes]!.length))
        #expect(map["by_layer"]?["building"]?["shapes"]?.intValue == 46)
        #expect(map["by_layer"]?["water"]?["bytes"]?.intValue ?? 0 > 16)
    }

    @Test func boxQueriesFindWhatAScanFinds() throws {
        try expectQueriesMatchScan(try TestData.index(of: town), boxes: 300, seed: 7)
    }

    @Test func withoutAMapTheSectionIsLeftOut() throws {
        var options = BuildOptions(output: TestData.tempPath("town-nomap.geoidx"))
        options.includeMap = false
        options.buildTime = 0
        let report = try IndexBuilder.build(input: town, options: options)
        #expect(report.mapShapes == 0 && report.mapShapeBytes == 0)
        let index = try LandmarkIndex(path: options.output)
        #expect(index.sections[.mapShapes] == nil && index.mapShapes == nil)
        #expect(IndexInfo.json(index)["map"] == .null)
        #expect(IndexVerifier.verify(path: options.output).isEmpty)
        // The landmarks are the same either way.
        let full = try TestData.index(of: town)
        #expect(index.count == full.count && index.sections[.records]?.crc == full.sections[.records]?.crc)
    }
}

/// The node ids of way `id` in an OSM XML text.
func wayNodes(_ osm: String, _ id: Int) -> [Int64]? {
    guard let start = osm.range(of: "<way id=\"\(id)\"") else { return nil }
    let rest = osm[start.upperBound...]
    guard let end = rest.range(of: "</way>") else { return nil }
    return rest[..<end.lowerBound].components(separatedBy: "<nd ref=\"").dropFirst().compactMap { Int64($0.prefix { $0.isNumber }) }
}

/// Random boxes (and view sizes) over the data: the tree finds exactly the shapes a scan finds.
func expectQueriesMatchScan(_ index: LandmarkIndex, boxes: Int, seed: UInt64) throws {
    let reader = try #require(index.mapShapes)
    let shapes = try allShapes(index)
    var data = FixedBoundingBox.empty
    for s in shapes { data.extend(s.bbox) }
    guard !data.isEmpty else { return }
    var rng = SplitMix64(seed: seed)
    let width = Int64(data.maxLon) - Int64(data.minLon) + 1, height = Int64(data.maxLat) - Int64(data.minLat) + 1
    func random(_ n: Int64) -> Int64 { Int64(rng.next() % UInt64(max(1, n))) }
    for k in 0..<boxes {
        // From a few metres to the whole extract, sometimes reaching past it.
        let w = max(1, random(width / Int64(1 + k % 50)) + 10), h = max(1, random(height / Int64(1 + k % 50)) + 10)
        let lon = Int64(data.minLon) - w / 4 + random(width), lat = Int64(data.minLat) - h / 4 + random(height)
        let box = FixedBoundingBox(minLon: Int32(clamping: lon), minLat: Int32(clamping: lat),
                                   maxLon: Int32(clamping: lon + w), maxLat: Int32(clamping: lat + h))
        let span = k % 3 == 0 ? Int32(clamping: random(max(w, h) / 4)) : 0
        var found: [String] = []
        reader.forEach(in: box, minimumSpan: span) { found.append(identity($0)) }
        let expected = shapes.filter {
            box.intersects($0.bbox) && max(Int64($0.bbox.maxLat) - Int64($0.bbox.minLat), Int64($0.bbox.maxLon) - Int64($0.bbox.minLon)) >= Int64(span)
        }.map(identity)
        #expect(found.sorted() == expected.sorted(), "box \(box), span \(span): \(found.count) found, \(expected.count) expected")
        if found.sorted() != expected.sorted() { return }
    }
}
