// `georoute match`: each TRACK read (GPX, GeoJSON or CSV, by content), matched
// on the region whose roads hold it, and written in the chosen format — one
// output per track in --out-dir, or one file, or standard output (one JSON
// line per track when several). A track that fails is reported on its own
// line and gets no output; the others go on. An output that cannot be
// written stops the run.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoRoads
import GeoRouting
import GeoTracks

extension GeorouteCommand {
    static func match(_ a: CommandLineArguments, io: CommandIO) throws -> Int32 {
        let inputs = a.positional
        guard !inputs.isEmpty else { throw UsageError("match needs at least one TRACK file (or - for standard input)") }
        if inputs.filter({ $0 == "-" }).count > 1 { throw UsageError("standard input (-) can be read only once") }
        var options = MatchOptions(mode: try mode(a))
        options.accuracy = try a.double("--accuracy", range: 1...500)
        options.ignoreRestrictions = a.has("--ignore-restrictions")
        let format = try format(a)
        let start = try startTime(io)
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
        // Every output is checked before any work: a bad path, or one that is an input (a track,
        // standard input, an index), fails at once.
        let indexes = try indexPaths(a, io: io)
        let read = inputs.map { InputFile($0, standardInput: io.standardInput) } + indexes.map { InputFile.path($0) }
        let names = outputNames(inputs, format: format)
        let outputs = try (0..<inputs.count).map { k in
            try OutputFile(path: outDir.map { PathName.join($0, names[k]) } ?? output ?? "-", inputs: read,
                           standardOutput: io.writeOutput)
        }
        let quiet = a.has("--quiet"), includeInput = a.has("--include-input")
        let graphs = try graphs(indexes)
        let networks = RegionNetworks(graphs: graphs.map(\.graph))
        var status: Int32 = 0
        let progress = !quiet && io.errorIsTerminal && inputs.count > 1
        for (k, input) in inputs.enumerated() {
            if progress { io.report("matching \(k + 1)/\(inputs.count): \(input)") }
            let written: (bytes: [UInt8], summary: String)
            do {
                let track = try TrackReader.read(path: input, standardInput: io.standardInput)
                let shown = InputFile(input).name
                guard track.points.contains(where: { $0.coordinate.isValid }) else {
                    throw InputError(file: shown, message: "no track points")
                }
                if track.pointCount < 2 {
                    throw InputError(file: shown, message: "the track has only one point; matching needs at least two")
                }
                // With one index per region, each track is matched on the regions around it, joined.
                let graph = networks.network(for: track.points.map(\.coordinate))
                var result = MapMatcher(graph: graph, options: options).match(track)
                if result.name == nil { result.name = input == "-" ? nil : PathName.stem(input) }
                if result.isEmpty {
                    // Every point accounted for, even when none could be placed: why, point by point.
                    io.report("georoute: \(shown): " + RouteOutput.matchSummary(result))
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
                case .gpx: bytes = RouteOutput.gpx(result, input: track, includeInput: includeInput, start: start)
                case .svg: bytes = Array(RouteSVG.render(result, input: track, graph: graph).utf8)
                }
                written = (bytes, "\(shown): " + RouteOutput.matchSummary(result))
            } catch let e as InputError {
                io.report("georoute: \(ErrorMessages.describe(e))")
                status = 2
                continue
            }
            // A bad track is that track's problem; an output that cannot be written stops the run.
            try outputs[k].write(written.bytes)
            try outputs[k].finish()
            if !quiet { io.report(written.summary) }
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
}
