// `geoindex`: build, inspect and check .geoidx files. Parses arguments, maps
// the environment onto BuildOptions, calls the import or the index reader,
// prints. Exit status: 0 success, 1 verify found a fault, 2 usage or input error.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoFormat
import GeoImport
import GeoModel
import GeoRouting

public enum GeoindexCommand {
    public static let usage = """
    usage: geoindex build INPUT [-o OUTPUT] [--no-roads] [--no-map] [--no-overlay] [--quiet]
                           [--node-store memory|file] [--max-tag-bytes N] [--max-tags N] [--max-refs N]
           geoindex info FILE [--json]
           geoindex verify FILE [--quiet]
           geoindex export FILE            (one JSON line per landmark)

    INPUT is OSM PBF (.osm.pbf), OSM XML (.osm, .osm.xml), gzip- or bzip2-compressed
    XML (.osm.gz, .osm.bz2), or - for stdin; the format is recognised by content.
    OUTPUT defaults to the input name with .geoidx (region.osm.pbf -> region.geoidx).
    --no-roads leaves out the road graph, --no-map the map shapes (water, green areas,
    land use, buildings, railways… for an offline base map), --no-overlay the routing
    overlay that makes long routes fast (the same routes, searched street by street).
    --node-store file keeps node locations (about 6 bytes a node) in an unlinked,
    memory-mapped temporary file in $TMPDIR (else beside OUTPUT) instead of memory.
    OUTPUT may be - (standard output), a device or a FIFO; it may not be INPUT.
    GEOINDEX_THREADS limits the threads that decode PBF (default: all cores).
    -V, --version  the tool's and the index format's versions;  -h, --help  this text
    Exit status: 0 success; 1 verify: FILE is not a sound index (corrupt, truncated,
    empty, another format version); 2 usage error, unreadable or bad input.
    """

    static let conventions = ToolConventions(name: "geoindex", usage: usage)

    static let spec = CommandLineArguments.Spec(
        flags: ["--no-roads", "--no-map", "--no-overlay", "--quiet", "--json", "--help", "--version"],
        options: ["--output", "--max-tag-bytes", "--max-tags", "--max-refs", "--node-store"],
        aliases: ["-o": "--output", "-q": "--quiet", "-h": "--help"])

    /// Runs `geoindex` with `args` (without the program name); returns the exit status.
    public static func run(_ args: [String], io: CommandIO) -> Int32 {
        conventions.runSubcommand(args, io: io, spec: spec, [("build", build), ("info", info), ("verify", verify), ("export", export)])
    }

    /// The build options the flags and the environment ask for.
    static func buildOptions(_ args: CommandLineArguments, input: String, io: CommandIO) throws -> BuildOptions {
        var options = BuildOptions(output: args.value("--output") ?? BuildOptions.defaultOutput(for: input))
        options.includeRoads = !args.has("--no-roads")
        options.includeMap = !args.has("--no-map")
        if let n = try args.int("--max-tag-bytes", range: 256...(1 << 30)) { options.limits.maxTagBytes = n }
        if let n = try args.int("--max-tags", range: 1...(1 << 30)) { options.limits.maxTagsPerElement = n }
        if let n = try args.int("--max-refs", range: 2...(1 << 30)) { options.limits.maxRefsPerElement = n }
        if let store = args.value("--node-store") {
            guard let mode = NodeStoreMode(rawValue: store) else {
                throw UsageError("--node-store takes memory or file, not \"\(store)\"")
            }
            options.nodeStore = mode
        }
        let env = io.environment
        if let v = try io.sourceDateEpoch() { options.buildTime = v }
        if let t = env["TMPDIR"], !t.isEmpty { options.temporaryDirectory = t }
        if let s = env["GEOINDEX_THREADS"], let n = Int(s), n >= 1 { options.threads = min(n, 256) }
        if env["GEOINDEX_MEMTRACE"] != nil { options.memoryTrace = { io.report($0) } }
        options.standardInput = io.standardInput
        options.standardOutput = { try io.write($0) }
        if !args.has("--no-overlay") { options.routingOverlay = { OverlayBuilder.section(for: $0) } }
        return options
    }

