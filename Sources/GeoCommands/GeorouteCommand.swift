// The `georoute` command as a library function, so the executable is a
// one-liner and tests can run the real command: argument parsing, index
// choice, reading tracks, matching or routing, and writing each output file
// atomically (a failed track never leaves a partial file). Exit status: 0 all
// matched/routed, 1 something could not be matched or routed (no road for the
// mode near the points, no connection), 2 usage or input error.
import Foundation
import GeoBase
import GeoFormat
import GeoRoads
import GeoRouting
import GeoTracks

public enum GeorouteCommand {
    public static let usage = """
    usage: georoute match TRACK... [--mode car|bicycle|foot] [--accuracy METERS] [--ignore-restrictions]
                                   [-i INDEX] [--format gpx|geojson|json|svg] [-o FILE | --out-dir DIR]
                                   [--include-input] [--quiet]
           georoute route --from LAT,LON --to LAT,LON [--via LAT,LON]... [--mode car|bicycle|foot]
                          [--type fastest|shortest] [-i INDEX] [--format gpx|geojson|json|svg] [-o FILE] [--quiet]

    TRACK is GPX, GeoJSON or CSV (lat,lon[,time] with a header), or - for standard input; the
    format is recognised by content. Several TRACKs are matched one by one (use --out-dir, or
    --format json for one JSON line per track on standard output).
    --mode         travel mode (default bicycle)
    --accuracy     how far points may be off the road in metres (default: 10 for tracks with
                   times, i.e. GPS recordings; 25 for tracks without, i.e. drawn lines)
    --ignore-restrictions  follow the track against oneways, access tags and barriers
    -i, --index    the index; repeat it or name a directory for one index per region, the
                   region holding the track is used (default: $GEOINDEX, else the only *.geoidx here)
    --format       output format (default: from the -o extension, else gpx)
    -o, --output   output file (default: standard output)
    --out-dir      directory for one output file per TRACK (NAME.gpx, NAME.json, ...)
    --include-input  add the input track to GPX/GeoJSON output
    --type         fastest (default) or shortest route
    --quiet        no summary lines on standard error
    Exit status: 0 matched/routed, 1 nothing could be matched or no route, 2 usage or input error.
    """

    static var spec: CommandLineArguments.Spec { CommandLineArguments.Spec(
        flags: ["--ignore-restrictions", "--include-input", "--quiet", "--help"],
        options: ["--mode", "--accuracy", "--index", "--format", "--output", "--out-dir", "--from", "--to", "--via", "--type"],
        aliases: ["-i": "--index", "-o": "--output", "-q": "--quiet", "-h": "--help", "-m": "--mode", "-f": "--format"]) }

    /// Runs `georoute` with `args` (without the program name); returns the exit status.
    public static func run(_ args: [String], io: CommandIO) -> Int32 {
        guard let command = args.first, !["--help", "-h", "help"].contains(command) else {
            io.write(usage + "\n")
            return 0
        }
        do {
            let parsed = try CommandLineArguments(Array(args.dropFirst()), spec: spec)
            if parsed.has("--help") { io.write(usage + "\n"); return 0 }
            switch command {
            case "match": return try match(parsed, io: io)
            case "route": return try route(parsed, io: io)
            default: throw UsageError("unknown command \"\(command)\" (expected match or route; see --help)")
            }
        } catch let e as UsageError {
            io.report("georoute: \(e.message)")
        } catch let e as InputError {
            io.report("georoute: \(ErrorMessages.describe(e))")
        } catch {
            io.report("georoute: \(error)")
        }
        return 2
    }

    // MARK: shared options

    static func mode(_ a: CommandLineArguments) throws -> TravelMode {
        guard let v = a.value("--mode") else { return .bicycle }
        guard let m = TravelMode(name: v) else { throw UsageError("--mode must be car, bicycle or foot, not \"\(v)\"") }
        return m
    }

    static func format(_ a: CommandLineArguments) throws -> RouteFormat {
        if let v = a.value("--format") {
            guard let f = RouteFormat(name: v) else { throw UsageError("--format must be gpx, geojson, json or svg, not \"\(v)\"") }
            return f
        }
        if let o = a.value("--output"), let f = RouteFormat(fileName: o) { return f }
        return .gpx
    }

