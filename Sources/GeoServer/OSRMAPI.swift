// OSRM's services over the index's road graph (joined across regions), in
// OSRM's response shape so osrm clients (Leaflet Routing Machine, routingpy,
// osrm-text-instructions) work unchanged: `route` (between two or more
// points; with `alternatives`, between two, the route then its alternatives),
// `match` (a GPS trace onto the roads: tracepoints, null for a point that
// could not be placed, and matchings), `nearest`, and `table` and `trip`
// (OSRMTable.swift, OSRMTrip.swift). Every error is HTTP 400 with
// {"code", "message"}, as OSRM answers.
import GeoBase
import GeoFrontEnd
import GeoRoads
import GeoRouting
import GeoTracks

enum OSRMAPI {
    static func handle(_ request: HTTPRequest, _ state: ServiceState, limits: OSRMLimits = OSRMLimits()) -> HTTPResponse {
        do throws(APIError) {
            let r = try OSRMRequest(request)
            guard let networks = state.networks else {
                throw APIError("the index has no road graph (it was built with --no-roads)", code: "NoSegment")
            }
            switch r.parameters {
            case .route(let p): return .json(try route(r, p, networks))
            case .match(let p): return .json(try match(r, p, networks))
            case .nearest(let p): return .json(try nearest(r, p, networks))
            case .table(let p): return .json(try table(r, p, networks, limits))
            case .trip(let p): return .json(try trip(r, p, networks, limits))
            }
        } catch {
            return ServiceErrors.osrm(error)
        }
    }

    /// A waypoint: where a point snapped, the road's name there, how far it moved.
    static func waypoint(input: Coordinate, snapped: Coordinate, name: String, hints: Bool) -> [(String, JSONValue)] {
        var w: [(String, JSONValue)] = []
        // A hint only has to come back unchanged: the snapped position, base64url, as a token.
        if hints { w.append(("hint", .string(hint(snapped)))) }
        w += [("distance", .double((input.distance(to: snapped) * 1e6).rounded() / 1e6)), ("name", .string(name)),
              ("location", OSRMRouteJSON.location(snapped))]
        return w
    }

    static func hint(_ c: Coordinate) -> String {
        var bytes: [UInt8] = []
        for v in [Int32((c.lat * 1e7).rounded()), Int32((c.lon * 1e7).rounded())] {
            for s in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: v >> Int32(s))) }
        }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var out = ""
        var acc = 0, bits = 0
        for b in bytes {
            acc = acc << 8 | Int(b)
            bits += 8
            while bits >= 6 { bits -= 6; out.append(alphabet[(acc >> bits) & 63]) }
        }
        if bits > 0 { out.append(alphabet[(acc << (6 - bits)) & 63]) }
        return out
    }

    static func streetName(_ s: RouteSegment, vertex: Int) -> String {
        s.streets.first { $0.firstVertex <= vertex && vertex <= $0.lastVertex && $0.named }?.name ?? ""
    }

    static func route(_ r: OSRMRequest, _ p: OSRMRouteParameters, _ networks: RegionNetworks) throws(APIError) -> JSONValue {
        guard r.coordinates.count >= 2 else { throw APIError("Number of coordinates needs to be at least two.", code: "InvalidOptions") }
        guard r.coordinates.count <= 500 else {
            throw APIError("Number of entries \(r.coordinates.count) is higher than current maximum (500)", code: "TooBig")
        }
        var router = router(r, networks)
        router.continueStraight = p.continueStraight
        let routes: [Route]
        do {
            routes = try router.routes(waypoints: r.coordinates, mode: r.mode, type: .fastest, alternatives: p.alternatives)
        } catch {
            switch error {
            case .noRoad(let i, _, _): throw APIError("Could not find a matching segment for coordinate \(i)", code: "NoSegment")
            case .noRoute: throw APIError("Impossible route between points", code: "NoRoute")
            default: throw APIError(error.description, code: "InvalidValue")
            }
        }
        // The route first, then its alternatives; the waypoints (where the points snapped) are the same for all.
        // With `waypoints`, legs end only at those coordinates: the others are passed through.
        let ends = p.waypoints ?? Array(r.coordinates.indices)
        let route = routes[0], stops = route.waypointVertices
        let json = routes.map { alt in
            OSRMRouteJSON.route(alt.segment, stops: ends.map { alt.waypointVertices[min($0, alt.waypointVertices.count - 1)] },
                                mode: r.mode, geometry: p.geometry, steps: p.steps, annotations: p.annotations,
                                inputs: ends.map { alt.waypoints[min($0, alt.waypoints.count - 1)].input })
        }
        var f: [(String, JSONValue)] = [("code", .string("Ok")), ("routes", .array(json))]
        if !r.base.skipWaypoints {
            // Every coordinate is a waypoint in the answer, pass-through ones too (as osrm-routed answers).
            let points = r.coordinates.indices.map { k in
                let w = route.waypoints[k]
                return JSONValue.object(waypoint(input: w.input, snapped: w.snapped,
                                                 name: streetName(route.segment, vertex: stops.indices.contains(k) ? stops[k] : 0),
                                                 hints: r.base.generateHints))
            }
            f.append(("waypoints", .array(points)))
        }
        return .object(f)
    }

    /// A router over the points' network, snapping each point as its radius, bearing and approach ask, onto
    /// ferries too with `snapping=any`, and leaving out the classes `exclude` names.
    static func router(_ r: OSRMRequest, _ networks: RegionNetworks) -> Router {
        var router = Router(graph: networks.network(for: r.coordinates))
        router.waypointRules = r.base.rules
        router.snapsToFerries = r.base.snapsToAny
        router.excludedClasses = r.base.excluded
        router.excludesToll = r.base.excludesToll
        return router
    }

    static func nearest(_ r: OSRMRequest, _ p: OSRMNearestParameters, _ networks: RegionNetworks) throws(APIError) -> JSONValue {
        // At most osrm-routed's --max-nearest-size (100) of them: each is a search of its own.
        guard r.coordinates.count <= 100 else {
            throw APIError("Number of entries \(r.coordinates.count) is higher than current maximum (100)", code: "TooBig")
        }
        let hints = r.base.generateHints
        // Each coordinate's nearest roads; with several coordinates (OSRM 26) one list per coordinate.
        var lists: [JSONValue] = []
        for (i, point) in r.coordinates.enumerated() {
            // No radius by default, as osrm-routed: the nearest road however far (the answer says how far).
            let found = NearestRoads.find(point, in: networks.network(for: [point]), mode: r.mode, count: p.number, radius: .infinity,
                                          rule: i < r.base.rules.count ? r.base.rules[i] : nil, ferries: r.base.snapsToAny,
                                          excluding: r.base.excluded, excludingToll: r.base.excludesToll)
            guard !found.isEmpty else { throw APIError("Could not find a matching segments for coordinate \(i)", code: "NoSegment") }
            lists.append(.array(found.map { n in
                .object([("nodes", .array([.int(n.nodes.0), .int(n.nodes.1)]))] + waypoint(input: point, snapped: n.location,
                                                                                          name: n.name, hints: hints))
            }))
        }
        return .object([("code", .string("Ok")), ("waypoints", lists.count == 1 ? lists[0] : .array(lists))])
    }
}
