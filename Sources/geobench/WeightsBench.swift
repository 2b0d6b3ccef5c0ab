// `geobench weights --index IDX --queries Q.ndjson [--index IDX2 --queries Q2.ndjson …] [--out W.csv]
//                   [--features F.csv] [--factors 0,0.5,2]`:
// which change of a ranking weight would help which query class. Each numeric weight of
// RankingWeights, and the main CandidateLimits knobs, is scaled by each factor in turn, every
// query of the class benchmark (scripts/make_class_queries.py: "q", "near", "class", "accept") is
// searched again, and one CSV row per weight, factor and class gives success@1/@5 and their change
// against the standard weights. --features writes, for the standard weights, one CSV row per
// result (top 20) with the RankingFeatures its score was made of, one column each, as the scorer
// filled them (like Organic Maps' RankingInfo::ToCSV: it tunes its ranking from such a table),
// and scripts/ranking_weights_report.py reads both.
// Why here and not in the product: this is measurement, done in process so that ~90 settings
// over a few thousand queries take about a minute; GeoSearch is used through its public API, and
// the package-level RankingFeatures each result carries for --features.
import Foundation
import GeoFrontEnd
import GeoIndexKit

enum WeightsBench {
    struct Query {
        var id: String, text: String, options: SearchOptions, cls: String, accept: Set<String>, source: Int
    }

    /// One knob: a name and how to scale it by a factor.
    struct Knob {
        var name: String
        var zeroAllowed = true
        var apply: (inout RankingWeights, inout CandidateLimits, Double) -> Void
    }

    static func weight(_ name: String, _ k: WritableKeyPath<RankingWeights, Double>, zero: Bool = true) -> Knob {
        Knob(name: name, zeroAllowed: zero) { w, _, f in w[keyPath: k] *= f }
    }

    static func limit(_ name: String, _ k: WritableKeyPath<CandidateLimits, Int>, zero: Bool = true) -> Knob {
        Knob(name: "limits." + name, zeroAllowed: zero) { _, l, f in l[keyPath: k] = Int((Double(l[keyPath: k]) * f).rounded()) }
    }

    static var knobs: [Knob] { [
        weight("exactMatch", \.exactMatch), weight("abbreviationMatch", \.abbreviationMatch), weight("prefixMatch", \.prefixMatch),
        weight("categoryMatch", \.categoryMatch), weight("categoryPrefixFactor", \.categoryPrefixFactor),
        weight("oneTypo", \.oneTypo), weight("twoTypos", \.twoTypos), weight("transliteratedFactor", \.transliteratedFactor),
        weight("otherNameFactor", \.otherNameFactor), weight("addressFactor", \.addressFactor), weight("contextFactor", \.contextFactor),
        weight("text", \.text), weight("nameCover", \.nameCover), weight("importance", \.importance),
        weight("importanceWithoutName", \.importanceWithoutName), weight("distance", \.distance),
        weight("distanceScale", \.distanceScale, zero: false), weight("distanceHorizon", \.distanceHorizon, zero: false),
        weight("windowBonus", \.windowBonus), weight("categoryBonus", \.categoryBonus),
        Knob(name: "limits.rings", zeroAllowed: false) { _, l, f in l.rings = l.rings.map { $0 * f } },
        limit("targetFactor", \.targetFactor, zero: false), limit("minTarget", \.minTarget),
        limit("importantNearby", \.importantNearby), limit("importantWithoutHint", \.importantWithoutHint),
        limit("shortPrefixLength", \.shortPrefixLength), limit("typoWhenFewerThan", \.typoWhenFewerThan),
        limit("typoCostThreshold", \.typoCostThreshold),
        Knob(name: "limits.nearShare") { _, l, f in l.nearShare = min(1, l.nearShare * f) },
    ] }

