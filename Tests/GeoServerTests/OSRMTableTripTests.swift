// OSRM's table and trip services as their clients read them: the response
// shapes (durations/distances rows, null where no route, waypoint objects as
// /route writes them, fallback_speed_cells; trips as /route's routes with
// waypoint_index and trips_index), cells equal to /route's answers, and every
// error OSRM gives with its code and HTTP 400.
import Foundation
import Testing
import GeoBase
@testable import GeoFrontEnd
import GeoTestSupport
@testable import GeoServer

@Suite struct OSRMTableTripTests {
    /// Five of the town's road nodes, as lon,lat;…
    static let ids: [Int64] = [10043, 10015, 10006, 10030, 10049]
    static var coordinates: String { ids.map { Served.lonLat($0) }.joined(separator: ";") }

    @Test func tableHasOSRMsShapeAndEqualsRoute() throws {
        let json = try #require(Served.get("/table/v1/driving/\(Self.coordinates)").json)
        #expect(json.keys == ["code", "durations", "sources", "destinations"])
        #expect(json["code"]?.stringValue == "Ok")
        let rows = try #require(json["durations"]?.arrayValue)
        #expect(rows.count == 5 && rows.allSatisfy { $0.arrayValue?.count == 5 })
        for i in 0..<5 { #expect(rows[i][i]?.doubleValue == 0) }
        let sources = try #require(json["sources"]?.arrayValue)
        #expect(sources.count == 5 && sources[0].keys == ["hint", "distance", "name", "location"])
        // Each cell is the duration /route gives for the pair (both rounded to 0.1 s).
        for (i, j) in [(0, 1), (1, 0), (2, 3), (4, 2)] {
            let pair = "\(Served.lonLat(Self.ids[i]));\(Served.lonLat(Self.ids[j]))"
            let route = try #require(Served.get("/route/v1/driving/\(pair)?overview=false").json?["routes"]?[0])
            #expect(rows[i][j]?.doubleValue == route["duration"]?.doubleValue, "\(i)→\(j)")
        }
        // Rue de la Poste is one-way for cars: the table is not symmetric.
        #expect((rows[0][1]?.doubleValue ?? 0) > (rows[1][0]?.doubleValue ?? 0))
    }

    @Test func sourcesDestinationsAndAnnotations() throws {
        let json = try #require(Served.get("/table/v1/bike/\(Self.coordinates)?sources=0;3&destinations=4;1;0&annotations=duration,distance").json)
        #expect(json.keys == ["code", "durations", "distances", "sources", "destinations"])
        let d = try #require(json["distances"]?.arrayValue)
        #expect(d.count == 2 && d[0].arrayValue?.count == 3)
        #expect(d[0][2]?.doubleValue == 0)
        #expect(json["sources"]?.arrayValue?.count == 2 && json["destinations"]?.arrayValue?.count == 3)
        let all = try #require(Served.get("/table/v1/bike/\(Self.coordinates)?annotations=distance&skip_waypoints=true").json)
        #expect(all.keys == ["code", "distances"])
        #expect(all["distances"]?[3]?[4] == d[1][0] && all["distances"]?[0]?[1] == d[0][1])
        let scaled = try #require(Served.get("/table/v1/bike/\(Self.coordinates)?sources=0&scale_factor=2").json?["durations"]?[0])
        let plain = try #require(Served.get("/table/v1/bike/\(Self.coordinates)?sources=0").json?["durations"]?[0])
        let a = scaled[1]?.doubleValue ?? 0, b = plain[1]?.doubleValue ?? 0
        #expect(b > 0 && abs(a - 2 * b) <= 0.1, "\(a) vs \(b)")
    }

    @Test func unreachableIsNullOrAFallbackEstimate() throws {
        // The passenger ferry's terminals within 200 m: a car cannot get from one to the other.
        let ferry = "\(Served.lonLat(10004));\(Served.lonLat(10059))"
        let json = try #require(Served.get("/table/v1/driving/\(ferry)?radiuses=200;200&annotations=duration,distance").json)
        #expect(json["durations"]?[0]?[1]?.isNull == true && json["distances"]?[1]?[0]?.isNull == true)
        #expect(json["durations"]?[0]?[0]?.doubleValue == 0)
        #expect(json["fallback_speed_cells"] == nil)
        let estimated = try #require(Served.get("/table/v1/driving/\(ferry)?radiuses=200;200&annotations=duration,distance&fallback_speed=10").json)
        let cells = try #require(estimated["fallback_speed_cells"]?.arrayValue)
        #expect(cells.count == 2 && cells[0] == .array([.int(0), .int(1)]))
        let metres = Served.townNodes[10004]!.distance(to: Served.townNodes[10059]!)
        let dist = try #require(estimated["distances"]?[0]?[1]?.doubleValue)
        #expect(abs(dist - metres) < 0.1)
        #expect(abs((estimated["durations"]?[0]?[1]?.doubleValue ?? 0) - metres / 10) < 0.1)
        // Asked for but needed nowhere, the list is there and empty, as osrm-routed 26 writes it.
        let reachable = "\(Served.lonLat(10004));\(Served.lonLat(10004))"
        let none = try #require(Served.get("/table/v1/driving/\(reachable)?fallback_speed=10").json)
        #expect(none["fallback_speed_cells"] == .array([]))
    }

    @Test func tableErrorsAreOSRMs() throws {
        let c = Self.coordinates, p = Served.lonLat(10043)
        let cases: [(String, String)] = [
            ("/table/v1/driving/\(p)", "InvalidOptions"),
            ("/table/v1/driving/\(c)?sources=5", "InvalidOptions"),
            ("/table/v1/driving/\(c)?destinations=0;9", "InvalidOptions"),
            ("/table/v1/driving/\(c)?sources=a", "InvalidQuery"),
            ("/table/v1/driving/\(c)?sources=0;;1", "InvalidQuery"),
            ("/table/v1/driving/\(c)?annotations=speed", "InvalidQuery"),
            ("/table/v1/driving/\(c)?fallback_speed=0", "InvalidOptions"),
            ("/table/v1/driving/\(c)?fallback_speed=fast", "InvalidQuery"),
            ("/table/v1/driving/\(c)?fallback_coordinate=middle", "InvalidQuery"),
            ("/table/v1/driving/\(c)?scale_factor=-1", "InvalidOptions"),
            ("/table/v1/driving/\(c)?steps=true", "InvalidQuery"),
            ("/table/v1/driving/\(c)?radiuses=1;2", "InvalidOptions"),
            ("/table/v1/driving/\(c)?bearings=0,200;;;;", "InvalidOptions"),
            ("/table/v1/driving/\(c)?approaches=side;;;;", "InvalidQuery"),
            ("/table/v1/driving/\(p);10,10?radiuses=100;100", "NoSegment"),
            ("/table/v1/driving/\(Array(repeating: p, count: 101).joined(separator: ";"))", "TooBig"),
        ]
        for (target, code) in cases {
            let a = Served.get(target)
            #expect(a.status == 400, "\(target)")
            #expect(a.json?["code"]?.stringValue == code, "\(target): \(a.text)")
            #expect(a.json?["message"]?.stringValue?.isEmpty == false, "\(target)")
        }
        // 101 sources to one destination is within 100 × 100 cells.
        let many = Served.get("/table/v1/driving/\(Array(repeating: p, count: 101).joined(separator: ";"))?destinations=0")
        #expect(many.status == 200, "\(many.text)")
        // The limit is the server's setting.
        let small = Service(state: Served.town.state, osrmLimits: OSRMLimits(maxTableSize: 2, maxTripSize: 2))
        #expect(Served.get("/table/v1/driving/\(c)", from: small).json?["code"]?.stringValue == "TooBig")
        #expect(Served.get("/table/v1/driving/\(c)?sources=0;1&destinations=2;3", from: small).status == 200)
        #expect(Served.get("/trip/v1/driving/\(c)", from: small).json?["code"]?.stringValue == "TooBig")
    }

    @Test func tripHasOSRMsShape() throws {
        let json = try #require(Served.get("/trip/v1/bike/\(Self.coordinates)?steps=true&geometries=geojson").json)
        #expect(json.keys == ["code", "trips", "waypoints"])
        let trip = try #require(json["trips"]?[0])
        #expect(trip.keys == ["geometry", "legs", "weight_name", "weight", "duration", "distance"])
        #expect(trip["legs"]?.arrayValue?.count == 5)
        #expect(trip["geometry"]?["type"]?.stringValue == "LineString")
        let waypoints = try #require(json["waypoints"]?.arrayValue)
        #expect(waypoints.count == 5)
        #expect(waypoints[0].keys == ["hint", "distance", "name", "location", "waypoint_index", "trips_index"])
        // A round trip starts at the first point; every point has its own place in it.
        #expect(waypoints[0]["waypoint_index"]?.intValue == 0)
        #expect(Set(waypoints.compactMap { $0["waypoint_index"]?.intValue }) == Set(0..<5))
        #expect(waypoints.allSatisfy { $0["trips_index"]?.intValue == 0 })
        // The trip is /route through the points in its order, back to the first.
        var order = [Int](repeating: 0, count: 5)
        for (i, w) in waypoints.enumerated() { order[Int(w["waypoint_index"]!.intValue!)] = i }
        let through = (order + [order[0]]).map { Served.lonLat(Self.ids[$0]) }.joined(separator: ";")
        let route = try #require(Served.get("/route/v1/bike/\(through)?overview=false").json?["routes"]?[0])
        #expect(route["distance"] == trip["distance"] && route["duration"] == trip["duration"])
    }

    @Test func tripWithFixedEnds() throws {
        let json = try #require(Served.get("/trip/v1/driving/\(Self.coordinates)?roundtrip=false&source=first&destination=last&overview=false").json)
        let trip = try #require(json["trips"]?[0])
        #expect(trip["legs"]?.arrayValue?.count == 4 && trip["geometry"] == nil)
        let waypoints = try #require(json["waypoints"]?.arrayValue)
        #expect(waypoints[0]["waypoint_index"]?.intValue == 0 && waypoints[4]["waypoint_index"]?.intValue == 4)
    }

    @Test func tripErrorsAreOSRMs() throws {
        let c = Self.coordinates, p = Served.lonLat(10043)
        let cases: [(String, String)] = [
            ("/trip/v1/driving/\(c)?roundtrip=false", "NotImplemented"),
            ("/trip/v1/driving/\(c)?roundtrip=false&source=first", "NotImplemented"),
            ("/trip/v1/driving/\(c)?roundtrip=false&destination=last", "NotImplemented"),
            ("/trip/v1/driving/\(c)?source=last", "InvalidQuery"),
            ("/trip/v1/driving/\(c)?destination=first", "InvalidQuery"),
            ("/trip/v1/driving/\(c)?roundtrip=maybe", "InvalidQuery"),
            ("/trip/v1/driving/\(c)?sources=0", "InvalidQuery"),
            ("/trip/v1/driving/\(p)", "InvalidOptions"),
            ("/trip/v1/driving/\(Served.lonLat(10004));\(Served.lonLat(10059));\(p)?radiuses=200;200;200", "NoTrips"),
            ("/trip/v1/driving/\(Array(repeating: p, count: 101).joined(separator: ";"))", "TooBig"),
        ]
        for (target, code) in cases {
            let a = Served.get(target)
            #expect(a.status == 400, "\(target)")
            #expect(a.json?["code"]?.stringValue == code, "\(target): \(a.text)")
        }
    }
}
