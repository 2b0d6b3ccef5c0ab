// The routing rules, one small hand-written OSM file each (samples/rules/):
// for every mode the fastest route's length, time and node sequence must be
// those samples/README.md lists (oneway, contraflow cycling, roundabouts,
// footways, bollards, private roads, motorways and motorroads, ferries).
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport
@testable import GeoTracks

private struct RuleCase: Sendable, CustomStringConvertible {
    var file: String
    var from: Int64
    var to: Int64
    var mode: TravelMode
    var metres: Double
    var seconds: Double
    var nodes: [Int64]
    var type: RouteType = .fastest

    var description: String { "\(file) \(from)→\(to) \(mode.name) \(type.rawValue)" }
}

/// samples/README.md, section "rules/" (only the parts that hold under every model variant).
private let ruleCases: [RuleCase] = [
    RuleCase(file: "oneway", from: 1, to: 2, mode: .car, metres: 100, seconds: 13, nodes: [1, 2]),
    RuleCase(file: "oneway", from: 1, to: 2, mode: .bicycle, metres: 100, seconds: 22, nodes: [1, 2]),
    RuleCase(file: "oneway", from: 1, to: 2, mode: .foot, metres: 100, seconds: 72, nodes: [1, 2]),
    RuleCase(file: "oneway", from: 2, to: 1, mode: .car, metres: 300, seconds: 39, nodes: [2, 3, 4, 1]),
    RuleCase(file: "oneway", from: 2, to: 1, mode: .bicycle, metres: 300, seconds: 67, nodes: [2, 3, 4, 1]),
    RuleCase(file: "oneway", from: 2, to: 1, mode: .foot, metres: 100, seconds: 72, nodes: [2, 1]),
    RuleCase(file: "oneway_bicycle_no", from: 2, to: 1, mode: .car, metres: 300, seconds: 39, nodes: [2, 3, 4, 1]),
    RuleCase(file: "oneway_bicycle_no", from: 2, to: 1, mode: .bicycle, metres: 100, seconds: 22, nodes: [2, 1]),
    RuleCase(file: "oneway_bicycle_no", from: 2, to: 1, mode: .foot, metres: 100, seconds: 72, nodes: [2, 1]),
    RuleCase(file: "oneway_bicycle_no", from: 6, to: 5, mode: .car, metres: 300, seconds: 39, nodes: [6, 7, 8, 5]),
    RuleCase(file: "oneway_bicycle_no", from: 6, to: 5, mode: .bicycle, metres: 100, seconds: 23, nodes: [6, 5]),
    RuleCase(file: "oneway_bicycle_no", from: 6, to: 5, mode: .foot, metres: 100, seconds: 72, nodes: [6, 5]),
    RuleCase(file: "roundabout", from: 9, to: 10, mode: .car, metres: 378, seconds: 30, nodes: [9, 1, 2, 3, 4, 5, 6, 7, 10]),
    RuleCase(file: "roundabout", from: 9, to: 10, mode: .bicycle, metres: 378, seconds: 85, nodes: [9, 1, 2, 3, 4, 5, 6, 7, 10]),
    RuleCase(file: "roundabout", from: 9, to: 10, mode: .foot, metres: 286, seconds: 206, nodes: [9, 1, 8, 7, 10]),
    RuleCase(file: "roundabout", from: 10, to: 9, mode: .car, metres: 286, seconds: 23, nodes: [10, 7, 8, 1, 9]),
    RuleCase(file: "roundabout", from: 10, to: 9, mode: .bicycle, metres: 286, seconds: 64, nodes: [10, 7, 8, 1, 9]),
    RuleCase(file: "roundabout", from: 10, to: 9, mode: .foot, metres: 286, seconds: 206, nodes: [10, 7, 8, 1, 9]),
    RuleCase(file: "footway_shortcut", from: 1, to: 3, mode: .car, metres: 400, seconds: 51, nodes: [1, 2, 3]),
    RuleCase(file: "footway_shortcut", from: 1, to: 3, mode: .bicycle, metres: 400, seconds: 90, nodes: [1, 2, 3]),
    RuleCase(file: "footway_shortcut", from: 1, to: 3, mode: .foot, metres: 283, seconds: 204, nodes: [1, 4, 3]),
    // The one metric-dependent expectation: by pure distance the bicycle is pushed along the footway.
    RuleCase(file: "footway_shortcut", from: 1, to: 3, mode: .bicycle, metres: 283, seconds: 204, nodes: [1, 4, 3], type: .shortest),
    RuleCase(file: "bollard", from: 1, to: 3, mode: .car, metres: 360, seconds: 46, nodes: [1, 4, 5, 3]),
    RuleCase(file: "bollard", from: 1, to: 3, mode: .bicycle, metres: 200, seconds: 45, nodes: [1, 2, 3]),
    RuleCase(file: "bollard", from: 1, to: 3, mode: .foot, metres: 200, seconds: 144, nodes: [1, 2, 3]),
    RuleCase(file: "access_private", from: 1, to: 3, mode: .car, metres: 360, seconds: 46, nodes: [1, 4, 5, 3]),
    RuleCase(file: "access_private", from: 1, to: 3, mode: .bicycle, metres: 360, seconds: 81, nodes: [1, 4, 5, 3]),
    RuleCase(file: "access_private", from: 1, to: 3, mode: .foot, metres: 360, seconds: 259, nodes: [1, 4, 5, 3]),
    RuleCase(file: "motorway_motorroad", from: 1, to: 2, mode: .car, metres: 1000, seconds: 33, nodes: [1, 3, 2]),
    RuleCase(file: "motorway_motorroad", from: 1, to: 2, mode: .bicycle, metres: 1240, seconds: 279, nodes: [1, 5, 6, 2]),
    RuleCase(file: "motorway_motorroad", from: 1, to: 2, mode: .foot, metres: 1240, seconds: 893, nodes: [1, 5, 6, 2]),
    RuleCase(file: "motorway_motorroad", from: 2, to: 1, mode: .car, metres: 1003, seconds: 50, nodes: [2, 4, 1]),
    RuleCase(file: "motorway_motorroad", from: 2, to: 1, mode: .bicycle, metres: 1240, seconds: 279, nodes: [2, 6, 5, 1]),
    RuleCase(file: "motorway_motorroad", from: 2, to: 1, mode: .foot, metres: 1240, seconds: 893, nodes: [2, 6, 5, 1]),
    RuleCase(file: "ferry", from: 1, to: 5, mode: .car, metres: 1800, seconds: 185, nodes: [1, 6, 7, 5]),
    RuleCase(file: "ferry", from: 1, to: 5, mode: .bicycle, metres: 600, seconds: 202, nodes: [1, 2, 3, 4, 5]),
    RuleCase(file: "ferry", from: 1, to: 5, mode: .foot, metres: 600, seconds: 252, nodes: [1, 2, 3, 4, 5]),
]

