// `geoquery`: as-you-type search over one or several .geoidx files. Parses
// arguments into SearchOptions, runs the SearchEngine, prints text, JSON,
// NDJSON or GeoJSON; `--batch` answers one JSON query per line. Exit status:
// 0 results found, 1 no result, 2 usage or input error (bad option,
// unreadable or corrupt index).
import Foundation
import GeoBase
import GeoFrontEnd
import GeoFormat
import GeoSearch

public enum GeoqueryCommand {
    public static let usage = """
    usage: geoquery TEXT [options]
           geoquery --reverse LAT,LON [--reverse-level LEVEL] [options]
           geoquery --batch [FILE|-] [options]

      -i, --index FILE|DIR   index to search; repeat it, or name a directory, to search several
                             regions as one (default: $GEOINDEX, else the only *.geoidx here)
      --near LAT,LON         location hint: rank by distance, give distances
      --radius METERS        with --near: only results within ±METERS of the hint
      --bbox MINLON,MINLAT,MAXLON,MAXLAT   the map window: results outside are excluded
      --limit N              number of results (default 10, at most 1000)
      --types LIST           poi,address,street,place,transit,area (default: all)
      --lang XX              show name:XX when the data has it
      --extra KEYS           also give these tags of each result, comma-separated: opening_hours,
                             phone, website, email, wikidata, wikipedia, cuisine, wheelchair,
                             internet_access, fee, operator, brand, level, ele, population, or all
      --group[=METERS]       cluster results within METERS (default 100) into groups
      --units metric|imperial
      --format text|json|ndjson|geojson   (default: text on a terminal, json otherwise)
      --reverse LAT,LON      what is at the point: the nearest address, else the street, else
                             the settlement, with its distance (within --radius, default 1 km,
                             5 km for suburbs, 30 km for cities and regions)
      --reverse-level L      object, address (default), street, suburb, city, county,
                             state or country: how detailed
      --batch [FILE|-]       one JSON query per line in, one JSON answer per line out; a line
                             {"reverse": [lat, lon], "level": "street"} is a reverse look-up
      -q, --quiet            no messages on stderr
      -V, --version          the tool's and the index format's versions
    Exit status: 0 results found, 1 no result ("no results" goes to stderr), 2 usage or input error.
    """

    static let conventions = ToolConventions(name: "geoquery", usage: usage)

    // `--group` takes the next word as its value unless that is an option: a word that is no
    // number is then an error, never silently made part of the query.
    static let spec = CommandLineArguments.Spec(
        flags: ["--help", "--quiet", "--version"],
        options: ["--index", "--near", "--radius", "--bbox", "--limit", "--types", "--lang", "--extra", "--units", "--format", "--reverse",
                  "--reverse-level"],
        optionalValues: ["--group": { !$0.hasPrefix("-") }, "--batch": { $0 == "-" || !$0.hasPrefix("-") }],
        aliases: ["-i": "--index", "-h": "--help", "-q": "--quiet", "-n": "--limit", "-V": "--version"])

    /// Runs `geoquery` with `args` (without the program name); returns the exit status.
    public static func run(_ args: [String], io: CommandIO) -> Int32 {
        if let answer = conventions.answerStandardRequests(args, io: io) { return answer }
        return conventions.run(io: io) { try search(try CommandLineArguments(args, spec: spec), io: io) }
    }

    /// The search options the flags ask for.
    static func options(_ args: CommandLineArguments) throws -> SearchOptions {
        var options = SearchOptions()
        if let n = try args.int("--limit", range: 1...SearchOptions.maxLimit) { options.limit = n }
        if let s = args.value("--near") { options.near = try RequestParsing.point(s, name: "--near") }
        if let r = try args.double("--radius", range: 0.001...40_000_000) {
            guard options.near != nil || args.has("--reverse") else { throw UsageError("--radius needs --near LAT,LON") }
            options.radius = r
        }
        if let b = args.value("--bbox") { options.window = try RequestParsing.bbox(b, name: "--bbox") }
        if let t = args.value("--types") {
            options.kinds = try RequestParsing.kinds(t.split(separator: ",").map(String.init), name: "--types")
        }
        options.language = args.value("--lang")
        if let e = args.value("--extra") {
            options.extra = try RequestParsing.extra(e.split(separator: ",", omittingEmptySubsequences: false).map(String.init), name: "--extra")
        }
        if args.has("--group") {
            var g = 100.0
            if let v = args.value("--group") {
                guard let d = NumberScan.double(v), d > 0, d.isFinite else {
                    throw UsageError("--group takes a positive distance in metres, not \"\(v)\" (put the query before --group, or write --group=100)")
                }
                g = d
            }
            options.groupDistance = g
        }
        if let u = args.value("--units") {
            guard let units = DistanceUnits(rawValue: u) else { throw UsageError("--units must be metric or imperial") }
            options.units = units
        }
        return options
    }

