// The `georoute` command as a function, so the executable is a one-liner and
// tests run the real command: argument parsing, index choice, routing, and
// each output written through OutputFile (a failed track never leaves a
// partial file; `-o -`, devices and FIFOs work; an input is never
// overwritten). Matching is in GeorouteMatch.swift, tables and trips in
// GeorouteTable.swift and GeorouteTrip.swift, isochrones in
// GeorouteIsochrone.swift. Exit status: 0 all
// matched/routed, 1 something could not be matched or routed (no road for the
// mode near the points, no connection), 2 usage or input error.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoFormat
import GeoRoads
import GeoRouting
import GeoTracks

public enum GeorouteCommand {
    public static let usage = """
    usage: georoute match TRACK... [--mode car|bicycle|foot] [--accuracy METERS] [-i INDEX] [-o FILE] [options]
           georoute route --from LAT,LON --to LAT,LON [--via LAT,LON]... [--mode …] [-o FILE] [options]
           georoute table LAT,LON... | --from-file FILE [--sources I,J…] [--destinations I,J…] [options]
           georoute trip LAT,LON... | --from-file FILE [--source first] [--destination last] [options]
           georoute isochrone --from LAT,LON --minutes M[,M...] [options]

    match [--ignore-restrictions] [--format gpx|geojson|json|svg] [-o FILE | --out-dir DIR] [--include-input]
    route [--type fastest|shortest] [--accuracy METERS] [--alternatives N] [--steps] [--format gpx|geojson|json|svg]
    table [--annotations duration|distance|duration,distance] [--accuracy METERS] [--format csv|json]
    trip  [--no-roundtrip] [--accuracy METERS] [--format text|gpx|geojson|json|svg]
    isochrone [--lines] [--denoise 0..1] [--generalize METERS]
    All take [--mode car|bicycle|foot] [-i INDEX] [-o FILE] [--quiet].

    TRACK is GPX, GeoJSON or CSV (lat,lon[,time] with a header), or - for standard input; the
    format is recognised by content. Several TRACKs are matched one by one (use --out-dir, or
    --format json for one JSON line per track on standard output).
    --mode         travel mode (default bicycle)
    --accuracy     how far points may be off the road in metres (match default: 10 for tracks
                   with times, i.e. GPS recordings; 25 for tracks without, i.e. drawn lines;
                   route default: unlimited, the nearest road the mode may use, as OSRM)
    --ignore-restrictions  follow the track against oneways, access tags and barriers
    -i, --index    the index; repeat it or name a directory for one index per region: the
                   regions near the track or route are joined into one road network
                   (default: $GEOINDEX, else the only *.geoidx here)
    --format       output format (default: from the -o extension, else gpx)
    -o, --output   output file (default: standard output)
    --out-dir      directory for one output file per TRACK (NAME.gpx, NAME.json, ...)
    --include-input  add the input track to GPX/GeoJSON output
    --type         fastest (default) or shortest route
    --steps        route: turn-by-turn instructions as OSRM gives them (roundabouts with their exit,
                   forks, ramps…), one a line on standard error, and a "steps" list in JSON output
    --alternatives route: also up to N (0 to 3) alternative routes, different enough and at most 25 %
                   slower, between --from and --to (none with --via); JSON, GeoJSON and GPX hold
                   them after the route, the summary lines list them (SVG draws the route only)
    table          durations (s) and distances (m) of the fastest routes from each source to each
                   destination: CSV (a header row, a row per source, an empty cell where there is
                   no route) or OSRM's JSON; points are numbered from 0, as --sources takes them
    --from-file    table/trip points from a file: CSV lat,lon with a header, GPX or GeoJSON
    trip           the fastest order to visit the points (a round trip from point 0 by default)
                   and the route through them; text lists the order, legs and totals
    --no-roundtrip with --source first --destination last: from the first point to the last
    --minutes      isochrone: up to 4 increasing times, each 1 to 120 minutes (GeoJSON out,
                   Valhalla's shape); --lines for rings as lines instead of polygons
    --quiet        no summary lines on standard error
    -V, --version  the tool's and the index format's versions
    -o takes - for standard output, a device or a FIFO as well as a file; never an input.
    SOURCE_DATE_EPOCH sets the start time written into GPX output for tracks without times.
    Exit status: 0 matched/routed, 1 nothing could be matched or no route, 2 usage or input error.
    """

