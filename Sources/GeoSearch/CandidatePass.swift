// One pass over the candidates of a query's driving word: where to read them
// (the filter box, widening rings around the hint, the whole list, or the top
// lists of a common prefix), in batches scored against every word. What a
// pass carries while it reads — the ids already scored, what qualified, the
// batch not yet scored, the budget left — is one value, `PassScan`, so each
// step says what it changes instead of a closure mutating the pass's locals.
import GeoBase
import GeoFormat

/// The state of one pass while it reads and scores ids.
struct PassScan {
    /// Ids already scored, by this pass or the ones before it (sorted; an id may repeat).
    var seen: [UInt32]
    var scorer: CandidateScorer
    /// Ids the pass may still score before it stops.
    var budget: Int
    /// What qualified.
    var out: [ScoredCandidate] = []
    /// Ids read and not yet scored.
    var batch: [UInt32] = []

    /// Adds the ids `source` lists in `ranges` to the batch, stopping once it holds `cap`.
    mutating func read(_ source: CandidateSource, in ranges: [Range<UInt32>], cap: Int = .max) {
        source.forEachID(in: ranges) { batch.append($0); return batch.count < cap }
    }

    /// Scores the new ids of the batch (sorted, de-duplicated against `seen`) and empties it;
    /// false when cancelled or when the budget is spent.
    mutating func flush(isCancelled: () -> Bool) -> Bool {
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
        seen = IndexSearcher.merge(seen, fresh)
        return budget > 0
    }
}

extension IndexSearcher {
    /// Scores candidates of the most selective token (not in `skipping`) that are not in `seen`
    /// (sorted ids), adding them to it. `driver`: candidates to take instead of the most selective
    /// token's, when they are fewer. `complete`: whether every landmark the driver lists (in the
    /// area searched) was looked at, or budgets and caps left some unread.
    func collect(_ matches: [TokenMatch], required: [Bool], options: SearchOptions, relaxed: Bool,
                 seen: inout [UInt32], skipping: Set<Int> = [], driver alternative: TokenMatch? = nil,
                 within areas: [BoundingBox]? = nil, isCancelled: () -> Bool) -> (candidates: [ScoredCandidate], complete: Bool) {
        for (i, m) in matches.enumerated() where required[i] && m.isEmpty { return ([], true) }
        guard let driverIndex = lastDriver(matches, required: required, skipping: skipping) else { return ([], true) }
        var driver = matches[driverIndex]
        if let a = alternative, a.cost < driver.cost { driver = a }
        let source = CandidateSource(index: index, match: driver)
        var scan = PassScan(seen: seen, scorer: CandidateScorer(index: index, matches: matches, required: required, options: options,
                                                                relaxed: relaxed, weights: weights),
                            budget: limits.scoreBudget)
        var complete = true
        let everything = ranges(nil, within: areas)
        if let box = options.filterBox {
            scan.read(source, in: ranges(box, within: areas))
            if !scan.flush(isCancelled: isCancelled) { complete = false }
        } else if let near = options.near, driver.cost > limits.ringThreshold {
            let target = max(options.limit * limits.targetFactor, limits.minTarget)
            var done = false
            for r in limits.rings {
                scan.read(source, in: ranges(BoundingBox(around: near, meters: r), within: areas))
                guard scan.flush(isCancelled: isCancelled) else { done = true; complete = false; break }
                if scan.out.count >= target { done = true; break }
            }
            if !done {
                scan.read(source, in: everything, cap: limits.fallbackScan)
                if scan.batch.count >= limits.fallbackScan { complete = false }
                if !scan.flush(isCancelled: isCancelled) { complete = false }
            }
            // Far but important matches (a capital city) still compete.
            scan.batch.append(contentsOf: source.important(limit: limits.importantNearby))
            _ = scan.flush(isCancelled: isCancelled)
        } else if options.near != nil || driver.cost <= limits.smallDriver
                    || (driver.sources.allSatisfy({ $0.node.topOffset == nil }) && driver.scriptSources.allSatisfy({ $0.node.topOffset == nil })) {
            // Few enough to score them all (with a hint, a selective token needs no widening boxes).
            // Without a hint a category word may list tens of thousands ("pis": every swimming
            // pool of a region), all equal but for importance: names come first, then a bounded
            // share of the category.
            let cap = options.near == nil ? limits.scanWithoutHint : limits.scanWithHint
            scan.read(source, in: everything, cap: cap)
            if scan.batch.count >= cap { complete = false }
            if !scan.flush(isCancelled: isCancelled) { complete = false }
        } else {
            // A common prefix without a location: the most important matches, plus exact matches of
            // the word when they are few enough to rank (a word in thousands of names, "des", is
            // left to the top lists: scoring them all would cost milliseconds for equal matches).
            scan.batch.append(contentsOf: source.important(limit: limits.importantWithoutHint))
            var exact = driver
            let whole: (TokenSource) -> Bool = {
                ($0.kind == .exact || $0.kind == .abbreviation
                    || ($0.kind == .transliterated && $0.node.isTerminal && $0.ordinals == $0.node.ordinalStart..<($0.node.ordinalStart + 1)))
                    && self.index.tokenPostingCount(of: $0.node) <= self.limits.exactListMax
            }
            exact.sources = exact.sources.filter(whole)
            exact.scriptSources = exact.scriptSources.filter(whole)
            exact.categories = []
            scan.read(CandidateSource(index: index, match: exact), in: everything, cap: limits.exactScan)
            _ = scan.flush(isCancelled: isCancelled)
            complete = false
        }
        seen = scan.seen
        return (scan.out, complete)
    }
}
