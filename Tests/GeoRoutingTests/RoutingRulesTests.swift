// The routing rules, one small hand-written OSM file each (samples/rules/):
// for every mode the fastest route's length, time and node sequence must be
// those samples/README.md lists (oneway, contraflow cycling, roundabouts,
// footways, bollards, private roads, motorways and motorroads, ferries), the
// speeds and rules being OSRM 26.10's profiles' (Sources/GeoRoads).
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
    RuleCase(file: "oneway", from: 1, to: 2, mode: .car, metres: 100, seconds: 14, nodes: [1, 2]),
    RuleCase(file: "oneway", from: 1, to: 2, mode: .bicycle, metres: 100, seconds: 24, nodes: [1, 2]),
    RuleCase(file: "oneway", from: 1, to: 2, mode: .foot, metres: 100, seconds: 72, nodes: [1, 2]),
    RuleCase(file: "oneway", from: 2, to: 1, mode: .car, metres: 300, seconds: 43, nodes: [2, 3, 4, 1]),
    RuleCase(file: "oneway", from: 2, to: 1, mode: .bicycle, metres: 300, seconds: 72, nodes: [2, 3, 4, 1]),
    RuleCase(file: "oneway", from: 2, to: 1, mode: .foot, metres: 100, seconds: 72, nodes: [2, 1]),
    // Metric-dependent: by pure distance the bicycle is pushed back along the oneway.
    RuleCase(file: "oneway", from: 2, to: 1, mode: .bicycle, metres: 100, seconds: 90, nodes: [2, 1], type: .shortest),
    RuleCase(file: "oneway_bicycle_no", from: 2, to: 1, mode: .car, metres: 300, seconds: 43, nodes: [2, 3, 4, 1]),
    RuleCase(file: "oneway_bicycle_no", from: 2, to: 1, mode: .bicycle, metres: 100, seconds: 24, nodes: [2, 1]),
    RuleCase(file: "oneway_bicycle_no", from: 2, to: 1, mode: .foot, metres: 100, seconds: 72, nodes: [2, 1]),
    RuleCase(file: "oneway_bicycle_no", from: 6, to: 5, mode: .car, metres: 300, seconds: 43, nodes: [6, 7, 8, 5]),
    RuleCase(file: "oneway_bicycle_no", from: 6, to: 5, mode: .bicycle, metres: 100, seconds: 24, nodes: [6, 5]),
    RuleCase(file: "oneway_bicycle_no", from: 6, to: 5, mode: .foot, metres: 100, seconds: 72, nodes: [6, 5]),
    RuleCase(file: "roundabout", from: 9, to: 10, mode: .car, metres: 378, seconds: 34, nodes: [9, 1, 2, 3, 4, 5, 6, 7, 10]),
    RuleCase(file: "roundabout", from: 9, to: 10, mode: .bicycle, metres: 378, seconds: 91, nodes: [9, 1, 2, 3, 4, 5, 6, 7, 10]),
    RuleCase(file: "roundabout", from: 9, to: 10, mode: .foot, metres: 286, seconds: 206, nodes: [9, 1, 8, 7, 10]),
    RuleCase(file: "roundabout", from: 10, to: 9, mode: .car, metres: 286, seconds: 26, nodes: [10, 7, 8, 1, 9]),
    RuleCase(file: "roundabout", from: 10, to: 9, mode: .bicycle, metres: 286, seconds: 69, nodes: [10, 7, 8, 1, 9]),
    RuleCase(file: "roundabout", from: 10, to: 9, mode: .foot, metres: 286, seconds: 206, nodes: [10, 7, 8, 1, 9]),
    RuleCase(file: "footway_shortcut", from: 1, to: 3, mode: .car, metres: 400, seconds: 58, nodes: [1, 2, 3]),
    RuleCase(file: "footway_shortcut", from: 1, to: 3, mode: .bicycle, metres: 400, seconds: 96, nodes: [1, 2, 3]),
    RuleCase(file: "footway_shortcut", from: 1, to: 3, mode: .foot, metres: 283, seconds: 204, nodes: [1, 4, 3]),
    // Metric-dependent: by pure distance the bicycle is pushed along the footway.
    RuleCase(file: "footway_shortcut", from: 1, to: 3, mode: .bicycle, metres: 283, seconds: 255, nodes: [1, 4, 3], type: .shortest),
    RuleCase(file: "bollard", from: 1, to: 3, mode: .car, metres: 360, seconds: 52, nodes: [1, 4, 5, 3]),
    RuleCase(file: "bollard", from: 1, to: 3, mode: .bicycle, metres: 200, seconds: 48, nodes: [1, 2, 3]),
    RuleCase(file: "bollard", from: 1, to: 3, mode: .foot, metres: 200, seconds: 144, nodes: [1, 2, 3]),
    RuleCase(file: "access_private", from: 6, to: 7, mode: .car, metres: 560, seconds: 81, nodes: [6, 1, 4, 5, 3, 7]),
    RuleCase(file: "access_private", from: 6, to: 7, mode: .bicycle, metres: 560, seconds: 134, nodes: [6, 1, 4, 5, 3, 7]),
    RuleCase(file: "access_private", from: 6, to: 7, mode: .foot, metres: 560, seconds: 403, nodes: [6, 1, 4, 5, 3, 7]),
    RuleCase(file: "motorway_motorroad", from: 1, to: 2, mode: .car, metres: 1000, seconds: 38, nodes: [1, 3, 2]),
    RuleCase(file: "motorway_motorroad", from: 1, to: 2, mode: .bicycle, metres: 1240, seconds: 298, nodes: [1, 5, 6, 2]),
    RuleCase(file: "motorway_motorroad", from: 1, to: 2, mode: .foot, metres: 1240, seconds: 893, nodes: [1, 5, 6, 2]),
    RuleCase(file: "motorway_motorroad", from: 2, to: 1, mode: .car, metres: 1003, seconds: 56, nodes: [2, 4, 1]),
    RuleCase(file: "motorway_motorroad", from: 2, to: 1, mode: .bicycle, metres: 1240, seconds: 298, nodes: [2, 6, 5, 1]),
    RuleCase(file: "motorway_motorroad", from: 2, to: 1, mode: .foot, metres: 1240, seconds: 893, nodes: [2, 6, 5, 1]),
    RuleCase(file: "ferry", from: 1, to: 5, mode: .car, metres: 1800, seconds: 259, nodes: [1, 6, 7, 5]),
    RuleCase(file: "ferry", from: 1, to: 5, mode: .bicycle, metres: 600, seconds: 384, nodes: [1, 2, 3, 4, 5]),
    RuleCase(file: "ferry", from: 1, to: 5, mode: .foot, metres: 600, seconds: 432, nodes: [1, 2, 3, 4, 5]),
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

    @Test func bicyclesArePushedAgainstTheOneway() throws {
        let (graph, track, _) = try againstTheOneway()
        let r = MapMatcher(graph: graph, options: MatchOptions(mode: .bicycle, accuracy: 10)).match(track)
        // OSRM's bicycle profile lets the cyclist walk the bike against a oneway (bike_push_handler):
        // the match follows the track along way 10, at walking pace (100 m at 4 km/h), not riding.
        #expect(r.segments.count == 1)
        #expect(abs(r.distance - 100) < 3, "\(r.distance)")
        #expect(abs(r.duration - 90) < 5, "\(r.duration)")
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
