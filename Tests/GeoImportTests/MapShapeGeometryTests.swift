// The geometry behind map shapes, on hand-made input: ways joined into rings
// in either direction, a ring that cannot close counted once, inner rings
// given to the outer ring that holds them, GeoJSON orientation,
// Douglas–Peucker within its tolerance (and never below a triangle), the
// store that keeps ring parts until relations arrive, and the tag table.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
@testable import GeoOSM
import GeoTestSupport

private func p(_ lat: Int32, _ lon: Int32) -> FixedCoordinate { FixedCoordinate(lat: lat, lon: lon) }

/// A square ring of side `size` (1e-7°) at (lat, lon), counter-clockwise, as distinct points.
private func square(_ lat: Int32, _ lon: Int32, _ size: Int32) -> [FixedCoordinate] {
    [p(lat, lon), p(lat, lon + size), p(lat + size, lon + size), p(lat + size, lon)]
}

@Suite struct MapShapeGeometryTests {
    @Test func waysJoinIntoRingsInEitherDirection() throws {
        let a = p(0, 0), b = p(0, 1000), c = p(1000, 1000), d = p(1000, 0)
        // Three pieces, the middle one drawn backwards, in shuffled order; and a closed way.
        let closed = square(5000, 5000, 100) + [p(5000, 5000)]
        let (rings, unclosed) = RingAssembler.rings(from: [[c, d, a], [a, b], closed, [c, b]])
        #expect(unclosed == 0)
        #expect(rings.count == 2)
        let joined = try #require(rings.first { $0.count == 4 && $0.contains(a) })
        #expect(Set(joined) == Set([a, b, c, d]))
        #expect(rings.contains { $0 == square(5000, 5000, 100) })
    }

    @Test func aRingThatCannotCloseIsCountedOnce() {
        let a = p(0, 0), b = p(0, 1000), c = p(1000, 1000), d = p(1000, 0)
        // The piece d–a is missing (outside the extract): three pieces, one open chain.
        let (rings, unclosed) = RingAssembler.rings(from: [[b, c], [a, b], [c, d]])
        #expect(rings.isEmpty && unclosed == 1)
        // A single way that does not come back to its start.
        #expect(RingAssembler.rings(from: [[a, b, c]]).unclosed == 1)
        // A closed way of three nodes (two distinct points) is no ring.
        #expect(RingAssembler.rings(from: [[a, b, a]]).rings.isEmpty)
    }

    @Test func aCountryCutByTheExtractIsClosedAcrossTheCut() throws {
        let a = p(0, 0), b = p(0, 1000), c = p(1000, 1000), d = p(1000, 0)
        // The same three pieces, d–a missing: closed by the straight line from d back to a, in chain order.
        let (rings, unclosed) = RingAssembler.rings(from: [[b, c], [a, b], [c, d]], closingCut: true)
        #expect(unclosed == 1, "still counted as open in the data")
        let ring = try #require(rings.first)
        #expect(rings.count == 1 && Set(ring) == Set([a, b, c, d]) && ring.count == 4)
        // Two open chains (a border in pieces) or a chain beside a closed ring are not guessed at.
        let e = p(5000, 5000), f = p(5000, 6000), g = p(6000, 6000)
        #expect(RingAssembler.rings(from: [[a, b, c], [e, f, g]], closingCut: true).rings.isEmpty)
        let closed = square(5000, 5000, 100) + [p(5000, 5000)]
        #expect(RingAssembler.rings(from: [[a, b, c], closed], closingCut: true).rings == [square(5000, 5000, 100)])
        // A chain of two points is a line, no area.
        #expect(RingAssembler.rings(from: [[a, b]], closingCut: true).rings.isEmpty)
    }

