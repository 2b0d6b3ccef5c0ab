// The first pass of a search reads a long list only in part: the most
// important landmarks of a common word, the nearest ones around a hint, the
// first few thousand ids. On a large index that part can miss every landmark
// that has all the words ("rue ho" when the most important "ho…" landmarks are
// not on a "rue"), and the search would answer with nothing, or with a relaxed
// guess. When that pass found less than a page, this one reads the driver's
// whole list, but scores only the landmarks whose upper bound (importance,
// distance, every word matched in full; no token decoding) can still beat the
// page's last entry, so its cost is mostly reading ids.
import GeoBase
import GeoFormat

extension IndexSearcher {
    func deepScan(_ matches: [TokenMatch], required: [Bool], options: SearchOptions, seen: inout [UInt32],
                  found: [ScoredCandidate], isCancelled: () -> Bool) -> [ScoredCandidate] {
        guard let driverIndex = matches.indices.filter({ required[$0] && !matches[$0].isEmpty && !matches[$0].coveredByPhrase })
            .min(by: { matches[$0].cost != matches[$1].cost ? matches[$0].cost < matches[$1].cost : $0 < $1 }) else { return [] }
        let source = CandidateSource(index: index, match: matches[driverIndex])
        var scorer = CandidateScorer(index: index, matches: matches, required: required, options: options, relaxed: false,
                                     weights: weights)
        // The page's last score among the best (a few more than the page: deduplication merges some).
        // Only a direct-tier score can bound: a landmark of any tier that scores below it loses.
        let keep = options.limit * 2 + 5
        var best = found.filter { $0.tier == ScoredCandidate.directTier }.map(\.score).sorted(by: >)
        if best.count > keep { best.removeLast(best.count - keep) }
        var bar: Double { best.count >= keep ? best[keep - 1] : -.infinity }
        var out: [ScoredCandidate] = []
        var scored = Set<UInt32>()
        var read = 0
        let filter = options.filterBox
        let all = ranges(filter, within: nil)
        source.forEachID(in: all) { id in
            read += 1
            if read & 1023 == 0 && isCancelled() { return false }
            if scorer.upperBound(id) <= bar { return read < limits.deepScan }
            if IndexSearcher.contains(seen, id) || !scored.insert(id).inserted { return read < limits.deepScan }
            if let c = scorer.score(id) {
                out.append(c)
                if c.tier == ScoredCandidate.directTier {
                    // Insert in order; the list is short.
                    let at = best.firstIndex(where: { $0 < c.score }) ?? best.count
                    best.insert(c.score, at: at)
                    if best.count > keep { best.removeLast() }
                }
            }
            return read < limits.deepScan
        }
        seen = (seen + scored).sorted()
        return out
    }

    /// Whether sorted `ids` holds `id`.
    static func contains(_ ids: [UInt32], _ id: UInt32) -> Bool {
        var lo = 0, hi = ids.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ids[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < ids.count && ids[lo] == id
    }
}