@Suite struct RoutingRulesTests {
    @Test(arguments: ruleCases)
    fileprivate func routeFollowsTheRule(_ c: RuleCase) throws {
        let osm = TestData.sample("rules/\(c.file).osm")
        let graph = try TestData.graph(of: osm)
        let nodes = try TestData.nodes(osm)
        let route = try Router(graph: graph).route(waypoints: [nodes[c.from]!, nodes[c.to]!], mode: c.mode, type: c.type)
        // The README rounds metres and seconds to whole numbers; its times are the roads' own, without the
        // seconds turns take (OSRM's turn durations, TurnCostsTests).
        #expect(abs(route.distance - c.metres) <= max(1.5, c.metres * 0.002), "\(c): \(route.distance) m")
        if c.type == .fastest {
            #expect(abs(route.duration - route.segment.turnDuration - c.seconds) <= 1.0, "\(c): \(route.duration) s")
        }
        expectPasses(route.segment, through: c.nodes.map { nodes[$0]! })
        // And no other listed node of the file: the route takes exactly the listed way.
        for (id, p) in nodes where !c.nodes.contains(id) && (1...20).contains(id) {
            #expect(route.segment.distance(to: p) > 5, "\(c): passes node \(id)")
        }
    }

    /// A GPS-like trace along the oneway way 10 against its direction (node 2 to node 1).
    private func againstTheOneway() throws -> (RoadGraph, Track, [Int64: Coordinate]) {
        let osm = TestData.sample("rules/oneway.osm")
        let nodes = try TestData.nodes(osm)
        let a = nodes[2]!, b = nodes[1]!
        let points = (0...10).map { i in
            Coordinate(lat: a.lat + (b.lat - a.lat) * Double(i) / 10 + 0.00002, lon: a.lon + (b.lon - a.lon) * Double(i) / 10)
        }
        return (try TestData.graph(of: osm), TestData.track(points), nodes)
    }

    @Test func pedestriansFollowATrackAgainstTheOneway() throws {
        let (graph, track, _) = try againstTheOneway()
        let r = MapMatcher(graph: graph, options: MatchOptions(mode: .foot, accuracy: 10)).match(track)
        #expect(r.segments.count == 1)
        #expect(abs(r.distance - 100) < 3, "\(r.distance)")
    }

    @Test func bicyclesDoNotRideAgainstTheOneway() throws {
        let (graph, track, nodes) = try againstTheOneway()
        let r = MapMatcher(graph: graph, options: MatchOptions(mode: .bicycle, accuracy: 10)).match(track)
        // Either the match goes round the other three sides or it breaks; it never runs 2→1 along way 10.
        for s in r.segments where s.coordinates.count > 1 {
            for (p, q) in zip(s.coordinates, s.coordinates.dropFirst()) where p.distance(to: q) > 1 {
                let onWay10 = abs(p.lat - nodes[1]!.lat) < 0.00003 && abs(q.lat - nodes[1]!.lat) < 0.00003
                #expect(!(onWay10 && q.lon < p.lon - 1e-6), "rides west along the oneway")
            }
        }
    }

    @Test func ignoringRestrictionsFollowsTheTrackAgainstTheOneway() throws {
        let (graph, track, _) = try againstTheOneway()
        var options = MatchOptions(mode: .bicycle, accuracy: 10)
        options.ignoreRestrictions = true
        let r = MapMatcher(graph: graph, options: options).match(track)
        #expect(r.segments.count == 1)
        #expect(abs(r.distance - 100) < 3, "\(r.distance)")
    }
}
