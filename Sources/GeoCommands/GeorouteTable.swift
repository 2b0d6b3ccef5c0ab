// `georoute table`: the durations and distances of the fastest routes between
// points (OSRM's table on the command line), why a command of its own: a
// matrix is what delivery planning and reachability scripts consume, as CSV
// (a header row, one row per source, an empty cell where there is no route)
// or as OSRM's JSON. Points are LAT,LON arguments or a file (CSV lat,lon with
// a header, GPX or GeoJSON, recognised by content, as `match` reads tracks);
// `--sources`/`--destinations` pick rows and columns by index, as OSRM's.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoRoads
import GeoRouting
import GeoTracks

extension GeorouteCommand {
    /// The points of `table` and `trip`: LAT,LON arguments, or every point of `--from-file` (not both), with
    /// their names in messages ("point 0": numbered from 0, as `--sources` and OSRM's indices are).
    static func points(_ a: CommandLineArguments, io: CommandIO, command: String) throws -> (points: [Coordinate], names: [String]) {
        if let file = a.value("--from-file") {
            guard a.positional.isEmpty else {
                throw UsageError("\(command) takes points either as LAT,LON arguments or from --from-file, not both")
            }
            let track = try TrackReader.read(path: file, standardInput: io.standardInput)
            let points = track.points.map(\.coordinate)
            guard !points.isEmpty else { throw InputError(file: InputFile(file).name, message: "no points") }
            if let bad = points.firstIndex(where: { !$0.isValid }) {
                throw InputError(file: InputFile(file).name, message: "point \(bad) is not a valid latitude,longitude")
            }
            return (points, points.indices.map { "--from-file point \($0)" })
        }
        guard !a.positional.isEmpty else { throw UsageError("\(command) needs points: LAT,LON arguments or --from-file FILE") }
        let names = a.positional.indices.map { "point \($0)" }
        return (try zip(a.positional, names).map { try RequestParsing.point($0, name: $1) }, names)
    }

