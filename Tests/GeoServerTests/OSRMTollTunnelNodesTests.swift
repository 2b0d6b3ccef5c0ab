// What road graph format 5 lets geoserve answer as osrm-routed does: the
// intersection classes of each mode's profile (car: toll in the direction
// taken, motorway, ferry, restricted, tunnel; bicycle: ferry, tunnel; foot:
// none), `exclude=toll`, and the `nodes` annotation (the OSM id of every point
// of a leg, the first and last those of the road's points around the
// waypoints) on route, match and trip. A hand-made street where every id is
// known, and the sample town checked against its OSM file.
import Foundation
import Testing
import GeoBase
import GeoTestSupport
@testable import GeoServer

@Suite struct OSRMTollTunnelNodesTests {
    /// West to east: Rue d'Approche 8–1, the tunnel 1–2–3–4–5 (toll eastbound only: toll:forward), Rue de
    /// Sortie 5–9; the Chemin du Détour 1–6–7–5 runs round the tunnel, longer and slower.
    static let fixture: String = {
        var xml = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n"
        for (id, lat, lon) in [(8, 45.0, 6.999), (1, 45.0, 7.0), (2, 45.0, 7.001), (3, 45.0, 7.002), (4, 45.0, 7.003), (5, 45.0, 7.004),
                               (9, 45.0, 7.005), (6, 45.001, 7.0), (7, 45.001, 7.004)] {
            xml += "<node id=\"\(id)\" lat=\"\(lat)\" lon=\"\(lon)\"/>\n"
        }
        let ways: [(Int, [Int], String, String)] = [
            (199, [8, 1], "residential", "Rue d'Approche"),
            (200, [1, 2, 3, 4, 5], "primary\"/><tag k=\"tunnel\" v=\"yes\"/><tag k=\"toll:forward\" v=\"yes", "Tunnel du Péage"),
            (201, [1, 6, 7, 5], "residential", "Chemin du Détour"),
            (202, [5, 9], "residential", "Rue de Sortie"),
        ]
        for (id, refs, highway, name) in ways {
            xml += "<way id=\"\(id)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined()
                + "<tag k=\"highway\" v=\"\(highway)\"/><tag k=\"name\" v=\"\(name)\"/></way>\n"
        }
        return xml + "</osm>\n"
    }()

    static let service: Service = {
        let index = try! TestData.index(ofXML: fixture, named: "toll-tunnel.osm")
        return try! Service(state: ServiceState(paths: [index.path]))
    }()

    static let west = "6.9995,45.0", east = "7.0045,45.0"

    static func get(_ target: String) -> JSONValue? { Served.get(target, from: service).json }

    static func ids(_ leg: JSONValue?) -> [Int64] { leg?["annotation"]?["nodes"]?.arrayValue?.compactMap(\.intValue) ?? [] }

