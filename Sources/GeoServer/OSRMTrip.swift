// OSRM's `trip` service: the points in the fastest visiting order
// (`Router.trip`: the distance table, then the travelling-salesman order) and
// the route through them, written exactly as /route writes a route, with each
// input point's `waypoint_index` (its place in the trip) and `trips_index`.
// Why apart from OSRMAPI: its options and errors are OSRM's trip plugin's —
// `roundtrip=false` only with `source=first&destination=last`
// (NotImplemented otherwise), NoTrips when some point cannot be reached from
// another, TooBig beyond the trip size limit.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoRoads
import GeoRouting

struct OSRMTripParameters: Sendable {
    var geometry: OSRMGeometry
    var steps = false
    var annotations: OSRMAnnotations = []
    var roundtrip = true
    var source = TripSource.any
    var destination = TripDestination.any

    init(_ o: OSRMOptions) throws(APIError) {
        geometry = try o.geometry
        steps = try o.bool("steps", default: false)
        annotations = try OSRMAnnotations(o.values["annotations"])
        roundtrip = try o.bool("roundtrip", default: true)
        source = try o.choice("source", default: TripSource.any)
        destination = try o.choice("destination", default: TripDestination.any)
    }
}

extension OSRMAPI {
    static func trip(_ r: OSRMRequest, _ p: OSRMTripParameters, _ networks: RegionNetworks, _ limits: OSRMLimits) throws(APIError) -> JSONValue {
        guard r.coordinates.count >= 2 else { throw APIError("Number of coordinates needs to be at least two.", code: "InvalidOptions") }
        // Checked in OSRM's order: the combination first, then the size.
        guard p.roundtrip || (p.source == .first && p.destination == .last) else {
            throw APIError("This request is not supported", code: "NotImplemented")
        }
        guard r.coordinates.count <= limits.maxTripSize else { throw APIError("Too many trip coordinates", code: "TooBig") }
        let router = router(r, networks)
        let trip: Trip
        do {
            trip = try router.trip(r.coordinates, mode: r.mode, roundtrip: p.roundtrip, source: p.source, destination: p.destination)
        } catch {
            switch error {
            case .routing(let e): throw segmentError(e)
            case .unsupported: throw APIError("This request is not supported", code: "NotImplemented")
            case .notConnected: throw APIError("No trip visiting all destinations possible.", code: "NoTrips")
            }
        }
        let route = trip.route, stops = route.waypointVertices
        let json = OSRMRouteJSON.route(route.segment, stops: stops, mode: r.mode, geometry: p.geometry, steps: p.steps,
                                       annotations: p.annotations, inputs: route.waypoints.map(\.input))
        var f: [(String, JSONValue)] = [("code", .string("Ok")), ("trips", .array([json]))]
        if !r.base.skipWaypoints {
            // In input order, each saying where in the trip it is visited.
            var points = [JSONValue](repeating: .null, count: r.coordinates.count)
            for (k, i) in trip.order.enumerated() {
                let w = route.waypoints[k]
                var o = waypoint(input: w.input, snapped: w.snapped, name: streetName(route.segment, vertex: stops[k]),
                                 hints: r.base.generateHints)
                o += [("waypoint_index", .int(Int64(k))), ("trips_index", .int(0))]
                points[i] = .object(o)
            }
            f.append(("waypoints", .array(points)))
        }
        return .object(f)
    }
}
