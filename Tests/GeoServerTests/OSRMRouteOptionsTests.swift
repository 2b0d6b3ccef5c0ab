// OSRM's route options that shape the answer rather than the snapping:
// `continue_straight` (no U-turn at a via point, or one allowed), `waypoints`
// (only the listed coordinates end legs; the others are passed through), and
// `annotations` as a list (only the arrays asked for, OSRM's metadata with the
// datasources, `nodes` the OSM ids of the line's points: OSRMTollTunnelNodesTests).
import Foundation
import Testing
import GeoBase
@testable import GeoFrontEnd
@testable import GeoServer

@Suite struct OSRMRouteOptionsTests {
    static let west = OSRMSnappingTests.west, east = OSRMSnappingTests.east
    static var there_and_back: String { "\(west);\(east);\(west)" }

    static func get(_ coords: String, _ query: String, profile: String = "driving") -> JSONValue? {
        Served.get("/route/v1/\(profile)/\(coords)?overview=false&\(query)").json
    }

    @Test func continueStraightForbidsTheUTurnAtAVia() throws {
        let turn = OSRMSnappingTests.distance(Self.get(Self.there_and_back, "continue_straight=false"))
        let straight = OSRMSnappingTests.distance(Self.get(Self.there_and_back, "continue_straight=true"))
        let byDefault = OSRMSnappingTests.distance(Self.get(Self.there_and_back, ""))
        // Turning at the via point: there and back along the street, twice the 100 m.
        #expect(abs(turn - 200) < 5, "\(turn)")
        #expect(straight > turn + 50, "\(straight)")
        // A car's default is OSRM's car profile's: go straight on.
        #expect(byDefault == straight)
        // A walker's default is to turn where they stand.
        let walk = OSRMSnappingTests.distance(Self.get(Self.there_and_back, "", profile: "foot"))
        #expect(abs(walk - turn) < 5, "\(walk)")
        #expect(Self.get(Self.there_and_back, "continue_straight=maybe")?["code"]?.stringValue == "InvalidQuery")
    }

    @Test func waypointsJoinLegsAtTheListedPointsOnly() throws {
        let all = try #require(Self.get(Self.there_and_back, "continue_straight=false"))
        let ends = try #require(Self.get(Self.there_and_back, "continue_straight=false&waypoints=0;2"))
        #expect(ends["code"]?.stringValue == "Ok")
        #expect(all["routes"]?[0]?["legs"]?.arrayValue?.count == 2)
        #expect(ends["routes"]?[0]?["legs"]?.arrayValue?.count == 1)
        // Every coordinate is still a waypoint of the answer, as osrm-routed lists them.
        #expect(ends["waypoints"]?.arrayValue?.count == 3)
        // The via point still steers the route: the same line, in one leg.
        let d = try #require(ends["routes"]?[0]?["distance"]?.doubleValue)
        #expect(d == all["routes"]?[0]?["distance"]?.doubleValue)
        #expect(ends["routes"]?[0]?["legs"]?[0]?["distance"]?.doubleValue == d)
        #expect(ends["waypoints"]?[2]?["location"] == all["waypoints"]?[2]?["location"])
        let cases: [(String, String)] = [
            ("waypoints=1;2", "InvalidValue"),
            ("waypoints=0;1", "InvalidValue"),
            ("waypoints=0;7", "InvalidOptions"),
            ("waypoints=0;x;2", "InvalidQuery"),
            ("waypoints=2;0;2", "InvalidValue"),
        ]
        for (query, code) in cases {
            let a = Served.get("/route/v1/driving/\(Self.there_and_back)?\(query)")
            #expect(a.status == 400 && a.json?["code"]?.stringValue == code, "\(query): \(a.text)")
        }
        // Leaflet Routing Machine's empty `waypoints=` means every coordinate.
        #expect(Self.get(Self.there_and_back, "waypoints=")?["routes"]?[0]?["legs"]?.arrayValue?.count == 2)
    }

    @Test func annotationsAreTheArraysAskedFor() throws {
        let c = "\(Self.west);\(Self.east)"
        let some = try #require(Self.get(c, "annotations=distance,speed")?["routes"]?[0]?["legs"]?[0]?["annotation"])
        #expect(Set(some.keys) == ["distance", "speed"], "\(some.keys)")
        // OSRM's metadata comes with the datasources.
        let sources = Self.get(c, "annotations=datasources")?["routes"]?[0]?["legs"]?[0]?["annotation"]
        #expect(sources?.keys == ["metadata", "datasources"])
        #expect(sources?["metadata"]?["datasource_names"]?.arrayValue?.compactMap(\.stringValue) == ["lua profile"])
        let all = try #require(Self.get(c, "annotations=true")?["routes"]?[0]?["legs"]?[0]?["annotation"])
        #expect(Set(all.keys) == ["metadata", "nodes", "datasources", "weight", "distance", "duration", "speed"])
        let n = all["distance"]?.arrayValue?.count ?? 0
        #expect(n > 0 && all["datasources"]?.arrayValue?.allSatisfy { $0.doubleValue == 0 } == true)
        #expect(all["datasources"]?.arrayValue?.count == n && all["speed"]?.arrayValue?.count == n)
        // Speeds in metres per second, as OSRM's: distance ÷ duration.
        if let d = all["distance"]?[0]?.doubleValue, let t = all["duration"]?[0]?.doubleValue, let v = all["speed"]?[0]?.doubleValue, t > 0 {
            #expect(abs(v - d / t) < 0.2 + d / t * 0.1)
        }
        #expect(Self.get(c, "annotations=false")?["routes"]?[0]?["legs"]?[0]?["annotation"] == nil)
        let nodes = try #require(Self.get(c, "annotations=duration,nodes")?["routes"]?[0]?["legs"]?[0]?["annotation"])
        #expect(nodes.keys == ["nodes", "duration"] && nodes["nodes"]?.arrayValue?.count == (nodes["duration"]?.arrayValue?.count ?? 0) + 1)
        for bad in ["annotations=speeds", "annotations=distance,", "annotations=yes"] {
            #expect(Served.get("/route/v1/driving/\(c)?\(bad)").json?["code"]?.stringValue == "InvalidQuery", "\(bad)")
        }
        // The same on trip and match.
        let trip = Served.get("/trip/v1/driving/\(c)?annotations=weight").json
        #expect(trip?["trips"]?[0]?["legs"]?[0]?["annotation"]?.keys == ["weight"])
    }
}
