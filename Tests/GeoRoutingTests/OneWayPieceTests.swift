// A point whose nearest road can be left but never reached (a car park's
// exit-only lane) is no place for a route to end: it goes to the nearest road
// of the network, as osrm-routed's strongly connected components decide.
// On Monaco, the route to a point beside the Casino's exit lane found none
// (osrm-routed: 1 387 m).
import Foundation
import Testing
@testable import GeoRouting
import GeoBase
import GeoTestSupport

@Suite struct OneWayPieceTests {
    @Test(.sharedData("osrm/monaco.osm.pbf")) func aRouteDoesNotEndOnALaneNothingLeadsOnto() throws {
        let graph = try TestData.graph(of: try #require(TestData.shared("osrm/monaco.osm.pbf")))
        let router = Router(graph: graph)
        let from = Coordinate(lat: 43.737710, lon: 7.417061), to = Coordinate(lat: 43.739594, lon: 7.426205)
        let route = try router.route(waypoints: [from, to], mode: .car)
        #expect(route.distance > 1_000 && route.distance < 2_500, "\(route.distance) m")
        // The way back starts on that lane and is found as before.
        let back = try router.route(waypoints: [to, from], mode: .car)
        #expect(back.distance > 1_000, "\(back.distance) m")
    }
}
