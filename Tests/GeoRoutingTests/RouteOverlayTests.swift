// The routing overlay gives exactly the routes of the plain search: for many
// random pairs, the cost of the best path with the overlay equals the cost
// without it, in every mode, and the streets it unpacks into make a route of
// that cost. On the sample town (with tiny cells, so that routes cross many)
// and on real extracts when present. Also: a damaged overlay is refused.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoFormat
import GeoImport
import GeoTestSupport

struct RouteOverlayTests {
    /// Compares the overlay's answers with the plain search's for `pairs` random pairs of points.
    private func compare(_ plainGraph: RoadGraph, leafSize: Int, pairs: Int, seed: UInt64) throws -> (routes: Int, crossed: Int) {
        let bytes = try #require(OverlayBuilder.section(for: plainGraph, leafSize: leafSize, paths: true))
        return try Self.compare(overlaid: plainGraph.withOverlay(bytes), pairs: pairs, seed: seed)
    }

    /// The same for a graph that has its overlay (built, or composed from regions' overlays).
    static func compare(overlaid graph: RoadGraph, pairs: Int, seed: UInt64) throws -> (routes: Int, crossed: Int) {
        let overlay = try #require(graph.overlay)
        #expect(overlay.levels >= 1)
        var rng = SplitMix64(seed: seed)
        var routes = 0, crossed = 0
        for mode in TravelMode.allCases {
            let rules = TraversalRules(graph: graph, mode: mode, type: .fastest)
            var finder = CandidateSearch(rules: rules)
            var fast = TurnSearch(rules: rules)
            var plain = TurnSearch(rules: rules, useOverlay: false)
            #expect(fast.usesOverlay && !plain.usesOverlay)
            for _ in 0..<pairs {
                let a = Int(rng.next() % UInt64(graph.nodeCount)), b = Int(rng.next() % UInt64(graph.nodeCount))
                let from = finder.nearest(to: graph.coordinate(ofNode: a).coordinate, maxRadius: 2_000, slack: 0.5)
                let to = finder.nearest(to: graph.coordinate(ofNode: b).coordinate, maxRadius: 2_000, slack: 0.5)
                guard !from.isEmpty, !to.isEmpty else { continue }
                let p = plain.route(from: from, to: to), f = fast.route(from: from, to: to)
                #expect((p == nil) == (f == nil), "\(mode.name) \(a)→\(b): found by one search only")
                guard let p, let f else { continue }
                routes += 1
                let tolerance = 1e-3 + 1e-5 * p.path.cost
                #expect(abs(p.path.cost - f.path.cost) <= tolerance, "\(mode.name) \(a)→\(b): \(f.path.cost) with the overlay, \(p.path.cost) without")
                // The unpacked streets: a connected chain of directed edges from the source's edge to the target's.
                var at = f.path.leavesForward ? from[f.source].to : from[f.source].from
                for s in f.path.steps {
                    let e = graph.edge(s.edge)
                    #expect((s.reversed ? e.to : e.from) == at, "\(mode.name) \(a)→\(b): the unpacked path is broken at edge \(s.edge)")
                    at = s.reversed ? e.from : e.to
                }
                if !f.path.steps.isEmpty { crossed += 1 }
            }
            // Whole routes (the unpacked streets' times and lengths) for some pairs: as without the overlay.
            var router = Router(graph: graph)
            for _ in 0..<25 {
                let a = graph.coordinate(ofNode: Int(rng.next() % UInt64(graph.nodeCount))).coordinate
                let b = graph.coordinate(ofNode: Int(rng.next() % UInt64(graph.nodeCount))).coordinate
                router.useOverlay = true
                let f = try? router.route(waypoints: [a, b], mode: mode)
                router.useOverlay = false
                let p = try? router.route(waypoints: [a, b], mode: mode)
                guard let f, let p else { #expect((f == nil) == (p == nil)); continue }
                let tf = f.segment.times.last ?? 0, tp = p.segment.times.last ?? 0
                #expect(abs(tf - tp) <= 0.05 + 1e-5 * tp, "\(mode.name): a route takes \(tf) s with the overlay, \(tp) s without")
            }
        }
        return (routes, crossed)
    }

    @Test func townRoutesAreTheSameWithTinyCells() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        let (routes, crossed) = try compare(graph, leafSize: 2, pairs: 150, seed: 7)
        #expect(routes > 300 && crossed > 200, "only \(routes) routes, \(crossed) with edges between the ends")
    }