    static let conventions = ToolConventions(name: "georoute", usage: usage)

    static var spec: CommandLineArguments.Spec { CommandLineArguments.Spec(
        flags: ["--ignore-restrictions", "--include-input", "--quiet", "--steps", "--help", "--version", "--no-roundtrip", "--polygons", "--lines"],
        options: ["--mode", "--accuracy", "--index", "--format", "--output", "--out-dir", "--from", "--to", "--via", "--type",
                  "--from-file", "--sources", "--destinations", "--annotations", "--source", "--destination",
                  "--minutes", "--denoise", "--generalize", "--alternatives"],
        aliases: ["-i": "--index", "-o": "--output", "-q": "--quiet", "-h": "--help", "-m": "--mode", "-f": "--format"]) }

    /// Runs `georoute` with `args` (without the program name); returns the exit status.
    public static func run(_ args: [String], io: CommandIO) -> Int32 {
        conventions.runSubcommand(args, io: io, spec: spec, [("match", match), ("route", route), ("table", table), ("trip", trip),
                                                             ("isochrone", isochrone)])
    }

    // MARK: shared options

    static func mode(_ a: CommandLineArguments) throws -> TravelMode {
        guard let v = a.value("--mode") else { return .bicycle }
        guard let m = TravelMode(name: v) else { throw UsageError("--mode must be car, bicycle or foot, not \"\(v)\"") }
        return m
    }

    /// `--format`, else what the `-o` name's extension says, else GPX. An extension that names
    /// no format we write is refused rather than silently given GPX.
    static func format(_ a: CommandLineArguments) throws -> RouteFormat {
        if let v = a.value("--format") {
            guard let f = RouteFormat(name: v) else { throw UsageError("--format must be gpx, geojson, json or svg, not \"\(v)\"") }
            return f
        }
        if let o = a.value("--output"), o != "-" {
            let ext = PathName.fileExtension(o)
            if let f = RouteFormat(fileName: o) { return f }
            if !ext.isEmpty {
                throw UsageError("-o \(o): .\(ext) is no output format (use .gpx, .geojson, .json or .svg, or give --format)")
            }
        }
        return .gpx
    }

    /// The time given to the first point of GPX output whose track had no times:
    /// SOURCE_DATE_EPOCH when set (reproducible files), else now.
    static func startTime(_ io: CommandIO) throws -> Date {
        if let v = try io.sourceDateEpoch() { return Date(timeIntervalSince1970: TimeInterval(v)) }
        return io.now()
    }

    /// An error when `point` lies outside every region's roads and its swapped twin inside one.
    static func checkNotSwapped(_ point: Coordinate, text: String, option: String,
                                graphs: [(path: String, graph: RoadGraph)]) throws {
        let hint = CoordinateHints.swapped(point, boxes: graphs.map(\.graph.extent))
        if !hint.isEmpty { throw UsageError("\(option) \(text) lies outside the index's roads\(hint)") }
    }

    /// The index files to use (every file of a directory given with -i), not yet opened: the
    /// outputs are checked against them first.
    static func indexPaths(_ a: CommandLineArguments, io: CommandIO) throws -> [String] {
        try IndexLocator.resolve(explicit: a.values("--index"), environment: io.environment, directory: io.currentDirectory)
    }

    /// The opened indexes (one or several regions) that have a road graph.
    static func graphs(_ paths: [String]) throws -> [(path: String, graph: RoadGraph)] {
        try paths.map { path in
            let index = try LandmarkIndex(path: path)
            guard let g = index.roadGraph else {
                if index.sections[.graph] == nil {
                    throw InputError(file: path, message: "the index has no road graph (it was built with --no-roads); rebuild it without --no-roads")
                }
                let s = index.sections[.graph]!
                if let m = RoadGraph.versionMismatch(index.file.view.slice(s.offset, s.length)) { throw InputError(file: path, message: m) }
                throw InputError(file: path, message: "the road graph section is corrupt; rebuild the index")
            }
            return (path, g)
        }
    }

    // MARK: route

