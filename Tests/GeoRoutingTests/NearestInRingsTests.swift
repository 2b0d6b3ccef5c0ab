// The ring-by-ring nearest-road search against reading every edge: the same
// nearest places at the same distances for points on streets, in parks, out at
// sea and outside the road network's box (town; Monaco when the shared data is
// there), for one and for several places, and nothing beyond the radius.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

@Suite struct NearestInRingsTests {
    /// Every usable edge's nearest position, read one by one (the reference).
    static func everyEdge(_ rules: TraversalRules, _ point: Coordinate, radius: Double) -> [Candidate] {
        var search = CandidateSearch(rules: rules)
        var found: [Candidate] = []
        let projection = LocalProjection(origin: point)
        for e in 0..<rules.graph.edgeCount {
            let ed = rules.graph.edge(e)
            let profile = rules.graph.profile(ed.profile)
            let forward = rules.allows(profile, forward: true), backward = rules.allows(profile, forward: false)
            guard forward || backward, let p = search.nearestPosition(on: ed, projection: projection, within: radius) else { continue }
            found.append(Candidate(position: p, from: ed.from, to: ed.to, length: ed.length, profile: profile, forward: forward, backward: backward))
        }
        return CandidateSearch.distinct(found, limit: 1_000_000)
    }

    static func compare(_ graph: RoadGraph, points: [Coordinate], radius: Double) -> Int {
        var compared = 0
        for mode in [TravelMode.car, .foot] {
            let rules = TraversalRules(graph: graph, mode: mode, type: .fastest)
            for point in points {
                let reference = everyEdge(rules, point, radius: radius)
                for need in [1, 3] {
                    var search = CandidateSearch(rules: rules)
                    let got = search.nearestInRings(to: point, need: need, slack: 0, maxRadius: radius, limit: need)
                    let expected = Array(reference.prefix(need))
                    #expect(got.count == expected.count, "\(mode) \(point) need \(need): \(got.count) vs \(expected.count)")
                    for (g, e) in zip(got, expected) {
                        #expect(abs(g.position.distance - e.position.distance) < 1e-6, "\(mode) \(point) need \(need): \(g.position.distance) vs \(e.position.distance)")
                    }
                    #expect(got.allSatisfy { $0.position.distance <= radius })
                    compared += 1
                }
                // The router's call: the nearest and every place within 5 m of it.
                var search = CandidateSearch(rules: rules)
                let near = search.nearest(to: point, maxRadius: radius)
                if let best = reference.first {
                    let within = reference.prefix { $0.position.distance <= best.position.distance + 5 }.prefix(4)
                    #expect(near.map(\.position.distance) == within.map(\.position.distance), "\(mode) \(point) nearest")
                } else {
                    #expect(near.isEmpty)
                }
            }
        }
        return compared
    }

    static func points(around box: BoundingBox, count: Int, seed: UInt64) -> [Coordinate] {
        var rng = SplitMix64(seed: seed)
        let padLat = (box.maxLat - box.minLat) * 0.6, padLon = (box.maxLon - box.minLon) * 0.6
        return (0..<count).map { _ in
            Coordinate(lat: box.minLat - padLat + rng.unit() * (box.maxLat - box.minLat + 2 * padLat),
                       lon: box.minLon - padLon + rng.unit() * (box.maxLon - box.minLon + 2 * padLon))
        }
    }

    @Test func townPointsInsideAndOutsideTheNetwork() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        var points = Self.points(around: graph.extent, count: 60, seed: 7)
        // On a node, and far away (nothing within the radius).
        points.append(graph.coordinate(ofNode: 0).coordinate)
        points.append(Coordinate(lat: graph.extent.minLat - 1, lon: graph.extent.minLon))
        #expect(Self.compare(graph, points: points, radius: 5_000) > 100)
        // A radius smaller than the distance to any road: nothing.
        var search = CandidateSearch(rules: TraversalRules(graph: graph, mode: .car, type: .fastest))
        #expect(search.nearestInRings(to: Coordinate(lat: graph.extent.maxLat + 0.05, lon: graph.extent.maxLon), need: 1, slack: 0,
                                      maxRadius: 100, limit: 1).isEmpty)
    }

    @Test(.sharedData("monaco.osm.gz")) func monacoPointsOnLandAndAtSea() throws {
        let osm = try #require(TestData.shared("monaco.osm.gz"))
        let graph = try TestData.graph(of: osm)
        #expect(Self.compare(graph, points: Self.points(around: graph.extent, count: 25, seed: 11), radius: 5_000) > 50)
    }
}
