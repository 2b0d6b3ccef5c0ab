// Regions built apart route together with their own overlays: an extract cut
// in two overlapping regions (as scripts/regions.py cuts them), each region's
// graph with its overlay, joined with the overlay composed from theirs
// (OverlayComposer), gives for many random pairs in every mode exactly the
// routes of the plain search on the joined graph, and those routes join up.
// Most of the joined network is crossed by the regions' own weights; the band
// where the regions meet gets its weights searched again, so no cell is walked
// unless its region came without an overlay.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

@Suite struct ComposedOverlayTests {
    /// `input` cut at `longitude` into two regions that overlap by `overlap` degrees, each with its overlay.
    static func regions(_ input: String, name: String, at longitude: Double, overlap: Double,
                        leafSize: Int, paths: Bool? = true) throws -> [RoadGraph] {
        let dir = TestData.tempPath("composed-\(name)")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let (w, e) = try RegionSplitter.split(input, atLongitude: longitude, completeWays: true, overlap: overlap, into: dir)
        return try [w, e].map { path in
            let g = try TestData.graph(of: path)
            return g.withOverlay(try #require(OverlayBuilder.section(for: g, leafSize: leafSize, paths: paths)))
        }
    }

    /// How many nodes of `graph` lie in leaf cells its overlay crosses, and how many in cells it walks.
    static func nodesCrossedAndWalked(_ graph: RoadGraph) throws -> (crossed: Int, walked: Int) {
        let o = try #require(graph.overlay)
        var crossed = 0
        for n in 0..<graph.nodeCount where !o.boundaries(level: 1, cell: o.cell(leaf: o.leaf(n), level: 1), exits: false).isEmpty {
            crossed += 1
        }
        return (crossed, graph.nodeCount - crossed)
    }

    /// How many of the regions' leaf cells the merge changed: their weights are searched again on the
    /// joined graph, not copied (a test with none would not exercise that).
    static func changedLeaves(_ regions: [RoadGraph]) -> Int {
        let (joined, origins) = RoadGraph.mergedWithOrigins(regions)
        let leaves = OverlayCleanCells(graph: joined, regions: regions, origins: origins, usable: regions.map(\.overlay))
        return leaves.cleanLeaves.joined().filter { !$0 }.count
    }

    /// Leaf cells that a way crosses into or out of but that list neither entries nor exits (walked).
    static func unweighedBorderLeaves(_ graph: RoadGraph) throws -> Int {
        let o = try #require(graph.overlay)
        var cells = Set<Int>()
        for e in 0..<graph.edgeCount {
            let ed = graph.edge(e)
            for leaf in [o.leaf(ed.from), o.leaf(ed.to)] where o.leaf(ed.from) != o.leaf(ed.to)
                && o.boundaries(level: 1, cell: leaf, exits: false).isEmpty && o.boundaries(level: 1, cell: leaf, exits: true).isEmpty {
                cells.insert(leaf)
            }
        }
        return cells.count
    }

    @Test func townRoutesAcrossTwoRegionsAreThoseOfTheJoinedGraph() throws {
        let regions = try Self.regions(TestData.sample("town.osm"), name: "town", at: 6.8, overlap: 0.002, leafSize: 2)
        let joined = OverlayComposer.merged(regions)
        #expect(joined.nodeCount == RoadGraph.merged(regions).nodeCount)
        #expect(try Self.unweighedBorderLeaves(joined) == 0, "a leaf cell with ways in and out has no weights")
        #expect(Self.changedLeaves(regions) > 0, "the merge changed no cell: nothing was searched again")
        let (routes, through) = try RouteOverlayTests.compare(overlaid: joined, pairs: 150, seed: 21)
        #expect(routes > 300 && through > 200, "only \(routes) routes, \(through) with edges between the ends")
    }

    @Test func aRegionWithoutAnOverlayIsWalked() throws {
        let regions = try Self.regions(TestData.sample("town.osm"), name: "town-half", at: 6.8, overlap: 0.002, leafSize: 2)
        let east = try TestData.graph(of: TestData.tempPath("composed-town-half") + "/east.osm")
        #expect(east.overlay == nil)
        let joined = OverlayComposer.merged([regions[0], east])
        // Every node that only the east has lies in a walked cell.
        let (crossed, walked) = try Self.nodesCrossedAndWalked(joined)
        #expect(crossed > 0 && walked >= joined.nodeCount - regions[0].nodeCount, "\(crossed) crossed, \(walked) walked")
        _ = try RouteOverlayTests.compare(overlaid: joined, pairs: 60, seed: 5)
        #expect(OverlayComposer.merged([east, east]).overlay == nil, "no region has an overlay: none is made")
    }

    @Test func regionNetworksJoinWithTheComposedOverlay() throws {
        let regions = try Self.regions(TestData.sample("town.osm"), name: "town-networks", at: 6.8, overlap: 0.002, leafSize: 2)
        let (a, b) = RegionNetworkTests.crossings[0]
        let network = RegionNetworks(graphs: regions).network(for: [a, b])
        #expect(network.overlay != nil)
        var router = Router(graph: network)
        let fast = try router.route(waypoints: [a, b])
        router.useOverlay = false
        let plain = try router.route(waypoints: [a, b])
        #expect(abs(fast.segment.times.last! - plain.segment.times.last!) < 0.01)
    }

    /// Monaco (with its turn restrictions) cut through its middle, regions overlapping by about 160 m.
    @Test(.sharedData("osrm/monaco.osm.gz")) func monacoRoutesAcrossTwoRegionsAreThoseOfTheJoinedGraph() throws {
        let input = try #require(TestData.shared("osrm/monaco.osm.gz"))
        let regions = try Self.regions(input, name: "monaco", at: 7.42, overlap: 0.002, leafSize: 32)
        let joined = OverlayComposer.merged(regions)
        #expect(!joined.turnRestrictions.isEmpty)
        #expect(try Self.unweighedBorderLeaves(joined) == 0, "a leaf cell with ways in and out has no weights")
        #expect(Self.changedLeaves(regions) > 0, "the merge changed no cell: nothing was searched again")
        let (routes, _) = try RouteOverlayTests.compare(overlaid: joined, pairs: 80, seed: 17)
        #expect(routes > 160)
    }
}