    /// The opened indexes (one or several regions) that have a road graph.
    static func graphs(_ a: CommandLineArguments, io: CommandIO) throws -> [(path: String, graph: RoadGraph)] {
        let paths = try IndexLocator.resolve(explicit: a.values("--index"), environment: io.environment,
                                             directory: io.currentDirectory)
        return try paths.map { path in
            let index = try LandmarkIndex(path: path)
            guard let g = index.roadGraph else {
                if index.sections[.graph] == nil {
                    throw InputError(file: path, message: "the index has no road graph (it was built with --no-roads); rebuild it without --no-roads")
                }
                throw InputError(file: path, message: "the road graph section is corrupt or of an unknown version; rebuild the index")
            }
            return (path, g)
        }
    }

    /// With several regions, the one whose road network covers most of `points`.
    static func pick(_ graphs: [(path: String, graph: RoadGraph)], for points: [Coordinate]) -> RoadGraph {
        guard graphs.count > 1 else { return graphs[0].graph }
        var best = 0, bestCount = -1
        for (k, g) in graphs.enumerated() {
            let box = g.graph.extent
            let n = points.reduce(0) { $0 + (box.contains($1) ? 1 : 0) }
            if n > bestCount { best = k; bestCount = n }
        }
        return graphs[best].graph
    }

    /// Writes `bytes` to `path` atomically, or to standard output when `path` is nil.
    static func emit(_ bytes: [UInt8], to path: String?, io: CommandIO) throws {
        if let path { try AtomicFile.write(bytes, to: path) } else { io.write(bytes) }
    }

    // MARK: match

