// `geobench match …`: the map-matching benchmark behind scripts/bench_match.sh.
//   build  --input OSM --output IDX [--repeat N]   index build with and without the road graph
//   tracks --index IDX --kind gps|drawn --count N --seed S --min-km A --max-km B --tracks T --truth R
//   run    --index IDX --tracks T --out O [--mode M] [--truth R]   match, time, NDJSON like the peers
// Output lines are JSON (NDJSON files in the peers' format, a summary on stdout).
import Foundation
import GeoFrontEnd
import GeoIndexKit

enum MatchBench {
    static func run(_ args: [String]) {
        guard let sub = args.first else { usage() }
        do {
            let a = try CommandLineArguments(Array(args.dropFirst()), spec: CommandLineArguments.Spec(
                options: ["--input", "--output", "--repeat", "--index", "--kind", "--count", "--seed", "--min-km", "--max-km",
                          "--tracks", "--truth", "--out", "--mode"]))
            switch sub {
            case "build": try build(a)
            case "tracks": try tracks(a)
            case "run": try match(a)
            default: usage()
            }
        } catch {
            standardError("geobench match: \(error)")
            exit(2)
        }
    }

    static func usage() -> Never {
        standardError("usage: geobench match build|tracks|run … (see Sources/geobench/MatchBench.swift)")
        exit(2)
    }

    static func need(_ a: CommandLineArguments, _ name: String) throws -> String {
        guard let v = a.value(name) else { throw UsageError("\(name) is required") }
        return v
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let t0 = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
    }

    /// What the road graph costs: measured directly (graphSeconds), and as the difference between the
    /// fastest of N index builds with and without roads (the minimum is the least disturbed by other
    /// work on the machine, but the difference of two such numbers is still noisy).
    static func build(_ a: CommandLineArguments) throws {
        let input = try need(a, "--input"), output = try need(a, "--output")
        let repeats = try a.int("--repeat", range: 1...20) ?? 5
        var with: [Double] = [], without: [Double] = []
        var report: BuildReport?
        for _ in 0..<repeats {
            var noRoads = BuildOptions(output: output + ".noroads")
            noRoads.includeRoads = false
            without.append(try seconds { _ = try IndexBuilder.build(input: input, options: noRoads) })
            with.append(try seconds { report = try IndexBuilder.build(input: input, options: BuildOptions(output: output)) })
        }
        try? FileManager.default.removeItem(atPath: output + ".noroads")
        var direct: [Double] = []
        for _ in 0..<repeats { direct.append(try graphSeconds(input)) }
        let best = { (v: [Double]) in v.min() ?? 0 }
        let index = try LandmarkIndex(path: output)
        let graphBytes = index.sections[.graph]?.length ?? 0
        let line: JSONValue = [
            "input": .string(input), "build_seconds": .double(best(with)), "build_no_roads_seconds": .double(best(without)),
            "graph_seconds": .double(best(direct)), "graph_difference_seconds": .double(max(0, best(with) - best(without))), "graph_nodes": .int(Int64(report?.graphNodes ?? 0)),
            "graph_edges": .int(Int64(report?.graphEdges ?? 0)), "graph_bytes": .int(Int64(graphBytes)), "repeat": .int(Int64(repeats)),
        ]
        print(line.jsonString())
    }

    /// Forwards the road network to a RoadGraphBuilder, adding up the time spent there.
    final class TimedSink: RoadNetworkSink {
        let builder = RoadGraphBuilder()
        var seconds = 0.0
        func addBarrier(nodeID: Int64, tags: [String: String]) {
            seconds += MatchBench.seconds { builder.addBarrier(nodeID: nodeID, tags: tags) }
        }
        func addWay(id: Int64, refs: ArraySlice<Int64>, tags: [String: String]) {
            seconds += MatchBench.seconds { builder.addWay(id: id, refs: refs, tags: tags) }
        }
        func addSignals(nodeID: Int64) {
            seconds += MatchBench.seconds { builder.addSignals(nodeID: nodeID) }
        }
        func addRestriction(id: Int64, tags: [String: String], members: [(type: OSMMemberType, ref: Int64, role: String)]) {
            seconds += MatchBench.seconds { builder.addRestriction(id: id, tags: tags, members: members) }
        }
    }

