// The first pass of a search reads a long list only in part: the most
// important landmarks of a common word, the nearest ones around a hint, the
// first few thousand ids. On a large index that part can miss every landmark
// that has all the words ("rue ho" when the most important "ho…" landmarks are
// not on a "rue"), and the search would answer with nothing, or with a relaxed
// guess. When that pass found nothing, this one reads the driver's
// whole list and scores its landmarks best bound first (importance, distance,
// every word matched in full; no token decoding), stopping when the page's
// last entry beats every bound left, so its cost is mostly reading ids.
import GeoBase
import GeoFormat

extension IndexSearcher {
    func deepScan(_ matches: [TokenMatch], required: [Bool], options: SearchOptions, seen: inout [UInt32],
                  found: [ScoredCandidate], isCancelled: () -> Bool) -> [ScoredCandidate] {
        guard let driverIndex = lastDriver(matches, required: required) else { return [] }
        let source = CandidateSource(index: index, match: matches[driverIndex])
        var scorer = CandidateScorer(index: index, matches: matches, required: required, options: options, relaxed: false,
                                     weights: weights)
        // The page's last score among the best (a few more than the page: deduplication merges some).
        // Only a direct-tier score can bound: a landmark of any tier that scores below it loses.
        let keep = options.limit * 2 + 5
        var best = found.filter { $0.tier == ScoredCandidate.directTier }.map(\.score).sorted(by: >)
        if best.count > keep { best.removeLast(best.count - keep) }
        var bar: Double { best.count >= keep ? best[keep - 1] : -.infinity }
        // The ids first (a closure that called the scorer would copy it for every id), then their
        // bounds, best first: scoring stops at the first bound the page's last score beats.
        var ids: [UInt32] = []
        var read = 0
        var cancelled = false
        source.forEachID(in: ranges(options.filterBox, within: nil)) { id in
            read += 1
            if read & 4095 == 0 && isCancelled() { cancelled = true; return false }
            ids.append(id)
            return read < limits.deepScan
        }
        if cancelled { return [] }
        ids.sort()
        var order: [(bound: Double, id: UInt32)] = []
        order.reserveCapacity(ids.count)
        var last: UInt32?
        for id in ids where id != last {
            last = id
            if !IndexSearcher.contains(seen, id) { order.append((scorer.upperBound(id), id)) }
        }
        order.sort { $0.bound != $1.bound ? $0.bound > $1.bound : $0.id < $1.id }
        var out: [ScoredCandidate] = []
        var scored: [UInt32] = []
        for (k, o) in order.enumerated() {
            if o.bound <= bar { break }
            if k & 255 == 255 && isCancelled() { break }
            scored.append(o.id)
            guard let c = scorer.score(o.id) else { continue }
            out.append(c)
            if c.tier == ScoredCandidate.directTier {
                // Insert in order; the list is short.
                let at = best.firstIndex(where: { $0 < c.score }) ?? best.count
                best.insert(c.score, at: at)
                if best.count > keep { best.removeLast() }
            }
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