    static func search(_ args: CommandLineArguments, io: CommandIO) throws -> Int32 {
        let options = try options(args)
        let format: SearchOutputFormat
        if let f = args.value("--format") {
            guard let v = SearchOutputFormat(rawValue: f) else { throw UsageError("--format must be text, json, ndjson or geojson") }
            format = v
        } else {
            format = io.outputIsTerminal ? .text : .json
        }
        if args.has("--reverse") && args.has("--batch") { throw UsageError("--reverse and --batch cannot be used together (batch lines take \"reverse\")") }
        if args.has("--reverse-level") && !args.has("--reverse") { throw UsageError("--reverse-level needs --reverse LAT,LON") }
        if args.has("--reverse") {
            guard args.positional.isEmpty else { throw UsageError("--reverse looks up a point; give no TEXT") }
            if options.near != nil { throw UsageError("--reverse and --near cannot be used together") }
        } else if args.has("--batch") {
            guard args.positional.isEmpty else { throw UsageError("--batch reads queries from a file; give no TEXT") }
            if let f = args.value("--format"), f != "json" && f != "ndjson" {
                throw UsageError("--batch answers one JSON document per line; --format \(f) cannot be used with it")
            }
        } else if args.positional.isEmpty {
            throw UsageError("give the text to search (or --batch)")
        }
        let paths = try IndexLocator.resolve(explicit: args.values("--index"), environment: io.environment,
                                             directory: io.currentDirectory)
        let indexes = try paths.map { try LandmarkIndex(path: $0) }
        let engine = SearchEngine(indexes: indexes)
        let quiet = args.has("--quiet")
        if let near = options.near, !quiet, let text = args.value("--near") {
            let hint = CoordinateHints.swapped(near, boxes: indexes.compactMap(\.dataBox))
            if !hint.isEmpty { io.report("geoquery: warning: --near \(text) lies outside the index\(hint)") }
        }
        if let text = args.value("--reverse") {
            return try reverse(text, args: args, options: options, format: format, indexes: indexes, io: io)
        }
        if args.has("--batch") {
            return try BatchRunner.run(source: args.value("--batch") ?? "-", engine: engine, defaults: options, io: io)
        }
        let response = engine.search(args.positional.joined(separator: " "), options: options)
        if response.results.isEmpty && !quiet { io.report("geoquery: no results for \"\(response.query)\"") }
        try write(format, response.results, io: io, text: { SearchOutput.text(response) }, json: { SearchOutput.json(response) },
                  geojson: { SearchOutput.geojson(response) })
        return response.results.isEmpty ? 1 : 0
    }

    static func reverse(_ text: String, args: CommandLineArguments, options: SearchOptions, format: SearchOutputFormat,
                        indexes: [LandmarkIndex], io: CommandIO) throws -> Int32 {
        let point = try RequestParsing.point(text, name: "--reverse")
        let level = try args.value("--reverse-level").map { try ReverseLookup.level($0, name: "--reverse-level") } ?? .address
        let quiet = args.has("--quiet")
        let hint = CoordinateHints.swapped(point, boxes: indexes.compactMap(\.dataBox))
        if !hint.isEmpty && !quiet { io.report("geoquery: warning: --reverse \(text) lies outside the index\(hint)") }
        let response = ReverseLookup.answer(point, level: level, radius: options.radius, language: options.language, extra: options.extra,
                                            geocoder: ReverseGeocoder(indexes: indexes))
        if response.results.isEmpty && !quiet {
            let radius = options.radius ?? ReverseLookup.defaultRadius(level)
            io.report("geoquery: nothing within \(DistanceLabel.text(radius, units: options.units)) of \(text)")
        }
        try write(format, response.results, io: io, text: { SearchOutput.text(response) },
                  json: { SearchOutput.reverse(response, point: point, level: level) }, geojson: { SearchOutput.geojson(response) })
        return response.results.isEmpty ? 1 : 0
    }

    /// An answer in the format asked for: text (nothing when there is no result), one JSON or
    /// GeoJSON document, or one line per result.
    static func write(_ format: SearchOutputFormat, _ results: [SearchResult], io: CommandIO, text: () -> String,
                      json: () -> JSONValue, geojson: () -> JSONValue) throws {
        switch format {
        case .text: if !results.isEmpty { try io.write(text()) }
        case .json: try io.write(json().jsonBytes() + [0x0A])
        case .geojson: try io.write(geojson().jsonBytes() + [0x0A])
        case .ndjson:
            var out: [UInt8] = []
            for r in results { SearchOutput.json(r).write(to: &out); out.append(0x0A) }
            try io.write(out)
        }
    }
}