    static func run(_ argv: [String]) {
        do {
            let args = try CommandLineArguments(argv, spec: .init(options: ["--index", "--queries", "--out", "--features", "--factors"]))
            let paths = args.values("--index"), qpaths = args.values("--queries")
            guard !paths.isEmpty, paths.count == qpaths.count else {
                throw UsageError("geobench weights --index IDX --queries Q.ndjson [… one --queries per --index] [--out W.csv] [--features F.csv]")
            }
            let factors = try (args.value("--factors") ?? "0,0.5,2").split(separator: ",").map { s -> Double in
                guard let f = Double(s), f >= 0 else { throw UsageError("--factors: not a factor: \(s)") }
                return f
            }
            let indexes = try paths.map { try LandmarkIndex(path: $0) }
            var queries: [Query] = []
            for (source, qp) in qpaths.enumerated() { queries += try read(qp, source: source) }
            let classes = Array(Set(queries.map(\.cls))).sorted() + ["all"]
            let standard = evaluate(queries, indexes, .standard, .standard)
            var csv = "weight,factor,class,queries,success_at_1,success_at_5,delta_at_1,delta_at_5\n"
            func rows(_ name: String, _ factor: Double, _ r: [String: (n: Int, at1: Int, at5: Int)]) {
                for c in classes {
                    let s = r[c] ?? (0, 0, 0), b = standard[c] ?? (0, 0, 0)
                    guard s.n > 0 else { continue }
                    let n = Double(s.n)
                    csv += "\(name),\(factor),\(c),\(s.n),\(f4(Double(s.at1) / n)),\(f4(Double(s.at5) / n)),"
                        + "\(f4(Double(s.at1 - b.at1) / n)),\(f4(Double(s.at5 - b.at5) / n))\n"
                }
            }
            rows("standard", 1, standard)
            for knob in knobs {
                for f in factors where f != 1 && (f != 0 || knob.zeroAllowed) {
                    var w = RankingWeights.standard, l = CandidateLimits.standard
                    knob.apply(&w, &l, f)
                    rows(knob.name, f, evaluate(queries, indexes, w, l))
                }
            }
            try OutputFile.write(Array(csv.utf8), to: args.value("--out") ?? "-", standardOutput: { FileHandle.standardOutput.write(Data($0)) })
            if let fp = args.value("--features") { try OutputFile.write(Array(features(queries, indexes).utf8), to: fp, standardOutput: { _ in }) }
        } catch {
            standardError("geobench weights: \(error)")
            exit(2)
        }
    }

    static func f4(_ x: Double) -> String { String(format: "%.4f", x) }

    static func read(_ path: String, source: Int) throws -> [Query] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var out: [Query] = []
        for line in data.split(separator: 0x0A) where !line.isEmpty {
            let bytes = Array(line)
            let v = try JSONValue.parse(bytes)
            var (id, text, options) = try RequestParsing.batchLine(bytes, defaults: SearchOptions())
            options.limit = 5
            let accept = Set((v["accept"]?.arrayValue ?? []).compactMap(\.stringValue))
            out.append(Query(id: id.stringValue ?? "\(out.count)", text: text, options: options,
                             cls: v["class"]?.stringValue ?? "?", accept: accept, source: source))
        }
        return out
    }

    /// Per class: queries, right answer first, right answer in the first 5.
    static func evaluate(_ queries: [Query], _ indexes: [LandmarkIndex], _ w: RankingWeights, _ l: CandidateLimits)
        -> [String: (n: Int, at1: Int, at5: Int)] {
        let engines = indexes.map { SearchEngine(index: $0, weights: w, limits: l) }
        var t: [String: (n: Int, at1: Int, at5: Int)] = [:]
        for q in queries {
            let results = engines[q.source].search(q.text, options: q.options).results.prefix(5)
            let rank = results.firstIndex { q.accept.contains($0.osm?.description ?? "") }.map { $0 - results.startIndex + 1 }
            for c in [q.cls, "all"] {
                var v = t[c] ?? (0, 0, 0)
                v.n += 1
                v.at1 += rank == 1 ? 1 : 0
                v.at5 += rank != nil ? 1 : 0
                t[c] = v
            }
        }
        return t
    }

    /// One row per result of the standard search (top 20): which it is, then the features its
    /// score was made of and that score (`RankingWeights.score` of them, unrounded).
    static func features(_ queries: [Query], _ indexes: [LandmarkIndex]) -> String {
        let engines = indexes.map { SearchEngine(index: $0) }
        var csv = (["id", "class", "rank", "right", "osm", "kind", "category", "score"] + RankingFeatures.csvColumns
                   + ["unmatched_words"]).joined(separator: ",") + "\n"
        for q in queries {
            var o = q.options
            o.limit = 20
            let engine = engines[q.source]
            for (i, r) in engine.search(q.text, options: o).results.enumerated() {
                guard let f = r.rankingFeatures else { continue }
                let osm = r.osm?.description ?? ""
                let row = [csvField(q.id), csvField(q.cls), "\(i + 1)", q.accept.contains(osm) ? "1" : "0", osm, r.kind.name,
                           csvField(r.category.description), "\(engine.weights.score(f))"] + f.csvFields + ["\(r.unmatched.count)"]
                csv += row.joined(separator: ",") + "\n"
            }
        }
        return csv
    }

    static func csvField(_ s: String) -> String {
        s.contains(",") || s.contains("\"") ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
    }
}
