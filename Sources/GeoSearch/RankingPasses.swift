// The passes of one index's ranking, each a named method that says when it
// runs and what it adds (as Organic Maps' search keeps each pass a method of
// its own): the strict pass, the deep scan, other scripts, typos, place words
// driving in turn, then the relaxed passes. What they share is one value,
// `RankingProgress`, handed from pass to pass; `IndexSearcher.rank` lists the
// order.
import GeoBase
import GeoFormat

/// What the passes of one ranking hand on to each other.
struct RankingProgress {
    /// Each query word's matches; the other-script and typo passes add to them.
    var matches: [TokenMatch]
    /// The words a landmark must match; the relaxed pass lets some go.
    var required: [Bool]
    /// The ids the strict passes have scored (sorted; an id may repeat): none is scored twice.
    var seen: [UInt32] = []
    /// What qualified so far, in no order.
    var results: [ScoredCandidate] = []
    /// How many of `results` matched only through another script.
    var transliterated = 0

    init(matches: [TokenMatch]) {
        self.matches = matches
        required = matches.map { !$0.coveredByPhrase }
    }

    /// What was found in the typed script (matches through another script do not count: they
    /// rank below what the typed script finds, typos included).
    var found: Int { results.count - transliterated }
}

extension IndexSearcher {
    /// The strict pass: the most selective word drives, every required word must match. Tells
    /// whether it read every landmark the driver lists (see `collect`).
    func strictPass(_ p: inout RankingProgress, options: SearchOptions, isCancelled: () -> Bool) -> Bool {
        let (more, complete) = collect(p.matches, required: p.required, options: options, relaxed: false, seen: &p.seen,
                                       isCancelled: isCancelled)
        p.results += more
        return complete
    }

    /// The strict pass read only part of a long list (the most important, the nearest) and found
    /// nothing: the rest is read, scoring only what could still make the page (see DeepScan).
    /// (When it found some, reading hundreds of thousands of ids for a fuller page of "de l" costs
    /// milliseconds; the passes below fill it.)
    func deepScanPass(_ p: inout RankingProgress, strictPassComplete: Bool, options: SearchOptions, isCancelled: () -> Bool) {
        guard !strictPassComplete && p.results.isEmpty else { return }
        let more = deepScan(p.matches, required: p.required, options: options, seen: &p.seen, found: p.results,
                            isCancelled: isCancelled)
        p.results += more
    }

    /// Words read in another script ("ulitsa" → "улица") rank below every match in the typed
    /// script, so they are looked for only when those did not fill the page: the words that
    /// matched little in their own script, or every word when nothing was found. The landmarks
    /// the earlier passes rejected are scored again (a word they lacked may now match), all but
    /// those that qualified.
    func transliterationPass(_ p: inout RankingProgress, options: SearchOptions, isCancelled: () -> Bool) {
        guard p.results.count < options.limit,
              TokenMatcher.addTransliterations(&p.matches, index: index, weights: weights,
                                               threshold: p.results.isEmpty ? nil : typoThreshold(options), roots: roots)
        else { return }
        // Only a landmark that some word matches through another script can qualify now: those
        // are the candidates, unless one word's list is shorter still.
        var other = TokenMatch(token: p.matches[0].token)
        for m in p.matches {
            other.scriptSources += m.scriptSources
            other.cost += m.scriptCost
        }
        var again = p.results.map(\.id).sorted()
        let more = collect(p.matches, required: p.required, options: options, relaxed: false, seen: &again,
                           driver: other, isCancelled: isCancelled).candidates
        p.transliterated = more.reduce(0) { $0 + ($1.tier == ScoredCandidate.transliteratedTier ? 1 : 0) }
        p.results += more
        p.seen = IndexSearcher.merge(p.seen, again)
    }

    /// Typos are looked for only when exact and prefix matching found little (`found`: what
    /// other scripts found does not count).
    func typoPass(_ p: inout RankingProgress, options: SearchOptions, isCancelled: () -> Bool) {
        guard p.found < min(options.limit, limits.typoWhenFewerThan),
              TokenMatcher.addFuzzy(&p.matches, index: index, threshold: typoThreshold(options), weights: weights, roots: roots)
        else { return }
        let more = collect(p.matches, required: p.required, options: options, relaxed: false, seen: &p.seen,
                           isCancelled: isCancelled).candidates
        p.results += more
    }

