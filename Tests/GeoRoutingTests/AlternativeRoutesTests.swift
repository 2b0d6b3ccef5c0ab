// Alternative routes are genuinely different and still good: for many pairs
// of points on the sample town (with tiny overlay cells, and without the
// overlay) and on real extracts when present, every alternative is a
// joined-up path that keeps the rules of the search, weighs what its edges
// and turns weigh, at most (1 + stretch) × the route's weight and no less,
// shares at most the allowed metres with the route and with each earlier
// alternative, is a best route around its via node (checked here with the
// plain search), and the route asked with alternatives is the route asked
// without. Some pairs must have alternatives, or the test fails.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

struct AlternativeRoutesTests {
    /// Checks `pairs` random pairs of nodes of `graph`; returns how many had at least one alternative.
    private func check(_ graph: RoadGraph, pairs: Int, seed: UInt64, modes: [TravelMode] = TravelMode.allCases) throws -> Int {
        var rng = SplitMix64(seed: seed)
        var withAlternatives = 0
        let limits = AlternativeRules()
        for mode in modes {
            var router = Router(graph: graph)
            for k in 0..<pairs {
                let a = graph.coordinate(ofNode: Int(rng.next() % UInt64(graph.nodeCount))).coordinate
                let b = graph.coordinate(ofNode: Int(rng.next() % UInt64(graph.nodeCount))).coordinate
                router.useOverlay = k % 2 == 0
                guard let (rules, chosen, paths) = try? router.legs(waypoints: [a, b], mode: mode, type: .fastest) else { continue }
                let (s, t) = (chosen[0], chosen[1])
                guard let primary = EdgePathWalk(paths[0], from: s, to: t, rules: rules) else {
                    Issue.record("\(mode.name): the route from \(a) to \(b) does not walk again"); continue
                }
                var search = AlternativeRoutes(rules: rules, limits: limits, useOverlay: router.useOverlay)
                let found = search.find(from: s, to: t, primary: paths[0], count: 3)
                #expect(found.count <= 3)
                if !found.isEmpty { withAlternatives += 1 }
                var plain = TurnSearch(rules: rules, useOverlay: false)
                for (i, f) in found.enumerated() {
                    let what = "\(mode.name) \(a)→\(b) alternative \(i + 1)"
                    // Its weight: the search's sum (overlay cells in single precision) is the walk's.
                    #expect(abs(f.path.cost - f.walk.cost) <= 1e-3 + 1e-5 * f.walk.cost, "\(what): \(f.path.cost) vs \(f.walk.cost)")
                    #expect(f.walk.cost <= primary.cost * (1 + limits.stretch) + 1e-9, "\(what): too slow")
                    #expect(f.walk.cost >= primary.cost - 1e-3 - 1e-5 * primary.cost, "\(what): better than the route")
                    if i > 0 { #expect(f.walk.cost >= found[i - 1].walk.cost, "\(what): not lightest first") }
                    // Different: from the route and from every other alternative.
                    for other in [primary] + found.prefix(i).map(\.walk) {
                        let shared = AlternativeRoutes.shared(f.walk, other)
                        #expect(shared <= limits.sharing * min(f.walk.length, other.length) + 1e-6, "\(what): shares \(shared) m")
                    }
                    // No node twice (no loop, no turning back at the via node).
                    #expect(Set(f.walk.nodes.map(\.node)).count == f.walk.nodes.count, "\(what): a loop")
                    // Locally a best route: the stretch around the via node, searched again without the overlay.
                    let nodes = f.walk.nodes
                    let v = try #require(nodes.firstIndex { $0.node == f.via })
                    let window = limits.localOptimality * primary.cost / 2
                    let lo = nodes[...v].last { $0.cost <= nodes[v].cost - window }
                    let hi = nodes[v...].first { $0.cost >= nodes[v].cost + window }
                    let sources = try lo.map { [try #require(Self.end(of: $0.arrivedBy, graph))] } ?? [s]
                    let targets = try hi.map { [try #require(Self.end(of: $0.arrivedBy, graph))] } ?? [t]
                    let searched = plain.route(from: sources, to: targets, continuing: lo?.arrivedBy)
                    let best = try #require(searched)
                    let sub = (hi?.cost ?? f.walk.cost) - (lo?.cost ?? 0)
                    #expect(sub <= best.path.cost + 1e-3 + 1e-5 * sub, "\(what): \(sub) around the via node, the best is \(best.path.cost)")
                }
                // Through the router: the first route is the route; each one whole, with one leg.
                let routes = try router.routes(waypoints: [a, b], mode: mode, alternatives: 3)
                let alone = try router.route(waypoints: [a, b], mode: mode)
                #expect(routes.count == found.count + 1)
                #expect(routes[0].segment.coordinates == alone.segment.coordinates && routes[0].duration == alone.duration)
                #expect(Set(routes.map(\.segment.coordinates.count)).count >= 1)
                for (i, r) in routes.enumerated().dropFirst() {
                    #expect(r.legs.count == 1 && r.waypoints.map(\.snapped) == alone.waypoints.map(\.snapped))
                    #expect(r.segment.coordinates != alone.segment.coordinates, "alternative \(i) is the route")
                    // Turn times are the fastest route's turn weights: without a road for local access only, the
                    // route's duration is its weight.
                    if found[i - 1].walk.cost < TurnCosts(rules: rules).restrictedPenalty {
                        #expect(abs(r.duration - found[i - 1].walk.cost) <= 0.05 + 1e-5 * r.duration, "\(mode.name) alternative \(i)")
                    }
                }
                #expect(try router.routes(waypoints: [a, b], mode: mode, alternatives: 0).count == 1)
            }
        }
        return withAlternatives
    }

    /// A search end exactly at the end of directed edge `d`.
    static func end(of d: DirectedEdge, _ graph: RoadGraph) -> Candidate? {
        let e = graph.edge(Int(d >> 1)), atEnd = d & 1 == 0
        return Candidate(position: EdgePosition(edge: e.index, offset: atEnd ? e.length : 0,
                                                coordinate: graph.coordinate(ofNode: atEnd ? e.to : e.from).coordinate, distance: 0),
                         from: e.from, to: e.to, length: e.length, profile: graph.profile(e.profile), forward: false, backward: false)
    }

    @Test func townAlternativesAreDifferentAndGood() throws {
        let plain = try TestData.graph(of: TestData.sample("town.osm"))
        let graph = plain.withOverlay(try #require(OverlayBuilder.section(for: plain, leafSize: 4)))
        let n = try check(graph, pairs: 60, seed: 3)
        #expect(n >= 20, "only \(n) pairs with an alternative")
    }

    @Test(.sharedData("monaco.osm.gz")) func monacoAlternatives() throws {
        let graph = try TestData.graph(of: try #require(TestData.shared("monaco.osm.gz")))
        let n = try check(graph, pairs: 40, seed: 5, modes: [.car, .foot])
        #expect(n >= 10, "only \(n) pairs with an alternative")
    }

    @Test(.sharedData("andorra.osm.pbf")) func andorraAlternatives() throws {
        let graph = try TestData.graph(of: try #require(TestData.shared("andorra.osm.pbf")))
        let n = try check(graph, pairs: 30, seed: 9, modes: [.car, .bicycle])
        #expect(n >= 8, "only \(n) pairs with an alternative")
    }

    @Test func moreThanTwoPointsHaveNoAlternatives() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        let nodes = try TestData.nodes(TestData.sample("town.osm"))
        let router = Router(graph: graph)
        // Rue de la Poste's north end, its south end, then on (as georoute's --via test).
        let p = [10043, 10015, 10017].map { nodes[Int64($0)]! }
        #expect(try router.routes(waypoints: [p[0], p[2]], mode: .car, alternatives: 3).count >= 1)
        let routes = try router.routes(waypoints: p, mode: .car, alternatives: 3)
        #expect(routes.count == 1 && routes[0].legs.count == 2)
    }
}
