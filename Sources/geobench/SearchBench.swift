// `geobench search --index FILE --queries Q.ndjson [--repeat N] [--out R.ndjson]`:
// in-process search latency on a seeded query set (median of N timed passes
// per query, after a warm-up pass), the share of queries whose target landmark
// (or one of the same name) is among the first 10 results, and the time to
// open the index. Prints one JSON summary line; `--slowest N` also lists the N
// slowest queries on stderr (where to look when p99 moves).
import Foundation
import GeoFrontEnd
import GeoIndexKit

enum SearchBench {
    static func run(_ argv: [String]) {
        do {
            let args = try CommandLineArguments(argv, spec: .init(flags: ["--fastest-pass"], options: ["--index", "--queries", "--repeat", "--out", "--slowest"]))
            let paths = args.values("--index")
            guard let path = paths.first, let qpath = args.value("--queries") else {
                throw UsageError("geobench search --index FILE [--index FILE…] --queries Q.ndjson [--repeat N] [--out R.ndjson]")
            }
            let repeats = try args.int("--repeat", range: 1...100) ?? 5
            var openTimes: [Double] = []
            for _ in 0..<20 {
                let t = DispatchTime.now().uptimeNanoseconds
                _ = try LandmarkIndex(path: path)
                openTimes.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1000)
            }
            // Opening every index given (as geoquery -i … -i … does), median of 20.
            var openAll: [Double] = []
            for _ in 0..<20 {
                let t = DispatchTime.now().uptimeNanoseconds
                _ = try paths.map { try LandmarkIndex(path: $0) }
                openAll.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1000)
            }
            let indexes = try paths.map { try LandmarkIndex(path: $0) }
            let index = indexes[0]
            let engine = SearchEngine(indexes: indexes)
            var queries: [(id: JSONValue, text: String, options: SearchOptions, target: Int?)] = []
            let data = try Data(contentsOf: URL(fileURLWithPath: qpath))
            for line in data.split(separator: 0x0A) where !line.isEmpty {
                let bytes = Array(line)
                let v = try JSONValue.parse(bytes)
                let (id, text, options) = try RequestParsing.batchLine(bytes, defaults: SearchOptions())
                queries.append((id, text, options, v["target"]?.intValue.map(Int.init)))
            }
            // Warm-up pass, also the pass whose results are checked.
            var hits = 0, withTarget = 0
            var out: [UInt8] = []
            for q in queries {
                let r = engine.search(q.text, options: q.options)
                if let t = q.target {
                    withTarget += 1
                    let targetName = index.record(t).map { TextNormalizer.normalize($0.names.first?.value ?? "") }
                    if r.results.contains(where: { ($0.source == 0 && $0.landmarkID == t) || TextNormalizer.normalize($0.name) == targetName }) { hits += 1 }
                }
                if args.value("--out") != nil {
                    JSONValue.object([("id", q.id), ("results", .array(r.results.filter { $0.source == 0 }.map { .int(Int64($0.landmarkID)) }))]).write(to: &out)
                    out.append(0x0A)
                }
            }
            if let o = args.value("--out") { try OutputFile.write(out, to: o, standardOutput: { _ in }) }
            var perQuery = [[Double]](repeating: [], count: queries.count)
            for _ in 0..<repeats {
                for (i, q) in queries.enumerated() {
                    let t = DispatchTime.now().uptimeNanoseconds
                    _ = engine.search(q.text, options: q.options)
                    perQuery[i].append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1000)
                }
            }
            // `--fastest-pass`: each query's fastest pass instead of its median, for a machine busy with
            // other work (preemption only ever adds time).
            let fastest = args.has("--fastest-pass")
            let perQueryMedians = perQuery.map { fastest ? $0.min() ?? 0 : $0.sorted()[$0.count / 2] }
            if let n = try args.int("--slowest", range: 1...10_000) {
                for i in perQueryMedians.indices.sorted(by: { perQueryMedians[$0] > perQueryMedians[$1] }).prefix(n) {
                    let near = queries[i].options.near.map { " near \($0.lat),\($0.lon)" } ?? ""
                    standardError(String(format: "%8.1f µs  ", perQueryMedians[i]) + "\"\(queries[i].text)\"\(near)")
                }
            }
            let medians = perQueryMedians.sorted()
            func pct(_ p: Double) -> Double { medians[min(medians.count - 1, Int(Double(medians.count) * p))] }
            let total = medians.reduce(0, +)
            let summary: JSONValue = .object([
                ("engine", .string("geoindex")),
                ("landmarks", .int(Int64(index.count))),
                ("queries", .int(Int64(queries.count))),
                ("repeat", .int(Int64(repeats))),
                ("p50_us", .double((pct(0.5) * 10).rounded() / 10)),
                ("p99_us", .double((pct(0.99) * 10).rounded() / 10)),
                ("mean_us", .double((total / Double(max(1, medians.count)) * 10).rounded() / 10)),
                ("queries_per_second", .double((Double(medians.count) / max(total, 1e-9) * 1e6).rounded())),
                ("hit_rate_at_10", .double(withTarget > 0 ? (Double(hits) / Double(withTarget) * 1000).rounded() / 1000 : 0)),
                ("open_us_median", .double((openTimes.sorted()[openTimes.count / 2] * 10).rounded() / 10)),
                ("indexes", .int(Int64(paths.count))),
                ("open_all_us_median", .double((openAll.sorted()[openAll.count / 2] * 10).rounded() / 10)),
                ("index_bytes", .int(Int64(index.file.view.count))),
            ])
            FileHandle.standardOutput.write(Data((summary.jsonString() + "\n").utf8))
        } catch {
            standardError("geobench search: \(error)")
            exit(2)
        }
    }
}