    @Test(.sharedData("monaco.osm.gz")) func monacoRoutesAreTheSame() throws {
        let graph = try TestData.graph(of: try #require(TestData.shared("monaco.osm.gz")))
        let (routes, _) = try compare(graph, leafSize: 32, pairs: 300, seed: 11)
        #expect(routes > 600)
    }

    @Test(.sharedData("andorra.osm.pbf")) func andorraRoutesAreTheSame() throws {
        let graph = try TestData.graph(of: try #require(TestData.shared("andorra.osm.pbf")))
        let (routes, _) = try compare(graph, leafSize: OverlayPartition.leafSize(nodeCount: graph.nodeCount), pairs: 200, seed: 13)
        #expect(routes > 400)
    }

    /// A hostile overlay that passes the reader's checks (weights, leaves, cut edges changed at random):
    /// routes may be wrong but the search never crashes or hangs, and every route it gives joins up.
    @Test func aHostileOverlayNeverCrashes() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        let good = try #require(OverlayBuilder.section(for: graph, leafSize: 2))
        var rng = SplitMix64(seed: 99)
        var read = 0
        for _ in 0..<150 {
            var bytes = good
            for _ in 0..<(1 + Int(rng.next() % 8)) {
                let at = RouteOverlay.headerSize + Int(rng.next() % UInt64(bytes.count - RouteOverlay.headerSize))
                bytes[at] = rng.next() % 4 == 0 ? 0xFF : UInt8(truncatingIfNeeded: rng.next())
            }
            let hostile = graph.withOverlay(bytes)
            guard hostile.overlay != nil else { continue }
            read += 1
            let rules = TraversalRules(graph: hostile, mode: .car, type: .fastest)
            var finder = CandidateSearch(rules: rules)
            var search = TurnSearch(rules: rules)
            for _ in 0..<4 {
                let a = Int(rng.next() % UInt64(graph.nodeCount)), b = Int(rng.next() % UInt64(graph.nodeCount))
                let from = finder.nearest(to: graph.coordinate(ofNode: a).coordinate, maxRadius: 2_000, slack: 0.5)
                let to = finder.nearest(to: graph.coordinate(ofNode: b).coordinate, maxRadius: 2_000, slack: 0.5)
                guard !from.isEmpty, !to.isEmpty, let r = search.route(from: from, to: to) else { continue }
                var at = r.path.leavesForward ? from[r.source].to : from[r.source].from
                for step in r.path.steps {
                    let e = graph.edge(step.edge)
                    #expect((step.reversed ? e.to : e.from) == at, "a route through a hostile overlay is broken")
                    at = step.reversed ? e.from : e.to
                }
            }
        }
        #expect(read > 20, "only \(read) of 150 mutated overlays passed the reader: the test reaches too little")
    }

    @Test func aDamagedOverlayIsLeftOut() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        var bytes = try #require(OverlayBuilder.section(for: graph, leafSize: 2))
        #expect(graph.withOverlay(bytes).overlay != nil)
        #expect(graph.withOverlay(Array(bytes.dropLast(4))).overlay == nil)
        bytes[RouteOverlay.headerSize] = 0xFF   // a leaf number beyond the cells
        bytes[RouteOverlay.headerSize + 3] = 0xFF
        #expect(graph.withOverlay(bytes).overlay == nil)
        var other = try #require(OverlayBuilder.section(for: graph, leafSize: 2))
        other[4] ^= 1   // another graph's node count
        #expect(graph.withOverlay(other).overlay == nil)
        // An overlay of another version (1: weights without their seconds and metres) is left out, and says so.
        var old = try #require(OverlayBuilder.section(for: graph, leafSize: 2))
        old[0] = 1
        #expect(graph.withOverlay(old).overlay == nil)
        let storage = GraphStorage(old)
        withExtendedLifetime(storage) { #expect(RouteOverlay.storedVersion(storage.view) == 1 && RouteOverlay.version == 3) }
    }
}

struct RouteOverlaySectionTests {
    /// `geoindex build`'s option writes the section; the index's graph reads it back and routes with it.
    @Test(.sharedData("andorra.osm.pbf")) func theIndexCarriesTheOverlay() throws {
        let input = try #require(TestData.shared("andorra.osm.pbf"))
        try TestData.withTemporaryDirectory { dir in
            var options = BuildOptions(output: dir + "/a.geoidx")
            options.routingOverlay = { OverlayBuilder.section(for: $0) }
            let report = try IndexBuilder.build(input: input, options: options)
            #expect(report.overlayBytes > 0)
            let index = try LandmarkIndex(path: dir + "/a.geoidx")
            #expect(index.sections[.overlay]?.items == index.roadGraph?.overlay?.cutCount)
            #expect(IndexVerifier.verify(path: dir + "/a.geoidx").isEmpty)
            let graph = try #require(index.roadGraph)
            #expect(graph.overlay != nil)
            var router = Router(graph: graph)
            let a = Coordinate(lat: 42.5078, lon: 1.5211), b = Coordinate(lat: 42.5440, lon: 1.7330)
            let fast = try router.route(waypoints: [a, b], mode: .car)
            router.useOverlay = false
            let plain = try router.route(waypoints: [a, b], mode: .car)
            #expect(abs(fast.segment.times.last! - plain.segment.times.last!) < 0.01)
            #expect(abs(fast.segment.distances.last! - plain.segment.distances.last!) < 0.5)
        }
    }
}
