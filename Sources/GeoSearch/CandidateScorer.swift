// Checks one landmark against all query tokens and scores it. A landmark
// qualifies when every required token is satisfied by one of its tokens or by
// its category. The score adds text quality (exact > abbreviation > prefix >
// category > transliterated > typo), how much of the name the query covers,
// importance, and a log-scale closeness to the location hint. Matches through
// another script ("ulitsa" → "улица") form a lower tier, and typo matches a
// lower one still, so a match in the typed script always ranks first.
import Foundation
import GeoBase
import GeoFormat
import GeoModel

struct ScoredCandidate {
    var id: UInt32
    /// `RankingWeights.score(features)`.
    var score: Double
    /// A higher tier always ranks first (see the constants below).
    var tier: Int
    /// What the score was made of.
    var features: RankingFeatures
    /// Metres to the location hint; nil without one.
    var distance: Double? { features.distance }
    /// Query words (bit i for word i) the landmark does not match: a relaxed pass let them go
    /// ("rue grimaldi 99" answered by the street, which has no 99).
    var unmatched: UInt32 = 0
    /// One of the nearest matches of a short prefix (see NearShare): kept through deduplication
    /// beyond the limit.
    var near = false

    /// Every word matched in the script it was typed in.
    static let directTier = 3
    /// Some word matched only through another script ("ulitsa" → "улица").
    static let transliteratedTier = 2
    /// Some word matched only with a typo.
    static let typoTier = 1
    /// A relaxed pass: some words or numbers were let go.
    static let relaxedTier = 0
}

struct CandidateScorer {
    let index: LandmarkIndex
    /// Tokens that must match (a relaxed pass drops some).
    let required: [Bool]
    let options: SearchOptions
    let filter: FixedBoundingBox?
    let nearProjection: (lat: Double, lon: Double, cosLat: Double)?
    let relaxed: Bool
    let requiredCount: Int
    /// Words of the query a landmark may match (those inside a category phrase count once, as it).
    let wordCount: Int
    let kindMask: UInt8
    let weights: RankingWeights
    /// The matches flattened into arrays of plain values, read per candidate without copying
    /// (a `TokenMatch` holds arrays and strings: copying one per word per candidate cost a third
    /// of a short query's time in reference counting).
    private let plans: [WordPlan]
    private let planSources: [PlanSource]
    private let planCategories: [(id: Int, quality: Double)]
    /// The best text quality any landmark can reach: with each word's best match quality M and
    /// R required words, the mean the score takes is at most max(ΣM / R, max M).
    private let textBound: Double
    private var ordinals: [Int] = []
    /// How many of `ordinals` are the current landmark's.
    private var ordinalCount = 0

    /// One query word: where its sources (typed script, then other scripts) and categories lie.
    private struct WordPlan {
        var sources: Range<Int>
        var scriptSources: Range<Int>
        var categories: Range<Int>
        var coveredByPhrase: Bool
        var required: Bool
    }

    /// A source as the scorer reads it: the token ordinals it covers, shifted as the landmark's
    /// entries are (`ordinal << 2 | class`).
    private struct PlanSource {
        var lower: Int
        var upper: Int
        var kind: MatchKind
        var quality: Double
    }

    init(index: LandmarkIndex, matches: [TokenMatch], required: [Bool], options: SearchOptions, relaxed: Bool,
         weights: RankingWeights = .standard) {
        self.index = index
        self.weights = weights
        self.required = required
        self.options = options
        self.relaxed = relaxed
        requiredCount = max(1, required.filter { $0 }.count)
        wordCount = max(1, matches.filter { !$0.coveredByPhrase }.count)
        kindMask = options.kinds.reduce(0) { $0 | UInt8(1) << $1.rawValue }
        filter = options.filterBox.map(FixedBoundingBox.init)
        if let n = options.near {
            nearProjection = (n.lat, n.lon, MetresPerDegree.cosine(n.lat))
        } else {
            nearProjection = nil
        }
        var plans: [WordPlan] = [], sources: [PlanSource] = [], categories: [(id: Int, quality: Double)] = []
        func add(_ list: [TokenSource]) -> Range<Int> {
            let start = sources.count
            for s in list {
                sources.append(PlanSource(lower: TokenEntry.lowest(ordinal: s.ordinals.lowerBound),
                                          upper: TokenEntry.lowest(ordinal: s.ordinals.upperBound), kind: s.kind, quality: s.quality))
            }
            return start..<sources.count
        }
        for (t, m) in matches.enumerated() {
            let typed = add(m.sources), other = add(m.scriptSources)
            let c = categories.count
            categories += m.categories
            plans.append(WordPlan(sources: typed, scriptSources: other, categories: c..<categories.count,
                                  coveredByPhrase: m.coveredByPhrase, required: t < required.count && required[t]))
        }
        self.plans = plans
        planSources = sources
        planCategories = categories
        let best = plans.map { p -> Double in
            var q = 0.0
            for k in p.sources { q = max(q, sources[k].quality) }
            for k in p.scriptSources { q = max(q, sources[k].quality) }
            for k in p.categories { q = max(q, categories[k].quality >= weights.categoryMatch ? weights.exactMatch : categories[k].quality) }
            return q
        }
        textBound = min(weights.exactMatch, max(best.reduce(0, +) / Double(requiredCount), best.max() ?? 0))
        ordinals.reserveCapacity(64)
    }