    static func route(_ a: CommandLineArguments, io: CommandIO) throws -> Int32 {
        guard a.positional.isEmpty else { throw UsageError("route takes no file arguments (unexpected \"\(a.positional[0])\")") }
        guard let from = a.value("--from"), let to = a.value("--to") else { throw UsageError("route needs --from LAT,LON and --to LAT,LON") }
        if a.has("--out-dir") { throw UsageError("--out-dir is for match; use -o FILE") }
        let texts = [("--from", from)] + a.values("--via").map { ("--via", $0) } + [("--to", to)]
        let points = try texts.map { try RequestParsing.point($0.1, name: $0.0) }
        let mode = try mode(a)
        let start = try startTime(io)
        var type = RouteType.fastest
        if let t = a.value("--type") {
            guard let v = RouteType(name: t) else { throw UsageError("--type must be fastest or shortest, not \"\(t)\"") }
            type = v
        }
        let format = try format(a)
        let alternatives = try a.int("--alternatives", range: 0...AlternativeRules.maxCount) ?? 0
        if alternatives > 0 && points.count > 2 { throw UsageError("--alternatives is for a route between two points, not with --via") }
        // The output is checked before any work: a bad -o, or one that is an index, fails at once.
        let indexes = try indexPaths(a, io: io)
        let output = try OutputFile(path: a.value("--output") ?? "-", inputs: indexes.map { .path($0) }, standardOutput: io.writeOutput)
        let graphs = try graphs(indexes)
        for (k, p) in points.enumerated() { try checkNotSwapped(p, text: texts[k].1, option: texts[k].0, graphs: graphs) }
        let graph = RegionNetworks(graphs: graphs.map(\.graph)).network(for: points)
        var router = Router(graph: graph)
        router.maxSnapDistance = try a.double("--accuracy", range: 1...50_000) ?? router.maxSnapDistance
        let routes: [Route]
        do {
            routes = try router.routes(waypoints: points, mode: mode, type: type, alternatives: alternatives)
        } catch {
            if case .noRoad(let i, let radius, let nearest) = error {
                if radius.isFinite {
                    let far = nearest.map { "the nearest is \(formatCount(Int($0.rounded()))) m away" } ?? "none within 50 km"
                    io.report("georoute: \(texts[i].0) \(texts[i].1): no road usable by \(mode.name) within \(formatCount(Int(radius))) m (\(far)); give a point nearer a road, or a larger --accuracy")
                } else {
                    io.report("georoute: \(texts[i].0) \(texts[i].1): no road usable by \(mode.name) in the index")
                }
            } else {
                io.report("georoute: \(error.description) (\(mode.name))")
            }
            return 1
        }
        let route = routes[0], others = Array(routes.dropFirst())
        // Asked for alternatives, the output says which it found (maybe none); else it is as it always was.
        let listed: [Route]? = a.has("--alternatives") ? others : nil
        let bytes: [UInt8]
        switch format {
        case .json: bytes = RouteOutput.json(route, alternatives: listed, steps: a.has("--steps")).jsonBytes(pretty: true) + [10]
        case .geojson: bytes = RouteOutput.geoJSON(route, alternatives: others).jsonBytes() + [10]
        case .gpx: bytes = RouteOutput.gpx(route, alternatives: others, start: start)
        case .svg: bytes = Array(RouteSVG.render(route, graph: graph).utf8)
        }
        try output.write(bytes)
        try output.finish()
        if !a.has("--quiet") {
            for (k, r) in routes.enumerated() {
                io.report((k == 0 ? "route: " : "alternative \(k): ")
                          + RouteOutput.summary(distance: r.distance, duration: r.duration, mode: mode, streets: r.streetNames))
            }
            if alternatives > 0 && others.count < alternatives {
                io.report("alternatives: \(others.count) of \(alternatives) found (others are too similar or too slow)")
            }
        }
        if a.has("--steps") {
            let s = route.segment
            for (k, st) in RouteGuidance.steps(route).enumerated() {
                let metres = s.distances[st.lastVertex] - s.distances[st.firstVertex]
                io.report("\(k + 1). \(RouteGuidance.text(st))" + (metres > 0 ? " (\(formatCount(Int(metres.rounded()))) m)" : ""))
            }
        }
        return 0
    }
}
