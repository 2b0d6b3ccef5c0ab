// OSRM's v5 API as Leaflet Routing Machine, routingpy and
// osrm-text-instructions read it: code "Ok", routes with legs (steps [] when
// not asked for), a geometry by default, waypoints [lon, lat] with hints;
// match with tracepoints (null for a point not placed) and matchings; every
// error HTTP 400 {"code", "message"}. The route is the one georoute finds.
import Foundation
import Testing
import GeoBase
import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport
import GeoTracks
@testable import GeoServer

@Suite struct OSRMAPITests {
    /// Rue de la Poste, north end to south end (nodes 10043 → 10015): by car 1000 m.
    var poste: String { "\(Served.lonLat(10043));\(Served.lonLat(10015))" }

    @Test func routeHasOSRMsShapeAndDefaults() throws {
        let a = Served.get("/route/v1/driving/\(poste)")
        #expect(a.status == 200)
        let json = try #require(a.json)
        #expect(json["code"]?.stringValue == "Ok")
        let route = try #require(json["routes"]?[0])
        // overview=simplified by default: routingpy needs the geometry; polyline (precision 5) by default.
        let line = try #require(route["geometry"]?.stringValue)
        let points = try #require(Polyline.decode(Substring(line), precision: 5))
        #expect(points.count >= 2)
        #expect(points.first!.distance(to: Served.townNodes[10043]!) < 5)
        let leg = try #require(route["legs"]?[0])
        #expect(leg["steps"]?.arrayValue?.isEmpty == true && leg["summary"]?.stringValue != nil)
        let distance = try #require(route["distance"]?.doubleValue)
        #expect(abs(distance - 1000) < 15)
        #expect(route["weight_name"] != nil && route["duration"]?.doubleValue ?? 0 > 0)
        let waypoints = try #require(json["waypoints"]?.arrayValue)
        #expect(waypoints.count == 2)
        #expect(waypoints[0].keys == ["hint", "distance", "name", "location"])
        let location = try #require(waypoints[0]["location"]?.arrayValue?.compactMap { $0.doubleValue })
        #expect(abs(location[0] - 6.7978337) < 1e-4 && abs(location[1] - 46.2029872) < 1e-4)
    }

    @Test func routeEqualsGeoroutes() throws {
        let from = Served.townNodes[10043]!, to = Served.townNodes[10015]!
        for (profile, mode) in [("driving", "car"), ("cycling", "bicycle"), ("foot", "foot")] {
            let osrm = try #require(Served.get("/route/v1/\(profile)/\(poste)?overview=false").json?["routes"]?[0])
            let captured = CapturedStreams()
            let status = GeorouteCommand.run(["route", "--from", "\(from.lat),\(from.lon)", "--to", "\(to.lat),\(to.lon)",
                                              "--mode", mode, "-i", Served.townPath, "--format", "json", "--quiet"],
                                             io: captured.io())
            #expect(status == 0)
            let cli = try JSONValue.parse(captured.output)
            let cliDistance = try #require(cli["distance_m"]?.doubleValue ?? cli["distance"]?.doubleValue)
            #expect(abs((osrm["distance"]?.doubleValue ?? 0) - cliDistance) < 0.5, "\(mode)")
            #expect(osrm["geometry"] == nil)
        }
    }

