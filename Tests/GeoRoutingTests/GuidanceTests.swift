// Turn-by-turn guidance (RouteGuidance) on the sample town's roundabout, on a hand-made map
// with a T-junction, a name change on a straight road and a named rotary, and on Monaco's
// Giratoire Aureglia where osrm-routed says "roundabout, exit 2" (when the shared data is there).
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

@Suite struct GuidanceTests {
    static func labels(_ steps: [GuidanceStep]) -> [String] {
        steps.map { s in [s.maneuver.type, s.maneuver.modifier, s.maneuver.exit.map { "exit \($0)" }].compactMap { $0 }.joined(separator: " ") }
    }

    static func steps(_ graph: RoadGraph, _ from: Coordinate, _ to: Coordinate) throws -> [GuidanceStep] {
        RouteGuidance.steps(try Router(graph: graph).route(waypoints: [from, to], mode: .car))
    }

    // MARK: the sample town's roundabout (way 301: counter-clockwise E 10032 → N 10034 → W 10036 → S 10038)

    @Test func theTownRoundaboutIsFlaggedInTheGraph() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        let flagged = (0..<graph.edgeCount).filter { graph.profile(graph.edge($0).profile).junction == .roundabout }
        // The roundabout's four quarters (it is the sample's only junction=roundabout way).
        #expect(flagged.count == 4)
    }

    @Test func enteringFromTheSouthTheSecondExitIsRouteDuCol() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        let steps = try Self.steps(graph, Coordinate(lat: 46.2000, lon: 6.8047), Coordinate(lat: 46.2028, lon: 6.8045))
        #expect(Self.labels(steps).map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == ["depart", "roundabout", "exit", "arrive"])
        let enter = try #require(steps.first { $0.maneuver.type == "roundabout" })
        #expect(enter.maneuver.exit == 2)
        #expect(enter.name == "Route du Col")
        #expect(RouteGuidance.text(enter).hasPrefix("Enter the roundabout and take the 2nd exit"))
        let exit = try #require(steps.first { $0.maneuver.type == "exit roundabout" })
        #expect(exit.maneuver.exit == 2)
        // Passing the east exit (Hauptstraße) is the only exit before Route du Col.
        #expect(enter.intersections.count == 2)
    }

    @Test func aWalkerIsGivenNoRoundaboutInstructions() throws {
        // osrm-routed's foot profile says none: a walker may go round both ways, and its roundabout
        // handler wants a ring driven one way. The same walk as the car's "2nd exit" above.
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        let walk = RouteGuidance.steps(try Router(graph: graph).route(waypoints: [Coordinate(lat: 46.2000, lon: 6.8047),
                                                                                 Coordinate(lat: 46.2028, lon: 6.8045)], mode: .foot))
        #expect(!walk.isEmpty && walk.allSatisfy { !$0.maneuver.type.contains("roundabout") && !$0.maneuver.type.contains("rotary") },
                "\(Self.labels(walk))")
        #expect(walk.allSatisfy { $0.maneuver.exit == nil })
    }

    @Test func enteringFromTheSouthTheFirstExitIsHauptstrasse() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        let steps = try Self.steps(graph, Coordinate(lat: 46.2000, lon: 6.8047), Coordinate(lat: 46.2015, lon: 6.8070))
        let enter = try #require(steps.first { $0.maneuver.type == "roundabout" })
        #expect(enter.maneuver.exit == 1)
        #expect(enter.name == "Hauptstraße")
        #expect(RouteGuidance.text(enter) == "Enter the roundabout and take the 1st exit onto Hauptstraße")
        #expect(steps.last?.maneuver.type == "arrive")
        #expect(steps.first?.maneuver.type == "depart")
    }

    // MARK: a hand-made map

    /// Rue Sud runs north from S to M, then as Rue Nord (straight on) to T, where it ends at the
    /// east–west Rue Transversale. Farther north (not joined to them), Avenue du Rond runs into a named rotary
    /// (junction=circular, radius ≈ 33 m, drawn counter-clockwise) with an exit east and one north.
    static let fixture: String = {
        var nodes: [(Int, Double, Double)] = [(1, 45.0000, 7.0000), (2, 45.0010, 7.0000), (3, 45.0020, 7.0000),
                                              (4, 45.0020, 6.9985), (5, 45.0020, 7.0015), (6, 45.0026, 7.0000)]
        // The rotary's ring: 8 nodes round (45.0040, 7.0000), starting south, counter-clockwise.
        let r = 0.0003, lonScale = 1 / cos(45 * Double.pi / 180)
        for k in 0..<8 {
            let a = -Double.pi / 2 + Double(k) * Double.pi / 4
            nodes.append((10 + k, 45.0040 + r * sin(a), 7.0000 + r * cos(a) * lonScale))
        }
        nodes += [(20, 45.0040, 7.0025), (21, 45.0060, 7.0000)]
        var xml = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n"
        for (id, lat, lon) in nodes { xml += "<node id=\"\(id)\" lat=\"\(lat)\" lon=\"\(lon)\"/>\n" }
        func way(_ id: Int, _ refs: [Int], _ tags: [(String, String)]) {
            xml += "<way id=\"\(id)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined()
                + tags.map { "<tag k=\"\($0.0)\" v=\"\($0.1)\"/>" }.joined() + "</way>\n"
        }
        way(100, [1, 2], [("highway", "residential"), ("name", "Rue Sud")])
        way(101, [2, 3], [("highway", "residential"), ("name", "Rue Nord")])
        way(102, [4, 3, 5], [("highway", "residential"), ("name", "Rue Transversale")])
        way(103, [6, 10], [("highway", "residential"), ("name", "Avenue du Rond")])
        way(104, [10, 11, 12, 13, 14, 15, 16, 17, 10], [("highway", "primary"), ("junction", "circular"), ("name", "Place Ronde")])
        way(105, [12, 20], [("highway", "residential"), ("name", "Rue Est")])
        way(106, [14, 21], [("highway", "residential"), ("name", "Rue du Nord")])
        return xml + "</osm>\n"
    }()

    static func fixtureGraph() throws -> RoadGraph {
        let index = try TestData.index(ofXML: fixture, named: "guidance-fixture.osm")
        return try #require(index.roadGraph)
    }

    @Test func aNameChangeOnAStraightRoadThenATurnAtTheT() throws {
        let graph = try Self.fixtureGraph()
        let steps = try Self.steps(graph, Coordinate(lat: 45.0001, lon: 7.0000), Coordinate(lat: 45.0020, lon: 7.0012))
        // osrm-routed 26.10 on this map: a T reached straight after a maneuver (here the new name) is a turn.
        #expect(Self.labels(steps) == ["depart", "new name straight", "turn right", "arrive"])
        #expect(steps.map(\.name) == ["Rue Sud", "Rue Nord", "Rue Transversale", "Rue Transversale"])
        // The T lists its three roads, the one arrived by not to be entered again.
        let t = try #require(steps[2].intersections.first)
        #expect(t.bearings.count == 3 && t.entry.filter { $0 }.count == 2)
        #expect(t.inIndex.map { t.bearings[$0] } == 180 && t.outIndex.map { t.bearings[$0] } == 90)
        #expect(RouteGuidance.text(steps[2]) == "Turn right onto Rue Transversale")
    }

    @Test func theEndOfTheRoadAfterAnIntersectionPassed() throws {
        // Road A runs north past a side road (C, at node 2) into a T with road B: osrm-routed 26.10 says "end of
        // road" there, and "turn" where the route came onto A from C (no intersection passed since that turn).
        let xml = """
            <?xml version="1.0"?>
            <osm version="0.6">
            <node id="1" lat="46.997" lon="9.0"/><node id="2" lat="46.9985" lon="9.0"/><node id="3" lat="47.0" lon="9.0"/>
            <node id="4" lat="47.0" lon="8.997"/><node id="5" lat="47.0" lon="9.003"/><node id="6" lat="46.9985" lon="9.002"/>
            <way id="1"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="primary"/><tag k="name" v="A"/></way>
            <way id="2"><nd ref="4"/><nd ref="3"/><nd ref="5"/><tag k="highway" v="primary"/><tag k="name" v="B"/></way>
            <way id="3"><nd ref="2"/><nd ref="6"/><tag k="highway" v="primary"/><tag k="name" v="C"/></way>
            </osm>
            """
        let graph = try #require(try TestData.index(ofXML: xml, named: "end-of-road.osm").roadGraph)
        let east = Coordinate(lat: 47.0, lon: 9.0025), west = Coordinate(lat: 47.0, lon: 8.9975)
        #expect(Self.labels(try Self.steps(graph, Coordinate(lat: 46.9972, lon: 9.0), east)) == ["depart", "end of road right", "arrive"])
        #expect(Self.labels(try Self.steps(graph, Coordinate(lat: 46.9972, lon: 9.0), west)) == ["depart", "end of road left", "arrive"])
        #expect(Self.labels(try Self.steps(graph, Coordinate(lat: 46.9985, lon: 9.0015), east)) == ["depart", "turn right", "turn right", "arrive"])
    }

    @Test func aNamedCircularJunctionIsARotaryWithItsName() throws {
        let graph = try Self.fixtureGraph()
        let steps = try Self.steps(graph, Coordinate(lat: 45.0028, lon: 7.0000), Coordinate(lat: 45.0055, lon: 7.0000))
        let enter = try #require(steps.first { $0.maneuver.type == "rotary" })
        // Counter-clockwise from the south: the east exit first, then the north one.
        #expect(enter.maneuver.exit == 2)
        #expect(enter.rotaryName == "Place Ronde")
        #expect(enter.name == "Rue du Nord")
        #expect(steps.contains { $0.maneuver.type == "exit rotary" && $0.name == "Rue du Nord" })
        #expect(RouteGuidance.text(enter) == "Enter Place Ronde and take the 2nd exit onto Rue du Nord")
    }

    @Test func theModifierBandsAreOSRMs() {
        let cases: [(Double, String)] = [(0, "straight"), (19, "straight"), (-30, "slight left"), (39, "slight right"),
                                         (90, "right"), (-119, "left"), (150, "sharp right"), (-170, "sharp left"), (180, "uturn")]
        for (d, m) in cases { #expect(GuidanceTurns.modifier(d) == m, "\(d)°") }
    }

    // MARK: Monaco

    /// Giratoire Aureglia, entered from Tunnel Aureglia towards Tunnel Dorsale: osrm-routed 26.10 says
    /// "roundabout, exit 2, right" then "exit roundabout" (scripts/compare_guidance.py compares the rest).
    @Test(.sharedData("osrm/monaco.osm.pbf")) func giratoireAureglia() throws {
        let graph = try TestData.graph(of: try #require(TestData.shared("osrm/monaco.osm.pbf")))
        let steps = try Self.steps(graph, Coordinate(lat: 43.7384, lon: 7.4246), Coordinate(lat: 43.7311, lon: 7.4206))
        let enter = try #require(steps.first { $0.maneuver.type == "roundabout" })
        #expect(enter.maneuver.exit == 2)
        #expect(enter.maneuver.modifier == "right")
        #expect(enter.name == "Tunnel Dorsale")
        let i = try #require(steps.firstIndex { $0.maneuver.type == "roundabout" })
        #expect(steps[i + 1].maneuver.type == "exit roundabout")
        #expect(steps[i - 1].name == "Tunnel Aureglia")
        #expect(!steps.contains { $0.name == "Giratoire Aureglia" && $0.maneuver.type == "turn" })
    }
}
