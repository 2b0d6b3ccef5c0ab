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

    /// Scored candidates, best first (before deduplication).
    func rank(_ query: ParsedQuery, options: SearchOptions, isCancelled: () -> Bool) -> [ScoredCandidate] {
        guard !query.tokens.isEmpty, index.count > 0 else { return [] }
        var matches = TokenMatcher.match(query, index: index, weights: weights)
        var required = matches.map { !$0.coveredByPhrase }
        var seen: [UInt32] = []
        var complete = false
        var results = collect(matches, required: required, options: options, relaxed: false, seen: &seen,
                              complete: &complete, isCancelled: isCancelled)
        // The first pass read only part of a long list (the most important, the nearest) and found
        // nothing: the rest is read, scoring only what could still make the page. (When it found
        // some, reading hundreds of thousands of ids for a fuller page of "de l" costs
        // milliseconds; the passes below fill it.)
        if !complete && results.isEmpty {
            results += deepScan(matches, required: required, options: options, seen: &seen, found: results,
                                isCancelled: isCancelled)
        }
        // Words read in another script ("ulitsa" → "улица") rank below every match in the typed script,
        // so they are looked for only when those did not fill the page: the words that matched little
        // in their own script, or every word when nothing was found. The landmarks the first pass
        // rejected are scored again (a word it lacked may now match), all but those that qualified.
        var transliterated = 0
        let threshold = max(limits.typoCostThreshold, options.limit)
        if results.count < options.limit
            && TokenMatcher.addTransliterations(&matches, index: index, weights: weights,
                                                threshold: results.isEmpty ? nil : threshold, roots: roots) {
            // Only a landmark that some word matches through another script can qualify now: those
            // are the candidates, unless one word's list is shorter still.
            var other = TokenMatch(token: matches[0].token)
            for m in matches {
                other.scriptSources += m.scriptSources
                other.cost += m.scriptCost
            }
            var again = results.map(\.id).sorted()
            let more = collect(matches, required: required, options: options, relaxed: false, seen: &again,
                               driver: other, isCancelled: isCancelled)
            transliterated = more.reduce(0) { $0 + ($1.tier == ScoredCandidate.transliteratedTier ? 1 : 0) }
            results += more
            seen = merge(seen, again)
        }
        // Typos are looked for only when exact and prefix matching found little (matches through
        // another script do not count: they rank below what the typed script finds, typos included).
        var found: Int { results.count - transliterated }
        if found < min(options.limit, limits.typoWhenFewerThan)
            && TokenMatcher.addFuzzy(&matches, index: index, threshold: threshold, weights: weights, roots: roots) {
            results += collect(matches, required: required, options: options, relaxed: false, seen: &seen, isCancelled: isCancelled)
        }
        // The most selective word may name the place rather than the landmark ("bahnhofstrasse
        // vaduz": few landmarks are called Vaduz, but the street lies in it): the other words
        // drive in turn, and the place word matches the landmark's context.
        // A landmark that has every word has the driver among its own words — unless the driver
        // names a place it lies in (a context word, no posting list). So when the driver names a
        // place, the next word drives too ("mannerheimintie helsinki": not only what is named
        // Helsinki), and so on while drivers name places.
        var drivers: Set<Int> = []
        while let used = lastDriver(matches, required: required, skipping: drivers) {
            drivers.insert(used)
            // (A query of one word has no other driver: nothing to look at.)
            guard lastDriver(matches, required: required, skipping: drivers) != nil else { break }
            // Only landmarks in the places the word names can have it as their context: the scan
            // keeps to those places' areas when all are known.
            let place = placeWord(matches[used], in: matches)
            guard place != .notAPlace else { break }
            var areas: [BoundingBox]?
            if case .within(let boxes) = place { areas = boxes }
            results += collect(matches, required: required, options: options, relaxed: false, seen: &seen,
                               skipping: drivers, within: areas, isCancelled: isCancelled)
        }
        // The relaxed passes score again what the strict ones rejected: only what qualified is done.
        var qualified = results.map(\.id).sorted()
        // Still too few: let go of words nothing matched, else of house numbers ("rue grimaldi 99" → the street).
        if found < options.limit && matches.count >= 2 {
            let empty = matches.indices.filter { matches[$0].isEmpty }
            let drop = !empty.isEmpty ? empty : matches.indices.filter { matches[$0].token.isNumeric || !matches[$0].token.alternatives.isEmpty }
            if !drop.isEmpty && drop.count < matches.count {
                for i in drop { required[i] = false }
                results += collect(matches, required: required, options: options, relaxed: true, seen: &qualified,
                                   isCancelled: isCancelled)
            }
        }
        // Nothing at all: each word alone may find something, and the others count where they match
        // ("bahnhofstrasse vaduz" when no Bahnhofstrasse lies in Vaduz: the one in Schaan).
        if results.isEmpty && matches.count >= 2 {
            let order = matches.indices.filter { !matches[$0].isEmpty && !matches[$0].coveredByPhrase }
                .sorted { matches[$0].cost < matches[$1].cost }
            for i in order {
                let alone = matches.indices.map { $0 == i }
                results += collect(matches, required: alone, options: options, relaxed: true, seen: &qualified,
                                   isCancelled: isCancelled)
            }
        }
        // Deduplication needs only a few more than the limit: select those, sort just them.
        let count = options.groupDistance == nil ? options.limit * 3 + 5 : options.limit
        let best = IndexSearcher.best(results, count: count)
        guard NearShare.applies(query, options: options, limits: limits) else { return best }
        let slots = NearShare.slots(limit: options.limit, limits: limits)
        return NearShare.addNearest(to: best, from: results, count: NearShare.nearestCount(slots: slots), index: index)
    }

    /// The word that drives candidate generation: the most selective required one not in `skipping`.
    func lastDriver(_ matches: [TokenMatch], required: [Bool], skipping: Set<Int> = []) -> Int? {
        matches.indices.filter { required[$0] && !matches[$0].isEmpty && !matches[$0].coveredByPhrase && !skipping.contains($0) }
            .min { matches[$0].cost != matches[$1].cost ? matches[$0].cost < matches[$1].cost : $0 < $1 }
    }

    /// Scores candidates of the most selective token (not in `skipping`) that are not in `seen`
    /// (sorted ids), adding them to it. `driver`: candidates to take instead of the most selective
    /// token's, when they are fewer.
    private func collect(_ matches: [TokenMatch], required: [Bool], options: SearchOptions, relaxed: Bool,
                         seen: inout [UInt32], skipping: Set<Int> = [], driver alternative: TokenMatch? = nil,
                         within areas: [BoundingBox]? = nil, isCancelled: () -> Bool) -> [ScoredCandidate] {
        var complete = false
        return collect(matches, required: required, options: options, relaxed: relaxed, seen: &seen, skipping: skipping,
                       driver: alternative, within: areas, complete: &complete, isCancelled: isCancelled)
    }

    /// `collect`, telling in `complete` whether every landmark the driver lists (in the area
    /// searched) was looked at, or budgets and caps left some unread.
    private func collect(_ matches: [TokenMatch], required: [Bool], options: SearchOptions, relaxed: Bool,
                         seen: inout [UInt32], skipping: Set<Int> = [], driver alternative: TokenMatch? = nil,
                         within areas: [BoundingBox]? = nil, complete: inout Bool, isCancelled: () -> Bool) -> [ScoredCandidate] {
        complete = true
        for (i, m) in matches.enumerated() where required[i] && m.isEmpty { return [] }
        guard let driverIndex = lastDriver(matches, required: required, skipping: skipping) else { return [] }
        var driver = matches[driverIndex]
        if let a = alternative, a.cost < driver.cost { driver = a }
        let source = CandidateSource(index: index, match: driver)
        var scorer = CandidateScorer(index: index, matches: matches, required: required, options: options, relaxed: relaxed,
                                     weights: weights)
        var out: [ScoredCandidate] = []
        var batch: [UInt32] = []
        var budget = limits.scoreBudget
        // Scores the new ids of `batch` (sorted, de-duplicated against `seen`).
        func flush() -> Bool {
            batch.sort()
            var fresh: [UInt32] = []
            fresh.reserveCapacity(batch.count)
            var j = 0
            var last: UInt32?
            for id in batch where id != last {
                last = id
                while j < seen.count && seen[j] < id { j += 1 }
                if j < seen.count && seen[j] == id { continue }
                fresh.append(id)
            }
            batch.removeAll(keepingCapacity: true)
            for (k, id) in fresh.enumerated() {
                if k & 127 == 127 && isCancelled() { return false }
                if let c = scorer.score(id) { out.append(c) }
            }
            budget -= fresh.count
            seen = merge(seen, fresh)
            return budget > 0
        }
        let everything = ranges(nil, within: areas)
        if let box = options.filterBox {
            source.forEachID(in: ranges(box, within: areas)) { batch.append($0); return true }
            if !flush() { complete = false }
        } else if let near = options.near, driver.cost > limits.ringThreshold {
            let target = max(options.limit * limits.targetFactor, limits.minTarget)
            var done = false
            for r in limits.rings {
                source.forEachID(in: ranges(BoundingBox(around: near, meters: r), within: areas)) { batch.append($0); return true }
                guard flush() else { done = true; complete = false; break }
                if out.count >= target { done = true; break }
            }
            if !done {
                source.forEachID(in: everything) { batch.append($0); return batch.count < limits.fallbackScan }
                if batch.count >= limits.fallbackScan { complete = false }
                if !flush() { complete = false }
            }
            // Far but important matches (a capital city) still compete.
            batch.append(contentsOf: source.important(limit: limits.importantNearby))
            _ = flush()
        } else if options.near != nil || driver.cost <= limits.smallDriver
                    || (driver.sources.allSatisfy({ $0.node.topOffset == nil }) && driver.scriptSources.allSatisfy({ $0.node.topOffset == nil })) {
            // Few enough to score them all (with a hint, a selective token needs no widening boxes).
            // Without a hint a category word may list tens of thousands ("pis": every swimming
            // pool of a region), all equal but for importance: names come first, then a bounded
            // share of the category.
            let cap = options.near == nil ? limits.scanWithoutHint : limits.scanWithHint
            source.forEachID(in: everything) { batch.append($0); return batch.count < cap }
            if batch.count >= cap { complete = false }
            if !flush() { complete = false }
        } else {
            // A common prefix without a location: the most important matches, plus exact matches of
            // the word when they are few enough to rank (a word in thousands of names, "des", is
            // left to the top lists: scoring them all would cost milliseconds for equal matches).
            batch.append(contentsOf: source.important(limit: limits.importantWithoutHint))
            var exact = driver
            let whole: (TokenSource) -> Bool = {
                ($0.kind == .exact || $0.kind == .abbreviation
                    || ($0.kind == .transliterated && $0.node.isTerminal && $0.ordinals == $0.node.ordinalStart..<($0.node.ordinalStart + 1)))
                    && self.index.tokenPostingCount(of: $0.node) <= self.limits.exactListMax
            }
            exact.sources = exact.sources.filter(whole)
            exact.scriptSources = exact.scriptSources.filter(whole)
            exact.categories = []
            CandidateSource(index: index, match: exact).forEachID(in: everything) { batch.append($0); return batch.count < limits.exactScan }
            _ = flush()
            complete = false
        }
        return out
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

    private func merge(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
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