    /// The classes on the intersection at `lon` (on the street's latitude) of a route's steps.
    static func classes(_ profile: String, from: String, to: String, at lon: Double) -> [String]? {
        let steps = get("/route/v1/\(profile)/\(from);\(to)?steps=true&overview=false")?["routes"]?[0]?["legs"]?[0]?["steps"]?.arrayValue ?? []
        for x in steps.flatMap({ $0["intersections"]?.arrayValue ?? [] }) {
            guard let l = x["location"]?[0]?.doubleValue, abs(l - lon) < 1e-6 else { continue }
            return x["classes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        return nil
    }

    @Test func intersectionClassesAreTheModesProfiles() throws {
        // Into the tunnel eastbound, where it is a toll road: toll before tunnel, as car.lua lists its classes.
        #expect(Self.classes("driving", from: Self.west, to: Self.east, at: 7.0) == ["toll", "tunnel"])
        #expect(Self.classes("cycling", from: Self.west, to: Self.east, at: 7.0) == ["tunnel"])
        #expect(Self.classes("walking", from: Self.west, to: Self.east, at: 7.0) == [])
        // Westbound the tunnel is free (toll:forward only).
        #expect(Self.classes("driving", from: Self.east, to: Self.west, at: 7.004) == ["tunnel"])
        // Out of the tunnel onto an ordinary street: none.
        #expect(Self.classes("driving", from: Self.west, to: Self.east, at: 7.004) == [])
        // A depart in the tunnel lists the road it sets off on, as osrm-routed's does.
        #expect(Self.classes("driving", from: "7.0005,45.0", to: Self.east, at: 7.0005) == ["toll", "tunnel"])
    }

    @Test func excludeTollGoesRoundTheTollDirectionOnly() throws {
        let plain = try #require(Self.get("/route/v1/driving/\(Self.west);\(Self.east)?annotations=nodes")?["routes"]?[0])
        let avoiding = try #require(Self.get("/route/v1/driving/\(Self.west);\(Self.east)?annotations=nodes&exclude=toll")?["routes"]?[0])
        #expect(Self.ids(plain["legs"]?[0]) == [8, 1, 2, 3, 4, 5, 9])
        #expect(Self.ids(avoiding["legs"]?[0]) == [8, 1, 6, 7, 5, 9])
        #expect((avoiding["distance"]?.doubleValue ?? 0) > (plain["distance"]?.doubleValue ?? 0) + 150)
        // Westbound the tunnel is no toll road: excluding tolls changes nothing.
        let back = Self.get("/route/v1/driving/\(Self.east);\(Self.west)?annotations=nodes&exclude=toll")?["routes"]?[0]?["legs"]?[0]
        #expect(Self.ids(back) == [9, 5, 4, 3, 2, 1, 8])
        // Tables and trips leave the toll direction out as well.
        let t0 = Self.get("/table/v1/driving/\(Self.west);\(Self.east)")?["durations"]
        let t1 = Self.get("/table/v1/driving/\(Self.west);\(Self.east)?exclude=toll")?["durations"]
        let (d0, d1) = (t0?[0]?[1]?.doubleValue ?? 0, t1?[0]?[1]?.doubleValue ?? 0)
        #expect(d1 > d0 + 10, "\(d0) \(d1)")
        #expect(abs((t1?[1]?[0]?.doubleValue ?? 0) - (t0?[1]?[0]?.doubleValue ?? -9)) < 1)
        let trip = Self.get("/trip/v1/driving/\(Self.west);\(Self.east)?annotations=nodes&exclude=toll")?["trips"]?[0]?["legs"]
        #expect(Self.ids(trip?[0]) == [8, 1, 6, 7, 5, 9])
        // Bicycles and pedestrians have no toll class to exclude, as osrm-routed's bicycle and foot profiles.
        #expect(Self.get("/route/v1/cycling/\(Self.west);\(Self.east)?exclude=toll")?["code"]?.stringValue == "InvalidValue")
        #expect(Self.get("/route/v1/walking/\(Self.west);\(Self.east)?exclude=toll")?["code"]?.stringValue == "InvalidValue")
    }

    @Test func nodesNameEveryPointAndTheRoadsPointsAroundTheWaypoints() throws {
        // The start lies between 8 and 1, the end between 5 and 9: the first id is the node before the
        // start, the last the node after the end (OSRM's assembleGeometry).
        let route = try #require(Self.get("/route/v1/driving/\(Self.west);\(Self.east)?annotations=true&overview=full&geometries=geojson")?["routes"]?[0])
        let leg = route["legs"]?[0]
        #expect(Self.ids(leg) == [8, 1, 2, 3, 4, 5, 9])
        #expect(Self.ids(leg).count == (leg?["annotation"]?["distance"]?.arrayValue?.count ?? 0) + 1)
        #expect(route["geometry"]?["coordinates"]?.arrayValue?.count == 7)
        // A via point between 3 and 4: each leg names the points around its own ends.
        let via = Self.get("/route/v1/driving/\(Self.west);7.0025,45.0;\(Self.east)?annotations=nodes")?["routes"]?[0]?["legs"]
        #expect(Self.ids(via?[0]) == [8, 1, 2, 3, 4] && Self.ids(via?[1]) == [3, 4, 5, 9])
        // Both ends on one stretch: its two ends.
        #expect(Self.ids(Self.get("/route/v1/driving/7.0012,45.0;7.0018,45.0?annotations=nodes")?["routes"]?[0]?["legs"]?[0]) == [2, 3])
        #expect(Self.ids(Self.get("/route/v1/driving/7.0018,45.0;7.0012,45.0?annotations=nodes")?["routes"]?[0]?["legs"]?[0]) == [3, 2])
        // Match legs run between the matched points (each between two nodes of the tunnel).
        let points = "\(Self.west);7.0015,45.0;7.0035,45.0;\(Self.east)"
        let match = Self.get("/match/v1/driving/\(points)?annotations=nodes&timestamps=0;20;40;60")?["matchings"]?[0]?["legs"]
        #expect((match?.arrayValue ?? []).map { Self.ids($0) } == [[8, 1, 2, 3], [2, 3, 4, 5], [4, 5, 9]], "\(String(describing: match))")
        // A round trip: there and back; the car goes on from the east end to the dead end at 9 and turns
        // there (OSRM's continue_straight), so the way back sets off from behind it, at 5.
        let trip = Self.get("/trip/v1/driving/\(Self.west);\(Self.east)?annotations=nodes")?["trips"]?[0]?["legs"]
        #expect((trip?.arrayValue ?? []).map { Self.ids($0) } == [[8, 1, 2, 3, 4, 5, 9], [5, 9, 5, 4, 3, 2, 1, 8]])
    }

    /// Pairs of consecutive nodes along the sample town's ways (either order), from its OSM file.
    static let townSteps: Set<[Int64]> = {
        let text = try! String(contentsOfFile: TestData.sample("town.osm"), encoding: .utf8)
        var steps = Set<[Int64]>(), way: [Int64] = []
        for line in text.split(separator: "\n") {
            if line.contains("<way ") { way = [] }
            if let r = line.range(of: "<nd ref=\""), let id = Int64(line[r.upperBound...].prefix { $0.isNumber }) {
                if let last = way.last { steps.insert([last, id]); steps.insert([id, last]) }
                way.append(id)
            }
        }
        return steps
    }()

    @Test func theTownsNodesAreItsOSMNodesInPathOrder() throws {
        let c = "\(OSRMSnappingTests.west);\(OSRMSnappingTests.east)"
        for profile in ["driving", "walking"] {
            let route = try #require(Served.get("/route/v1/\(profile)/\(c)?annotations=nodes,distance&overview=full&geometries=geojson").json?["routes"]?[0])
            let ids = Self.ids(route["legs"]?[0])
            let line = (route["geometry"]?["coordinates"]?.arrayValue ?? []).compactMap { p -> Coordinate? in
                guard let lon = p[0]?.doubleValue, let lat = p[1]?.doubleValue else { return nil }
                return Coordinate(lat: lat, lon: lon)
            }
            #expect(ids.count == line.count && ids.count == (route["legs"]?[0]?["annotation"]?["distance"]?.arrayValue?.count ?? 0) + 1)
            guard ids.count == line.count, ids.count >= 2 else { continue }
            for k in ids.indices.dropFirst() { #expect(Self.townSteps.contains([ids[k - 1], ids[k]]), "\(ids[k - 1]) → \(ids[k])") }
            // Between the ends every vertex is the node of its id; the ends lie between the first two and the last two.
            for k in 1..<(ids.count - 1) {
                let node = try #require(Served.townNodes[ids[k]])
                #expect(node.distance(to: line[k]) < 0.2, "\(ids[k])")
            }
            func between(_ p: Coordinate, _ a: Int64, _ b: Int64) -> Bool {
                guard let x = Served.townNodes[a], let y = Served.townNodes[b] else { return false }
                return x.distance(to: p) + p.distance(to: y) - x.distance(to: y) < 0.5
            }
            #expect(between(line[0], ids[0], ids[1]) && between(line[line.count - 1], ids[ids.count - 2], ids[ids.count - 1]))
        }
    }
}