    @Test func innerRingsGoToTheOuterRingThatHoldsThem() {
        let big = square(0, 0, 10_000), small = square(20_000, 0, 1_000)
        let hole = square(4_000, 4_000, 1_000), holeInSmall = square(20_200, 200, 100), nowhere = square(50_000, 50_000, 10)
        let (polygons, stray) = RingAssembler.polygons(outers: [big, small], inners: [holeInSmall, hole, nowhere])
        #expect(stray == 1)
        #expect(polygons.count == 2)
        #expect(polygons[0] == [big, hole] && polygons[1] == [small, holeInSmall])
        // Nested outers (an island with a lake in a lake): the inner ring goes to the smallest.
        let island = square(2_000, 2_000, 5_000)
        let nested = RingAssembler.polygons(outers: [big, island], inners: [hole])
        #expect(nested.polygons[1] == [island, hole] && nested.polygons[0] == [big])
    }

    @Test func ringsAreOrientedTheWayGeoJSONWantsThem() {
        let ccw = square(0, 0, 1000), cw = Array(square(100, 100, 10).reversed())
        let oriented = RingAssembler.oriented([Array(ccw.reversed()), Array(cw.reversed())])
        #expect(ShapeSimplifier.signedArea(oriented[0]) > 0 && ShapeSimplifier.signedArea(oriented[1]) < 0)
        #expect(RingAssembler.oriented([ccw, cw]) == [ccw, cw])
    }

    @Test func simplificationStaysWithinItsTolerance() throws {
        var simplifier = ShapeSimplifier()
        // A gently wavy line of 200 points: 0.3 m waves vanish at 1 m, a 5 m bump stays.
        var line: [FixedCoordinate] = []
        for i in 0..<200 {
            let wave = Int32(i % 2 == 0 ? 0 : 27)   // ≈ 0.3 m of latitude
            line.append(p(462_000_000 + wave + (i == 100 ? 450 : 0), 68_000_000 + Int32(i) * 100))
        }
        let simplified = simplifier.line(line, tolerance: 1)
        let simple = try #require(simplified)
        #expect(simple.first == line.first && simple.last == line.last)
        #expect(simple.count <= 6 && simple.contains(line[100]))
        // Repeated points go; a line of one distinct point is nothing.
        let twoPoints = simplifier.line([p(1, 1), p(1, 1), p(2, 2)], tolerance: 1)
        let onePoint = simplifier.line([p(1, 1), p(1, 1)], tolerance: 1)
        #expect(twoPoints == [p(1, 1), p(2, 2)] && onePoint == nil)
    }

    @Test func aSmallRingStaysAnArea() throws {
        var simplifier = ShapeSimplifier()
        // A 0.5 m × 0.5 m shed: every corner is within 1 m of the others, yet three stay.
        let shed = square(462_000_000, 68_000_000, 45) + [p(462_000_000, 68_000_000)]
        let ring = simplifier.ring(shed, tolerance: 1)
        let r = try #require(ring)
        #expect(r.count >= 3 && r.first == shed.first)
        // A circle of 64 points keeps its shape at 2.5 m: a radius of 100 m needs a few dozen points.
        var circle: [FixedCoordinate] = []
        for i in 0..<64 {
            let a = Double(i) / 64 * 2 * .pi
            circle.append(p(462_000_000 + Int32(900 * sin(a)), 68_000_000 + Int32(1300 * cos(a))))
        }
        let c = simplifier.ring(circle, tolerance: 2.5) ?? []
        #expect(c.count >= 8 && c.count < 64)
        let degenerate = simplifier.ring([p(0, 0), p(0, 10), p(0, 0)], tolerance: 1)
        #expect(degenerate == nil)
    }

    @Test func theRingPartStoreGivesBackWhatItKept() throws {
        let store = try WayGeometryStore(backing: .memory)
        var rng = SplitMix64(seed: 3)
        var kept: [Int64: [FixedCoordinate]] = [:]
        var id: Int64 = 10
        for _ in 0..<100 {
            id += Int64(1 + rng.next() % 50)
            let n = Int(2 + rng.next() % 30)
            let points = (0..<n).map { _ in p(Int32(Int64(rng.next() % 1_800_000_000) - 900_000_000),
                                              Int32(Int64(rng.next() % 3_600_000_000) - 1_800_000_000)) }
            store.append(id: id, points: points)
            kept[id] = points
        }
        store.append(id: 5, points: [p(1, 2), p(3, 4)])   // out of order: still found
        kept[5] = [p(1, 2), p(3, 4)]
        var out: [FixedCoordinate] = []
        for (id, points) in kept {
            #expect(store.points(of: id, into: &out) && out == points, "way \(id)")
        }
        #expect(!store.points(of: 11, into: &out) && !store.points(of: id + 1, into: &out) && !store.points(of: 1, into: &out))
    }

