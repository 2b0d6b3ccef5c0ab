// Point-to-point routes in the sample town against the reference table of
// samples/README.md ("Reference routes"): length, travel time and the streets
// in order, for every mode, including the route no car can take (the ferry).
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

private struct TownCase: Sendable, CustomStringConvertible {
    var from: Int64
    var to: Int64
    var mode: TravelMode
    /// nil: no route.
    var metres: Double?
    var seconds: Double = 0
    var streets: [String] = []

    var description: String { "\(from)→\(to) \(mode.name)" }
}

private let lac = "Boulevard du Lac", alpes = "Avenue des Alpes", eglise = "Rue de l'Église", grimaldi = "Rue Grimaldi"
private let bains = "Rue des Bains", college = "Rue du Collège", ecoliers = "Chemin des Écoliers", poste = "Rue de la Poste"
private let roundabout = "tertiary road"   // way 301 is unnamed: labelled by its class

/// The cells that hold under every model variant (bracketed alternatives left out).
private let townCases: [TownCase] = [
    TownCase(from: 10043, to: 10015, mode: .car, metres: 1000, seconds: 132, streets: [college, ecoliers, bains, grimaldi]),
    TownCase(from: 10043, to: 10015, mode: .bicycle, metres: 500, seconds: 120, streets: [poste]),
    TownCase(from: 10043, to: 10015, mode: .foot, metres: 500, seconds: 360, streets: [poste]),
    TownCase(from: 10003, to: 10014, mode: .car, metres: 1751, seconds: 188, streets: ["Quai Saint-Jean", lac, alpes, eglise, grimaldi]),
    TownCase(from: 10003, to: 10014, mode: .bicycle, metres: 250, seconds: 60, streets: [bains]),
    TownCase(from: 10003, to: 10014, mode: .foot, metres: 250, seconds: 180, streets: [bains]),
    // 50 m longer than by Rue de la Poste (samples/README.md's 750 m in 95 s), with two easy turns instead of
    // three, one of them left: the fastest route once turns take time (TurnCosts, as OSRM's car profile).
    TownCase(from: 10014, to: 10020, mode: .car, metres: 800, seconds: 100, streets: [grimaldi, "Rue du Moulin", "Rue Saint-Roch"]),
    TownCase(from: 10014, to: 10020, mode: .bicycle, metres: 250, seconds: 60, streets: [bains]),
    TownCase(from: 10014, to: 10020, mode: .foot, metres: 250, seconds: 180, streets: [bains]),
    TownCase(from: 10006, to: 10030, mode: .car, metres: 1052, seconds: 95, streets: [lac, alpes, roundabout, "Hauptstraße"]),
    TownCase(from: 10006, to: 10030, mode: .bicycle, metres: 1052, seconds: 253, streets: [lac, alpes, roundabout, "Hauptstraße"]),
    TownCase(from: 10006, to: 10030, mode: .foot, metres: 500, seconds: 360, streets: ["Rue du Théâtre"]),
    TownCase(from: 10046, to: 10047, mode: .car, metres: 2272, seconds: 290,
             streets: [college, ecoliers, bains, grimaldi, eglise, alpes, roundabout, "Route du Col"]),
    TownCase(from: 10046, to: 10047, mode: .bicycle, metres: 250, seconds: 60, streets: ["Chemin du Parc"]),
    TownCase(from: 10046, to: 10047, mode: .foot, metres: 250, seconds: 180, streets: ["Chemin du Parc"]),
    // Way 307 is access=private: for a car a road for local access only, not a way through.
    TownCase(from: 10049, to: 10050, mode: .car, metres: 625, seconds: 84, streets: [ecoliers, college, "Avenue de la Gare"]),
    TownCase(from: 10049, to: 10050, mode: .bicycle, metres: 625, seconds: 150, streets: [ecoliers, college, "Avenue de la Gare"]),
    TownCase(from: 10049, to: 10050, mode: .foot, metres: 625, seconds: 450, streets: [ecoliers, college, "Avenue de la Gare"]),
    TownCase(from: 10031, to: 10047, mode: .car, metres: 477, seconds: 43, streets: ["Hauptstraße", roundabout, "Route du Col"]),
    TownCase(from: 10031, to: 10047, mode: .bicycle, metres: 477, seconds: 114, streets: ["Hauptstraße", roundabout, "Route du Col"]),
    TownCase(from: 10031, to: 10047, mode: .foot, metres: 305, seconds: 275, streets: ["footway"]),
    TownCase(from: 10032, to: 10038, mode: .car, metres: 92, seconds: 8, streets: [roundabout]),
    TownCase(from: 10032, to: 10038, mode: .bicycle, metres: 92, seconds: 22, streets: [roundabout]),
    TownCase(from: 10032, to: 10038, mode: .foot, metres: 31, seconds: 22, streets: [roundabout]),
    TownCase(from: 10004, to: 10059, mode: .car, metres: nil),
    TownCase(from: 10004, to: 10059, mode: .bicycle, metres: 470, seconds: 339, streets: ["Bac Rivebelle – Les Granges"]),
    TownCase(from: 10004, to: 10059, mode: .foot, metres: 470, seconds: 339, streets: ["Bac Rivebelle – Les Granges"]),
    TownCase(from: 10002, to: 10013, mode: .car, metres: 2001, seconds: 210,
             streets: ["Quai Saint-Jean", lac, alpes, eglise, grimaldi]),
    TownCase(from: 10002, to: 10013, mode: .bicycle, metres: 500, seconds: 120, streets: ["Quai Saint-Jean", bains, grimaldi]),
    TownCase(from: 10002, to: 10013, mode: .foot, metres: 250, seconds: 220, streets: ["steps", "path"]),
]

