// `georoute trip`: the fastest order to visit points and the route through
// them (OSRM's trip on the command line), why a command of its own: a round of
// deliveries or visits is planned from a list of stops, not from a fixed
// sequence. By default a round trip from the first point; `--no-roundtrip`
// with `--source first --destination last` as OSRM allows it. The text output
// is the visiting order with each leg and the totals; `--format` (or the -o
// name) gives the route as GPX, GeoJSON, JSON or SVG, as `route` writes it.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoRoads
import GeoRouting
import GeoTracks

extension GeorouteCommand {
    static func trip(_ a: CommandLineArguments, io: CommandIO) throws -> Int32 {
        let (points, names) = try points(a, io: io, command: "trip")
        guard points.count >= 2 else { throw UsageError("trip needs at least two points") }
        let mode = try mode(a)
        let source = try a.value("--source").map { v throws -> TripSource in
            guard let s = TripSource(rawValue: v) else { throw UsageError("--source must be any or first, not \"\(v)\"") }
            return s
        } ?? .any
        let destination = try a.value("--destination").map { v throws -> TripDestination in
            guard let d = TripDestination(rawValue: v) else { throw UsageError("--destination must be any or last, not \"\(v)\"") }
            return d
        } ?? .any
        let roundtrip = !a.has("--no-roundtrip")
        if !roundtrip && (source != .first || destination != .last) {
            throw UsageError("--no-roundtrip needs --source first and --destination last (as OSRM's trip)")
        }
        // Text unless a format is asked for or the -o name implies one.
        let format: RouteFormat?
        if let v = a.value("--format") {
            format = v == "text" ? nil : try self.format(a)
        } else if let o = a.value("--output"), o != "-", !PathName.fileExtension(o).isEmpty {
            format = try self.format(a)
        } else {
            format = nil
        }
        let start = try startTime(io)
        let (router, graph, output) = try router(a, io: io, points: points, names: names)
        let trip: Trip
        do {
            trip = try router.trip(points, mode: mode, roundtrip: roundtrip, source: source, destination: destination)
        } catch {
            switch error {
            case .routing(let e): return report(e, names: names, mode: mode, io: io)
            case .notConnected(let from, let to):
                io.report("georoute: no trip visits every point by \(mode.name): \(names[to]) cannot be reached from \(names[from])")
                return 1
            case .unsupported: throw UsageError("--no-roundtrip needs --source first and --destination last (as OSRM's trip)")
            }
        }
        let route = trip.route
        let bytes: [UInt8]
        switch format {
        case nil: bytes = Array(tripText(trip, points: points).utf8)
        case .json?:
            bytes = JSONValue.object([("order", .array(trip.order.map { .int(Int64($0)) })), ("roundtrip", .bool(roundtrip)),
                                      ("route", RouteOutput.json(route))]).jsonBytes(pretty: true) + [10]
        case .geojson?: bytes = RouteOutput.geoJSON(route).jsonBytes() + [10]
        case .gpx?: bytes = RouteOutput.gpx(route, start: start)
        case .svg?: bytes = Array(RouteSVG.render(route, graph: graph).utf8)
        }
        try output.write(bytes)
        try output.finish()
        if !a.has("--quiet") && format != nil {
            io.report("trip: order " + trip.order.map { String($0) }.joined(separator: " → ") + (roundtrip ? " → \(trip.order[0])" : "")
                + "; " + RouteOutput.summary(distance: route.distance, duration: route.duration, mode: mode, streets: []))
        }
        return 0
    }

    /// The visiting order, one line per stop with the leg that reaches it, then the totals.
    static func tripText(_ trip: Trip, points: [Coordinate]) -> String {
        let route = trip.route
        func label(_ i: Int) -> String { "point \(i) (\(String(format: "%.6f,%.6f", points[i].lat, points[i].lon)))" }
        func leg(_ k: Int) -> String {
            let l = route.legs[k]
            return RouteOutput.summary(distance: l.distance, duration: l.duration, mode: route.mode, streets: [])
                .replacingOccurrences(of: " by \(route.mode.name)", with: "")
        }
        var s = ""
        for (k, i) in trip.order.enumerated() {
            s += "\(k + 1). \(label(i))" + (k == 0 ? ": start" : ": " + leg(k - 1)) + "\n"
        }
        if trip.roundtrip {
            s += "\(trip.order.count + 1). back to \(label(trip.order[0])): " + leg(trip.order.count - 1) + "\n"
        }
        s += "total: " + RouteOutput.summary(distance: route.distance, duration: route.duration, mode: route.mode, streets: [])
            + (trip.roundtrip ? ", round trip" : "") + "\n"
        return s
    }
}