    /// Fast distance in metres (equirectangular; exact enough for ranking).
    @inline(__always) func distance(to p: FixedCoordinate) -> Double? {
        guard let n = nearProjection else { return nil }
        let dLat = (Double(p.lat) / 1e7 - n.lat) * MetresPerDegree.latitude
        var dLon = Double(p.lon) / 1e7 - n.lon
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let x = dLon * MetresPerDegree.latitude * n.cosLat
        return (x * x + dLat * dLat).squareRoot()
    }

    mutating func score(_ id: UInt32) -> ScoredCandidate? {
        let i = Int(id)
        guard kindMask & (1 << index.kind(i).rawValue) != 0 else { return nil }
        let p = index.point(i)
        if let f = filter, p.lat < f.minLat || p.lat > f.maxLat || p.lon < f.minLon || p.lon > f.maxLon { return nil }
        ordinalCount = index.tokenEntries(i, into: &ordinals)
        let category = index.categoryID(i)
        var quality = 0.0
        var byName = 0
        var fuzzy = false
        var script = false
        var counted = 0
        var categoryAgrees = false
        // A whole query word names what this landmark is ("casino" for a casino).
        var categoryNamed = false
        var unmatched: UInt32 = 0
        for t in plans.indices {
            let m = plans[t]
            var (best, bestKind, named) = bestSource(m.sources)
            for k in m.categories where planCategories[k].id == category {
                let c = planCategories[k]
                // A word still being typed that starts a category word ("land" → "landkreis") says
                // what the landmark is unless the landmark's name has the word whole: "land" typed
                // for a country called Land is the name, and the bonus would lift its boundary above
                // the country. ("casin" still puts casinos before a shop called Casino.)
                if c.quality >= weights.categoryMatch || bestKind != .exact { categoryAgrees = true }
                if c.quality >= weights.categoryMatch {
                    // The whole word names what this landmark is ("pharmacie" for a pharmacy): every
                    // pharmacy matches it as well as a name would, whether or not its name happens
                    // to contain the word, so the name earns nothing extra — distance and the other
                    // words decide. Otherwise "Pharmacie X" 500 km away outranks the unnamed
                    // pharmacy round the corner. (A prefix, "pharm", may still be a name being typed.)
                    best = weights.exactMatch
                    bestKind = .category
                    named = false
                    categoryNamed = true
                } else if c.quality > best {
                    best = c.quality
                    bestKind = .category
                    named = false
                }
            }
            // Another script counts where the typed one found nothing better than a typo.
            if !m.scriptSources.isEmpty && (best == 0 || bestKind == .fuzzy) {
                let (bestT, kindT, namedT) = bestSource(m.scriptSources)
                if bestT > 0 && (kindT == .transliterated || bestT > best) {
                    best = bestT
                    bestKind = kindT
                    named = namedT
                }
            }
            if best == 0 {
                if m.coveredByPhrase { continue }
                if m.required { return nil }
                if t < 32 { unmatched |= 1 << UInt32(t) }
                continue
            }
            counted += 1
            quality += best
            if named { byName += 1 }
            if bestKind == .fuzzy { fuzzy = true }
            if bestKind == .transliterated { script = true }
        }
        // A relaxed pass ranks by how many of the query's words match: unmatched words count as 0.
        let textQ = quality / Double(relaxed ? max(wordCount, counted) : max(requiredCount, counted))
        let nameTokens = max(1, index.nameTokenCount(i))
        // A word that names what the landmark is says as much as its whole name: every casino covers
        // "casino" fully, so a shop that merely has the word in its name ("Petit Casino") never
        // covers it better, and the category bonus puts the casinos first.
        let cover = categoryNamed ? 1 : min(1, Double(byName) / Double(nameTokens))
        // Importance counts fully only when the shown name (or what the landmark is) matched: a
        // country found through one of its 150 translations should not outrank the street the
        // user is typing (`importanceCountsFully`). And "hotel" typed puts a hotel named "Hotel
        // Bellevue" before a town hall named "Hôtel de Ville" (`categoryAgrees`).
        let features = RankingFeatures(
            textQuality: textQ, nameCover: cover, importance: Double(index.importance(i)) / 255,
            importanceCountsFully: byName > 0 || categoryNamed || counted == 0, distance: distance(to: p),
            inWindow: inWindow(p), categoryAgrees: categoryAgrees)
        let tier = relaxed ? ScoredCandidate.relaxedTier : fuzzy ? ScoredCandidate.typoTier
            : script ? ScoredCandidate.transliteratedTier : ScoredCandidate.directTier
        return ScoredCandidate(id: id, score: weights.score(features), tier: tier, features: features, unmatched: unmatched)
    }