    /// Words matching fewer landmarks than this get other-script and typo sources.
    private func typoThreshold(_ options: SearchOptions) -> Int { max(limits.typoCostThreshold, options.limit) }

    /// The most selective word may name the place rather than the landmark ("bahnhofstrasse
    /// vaduz": few landmarks are called Vaduz, but the street lies in it): the other words drive
    /// in turn, and the place word matches the landmark's context.
    /// A landmark that has every word has the driver among its own words — unless the driver
    /// names a place it lies in (a context word, no posting list). So when the driver names a
    /// place, the next word drives too ("mannerheimintie helsinki": not only what is named
    /// Helsinki), and so on while drivers name places.
    func placeWordPasses(_ p: inout RankingProgress, options: SearchOptions, isCancelled: () -> Bool) {
        var drivers: Set<Int> = []
        while let used = lastDriver(p.matches, required: p.required, skipping: drivers) {
            drivers.insert(used)
            // (A query of one word has no other driver: nothing to look at.)
            guard lastDriver(p.matches, required: p.required, skipping: drivers) != nil else { break }
            // Only landmarks in the places the word names can have it as their context: the scan
            // keeps to those places' areas when all are known.
            let place = placeWord(p.matches[used], in: p.matches)
            // A driver that names no place (a house number) hands on to the next word, which may.
            guard place != .notAPlace else { continue }
            var areas: [BoundingBox]?
            if case .within(let boxes) = place { areas = boxes }
            let more = collect(p.matches, required: p.required, options: options, relaxed: false, seen: &p.seen,
                               skipping: drivers, within: areas, isCancelled: isCancelled).candidates
            p.results += more
        }
    }

    /// Still too few: let go of words nothing matched, else of house numbers ("rue grimaldi 99" →
    /// the street). `qualified`: the ids that qualified in the strict passes (sorted), which a
    /// relaxed pass does not score again; it adds what it scores.
    func dropWordsPass(_ p: inout RankingProgress, qualified: inout [UInt32], options: SearchOptions, isCancelled: () -> Bool) {
        guard p.found < options.limit && p.matches.count >= 2 else { return }
        let matches = p.matches
        let empty = matches.indices.filter { matches[$0].isEmpty }
        let drop = !empty.isEmpty ? empty : matches.indices.filter { matches[$0].token.isNumeric || !matches[$0].token.alternatives.isEmpty }
        guard !drop.isEmpty && drop.count < matches.count else { return }
        for i in drop { p.required[i] = false }
        let more = collect(matches, required: p.required, options: options, relaxed: true, seen: &qualified,
                           isCancelled: isCancelled).candidates
        p.results += more
    }

    /// Nothing at all: each word alone may find something, and the others count where they match
    /// ("bahnhofstrasse vaduz" when no Bahnhofstrasse lies in Vaduz: the one in Schaan).
    func eachWordAlonePasses(_ p: inout RankingProgress, qualified: inout [UInt32], options: SearchOptions,
                             isCancelled: () -> Bool) {
        guard p.results.isEmpty && p.matches.count >= 2 else { return }
        let matches = p.matches
        let order = matches.indices.filter { !matches[$0].isEmpty && !matches[$0].coveredByPhrase }
            .sorted { matches[$0].cost < matches[$1].cost }
        for i in order {
            let alone = matches.indices.map { $0 == i }
            let more = collect(matches, required: alone, options: options, relaxed: true, seen: &qualified,
                               isCancelled: isCancelled).candidates
            p.results += more
        }
    }

    /// The candidates the page is made from, best first: a few more than the limit for
    /// deduplication (select those, sort just them), and for a short prefix near a hint its
    /// nearest matches (see NearShare).
    func page(_ results: [ScoredCandidate], query: ParsedQuery, options: SearchOptions) -> [ScoredCandidate] {
        let count = options.groupDistance == nil ? options.limit * 3 + 5 : options.limit
        let best = IndexSearcher.best(results, count: count)
        guard NearShare.applies(query, options: options, limits: limits) else { return best }
        let slots = NearShare.slots(limit: options.limit, limits: limits)
        return NearShare.addNearest(to: best, from: results, count: NearShare.nearestCount(slots: slots), index: index)
    }
}