    static func match(_ a: CommandLineArguments, io: CommandIO) throws -> Int32 {
        let inputs = a.positional
        guard !inputs.isEmpty else { throw UsageError("match needs at least one TRACK file (or - for standard input)") }
        if inputs.filter({ $0 == "-" }).count > 1 { throw UsageError("standard input (-) can be read only once") }
        var options = MatchOptions(mode: try mode(a))
        options.accuracy = try a.double("--accuracy", range: 1...500)
        options.ignoreRestrictions = a.has("--ignore-restrictions")
        let format = try format(a)
        let output = a.value("--output"), outDir = a.value("--out-dir")
        if output != nil && outDir != nil { throw UsageError("give either -o FILE or --out-dir DIR, not both") }
        if inputs.count > 1 && output != nil { throw UsageError("several TRACKs need --out-dir DIR (one output file each), not -o") }
        if inputs.count > 1 && outDir == nil && format != .json {
            throw UsageError("several TRACKs need --out-dir DIR, or --format json for one JSON line per track on standard output")
        }
        if let outDir {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: outDir, isDirectory: &isDir), isDir.boolValue else {
                throw UsageError("--out-dir \(outDir) is not an existing directory")
            }
        }
        let quiet = a.has("--quiet"), includeInput = a.has("--include-input")
        let graphs = try graphs(a, io: io)
        let names = outputNames(inputs, format: format)
        var status: Int32 = 0
        let progress = !quiet && io.errorIsTerminal && inputs.count > 1
        for (k, input) in inputs.enumerated() {
            if progress { io.report("matching \(k + 1)/\(inputs.count): \(input)") }
            do {
                let track = try TrackReader.read(path: input, standardInput: io.standardInput)
                let shown = input == "-" ? "<stdin>" : input
                guard track.points.contains(where: { $0.coordinate.isValid }) else {
                    throw InputError(file: shown, message: "no track points")
                }
                if track.pointCount < 2 {
                    throw InputError(file: shown, message: "the track has only one point; matching needs at least two")
                }
                // With one index per region, each track is matched on the region that holds it.
                let graph = pick(graphs, for: track.points.map(\.coordinate))
                var result = MapMatcher(graph: graph, options: options).match(track)
                if result.name == nil { result.name = input == "-" ? nil : PathName.stem(input) }
                if result.isEmpty {
                    let radius = options.config.searchRadius(accuracy: result.accuracy)
                    io.report("georoute: \(shown): nothing could be matched: no road usable by \(options.mode.name) within \(Int(radius)) m of the track's points")
                    status = max(status, 1)
                    continue
                }
                let bytes: [UInt8]
                switch format {
                case .json:
                    bytes = inputs.count > 1 && outDir == nil
                        ? RouteOutput.json(result, input: track).jsonBytes() + [10]
                        : RouteOutput.json(result, input: track).jsonBytes(pretty: true) + [10]
                case .geojson: bytes = RouteOutput.geoJSON(result, input: track, includeInput: includeInput).jsonBytes() + [10]
                case .gpx: bytes = RouteOutput.gpx(result, input: track, includeInput: includeInput, start: io.now())
                case .svg: bytes = Array(RouteSVG.render(result, input: track, graph: graph).utf8)
                }
                try emit(bytes, to: outDir.map { PathName.join($0, names[k]) } ?? output, io: io)
                if !quiet {
                    var line = "\(shown): " + RouteOutput.summary(distance: result.distance, duration: result.duration,
                                                                  mode: result.mode, streets: result.streetNames)
                    line += "; \(result.matchedPointCount)/\(result.points.count) points matched"
                    if result.segments.count > 1 { line += ", \(result.segments.count) segments (\(result.breaks.count) breaks)" }
                    io.report(line)
                }
            } catch let e as InputError {
                io.report("georoute: \(e.description)")
                status = 2
            }
        }
        return status
    }

    /// NAME.EXT per input in --out-dir, made unique when two inputs share a name.
    static func outputNames(_ inputs: [String], format: RouteFormat) -> [String] {
        var used = Set<String>()
        return inputs.map { input in
            var stem = input == "-" ? "stdin" : PathName.lastComponent(input)
            for ext in [".gz", ".gpx", ".geojson", ".json", ".csv", ".txt", ".xml"] where stem.lowercased().hasSuffix(ext) {
                stem = String(stem.dropLast(ext.count))
            }
            if stem.isEmpty { stem = "track" }
            var name = stem + "." + format.fileExtension
            var n = 2
            while used.contains(name) { name = "\(stem)-\(n).\(format.fileExtension)"; n += 1 }
            used.insert(name)
            return name
        }
    }

    // MARK: route

    static func route(_ a: CommandLineArguments, io: CommandIO) throws -> Int32 {
        guard a.positional.isEmpty else { throw UsageError("route takes no file arguments (unexpected \"\(a.positional[0])\")") }
        guard let from = a.value("--from"), let to = a.value("--to") else { throw UsageError("route needs --from LAT,LON and --to LAT,LON") }
        if a.has("--out-dir") { throw UsageError("--out-dir is for match; use -o FILE") }
        let points = try [RequestParsing.point(from, name: "--from")] + a.values("--via").map { try RequestParsing.point($0, name: "--via") }
            + [RequestParsing.point(to, name: "--to")]
        let mode = try mode(a)
        var type = RouteType.fastest
        if let t = a.value("--type") {
            guard let v = RouteType(name: t) else { throw UsageError("--type must be fastest or shortest, not \"\(t)\"") }
            type = v
        }
        let format = try format(a)
        let graph = pick(try graphs(a, io: io), for: points)
        let route: Route
        do {
            route = try Router(graph: graph).route(waypoints: points, mode: mode, type: type)
        } catch {
            io.report("georoute: \(error.description) (\(mode.name))")
            return 1
        }
        let bytes: [UInt8]
        switch format {
        case .json: bytes = RouteOutput.json(route).jsonBytes(pretty: true) + [10]
        case .geojson: bytes = RouteOutput.geoJSON(route).jsonBytes() + [10]
        case .gpx: bytes = RouteOutput.gpx(route, start: io.now())
        case .svg: bytes = Array(RouteSVG.render(route, graph: graph).utf8)
        }
        try emit(bytes, to: a.value("--output"), io: io)
        if !a.has("--quiet") {
            io.report("route: " + RouteOutput.summary(distance: route.distance, duration: route.duration, mode: mode,
                                                      streets: route.streetNames))
        }
        return 0
    }
}
