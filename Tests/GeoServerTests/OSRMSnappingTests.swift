// OSRM's per-coordinate snapping options honoured, not ignored: `bearings`
// (only road directions within range of the bearing), `radiuses` (each
// point's own search radius), `approaches` (curb: the point on the right of
// the direction of travel), `snapping=any` (ferries too), and the errors
// OSRM's grammar and IsValid give for bad values. The street used is Rue de
// l'Église (two-way, running at 81°: east); its points lie 3 m north of it,
// i.e. on the left of a vehicle driving east.
import Foundation
import Testing
import GeoBase
@testable import GeoFrontEnd
@testable import GeoServer

@Suite struct OSRMSnappingTests {
    /// 3 m north of the middle of the street between two of its nodes.
    static func beside(_ a: Int64, _ b: Int64, north metres: Double = 3) -> String {
        let p = Served.townNodes[a]!, q = Served.townNodes[b]!
        return "\((p.lon + q.lon) / 2),\((p.lat + q.lat) / 2 + metres / 111_320)"
    }

    static let west = beside(11009, 11010), east = beside(11011, 11012)

    static func route(_ coords: String, _ query: String) -> JSONValue? {
        Served.get("/route/v1/driving/\(coords)?overview=full&geometries=geojson&\(query)").json
    }

    /// The heading of the route's first stretch, degrees.
    static func departure(_ json: JSONValue?) -> Double? {
        guard let line = json?["routes"]?[0]?["geometry"]?["coordinates"]?.arrayValue, line.count >= 2,
              let a = line[0].arrayValue?.compactMap(\.doubleValue), let b = line[1].arrayValue?.compactMap(\.doubleValue) else { return nil }
        return Coordinate(lat: a[1], lon: a[0]).bearing(to: Coordinate(lat: b[1], lon: b[0]))
    }

    static func distance(_ json: JSONValue?) -> Double { json?["routes"]?[0]?["distance"]?.doubleValue ?? -1 }

    static func near(_ heading: Double?, _ bearing: Double) -> Bool {
        guard let h = heading else { return false }
        let d = abs((h - bearing + 540).truncatingRemainder(dividingBy: 360) - 180)
        return d < 15
    }

    @Test func bearingChoosesTheDirectionOfDeparture() throws {
        let c = "\(Self.west);\(Self.east)"
        let free = Self.route(c, ""), eastward = Self.route(c, "bearings=81,20;"), westward = Self.route(c, "bearings=261,20;")
        #expect(free?["code"]?.stringValue == "Ok" && westward?["code"]?.stringValue == "Ok")
        #expect(Self.near(Self.departure(eastward), 81), "\(String(describing: Self.departure(eastward)))")
        #expect(Self.near(Self.departure(westward), 261), "\(String(describing: Self.departure(westward)))")
        // Setting off west to go east means turning round somewhere: longer.
        #expect(abs(Self.distance(free) - Self.distance(eastward)) < 1)
        #expect(Self.distance(westward) > Self.distance(eastward) + 50)
    }

    @Test func bearingFiltersNearestRoads() throws {
        let along = try #require(Served.get("/nearest/v1/driving/\(Self.west)?bearings=81,20").json?["waypoints"]?[0])
        let reverse = try #require(Served.get("/nearest/v1/driving/\(Self.west)?bearings=261,20").json?["waypoints"]?[0])
        let across = try #require(Served.get("/nearest/v1/driving/\(Self.west)?bearings=171,10").json?["waypoints"]?[0])
        // A two-way street runs both ways; no road there runs north–south, so the snap moves away.
        #expect(abs((along["distance"]?.doubleValue ?? 0) - 3) < 0.5)
        #expect(along["location"] == reverse["location"])
        #expect((across["distance"]?.doubleValue ?? 0) > 20, "\(across)")
        // Rue de la Poste is oneway northward (352°): a car going south cannot be on it.
        let p = Served.townNodes[11064]!, q = Served.townNodes[11065]!
        let poste = "\((p.lon + q.lon) / 2 + 2 / 77_000),\((p.lat + q.lat) / 2)"
        let north = Served.get("/nearest/v1/driving/\(poste)?bearings=352,20").json?["waypoints"]?[0]
        let south = Served.get("/nearest/v1/driving/\(poste)?bearings=172,20").json?["waypoints"]?[0]
        #expect(north?["name"]?.stringValue == "Rue de la Poste")
        #expect(south?["name"]?.stringValue != "Rue de la Poste", "\(String(describing: south))")
    }