    /// `--sources`/`--destinations`: `all` (or absent) or indices from 0, separated by `,` or `;`.
    static func indices(_ a: CommandLineArguments, _ option: String, count: Int) throws -> [Int]? {
        guard let v = a.value(option), v != "all" else { return nil }
        var out: [Int] = []
        for item in v.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            guard item.allSatisfy({ $0.isASCII && $0.isNumber }), let i = Int(item) else {
                throw UsageError("\(option) expects all or point indices from 0 (e.g. 0,2,3), not \"\(v)\"")
            }
            guard i < count else { throw UsageError("\(option): index \(i) is out of range (\(count) point\(count == 1 ? "" : "s"), 0…\(count - 1))") }
            out.append(i)
        }
        guard !out.isEmpty else { throw UsageError("\(option) expects all or point indices from 0 (e.g. 0,2,3), not \"\(v)\"") }
        return out
    }

    /// What `table` and `trip` share: the output checked against every input before any work, the indexes
    /// opened, the points checked against them, and the router on the network around the points.
    static func router(_ a: CommandLineArguments, io: CommandIO, points: [Coordinate], names: [String]) throws
        -> (router: Router, graph: RoadGraph, output: OutputFile) {
        let indexes = try indexPaths(a, io: io)
        var inputs = indexes.map { InputFile.path($0) }
        if let f = a.value("--from-file") { inputs.append(InputFile(f, standardInput: io.standardInput)) }
        let output = try OutputFile(path: a.value("--output") ?? "-", inputs: inputs, standardOutput: io.writeOutput)
        let graphs = try graphs(indexes)
        for (k, p) in points.enumerated() { try checkNotSwapped(p, text: "\(p.lat),\(p.lon)", option: names[k], graphs: graphs) }
        let graph = RegionNetworks(graphs: graphs.map(\.graph)).network(for: points)
        var router = Router(graph: graph)
        router.maxSnapDistance = try a.double("--accuracy", range: 1...50_000) ?? router.maxSnapDistance
        return (router, graph, output)
    }

    /// A routing failure as one line, exit status 1 (as `route` reports it).
    static func report(_ error: RoutingError, names: [String], mode: TravelMode, io: CommandIO) -> Int32 {
        if case .noRoad(let i, let radius, let nearest) = error, names.indices.contains(i) {
            let far = nearest.map { "the nearest is \(formatCount(Int($0.rounded()))) m away" } ?? "none within 50 km"
            io.report("georoute: \(names[i]): no road usable by \(mode.name)"
                + (radius.isFinite ? " within \(formatCount(Int(radius))) m (\(far)); give a point nearer a road, or a larger --accuracy" : " in the index"))
        } else {
            io.report("georoute: \(error.description) (\(mode.name))")
        }
        return 1
    }

    static func table(_ a: CommandLineArguments, io: CommandIO) throws -> Int32 {
        let (points, names) = try points(a, io: io, command: "table")
        let mode = try mode(a)
        let sources = try indices(a, "--sources", count: points.count)
        let destinations = try indices(a, "--destinations", count: points.count)
        // --format, else the -o name's extension (one that names no table format is refused), else CSV.
        var format = a.value("--format") ?? "csv"
        if a.value("--format") == nil, let o = a.value("--output"), o != "-", !PathName.fileExtension(o).isEmpty {
            format = PathName.fileExtension(o).lowercased()
            guard format == "csv" || format == "json" else {
                throw UsageError("-o \(o): .\(PathName.fileExtension(o)) is no table format (use .csv or .json, or give --format)")
            }
        }
        guard format == "csv" || format == "json" else { throw UsageError("--format for table must be csv or json, not \"\(format)\"") }
        var durations = true, distances = false
        if let v = a.value("--annotations") {
            let parts = v.split(separator: ",").map(String.init)
            guard !parts.isEmpty, parts.allSatisfy({ $0 == "duration" || $0 == "distance" }) else {
                throw UsageError("--annotations must be duration, distance or duration,distance, not \"\(v)\"")
            }
            durations = parts.contains("duration")
            distances = parts.contains("distance")
        }
        let (router, _, output) = try router(a, io: io, points: points, names: names)
        let m: DistanceMatrix
        do { m = try router.table(points, sources: sources, destinations: destinations, mode: mode) } catch {
            return report(error, names: names, mode: mode, io: io)
        }
        let bytes = format == "json" ? tableJSON(m, durations: durations, distances: distances).jsonBytes() + [10]
            : Array(tableCSV(m, durations: durations, distances: distances).utf8)
        try output.write(bytes)
        try output.finish()
        if !a.has("--quiet") {
            let cells = m.durations.reduce(0) { $0 + $1.count }, missing = m.durations.reduce(0) { $0 + $1.filter { $0 == nil }.count }
            io.report("table: \(m.sources.count) × \(m.destinations.count) by \(mode.name)"
                + (missing > 0 ? ", \(formatCount(missing)) of \(formatCount(cells)) pairs without a route" : ""))
        }
        return 0
    }

    /// One block per quantity: a header (`duration_s` or `distance_m`, then the destinations' indices), then a
    /// row per source (its index, then the cells; empty where there is no route); blocks apart by an empty line.
    static func tableCSV(_ m: DistanceMatrix, durations: Bool, distances: Bool) -> String {
        var blocks: [String] = []
        for (name, cells) in [("duration_s", durations ? m.durations : nil), ("distance_m", distances ? m.distances : nil)] {
            guard let cells else { continue }
            var s = ([name] + m.destinations.map(String.init)).joined(separator: ",") + "\n"
            for (r, row) in cells.enumerated() {
                s += ([String(m.sources[r])] + row.map { $0.map { String(format: "%.1f", $0) } ?? "" }).joined(separator: ",") + "\n"
            }
            blocks.append(s)
        }
        return blocks.joined(separator: "\n")
    }

    /// OSRM's table answer: `durations` and/or `distances` (null where there is no route), `sources` and
    /// `destinations` with where each point snapped.
    static func tableJSON(_ m: DistanceMatrix, durations: Bool, distances: Bool) -> JSONValue {
        func cells(_ t: [[Double?]]) -> JSONValue {
            .array(t.map { .array($0.map { $0.map { .double(($0 * 10).rounded() / 10) } ?? .null }) })
        }
        func waypoints(_ list: [Int]) -> JSONValue {
            .array(list.map { i in
                let p = m.points[i]!
                return .object([("distance", .double((p.distance * 10).rounded() / 10)), ("name", .string(p.name)),
                                ("location", .array([.coordinate(p.snapped.lon), .coordinate(p.snapped.lat)]))])
            })
        }
        var f: [(String, JSONValue)] = [("code", .string("Ok"))]
        if durations { f.append(("durations", cells(m.durations))) }
        if distances { f.append(("distances", cells(m.distances))) }
        f += [("sources", waypoints(m.sources)), ("destinations", waypoints(m.destinations))]
        return .object(f)
    }
}
