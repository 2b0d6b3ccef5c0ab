// Distance tables over the routing overlay give the cells of the plain table:
// for seeded points (graph nodes, where a source sets off from a junction, and
// points part-way along streets), every cell's duration and distance with the
// overlay (OverlayManyToMany's buckets) equals the one without it
// (ManyToManySearch), nil exactly where the other is nil, in all three modes:
// on the sample town with two-node cells (so tables cross many), Monaco with
// leaves of 32 nodes and Andorra with the default leaves. On Monaco the
// overlay's table is also checked against Router.route with the overlay.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

struct OverlayTableTests {
    /// `count` seeded points of `graph`: every other one a node, the rest a little off a point part-way
    /// between a node and one of its neighbours.
    static func points(_ graph: RoadGraph, count: Int, seed: UInt64) -> [Coordinate] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { k in
            let n = Int(rng.next() % UInt64(graph.nodeCount))
            let c = graph.coordinate(ofNode: n).coordinate
            guard k % 2 == 1 else { return c }
            var other = n
            graph.forEachAdjacent(n) { e, reversed in
                let ed = graph.edge(e)
                other = reversed ? ed.from : ed.to
            }
            let d = graph.coordinate(ofNode: other).coordinate, f = 0.2 + 0.6 * rng.unit()
            return Coordinate(lat: c.lat + (d.lat - c.lat) * f + 0.00002, lon: c.lon + (d.lon - c.lon) * f - 0.00001)
        }
    }

    /// Compares the overlay's table with the plain one on `count` points in every mode; returns the cells
    /// compared that have a route.
    @discardableResult
    static func compare(_ plainGraph: RoadGraph, leafSize: Int, count: Int, seed: UInt64,
                        againstRoutes: Bool = false) throws -> Int {
        let bytes = try #require(OverlayBuilder.section(for: plainGraph, leafSize: leafSize))
        return try compare(overlaid: plainGraph.withOverlay(bytes), count: count, seed: seed, againstRoutes: againstRoutes)
    }

    /// The same on a graph that has its overlay already (built, or composed from regions' overlays).
    @discardableResult
    static func compare(overlaid graph: RoadGraph, count: Int, seed: UInt64, againstRoutes: Bool = false) throws -> Int {
        #expect(graph.overlay != nil)
        var router = Router(graph: graph)
        let points = Self.points(graph, count: count, seed: seed)
        var compared = 0
        for mode in TravelMode.allCases {
            #expect(TableSearch(rules: TraversalRules(graph: graph, mode: mode, type: .fastest), useOverlay: true).usesOverlay)
            router.useOverlay = true
            let fast = try router.table(points, mode: mode)
            router.useOverlay = false
            let plain = try router.table(points, mode: mode)
            for i in points.indices {
                for j in points.indices {
                    let f = fast.durations[i][j], p = plain.durations[i][j]
                    #expect((f == nil) == (p == nil), "\(mode.name) \(i)→\(j): \(f.map { "\($0) s" } ?? "none") with the overlay, \(p.map { "\($0) s" } ?? "none") without")
                    guard let f, let p, let fd = fast.distances[i][j], let pd = plain.distances[i][j] else { continue }
                    compared += 1
                    #expect(abs(f - p) <= 1e-3 + 1e-6 * p, "\(mode.name) \(i)→\(j): \(f) s with the overlay, \(p) s without")
                    #expect(abs(fd - pd) <= 0.01 + 1e-6 * pd, "\(mode.name) \(i)→\(j): \(fd) m with the overlay, \(pd) m without")
                }
            }
            if againstRoutes {
                router.useOverlay = true
                try DistanceTableTests.expectTableEqualsRoutes(router, Array(points.prefix(10)), mode: mode)
            }
        }
        return compared
    }

    @Test func townTablesAreTheSameWithTinyCells() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        let n = try Self.compare(graph, leafSize: 2, count: 40, seed: 3)
        #expect(n > 3 * 40 * 40 / 2, "only \(n) cells with a route")
    }

    /// Two regions' overlays composed (OverlayComposer): the cells the merge changed list no entries, and
    /// the backward searches must walk them as the forward ones do.
    @Test func tablesAcrossTwoRegionsAreThoseOfTheJoinedGraph() throws {
        let regions = try ComposedOverlayTests.regions(TestData.sample("town.osm"), name: "town-table", at: 6.8,
                                                       overlap: 0.002, leafSize: 2)
        let n = try Self.compare(overlaid: OverlayComposer.merged(regions), count: 40, seed: 13)
        #expect(n > 3 * 40 * 40 / 2, "only \(n) cells with a route")
    }

    /// The overlay's weights are made with every road class: a table that leaves motorways out (OSRM's
    /// `exclude`) must not cross cells by them.
    @Test func aTableWithoutMotorwaysDoesNotUseTheWeights() throws {
        let plainGraph = try TestData.graph(of: TestData.sample("town.osm"))
        let graph = plainGraph.withOverlay(try #require(OverlayBuilder.section(for: plainGraph, leafSize: 2)))
        var router = Router(graph: graph)
        router.excludedClasses = [.motorway]
        // The ends of the town's motorway (the A 19) among the points, so some pairs would take it.
        let nodes = try TestData.nodes(TestData.sample("town.osm"))
        let points = try [#require(nodes[10061]), #require(nodes[10062])] + Self.points(graph, count: 20, seed: 4)
        let fast = try router.table(points, mode: .car)
        router.useOverlay = false
        let plain = try router.table(points, mode: .car)
        #expect(fast.durations == plain.durations, "the table without motorways differs with the overlay")
        router.excludedClasses = []
        let withMotorways = try router.table(points, mode: .car)
        #expect(withMotorways.durations != plain.durations, "the town's motorway changes no cell: the test shows nothing")
    }

    @Test(.sharedData("monaco.osm.gz")) func monacoTablesAreTheSame() throws {
        let graph = try TestData.graph(of: try #require(TestData.shared("monaco.osm.gz")))
        let n = try Self.compare(graph, leafSize: 32, count: 40, seed: 5, againstRoutes: true)
        #expect(n > 3 * 40 * 40 / 2, "only \(n) cells with a route")
    }

    @Test(.sharedData("andorra.osm.pbf")) func andorraTablesAreTheSame() throws {
        let graph = try TestData.graph(of: try #require(TestData.shared("andorra.osm.pbf")))
        let n = try Self.compare(graph, leafSize: OverlayPartition.leafSize(nodeCount: graph.nodeCount), count: 30, seed: 9)
        #expect(n > 3 * 30 * 30 / 2, "only \(n) cells with a route")
    }
}