    @Test func curbPutsThePointOnTheRight() throws {
        // The points are north of the street: on the right of a car heading west.
        let c = "\(Self.west);\(Self.east)"
        let curb = Self.route(c, "approaches=curb;"), opposite = Self.route(c, "approaches=opposite;unrestricted")
        #expect(Self.near(Self.departure(curb), 261), "\(String(describing: Self.departure(curb)))")
        #expect(Self.near(Self.departure(opposite), 81))
        #expect(Self.distance(curb) > Self.distance(opposite) + 50)
        // Arriving at the curb: coming from the east, so it is longer than arriving westward-free.
        let arrive = Self.route(c, "approaches=;curb")
        #expect(Self.distance(arrive) > Self.distance(opposite) + 50)
    }

    @Test func radiusIsEachPointsOwn() throws {
        // 60 m off the street: within 100 m, not within 10.
        let off = Self.beside(11009, 11010, north: 60), on = Self.east
        let ok = Served.get("/route/v1/driving/\(off);\(on)?radiuses=100;10")
        #expect(ok.json?["code"]?.stringValue == "Ok", "\(ok.text)")
        // The largest radius is not lent to the others any more: point 0 has only 10 m.
        let refused = Served.get("/route/v1/driving/\(off);\(on)?radiuses=10;100")
        #expect(refused.json?["code"]?.stringValue == "NoSegment")
        #expect(refused.json?["message"]?.stringValue == "Could not find a matching segment for coordinate 0")
        let unlimited = Served.get("/route/v1/driving/\(off);\(on)?radiuses=unlimited;")
        #expect(unlimited.json?["code"]?.stringValue == "Ok")
        let table = Served.get("/table/v1/driving/\(off);\(on)?radiuses=10;100")
        #expect(table.json?["code"]?.stringValue == "NoSegment")
        // Nearest has no radius unless given, as osrm-routed: a point 6 km out in the lake still gets its road.
        let far = Served.get("/nearest/v1/driving/6.75,46.15")
        #expect(far.json?["code"]?.stringValue == "Ok" && (far.json?["waypoints"]?[0]?["distance"]?.doubleValue ?? 0) > 5_000)
        #expect(Served.get("/nearest/v1/driving/6.75,46.15?radiuses=1000").json?["code"]?.stringValue == "NoSegment")
    }

    @Test func tableAndTripSnapAsRouteDoes() throws {
        // Arriving at the curb of the east point means coming from the east: longer than the 15 s along the street.
        let c = "\(Self.west);\(Self.east)"
        func duration(_ q: String) -> Double { Served.get("/table/v1/driving/\(c)?\(q)").json?["durations"]?[0]?[1]?.doubleValue ?? -1 }
        let plain = duration(""), curbEnd = duration("approaches=;curb"), westStart = duration("bearings=261,20;")
        #expect(curbEnd > plain + 30 && westStart > plain + 30, "\(plain) \(curbEnd) \(westStart)")
        // The table and /route agree under the same rule.
        let route = OSRMSnappingTests.route(c, "approaches=;curb")?["routes"]?[0]?["duration"]?.doubleValue ?? 0
        #expect(abs(route - curbEnd) < 0.5, "\(route) \(curbEnd)")
        let trip = Served.get("/trip/v1/driving/\(c)?approaches=curb;&overview=false").json
        let freeTrip = Served.get("/trip/v1/driving/\(c)?overview=false").json
        #expect((trip?["trips"]?[0]?["distance"]?.doubleValue ?? 0) > (freeTrip?["trips"]?[0]?["distance"]?.doubleValue ?? 0) + 50)
    }

    @Test func snappingAnyReachesTheFerry() throws {
        let a = Served.townNodes[60001]!, b = Served.townNodes[60002]!
        let lake = "\((a.lon + b.lon) / 2),\((a.lat + b.lat) / 2)"
        let plain = try #require(Served.get("/nearest/v1/foot/\(lake)").json?["waypoints"]?[0])
        let any = try #require(Served.get("/nearest/v1/foot/\(lake)?snapping=any").json?["waypoints"]?[0])
        #expect((any["distance"]?.doubleValue ?? 99) < 1)
        #expect((plain["distance"]?.doubleValue ?? 0) > 20)
        #expect(Served.get("/nearest/v1/foot/\(lake)?snapping=default").json?["waypoints"]?[0]?["location"] == plain["location"])
    }