    @Test func theTagTableDecidesLayerAndKind() throws {
        func classify(_ tags: [(String, String)], closed: Bool = true, lines: Bool = true) -> String? {
            var b = OSMBatch()
            for (k, v) in tags {
                b.tagKeys.append(ArenaRange(start: UInt32(b.arena.count), length: UInt32(k.utf8.count)))
                b.arena.append(contentsOf: k.utf8)
                b.tagValues.append(ArenaRange(start: UInt32(b.arena.count), length: UInt32(v.utf8.count)))
                b.arena.append(contentsOf: v.utf8)
            }
            let t = MapShapeClassifier.scan(b, 0..<tags.count)
            return MapShapeClassifier.classify(t, b, closed: closed, lines: lines).map { "\($0.0.name)=\($0.1)" }
        }
        #expect(classify([("building", "yes"), ("landuse", "residential")]) == "building=yes")
        #expect(classify([("building", "no"), ("leisure", "park")]) == "green=park")
        #expect(classify([("natural", "water"), ("water", "lake")]) == "water=water")
        #expect(classify([("water", "pond")]) == "water=pond")
        #expect(classify([("waterway", "riverbank")]) == "water=riverbank")
        #expect(classify([("waterway", "canal"), ("area", "yes")]) == "water=canal")
        #expect(classify([("waterway", "canal")]) == "waterway=canal")
        #expect(classify([("waterway", "river")], closed: false) == "waterway=river")
        #expect(classify([("landuse", "forest")]) == "green=forest")
        #expect(classify([("landuse", "forest")], closed: false) == nil)
        #expect(classify([("landuse", "farmland")]) == nil)
        #expect(classify([("landuse", "industrial")]) == "landuse=industrial")
        #expect(classify([("natural", "beach")]) == "sand=beach")
        #expect(classify([("natural", "coastline")], closed: false) == "coastline=coastline")
        #expect(classify([("railway", "rail")], closed: false) == "railway=rail")
        #expect(classify([("railway", "rail"), ("disused", "yes")], closed: false) == nil)
        #expect(classify([("railway", "abandoned")], closed: false) == nil)
        #expect(classify([("natural", "wood"), ("area", "no")]) == nil)
        #expect(classify([("railway", "tram")], lines: false) == nil)
        #expect(classify([("highway", "residential"), ("name", "Rue")]) == nil)
        // Which ways are kept as possible ring parts.
        func part(_ tags: [(String, String)], closed: Bool = true) -> Bool {
            var b = OSMBatch()
            for (k, v) in tags {
                b.tagKeys.append(ArenaRange(start: UInt32(b.arena.count), length: UInt32(k.utf8.count)))
                b.arena.append(contentsOf: k.utf8)
                b.tagValues.append(ArenaRange(start: UInt32(b.arena.count), length: UInt32(v.utf8.count)))
                b.arena.append(contentsOf: v.utf8)
            }
            let t = MapShapeClassifier.scan(b, 0..<tags.count)
            return MapShapeClassifier.mayBeRingPart(t, b, drawnAs: MapShapeClassifier.classify(t, b, closed: closed, lines: true)?.0)
        }
        #expect(part([]) && part([("source", "survey"), ("CLC:code", "112")]) && part([("natural", "coastline")], closed: false))
        #expect(part([("natural", "water")]) && part([("landuse", "farmland")]) && part([("waterway", "riverbank")], closed: false))
        #expect(!part([("building", "yes")]) && !part([("highway", "track")], closed: false) && !part([("barrier", "fence")], closed: false))
        #expect(!part([("waterway", "river")], closed: false) && !part([("railway", "rail")], closed: false))
    }
}