    /// The road graph's own cost, measured directly: the builder's work while the file streams by
    /// (ways and barriers kept) plus building the graph at the end.
    static func graphSeconds(_ input: String) throws -> Double {
        let file = try FileByteSource(path: input)
        let source: ByteSource = InputFormat.sniff(try file.peek(16)) == .gzip ? try GzipByteSource(source: file, name: input) : file
        let collector = try! LandmarkCollector()
        let sink = TimedSink()
        collector.roads = sink
        try OSMXMLParser(name: input).parse(source) { collector.consume($0) }
        var nodes = collector.nodes
        let build = seconds { _ = sink.builder.build(nodes: &nodes) }
        return sink.seconds + build
    }

    static func graph(_ a: CommandLineArguments) throws -> RoadGraph {
        let index = try LandmarkIndex(path: try need(a, "--index"))
        guard let g = index.roadGraph else { throw UsageError("the index has no road graph") }
        return g
    }

    static func mode(_ a: CommandLineArguments) throws -> TravelMode {
        guard let m = TravelMode(name: a.value("--mode") ?? "bicycle") else { throw UsageError("bad --mode") }
        return m
    }

    static func ll(_ c: Coordinate) -> JSONValue { [.double(JSONValue.rounded7(c.lat)), .double(JSONValue.rounded7(c.lon))] }

    /// Synthetic tracks and their true routes as NDJSON (the peers' track format).
    static func tracks(_ a: CommandLineArguments) throws {
        let graph = try graph(a)
        let kind = a.value("--kind") ?? "gps"
        guard kind == "gps" || kind == "drawn" else { throw UsageError("--kind must be gps or drawn") }
        let count = try a.int("--count", range: 1...10000) ?? 20
        let seed = UInt64(try a.int("--seed", range: 0...Int(Int32.max)) ?? 1)
        let minKm = try a.double("--min-km", range: 0.1...1000) ?? 0.8, maxKm = try a.double("--max-km", range: 0.1...1000) ?? 4
        var rng = SplitMix64(seed: seed &* 1_000_003 &+ (kind == "gps" ? 1 : 2))
        let routes = SyntheticTracks.randomRoutes(graph: graph, mode: try mode(a), count: count, minLength: minKm * 1000,
                                                  maxLength: maxKm * 1000, rng: &rng)
        var tracks: [UInt8] = [], truth: [UInt8] = []
        for (i, r) in routes.enumerated() {
            let id = "\(kind)-\(i)"
            let line = r.segment.coordinates
            var fields: [(String, JSONValue)] = [("id", .string(id))]
            if kind == "gps" {
                let pts = SyntheticTracks.gpsLike(line, rng: &rng)
                fields.append(("points", .array(pts.map(ll))))
                fields.append(("times", .array(pts.indices.map { .int(1_700_000_000 + Int64($0) * 4) })))
                fields.append(("accuracy", 5))
            } else {
                fields.append(("points", .array(SyntheticTracks.drawnLike(line, rng: &rng).map(ll))))
                fields.append(("accuracy", 25))
            }
            JSONValue.object(fields).write(to: &tracks)
            tracks.append(10)
            JSONValue.object([("id", .string(id)), ("geometry", .array(line.map(ll))), ("length_m", .double((r.distance * 10).rounded() / 10))])
                .write(to: &truth)
            truth.append(10)
        }
        try OutputFile.write(tracks, to: try need(a, "--tracks"), standardOutput: { _ in })
        try OutputFile.write(truth, to: try need(a, "--truth"), standardOutput: { _ in })
        print(JSONValue.object([("kind", .string(kind)), ("tracks", .int(Int64(routes.count))), ("seed", .int(Int64(seed)))]).jsonString())
    }