    @Test func badValuesGetOSRMsErrors() throws {
        let c = "\(Self.west);\(Self.east)"
        let cases: [(String, String)] = [
            ("bearings=400,10;", "InvalidOptions"),
            ("bearings=10,200;", "InvalidOptions"),
            ("bearings=10;", "InvalidQuery"),
            ("bearings=a,b;", "InvalidQuery"),
            ("bearings=10.5,20;", "InvalidQuery"),
            ("bearings=10,20", "InvalidOptions"),
            ("approaches=side;", "InvalidQuery"),
            ("approaches=curb", "InvalidOptions"),
            ("snapping=bogus", "InvalidQuery"),
            ("radiuses=far;", "InvalidQuery"),
            ("hints=;;", "InvalidOptions"),
            ("hints=a%20b;", "InvalidQuery"),
        ]
        for (query, code) in cases {
            let a = Served.get("/route/v1/driving/\(c)?\(query)")
            #expect(a.status == 400, "\(query)")
            #expect(a.json?["code"]?.stringValue == code, "\(query): \(a.text)")
        }
        for query in ["bearings=;", "bearings=0,180;261,30", "approaches=;", "approaches=unrestricted;curb", "snapping=any", "hints=;", "radiuses=-1;"] {
            #expect(Served.get("/route/v1/driving/\(c)?\(query)").json?["code"]?.stringValue == "Ok", "\(query)")
        }
    }
}

/// OSRM's `exclude`, as its car profile offers it: one of `motorway` (with its links), `ferry` or `toll`
/// (OSRMTollTunnelNodesTests routes around a toll road).
@Suite struct OSRMExcludeTests {
    /// The middle of the A 19 between two of its vertices.
    static var onMotorway: String { OSRMSnappingTests.beside(11165, 11166, north: 0) }

    @Test func excludedClassesAreNoRoads() throws {
        let plain = try #require(Served.get("/nearest/v1/driving/\(Self.onMotorway)").json?["waypoints"]?[0])
        let off = try #require(Served.get("/nearest/v1/driving/\(Self.onMotorway)?exclude=motorway").json?["waypoints"]?[0])
        #expect((plain["distance"]?.doubleValue ?? 99) < 1)
        #expect((off["distance"]?.doubleValue ?? 0) > 20, "\(off)")
        // Along the A 19 from its start to its end: with the motorway excluded, no step is on it.
        let ends = "\(Served.lonLat(10061));\(Served.lonLat(10062))"
        func refs(_ q: String) -> [String] {
            let steps = Served.get("/route/v1/driving/\(ends)?steps=true&overview=false\(q)").json?["routes"]?[0]?["legs"]?[0]?["steps"]
            return (steps?.arrayValue ?? []).compactMap { $0["ref"]?.stringValue }
        }
        #expect(refs("").contains("A 19"))
        #expect(!refs("&exclude=motorway").contains("A 19"), "\(refs("&exclude=motorway"))")
        let table = Served.get("/table/v1/driving/\(ends)?exclude=motorway").json
        #expect(table?["code"]?.stringValue == "Ok")
    }

    @Test func otherExcludesAreOSRMsErrors() throws {
        let c = "\(OSRMSnappingTests.west);\(OSRMSnappingTests.east)"
        let cases: [(String, String)] = [
            ("/route/v1/driving/\(c)?exclude=motorway,ferry", "InvalidValue"),
            ("/route/v1/driving/\(c)?exclude=tunnel", "InvalidValue"),
            ("/route/v1/cycling/\(c)?exclude=toll", "InvalidValue"),
            ("/route/v1/driving/\(c)?exclude=toll,motorway", "InvalidValue"),
            ("/match/v1/driving/\(c)?exclude=toll", "NotImplemented"),
            ("/route/v1/foot/\(c)?exclude=ferry", "InvalidValue"),
            ("/match/v1/driving/\(c)?exclude=ferry", "NotImplemented"),
        ]
        for (target, code) in cases {
            let a = Served.get(target)
            #expect(a.status == 400 && a.json?["code"]?.stringValue == code, "\(target): \(a.text)")
        }
        #expect(Served.get("/route/v1/driving/\(c)?exclude=ferry").json?["code"]?.stringValue == "Ok")
        #expect(Served.get("/route/v1/driving/\(c)?exclude=").json?["code"]?.stringValue == "Ok")
    }
}
