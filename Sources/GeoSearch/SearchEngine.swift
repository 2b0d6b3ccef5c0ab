// The search itself: parse the text, match tokens against the trie, pick the
// most selective token to generate candidates, scan them in widening boxes
// around the location hint (or inside the required area), score every
// candidate against all tokens, then deduplicate, group and describe the best.
// Typo matching runs only when exact and prefix matching found too little, and
// a relaxed pass drops unmatched words or house numbers as a last resort.
// Several indexes (one per region) search as one: each ranks its own
// candidates and the best of all are merged by score. Stateless and
// thread-safe: any number of searches may run on the same indexes.
import Foundation
import GeoBase
import GeoFormat

public struct SearchEngine: Sendable {
    let searchers: [IndexSearcher]
    public let weights: RankingWeights
    public let limits: CandidateLimits

    public init(index: LandmarkIndex, weights: RankingWeights = .standard, limits: CandidateLimits = .standard) {
        self.init(indexes: [index], weights: weights, limits: limits)
    }

    /// Searches several indexes (regions) as one.
    public init(indexes: [LandmarkIndex], weights: RankingWeights = .standard, limits: CandidateLimits = .standard) {
        precondition(!indexes.isEmpty, "SearchEngine needs at least one index")
        self.weights = weights
        self.limits = limits
        searchers = indexes.map { IndexSearcher(index: $0, weights: weights, limits: limits) }
    }

    /// The first (or only) index.
    public var index: LandmarkIndex { searchers[0].index }

    public var indexes: [LandmarkIndex] { searchers.map(\.index) }

    public func search(_ text: String, options: SearchOptions, isCancelled: () -> Bool = { false }) -> SearchResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let query = QueryParser.parse(text)
        var pool: [(source: Int, candidate: ScoredCandidate)] = []
        // A short prefix near a hint keeps part of the page for the nearest matches: they are picked
        // from everything each index ranked, not only from its best-scored.
        let nearSlots = NearShare.applies(query, options: options, limits: limits) ? NearShare.slots(limit: options.limit, limits: limits) : 0
        for (k, s) in searchers.enumerated() {
            var ranked = s.rank(query, options: options, isCancelled: isCancelled)
            if isCancelled() { return SearchResponse(query: text, results: [], groups: [], tookMs: elapsed(started), cancelled: true) }
            if options.groupDistance == nil {
                ranked = ResultDescriber.deduplicate(ranked, index: s.index, limit: options.limit, nearSlots: nearSlots)
            }
            if nearSlots > 0 { pool += ranked.map { (k, $0) } } else { pool += ranked.prefix(options.limit).map { (k, $0) } }
        }
        if searchers.count > 1 {
            pool.sort { IndexSearcher.better($0.candidate, $1.candidate) }
        }
        if nearSlots > 0 {
            pool = NearShare.order(pool, limit: options.limit, slots: nearSlots,
                                   eligible: { NearShare.eligible($0.candidate, index: searchers[$0.source].index) })
        }
        let highlighter = Highlighter(query: query)
        var results: [SearchResult] = []
        var seen: [String: Coordinate] = [:]
        for (k, c) in pool where results.count < options.limit {
            guard var r = ResultDescriber.describe(c, query: query, highlighter: highlighter, index: searchers[k].index, options: options) else { continue }
            // Neighbouring extracts overlap at their borders: the same OSM object (same id, same place) is shown once.
            if searchers.count > 1 {
                if let p = seen[r.objectKey], p.distance(to: r.coordinate) < 1_000 { continue }
                seen[r.objectKey] = r.coordinate
            }
            r.source = k
            results.append(r)
        }
        let groups = options.groupDistance.map { ResultGrouping.group(results, within: $0) } ?? []
        return SearchResponse(query: text, results: results, groups: groups, tookMs: elapsed(started), cancelled: false)
    }

    private func elapsed(_ start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}

/// Ranking inside one index.
final class IndexSearcher: Sendable {
    let index: LandmarkIndex
    let weights: RankingWeights
    let limits: CandidateLimits
    /// The trie root's children, read once (transliteration starts every walk there).
    let roots: TrieRoots
    /// Category ids of `boundary=*` (administrative areas, postcodes): with places, what a place
    /// word names.
    let boundaryCategories: Set<Int>

    init(index: LandmarkIndex, weights: RankingWeights, limits: CandidateLimits) {
        self.index = index
        boundaryCategories = Set((0..<index.categoryCount).filter { index.category($0).key == "boundary" })
        self.weights = weights
        self.limits = limits
        roots = TrieRoots(trie: index.trie)
    }

    /// Scored candidates, best first (before deduplication): the passes of RankingPasses, in
    /// order, each deciding from what the ones before it found whether it runs.
    func rank(_ query: ParsedQuery, options: SearchOptions, isCancelled: () -> Bool) -> [ScoredCandidate] {
        guard !query.tokens.isEmpty, index.count > 0 else { return [] }
        var progress = RankingProgress(matches: TokenMatcher.match(query, index: index, weights: weights))
        let complete = strictPass(&progress, options: options, isCancelled: isCancelled)
        deepScanPass(&progress, strictPassComplete: complete, options: options, isCancelled: isCancelled)
        transliterationPass(&progress, options: options, isCancelled: isCancelled)
        typoPass(&progress, options: options, isCancelled: isCancelled)
        placeWordPasses(&progress, options: options, isCancelled: isCancelled)
        // The relaxed passes score again what the strict ones rejected: only what qualified is done.
        var qualified = progress.results.map(\.id).sorted()
        dropWordsPass(&progress, qualified: &qualified, options: options, isCancelled: isCancelled)
        eachWordAlonePasses(&progress, qualified: &qualified, options: options, isCancelled: isCancelled)
        return page(progress.results, query: query, options: options)
    }

    /// The word that drives candidate generation: the most selective required one not in `skipping`.
    func lastDriver(_ matches: [TokenMatch], required: [Bool], skipping: Set<Int> = []) -> Int? {
        matches.indices.filter { required[$0] && !matches[$0].isEmpty && !matches[$0].coveredByPhrase && !skipping.contains($0) }
            .min { matches[$0].cost != matches[$1].cost ? matches[$0].cost < matches[$1].cost : $0 < $1 }
    }

    @inline(__always) static func better(_ a: ScoredCandidate, _ b: ScoredCandidate) -> Bool {
        a.tier != b.tier ? a.tier > b.tier : a.score != b.score ? a.score > b.score : a.id < b.id
    }

    /// The `count` best candidates, best first (a bounded insertion pass: counts are small).
    static func best(_ all: [ScoredCandidate], count: Int) -> [ScoredCandidate] {
        guard all.count > count else { return all.sorted(by: better) }
        var top: [ScoredCandidate] = []
        top.reserveCapacity(count + 1)
        for c in all {
            if top.count == count, let last = top.last, !better(c, last) { continue }
            var lo = 0, hi = top.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if better(top[mid], c) { lo = mid + 1 } else { hi = mid }
            }
            top.insert(c, at: lo)
            if top.count > count { top.removeLast() }
        }
        return top
    }

    /// Sorted `a` and `b` as one sorted list (an id in both stays twice).
    static func merge(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var out: [UInt32] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] < b[j] { out.append(a[i]); i += 1 } else { out.append(b[j]); j += 1 }
        }
        out.append(contentsOf: a[i...])
        out.append(contentsOf: b[j...])
        return out
    }
}