    /// Whether `p` lies in the map window (one that is not a filter).
    @inline(__always) private func inWindow(_ p: FixedCoordinate) -> Bool {
        guard let box = options.window, !options.windowIsFilter else { return false }
        return box.contains(p.coordinate)
    }

    /// A score landmark `id` cannot beat, read without its tokens (importance and place only):
    /// every word matched whole in its shown name, covering it all, with every bonus. A deep scan
    /// (see DeepScan) scores only the landmarks whose bound beats what it has already.
    /// (The same function as the score, of the best features: added in the same order, the bound
    /// is never below a score it bounds, not even by rounding.)
    func upperBound(_ id: UInt32) -> Double {
        weights.score(bestFeatures(id))
    }

    /// The best features landmark `id` can have for this query.
    func bestFeatures(_ id: UInt32) -> RankingFeatures {
        let i = Int(id)
        // A word that names a category covers any name; otherwise at most every query word is in
        // the shown name.
        let cover = planCategories.isEmpty ? min(1, Double(wordCount) / Double(max(1, index.nameTokenCount(i)))) : 1
        return RankingFeatures(textQuality: textBound, nameCover: cover, importance: Double(index.importance(i)) / 255,
                               importanceCountsFully: true, distance: distance(to: index.point(i)),
                               inWindow: options.window != nil && !options.windowIsFilter,
                               categoryAgrees: !planCategories.isEmpty)
    }

    /// The best of `sources` the current landmark has: its quality (a match in a translation or
    /// alternative name, the address or the place around counts a little less than in the shown
    /// name), how it matched, and whether in the shown name.
    @inline(__always) private func bestSource(_ range: Range<Int>) -> (quality: Double, kind: MatchKind, named: Bool) {
        var best = (quality: 0.0, kind: MatchKind.fuzzy, named: false)
        for k in range {
            let s = planSources[k]
            guard s.quality > best.quality, let found = match(s.lower, s.upper) else { continue }
            let q = s.quality * weights.classFactor(found)
            if q > best.quality { best = (q, s.kind, found.rawValue == TokenClass.name.rawValue) }
        }
        return best
    }

    /// The best class of the current landmark's tokens in `lower ..< upper` (shifted ordinals; name, then address, other
    /// name, context), or nil when none lies there. Entries are `ordinal << 2 | class`, sorted.
    @inline(__always) private func match(_ lower: Int, _ upper: Int) -> TokenClass? {
        var lo = 0, hi = ordinalCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if ordinals[mid] < lower { lo = mid + 1 } else { hi = mid }
        }
        guard lo < ordinalCount, ordinals[lo] < upper else { return nil }
        var best = TokenClass.context
        var k = lo
        while k < ordinalCount && ordinals[k] < upper {
            switch TokenEntry(packed: ordinals[k]).classValue {
            case TokenClass.name.rawValue: return .name
            case TokenClass.address.rawValue: best = .address
            case TokenClass.otherName.rawValue: if best == .context { best = .otherName }
            default: break
            }
            k += 1
        }
        return best
    }
}
