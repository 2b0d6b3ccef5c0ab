// What the three tools share at their edges, the conventions of osmium,
// ripgrep and jq: `--version`/`-V` says the tool's and the index format's
// version; `-h`/`--help` prints the usage on standard output and exits 0; no
// arguments at all print the short usage on standard error and exit 2; a usage
// error is one line plus a pointer to --help, exit 2; a failed write of
// standard output is one line naming it, exit 2, while a reader that left
// (EPIPE) ends the work quietly with exit 0; and a point whose swapped
// coordinates fall where the data is gets a hint.
import GeoBase
import GeoFormat

/// The version of the tools (the index format has its own, `IndexFormat.version`).
public enum ToolVersion {
    public static let number = "0.9.0"
}

package struct ToolConventions {
    let name: String
    let usage: String

    package init(name: String, usage: String) {
        self.name = name
        self.usage = usage
    }

    /// `geoquery 0.9.0 (index format 5)`: the format version is `IndexFormat.version`.
    var versionLine: String { "\(name) \(ToolVersion.number) (index format \(IndexFormat.version))\n" }

    /// The first lines of the usage: the synopsis, up to its first blank line.
    var synopsis: String {
        var lines: [Substring] = []
        for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    var tryHelp: String { "Try '\(name) --help' for more information." }

    /// `--help`, `-h`, `--version`, `-V` or nothing at all, whatever else is on the line:
    /// the answer and exit status, or nil when the arguments ask for real work.
    package func answerStandardRequests(_ args: [String], io: CommandIO) -> Int32? {
        if args.isEmpty {
            io.report(synopsis + "\n" + tryHelp)
            return 2
        }
        for a in args {
            if a == "--" { break }
            if a == "--help" || a == "-h" { return run(io: io) { try io.write(usage + "\n"); return 0 } }
            if a == "--version" || a == "-V" { return run(io: io) { try io.write(versionLine); return 0 } }
        }
        return nil
    }

    /// A tool of subcommands (`geoindex build …`, `georoute match …`): `help` and the standard
    /// requests answered first, then the command named first run with the rest of the line
    /// parsed by `spec`; an unknown name is a usage error listing the known ones.
    package func runSubcommand(_ args: [String], io: CommandIO, spec: CommandLineArguments.Spec,
                               _ commands: [(name: String, run: (CommandLineArguments, CommandIO) throws -> Int32)]) -> Int32 {
        if args.first == "help" { return answerStandardRequests(["--help"], io: io) ?? 0 }
        if let answer = answerStandardRequests(args, io: io) { return answer }
        let name = args[0]
        return run(io: io) {
            let parsed = try CommandLineArguments(Array(args.dropFirst()), spec: spec)
            guard let command = commands.first(where: { $0.name == name }) else {
                let names = commands.map(\.name)
                let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
                throw UsageError("unknown command \"\(name)\" (expected \(list))")
            }
            return try command.run(parsed, io)
        }
    }

    /// Runs a command's work and turns what it throws into its one line and exit status. A reader
    /// of standard output that left (`BrokenPipe`) ends the run at once, quietly, with status 0;
    /// standard output is closed at the end and a failure then is an error like a failed write.
    package func run(io: CommandIO, _ body: () throws -> Int32) -> Int32 {
        do {
            let status = try body()
            try io.closeOutput()
            return status
        } catch is BrokenPipe {
            return 0
        } catch let e as UsageError {
            return usageError(e, io: io)
        } catch let e as InputError {
            return inputError(e, io: io)
        } catch {
            io.report("\(name): \(error)")
            return 2
        }
    }

    /// A bad command line: one line naming what is wrong, then where to read more. Exit 2.
    package func usageError(_ e: UsageError, io: CommandIO) -> Int32 {
        io.report("\(name): \(e.message)\n\(tryHelp)")
        return 2
    }

    /// Bad input (a file, an index): one line naming it. Exit 2.
    package func inputError(_ e: InputError, io: CommandIO) -> Int32 {
        io.report("\(name): \(ErrorMessages.describe(e))")
        return 2
    }
}

package enum CoordinateHints {
    /// " (did you mean 43.73,7.42?)" when `point` lies outside every box but its swapped twin
    /// (latitude and longitude exchanged) lies inside one; "" otherwise.
    package static func swapped(_ point: Coordinate, boxes: [BoundingBox]) -> String {
        let twin = Coordinate(lat: point.lon, lon: point.lat)
        guard twin.isValid, !boxes.contains(where: { $0.contains(point) }),
              boxes.contains(where: { $0.contains(twin) }) else { return "" }
        return " (did you mean \(short(twin.lat)),\(short(twin.lon))?)"
    }

    /// A degree value as people write it: no trailing zeros, at most 7 decimals.
    static func short(_ v: Double) -> String {
        var s = String(format: "%.7f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