@Suite struct RoutingTownTests {
    static var town: String { TestData.sample("town.osm") }

    @Test(arguments: townCases)
    fileprivate func referenceRoute(_ c: TownCase) throws {
        let graph = try TestData.graph(of: Self.town)
        let nodes = try TestData.nodes(Self.town)
        let router = Router(graph: graph)
        guard let metres = c.metres else {
            // Cars may not take the passenger ferry and no route starts or ends on a ferry: each terminal
            // snaps to the nearest road a car may use, on either shore, and they do not connect (neither
            // is a tiny piece a point would be moved off, as OSRM decides it).
            #expect(throws: RoutingError.noRoute(leg: 0)) {
                try router.route(waypoints: [nodes[c.from]!, nodes[c.to]!], mode: c.mode)
            }
            return
        }
        let route = try router.route(waypoints: [nodes[c.from]!, nodes[c.to]!], mode: c.mode)
        #expect(abs(route.distance - metres) <= 1.5, "\(c): \(route.distance) m")
        #expect(abs(route.duration - route.segment.turnDuration - c.seconds) <= 1.0, "\(c): \(route.duration) s")
        #expect(route.streetNames == c.streets, "\(c)")
        #expect(route.waypoints.allSatisfy { $0.distance < 0.5 })
        // Legs and segment agree, and time runs forward along the line.
        #expect(abs(route.legs[0].distance - route.distance) < 0.5)
        #expect(zip(route.segment.times, route.segment.times.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func viaPointsJoinLegsWithoutAJump() throws {
        let graph = try TestData.graph(of: Self.town)
        let nodes = try TestData.nodes(Self.town)
        let route = try Router(graph: graph).route(waypoints: [nodes[10043]!, nodes[10015]!, nodes[10017]!], mode: .bicycle)
        #expect(route.legs.count == 2)
        #expect(abs(route.legs[0].distance - 500) < 2)
        #expect(abs(route.legs[0].distance + route.legs[1].distance - route.distance) < 1)
        #expect(route.streetNames == [poste, eglise])
        let steps = zip(route.segment.coordinates, route.segment.coordinates.dropFirst()).map { $0.distance(to: $1) }
        #expect(steps.allSatisfy { $0 < 150 })
    }

    @Test func shortestDiffersFromFastestWhereTheREADMESaysSo() throws {
        // Hauptstraße to Route du Col: riding round by the roundabout is faster, pushing through the park shorter.
        let graph = try TestData.graph(of: Self.town)
        let nodes = try TestData.nodes(Self.town)
        let shortest = try Router(graph: graph).route(waypoints: [nodes[10031]!, nodes[10047]!], mode: .bicycle, type: .shortest)
        #expect(abs(shortest.distance - 305) < 1.5)
        #expect(shortest.streetNames == ["footway"])
    }

    @Test func badWaypointsAreReported() throws {
        let graph = try TestData.graph(of: Self.town)
        // Unlimited by default, as OSRM: the nearest road however far, saying how far.
        let far = try Router(graph: graph).route(waypoints: [Coordinate(lat: 46.2, lon: 6.8), Coordinate(lat: 0, lon: 0)])
        #expect(far.waypoints[1].distance > 5_000_000)
        var router = Router(graph: graph)
        router.maxSnapDistance = 200
        let inTown = Coordinate(lat: 46.2, lon: 6.8)
        #expect(throws: RoutingError.tooFewWaypoints) { try router.route(waypoints: [inTown]) }
        #expect(throws: RoutingError.invalidCoordinate(index: 1)) {
            try router.route(waypoints: [inTown, Coordinate(lat: .nan, lon: 6.8)])
        }
        #expect(throws: RoutingError.noRoad(index: 1, radius: 200, nearest: nil)) {
            try router.route(waypoints: [inTown, Coordinate(lat: 0, lon: 0)])
        }
        // A point 1 km from the roads is refused, saying how far the nearest is, not snapped silently.
        do {
            _ = try router.route(waypoints: [inTown, Coordinate(lat: 46.2, lon: 6.8 + 0.025)])
            Issue.record("a point far from every road was snapped")
        } catch {
            guard case .noRoad(1, 200, let nearest?) = error else { Issue.record("\(error)"); return }
            #expect(nearest > 200 && nearest < 5_000 && error.description.contains("the nearest is"))
        }
        var lenient = router
        lenient.maxSnapDistance = 5_000
        #expect((try? lenient.route(waypoints: [inTown, Coordinate(lat: 46.2, lon: 6.8 + 0.025)])) != nil)
    }
}