    static func build(_ args: CommandLineArguments, io: CommandIO) throws -> Int32 {
        guard args.positional.count == 1 else { throw UsageError("build takes exactly one INPUT (see --help)") }
        let input = args.positional[0]
        let options = try buildOptions(args, input: input, io: io)
        let quiet = args.has("--quiet")
        let bar = ProgressBar(label: "reading", io: io, enabled: !quiet)
        let report = try IndexBuilder.build(input: input, options: options) { done, total in
            bar.update(done: done, total: total)
        }
        bar.finish()
        if !quiet { io.report(summary(report, options: options)) }
        return 0
    }

    /// The one line a build prints: counts by kind, input, speed, graph, size and warnings.
    static func summary(_ report: BuildReport, options: BuildOptions) -> String {
        let kinds = LandmarkKind.allCases.map { "\($0.name) \(formatCount(report.byKind[$0] ?? 0))" }.joined(separator: ", ")
        let mb = Double(report.inputBytes) / 1_048_576
        var line = "\(options.output): \(formatCount(report.landmarks)) landmarks (\(kinds)) from "
        line += "\(formatCount(report.elements.nodes)) nodes, \(formatCount(report.elements.ways)) ways, "
        line += "\(formatCount(report.elements.relations)) relations"
        line += String(format: " in %.2f s (%.1f MB read, %.1f MB/s); ", report.seconds, mb, mb / max(report.seconds, 1e-6))
        if options.includeRoads {
            line += "road graph \(formatCount(report.graphNodes)) nodes, \(formatCount(report.graphEdges)) edges; "
        }
        if report.interpolationWays > 0 {
            let a = report.interpolatedAddresses, w = report.interpolationWays
            line += "\(formatCount(a)) address\(a == 1 ? "" : "es") interpolated along \(formatCount(w)) way\(w == 1 ? "" : "s"); "
        }
        let given = report.warnings[.addressesGivenNearestStreet]
        if given > 0 { line += "\(formatCount(given)) house number\(given == 1 ? "" : "s") without a street given the nearest one; " }
        line += "\(formatCount(report.outputBytes)) bytes"
        let warnings = summary(report.warnings)
        if !warnings.isEmpty { line += "; warnings: " + warnings }
        return line
    }

    /// The warnings, each counter in its words (ImportWarnings.Counter.summaryWords), the address
    /// interpolations left out together and last; empty when there is none.
    static func summary(_ w: ImportWarnings) -> String {
        var parts: [String] = [], interpolations: [String] = []
        for c in ImportWarnings.Counter.allCases where w[c] > 0 {
            guard var words = c.summaryWords else { continue }
            if c == .missingNodeRefs { words += " in \(formatCount(w[.waysWithMissingNodes])) ways" }
            if c.isInterpolation {
                interpolations.append("\(formatCount(w[c])) \(words)")
            } else {
                parts.append("\(formatCount(w[c])) \(words)")
            }
        }
        if !interpolations.isEmpty { parts.append("address interpolations " + interpolations.joined(separator: ", ")) }
        return parts.joined(separator: ", ")
    }

    static func info(_ args: CommandLineArguments, io: CommandIO) throws -> Int32 {
        guard args.positional.count == 1 else { throw UsageError("info takes exactly one FILE") }
        let index = try LandmarkIndex(path: args.positional[0])
        if args.has("--json") {
            try io.write(IndexInfo.json(index).jsonString(pretty: true) + "\n")
        } else {
            try io.write(IndexInfo.text(index))
        }
        return 0
    }

    static func verify(_ args: CommandLineArguments, io: CommandIO) throws -> Int32 {
        guard args.positional.count == 1 else { throw UsageError("verify takes exactly one FILE") }
        let path = args.positional[0]
        // A file that cannot be read at all is bad input (2); one that reads but is no sound
        // index is what verify reports (1).
        _ = try MappedFile(path: path)
        let faults = IndexVerifier.verify(path: path)
        if faults.isEmpty {
            if !args.has("--quiet") { try io.write("\(path): ok\n") }
            return 0
        }
        for f in faults { io.report("\(path): \(f)") }
        return 1
    }

    static func export(_ args: CommandLineArguments, io: CommandIO) throws -> Int32 {
        guard args.positional.count == 1 else { throw UsageError("export takes exactly one FILE") }
        let index = try LandmarkIndex(path: args.positional[0])
        try IndexInfo.export(index) { try io.write($0) }
        return 0
    }
}
