// OSRM's rule for a road that keeps the name at a junction (findObviousTurn's continue branch):
// up to 80° off straight it is the way on, and nothing is said, unless another road is nearly
// straight or not clearly farther from straight (4/3, or thrice when that one keeps the name too);
// and its cutoff for a name given only briefly before the next maneuver.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

@Suite struct GuidanceContinueTests {
    /// A three-road junction arrived at heading north: the way on at `out` (degrees from north) named
    /// "Main", the other road at `other` named `otherName`.
    static func junction(out: Double, other: Double, otherName: String) -> RouteJunction {
        func road(_ b: Double, _ name: String, entry: Bool = true) -> JunctionRoad {
            JunctionRoad(bearing: b, entry: entry, name: name, ref: "", roadClass: .residential, junction: .none, restricted: false)
        }
        return RouteJunction(vertex: 1, location: Coordinate(lat: 47, lon: 9),
                             roads: [road(180, "Main", entry: false), road(out, "Main"), road(other, otherName)],
                             inRoad: 0, outRoad: 1, roundabout: nil)
    }

    @Test func aNameKeptRoundABendOfSixtyDegreesIsNotAnnounced() {
        // Main bends 60° right, a side street leaves 100° left: 100/60 is well past 4/3.
        #expect(GuidanceTurns.maneuver(at: Self.junction(out: 60, other: 260, otherName: "Side")) == nil)
    }

    @Test func aSideRoadAlmostAsFarFromStraightMakesItAContinue() {
        // Main 60° right, the side street 70° left: not distinct enough, so the bend is said.
        let m = GuidanceTurns.maneuver(at: Self.junction(out: 60, other: 290, otherName: "Side"))
        #expect(m == GuidanceManeuver(type: "continue", modifier: "right"))
    }

    @Test func theSameNameOnBothSidesNeedsThriceTheDeviation() {
        // Main 60° right and, also named Main, 100° left: 100/60 is short of thrice.
        let m = GuidanceTurns.maneuver(at: Self.junction(out: 60, other: 260, otherName: "Main"))
        #expect(m == GuidanceManeuver(type: "continue", modifier: "right"))
    }

    @Test func beyondEightyDegreesTheKeptNameIsNoObviousWayOn() {
        // Main 90° right, the side street at 170°: the turn is said.
        let m = GuidanceTurns.maneuver(at: Self.junction(out: 90, other: 190, otherName: "Side"))
        #expect(m == GuidanceManeuver(type: "continue", modifier: "right"))
    }

    /// A street north, its last 55 m under another name, ending at a T.
    static let shortNameFixture: String = {
        var xml = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n"
        for (id, lat, lon) in [(1, 45.0000, 7.0000), (2, 45.0010, 7.0000), (3, 45.0015, 7.0000), (4, 45.0015, 6.9985), (5, 45.0015, 7.0015)] {
            xml += "<node id=\"\(id)\" lat=\"\(lat)\" lon=\"\(lon)\"/>\n"
        }
        for (id, refs, name) in [(100, [1, 2], "Rue Sud"), (101, [2, 3], "Rue Courte"), (102, [4, 3, 5], "Rue Transversale")] {
            xml += "<way id=\"\(id)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined()
                + "<tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"\(name)\"/></way>\n"
        }
        return xml + "</osm>\n"
    }()

    @Test func aNewNameForUnder105MetresBeforeTheNextManeuverIsNotSaid() throws {
        let index = try TestData.index(ofXML: Self.shortNameFixture, named: "guidance-short-name.osm")
        let graph = try #require(index.roadGraph)
        let route = try Router(graph: graph).route(waypoints: [Coordinate(lat: 45.0001, lon: 7.0000), Coordinate(lat: 45.0015, lon: 7.0012)],
                                                   mode: .car)
        let steps = RouteGuidance.steps(route)
        #expect(steps.map { [$0.maneuver.type, $0.maneuver.modifier].compactMap { $0 }.joined(separator: " ") }
            == ["depart", "end of road right", "arrive"])
        #expect(steps.map(\.name) == ["Rue Sud", "Rue Transversale", "Rue Transversale"])
    }
}