    /// Reads peers-format NDJSON tracks.
    static func readTracks(_ path: String) throws -> [(id: String, track: Track, accuracy: Double?)] {
        guard let data = FileManager.default.contents(atPath: path) else { throw InputError(file: path, message: "cannot read") }
        var out: [(String, Track, Double?)] = []
        for line in data.split(separator: 10) where !line.isEmpty {
            let v = try JSONValue.parse([UInt8](line))
            guard let id = v["id"]?.stringValue, let pts = v["points"]?.arrayValue else { continue }
            let times = v["times"]?.arrayValue
            var points: [TrackPoint] = []
            for (i, p) in pts.enumerated() {
                guard let lat = p[0]?.doubleValue, let lon = p[1]?.doubleValue else { continue }
                let t = times.flatMap { i < $0.count ? $0[i].doubleValue : nil }.map { Date(timeIntervalSince1970: $0) }
                points.append(TrackPoint(coordinate: Coordinate(lat: lat, lon: lon), time: t))
            }
            out.append((id, Track(name: id, segments: [points]), v["accuracy"]?.doubleValue))
        }
        return out
    }

    static func match(_ a: CommandLineArguments) throws {
        let graph = try graph(a)
        let mode = try mode(a)
        let tracks = try readTracks(try need(a, "--tracks"))
        var truth: [String: [Coordinate]] = [:]
        if let path = a.value("--truth"), let data = FileManager.default.contents(atPath: path) {
            for line in data.split(separator: 10) where !line.isEmpty {
                let v = try JSONValue.parse([UInt8](line))
                if let id = v["id"]?.stringValue, let g = v["geometry"]?.arrayValue {
                    truth[id] = g.compactMap { p in p[0]?.doubleValue.flatMap { lat in p[1]?.doubleValue.map { Coordinate(lat: lat, lon: $0) } } }
                }
            }
        }
        func matcher(_ accuracy: Double?) -> MapMatcher { MapMatcher(graph: graph, options: MatchOptions(mode: mode, accuracy: accuracy)) }
        if let first = tracks.first { _ = matcher(first.accuracy).match(first.track) }   // warm-up, not timed
        var out: [UInt8] = []
        var total = 0.0, points = 0, recall = 0.0, precision = 0.0, compared = 0
        for t in tracks {
            var result: MatchResult?
            let s = seconds { result = matcher(t.accuracy).match(t.track) }
            total += s
            points += t.track.pointCount
            let geometry = result!.segments.flatMap(\.coordinates)
            JSONValue.object([("id", .string(t.id)), ("geometry", .array(geometry.map(ll))),
                              ("matchings", .int(Int64(result!.segments.count))),
                              ("matched_points", .int(Int64(result!.matchedPointCount))), ("ms", .double((s * 1e6).rounded() / 1e3))])
                .write(to: &out)
            out.append(10)
            if let tr = truth[t.id] {
                let o = RouteOverlap(truth: [tr], matched: result!.segments.map(\.coordinates))
                recall += o.recall
                precision += o.precision
                compared += 1
            }
        }
        var summary: [(String, JSONValue)] = [
            ("summary", true), ("engine", "geoindex"), ("profile", .string(mode.name)), ("tracks", .int(Int64(tracks.count))),
            ("points", .int(Int64(points))), ("seconds", .double((total * 1e4).rounded() / 1e4)),
            ("points_per_second", .double(total > 0 ? (Double(points) / total).rounded() : 0)),
        ]
        if compared > 0 {
            summary.append(("mean_recall", .double((recall / Double(compared) * 1e4).rounded() / 1e4)))
            summary.append(("mean_precision", .double((precision / Double(compared) * 1e4).rounded() / 1e4)))
        }
        JSONValue.object(summary).write(to: &out)
        out.append(10)
        try OutputFile.write(out, to: try need(a, "--out"), standardOutput: { _ in })
        print(JSONValue.object(summary).jsonString())
    }
}