    @Test func stepsCarryManeuversClientsNeed() throws {
        let json = try #require(Served.get("/route/v1/driving/\(poste)?steps=true&alternatives=false&geometries=polyline6").json)
        let steps = try #require(json["routes"]?[0]?["legs"]?[0]?["steps"]?.arrayValue)
        #expect(steps.count >= 3)
        #expect(steps.first?["maneuver"]?["type"]?.stringValue == "depart")
        #expect(steps.last?["maneuver"]?["type"]?.stringValue == "arrive")
        for step in steps {
            let type = step["maneuver"]?["type"]?.stringValue ?? ""
            // osrm-text-instructions and LRM fail on a maneuver without a modifier.
            if type != "depart" && type != "arrive" { #expect(step["maneuver"]?["modifier"]?.stringValue != nil, "\(type)") }
            #expect(step["maneuver"]?["bearing_after"]?.intValue != nil)
            #expect(step["mode"]?.stringValue == "driving")
            let g = try #require(step["geometry"]?.stringValue)
            #expect(Polyline.decode(Substring(g), precision: 6) != nil)
        }
    }

    @Test func geojsonGeometryAndPolylineInput() throws {
        let encoded = Polyline.encode([Served.townNodes[10043]!, Served.townNodes[10015]!], precision: 5)
        let json = try #require(Served.get("/route/v1/car/polyline(\(encoded))?geometries=geojson&overview=full").json)
        #expect(json["code"]?.stringValue == "Ok")
        #expect(json["routes"]?[0]?["geometry"]?["type"]?.stringValue == "LineString")
    }

    @Test func leafletRoutingMachinesRequestIsAccepted() throws {
        // Empty query items and empty hints on the first request; its own hints on the next.
        let first = try #require(Served.get("/route/v1/driving/\(poste)?&overview=false&alternatives=true&steps=true&hints=;").json)
        #expect(first["code"]?.stringValue == "Ok")
        let hints = (first["waypoints"]?.arrayValue ?? []).compactMap { $0["hint"]?.stringValue }.joined(separator: ";")
        let again = Served.get("/route/v1/driving/\(poste)?overview=false&alternatives=true&steps=true&hints=\(hints)")
        #expect(again.json?["code"]?.stringValue == "Ok")
    }

    @Test func nearestSnapsToTheRoad() throws {
        let p = Served.townNodes[10043]!
        let json = try #require(Served.get("/nearest/v1/foot/\(p.lon + 0.0001),\(p.lat)").json)
        #expect(json["code"]?.stringValue == "Ok")
        let w = try #require(json["waypoints"]?[0])
        #expect(w["nodes"]?.arrayValue?.count == 2)
        #expect((w["distance"]?.doubleValue ?? 99) < 10)
    }

    @Test func nearestOfSeveralCoordinatesListsEachOnesRoads() throws {
        // osrm-routed 26: with two coordinates, `waypoints` holds one list per coordinate, `number` long.
        let p = Served.townNodes[10043]!, q = Served.townNodes[10004]!
        let one = try #require(Served.get("/nearest/v1/foot/\(p.lon + 0.0001),\(p.lat)?number=2").json)
        let two = try #require(Served.get("/nearest/v1/foot/\(p.lon + 0.0001),\(p.lat);\(q.lon),\(q.lat)?number=2").json)
        #expect(two["code"]?.stringValue == "Ok")
        let lists = try #require(two["waypoints"]?.arrayValue)
        #expect(lists.count == 2)
        #expect(lists[0] == one["waypoints"], "the first coordinate's list is what it alone gets")
        #expect(lists[1].arrayValue?.count == 2 && lists[1][0]?["nodes"]?.arrayValue?.count == 2)
        #expect((lists[1][0]?["distance"]?.doubleValue ?? 99) < 1)
        // Each coordinate is a search of its own: at most 100 of them, as osrm-routed's --max-nearest-size.
        let many = Array(repeating: "\(q.lon),\(q.lat)", count: 101).joined(separator: ";")
        #expect(Served.get("/nearest/v1/foot/\(many)").json?["code"]?.stringValue == "TooBig")
        // Per-coordinate options count per coordinate: a list of the wrong length is still refused.
        #expect(Served.get("/nearest/v1/foot/\(p.lon),\(p.lat);\(q.lon),\(q.lat)?radiuses=5").json?["code"]?.stringValue == "InvalidOptions")
    }

    @Test func matchPlacesTheRide() throws {
        // Every fifth point of the drawn ride, as a client would send it.
        let track = try TrackReader.read(path: TestData.sample("town-ride.gpx")).points.map(\.coordinate)
        let picked = stride(from: 0, to: track.count, by: 5).map { track[$0] }
        let coords = picked.map { "\($0.lon),\($0.lat)" }.joined(separator: ";")
        let json = try #require(Served.get("/match/v1/cycling/\(coords)?overview=full&geometries=geojson").json)
        #expect(json["code"]?.stringValue == "Ok")
        let tracepoints = try #require(json["tracepoints"]?.arrayValue)
        #expect(tracepoints.count == picked.count)
        #expect(tracepoints.filter { $0 != .null }.count >= picked.count - 2)
        let matchings = try #require(json["matchings"]?.arrayValue)
        let length = matchings.compactMap { $0["distance"]?.doubleValue }.reduce(0, +)
        // The true route is 2791.9 m long.
        #expect(abs(length - 2791.9) < 150)
        #expect(matchings.allSatisfy { ($0["confidence"]?.doubleValue ?? -1) >= 0 })
    }

    /// From the tertiary road at the town's edge to Rue du Théâtre (nodes 10033 → 10016): by car one
    /// alternative, Avenue des Alpes instead of Hauptstraße.
    @Test func alternativesAreWholeRoutesAfterTheRoute() throws {
        let pair = "\(Served.lonLat(10033));\(Served.lonLat(10016))"
        let alone = try #require(Served.get("/route/v1/driving/\(pair)?steps=true").json)
        for (value, most) in [("3", 3), ("true", 1), ("1", 1)] {
            let json = try #require(Served.get("/route/v1/driving/\(pair)?steps=true&alternatives=\(value)").json)
            #expect(json["code"]?.stringValue == "Ok")
            let routes = try #require(json["routes"]?.arrayValue)
            #expect(routes.count >= 2 && routes.count <= most + 1, "alternatives=\(value): \(routes.count) routes")
            // The route first, as asked without alternatives; the waypoints once, shared.
            #expect(routes[0] == alone["routes"]?[0])
            #expect(json["waypoints"] == alone["waypoints"] && json["waypoints"]?.arrayValue?.count == 2)
            for (k, r) in routes.enumerated() {
                #expect(r.keys == ["geometry", "legs", "weight_name", "weight", "duration", "distance"], "route \(k)")
                let legs = try #require(r["legs"]?.arrayValue)
                #expect(legs.count == 1 && legs[0]["steps"]?.arrayValue?.isEmpty == false)
                #expect((r["weight"]?.doubleValue ?? 0) >= (routes[0]["weight"]?.doubleValue ?? .infinity))
                #expect((r["weight"]?.doubleValue ?? .infinity) <= 1.25 * (routes[0]["weight"]?.doubleValue ?? 0) + 0.1)
                #expect(r["distance"]?.doubleValue ?? 0 > 0)
                if k > 0 { #expect(r["geometry"] != routes[0]["geometry"]) }
            }
        }
        for value in ["false", "0", ""] {
            #expect(Served.get("/route/v1/driving/\(pair)?alternatives=\(value)").json?["routes"]?.arrayValue?.count == 1)
        }
        // As osrm-routed: alternatives only between two coordinates; with a via point, the route alone.
        let via = "\(Served.lonLat(10033));\(Served.lonLat(10043));\(Served.lonLat(10016))"
        let three = try #require(Served.get("/route/v1/driving/\(via)?alternatives=3").json)
        #expect(three["code"]?.stringValue == "Ok" && three["routes"]?.arrayValue?.count == 1)
    }

    @Test func errorsAre400WithOSRMsCodes() throws {
        let p = Served.lonLat(10043)
        let cases: [(String, String)] = [
            ("/route/v1/driving/\(p)", "InvalidOptions"),
            ("/route/v2/driving/\(p);\(p)", "InvalidVersion"),
            ("/router/v1/driving/\(p);\(p)", "InvalidService"),
            ("/tile/v1/driving/\(p);\(p)", "NotImplemented"),
            ("/route/v1/driving/\(p);\(p)?bogus=1", "InvalidQuery"),
            ("/route/v1/driving/\(p);\(p)?geometries=wkt", "InvalidQuery"),
            ("/route/v1/driving/abc,def;\(p)", "InvalidUrl"),
            ("/route/v1/driving/\(p);200,100", "InvalidValue"),
            ("/route/v1/driving/\(p);10,10?radiuses=100;100", "NoSegment"),
            ("/route/v1/driving/polyline(%%%)", "InvalidUrl"),
            ("/route/v1/driving/\(p);\(p)?radiuses=5", "InvalidOptions"),
            ("/match/v1/driving/\(p);\(p)?timestamps=10;5", "InvalidValue"),
            ("/route/v1/driving/\(p);\(p)?alternatives=bogus", "InvalidQuery"),
            ("/route/v1/driving/\(p);\(p)?alternatives=-1", "InvalidQuery"),
            ("/route/v1/driving/\(p);\(p)?alternatives=2.5", "InvalidQuery"),
            ("/route/v1/driving/\(p);\(p)?alternatives=4", "TooBig"),
        ]
        for (target, code) in cases {
            let a = Served.get(target)
            #expect(a.status == 400, "\(target)")
            #expect(a.json?["code"]?.stringValue == code, "\(target): \(a.text)")
            #expect(a.json?["message"]?.stringValue?.isEmpty == false, "\(target)")
        }
        // Ferry terminal to ferry terminal by car within 200 m: no route (a car may not take the passenger
        // ferry; unbounded, both would snap to the one network a car can reach, as in OSRM).
        let ferry = Served.get("/route/v1/driving/\(Served.lonLat(10004));\(Served.lonLat(10059))?radiuses=200;200")
        #expect(ferry.status == 400 && ferry.json?["code"]?.stringValue == "NoRoute", "\(ferry.text)")
    }

    /// OSRM 26's `overview=by_legs`: no route line, each leg its full line from its start to its end.
    @Test func overviewByLegsGivesEachLegItsLine() throws {
        let stops: [Int64] = [10043, 10015, 10017]
        let route = try #require(Served.get("/route/v1/driving/\(stops.map(Served.lonLat).joined(separator: ";"))?overview=by_legs&geometries=geojson")
            .json?["routes"]?[0])
        #expect(route["geometry"] == nil)
        let legs = try #require(route["legs"]?.arrayValue)
        #expect(legs.count == 2)
        for (k, leg) in legs.enumerated() {
            let line = try #require(leg["geometry"]?["coordinates"]?.arrayValue?.compactMap { $0.arrayValue?.compactMap { $0.doubleValue } })
            #expect(line.count >= 2)
            let first = Coordinate(lat: line[0][1], lon: line[0][0]), last = Coordinate(lat: line.last![1], lon: line.last![0])
            #expect(first.distance(to: Served.townNodes[stops[k]]!) < 5 && last.distance(to: Served.townNodes[stops[k + 1]]!) < 5)
        }
        #expect(Served.get("/route/v1/driving/\(Served.lonLat(10043));\(Served.lonLat(10015))?overview=legs").json?["code"]?.stringValue == "InvalidQuery")
    }
}
