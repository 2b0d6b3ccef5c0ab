// A one- or two-letter prefix matches a good part of the index, so its score
// order is mostly importance order: with a location hint, "c" would list the
// region's largest places and nothing of the street the user stands in. This
// keeps a share of the first page (CandidateLimits.nearShare) for the nearest
// matches, the rest for the best-scored ones, and orders that page by score.
import GeoFormat
import GeoModel

enum NearShare {
    /// Whether the rule applies: one word still being typed, of at most
    /// `limits.shortPrefixLength` letters (not a number), with a location hint.
    static func applies(_ query: ParsedQuery, options: SearchOptions, limits: CandidateLimits) -> Bool {
        guard options.near != nil, limits.nearShare > 0, query.tokens.count == 1, let t = query.tokens.first else { return false }
        return t.isPrefix && !t.isNumeric && t.text.unicodeScalars.count <= limits.shortPrefixLength
    }

    /// How many results of a page of `limit` are kept for what is nearest.
    static func slots(limit: Int, limits: CandidateLimits) -> Int {
        min(limit, Int((Double(limit) * limits.nearShare).rounded(.up)))
    }

    /// Whether a candidate may take a near slot: an address matches a letter only through its
    /// street's name, and the street itself is the better answer.
    @inline(__always) static func eligible(_ c: ScoredCandidate, index: LandmarkIndex) -> Bool {
        c.distance != nil && index.kind(Int(c.id)) != .address
    }

    /// `best` (the best-scored candidates) with up to `count` of the nearest of `all` added, best
    /// first: the nearest are often far down the score order.
    static func addNearest(to best: [ScoredCandidate], from all: [ScoredCandidate], count: Int,
                           index: LandmarkIndex) -> [ScoredCandidate] {
        let have = Set(best.map(\.id))
        let nearest = all.filter { !have.contains($0.id) && eligible($0, index: index) }
            .sorted(by: nearer).prefix(count)
        return (best + nearest).sorted(by: IndexSearcher.better)
    }

    /// The page first (`slots` nearest eligible candidates and the best-scored others up to
    /// `limit`, in score order), then the rest in score order. `pool` is sorted best first.
    static func order<T>(_ pool: [T], limit: Int, slots: Int, candidate: (T) -> ScoredCandidate,
                         eligible: (T) -> Bool) -> [T] {
        guard pool.count > limit, slots > 0 else { return pool }
        var onPage = [Bool](repeating: false, count: pool.count)
        let near = pool.indices.filter { eligible(pool[$0]) }
            .sorted { nearer(candidate(pool[$0]), candidate(pool[$1])) }.prefix(slots)
        for i in near { onPage[i] = true }
        var taken = near.count
        for i in pool.indices where taken < limit && !onPage[i] {
            onPage[i] = true
            taken += 1
        }
        return pool.indices.filter { onPage[$0] }.map { pool[$0] } + pool.indices.filter { !onPage[$0] }.map { pool[$0] }
    }

    @inline(__always) static func nearer(_ a: ScoredCandidate, _ b: ScoredCandidate) -> Bool {
        let da = a.distance ?? .infinity, db = b.distance ?? .infinity
        return da != db ? da < db : IndexSearcher.better(a, b)
    }
}
