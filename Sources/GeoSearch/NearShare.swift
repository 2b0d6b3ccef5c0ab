// A one- or two-letter prefix matches a good part of the index, so its score
// order is mostly importance order: with a location hint, "c" would list the
// region's largest places and nothing of the street the user stands in. This
// keeps a share of the first page (CandidateLimits.nearShare) for the nearest
// matches, the rest for the best-scored ones, and interleaves them on the page:
// the nearest first (what the user most likely means when a letter or two is
// all there is), the best-scored second, and so on.
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

    /// How many of the nearest each index adds to its best-scored: a few more than the slots, as
    /// deduplication may merge some.
    static func nearestCount(slots: Int) -> Int { slots * 3 }

    /// `best` (the best-scored candidates, best first) with the `count` nearest eligible of `all`
    /// added and marked `near` (those already in `best` are marked there), best first: the nearest
    /// are often far down the score order.
    static func addNearest(to best: [ScoredCandidate], from all: [ScoredCandidate], count: Int,
                           index: LandmarkIndex) -> [ScoredCandidate] {
        // The `count` nearest, by a bounded insertion (there may be thousands of candidates).
        var nearest: [ScoredCandidate] = []
        nearest.reserveCapacity(count + 1)
        var bound = Double.infinity   // the distance of the farthest kept, once there are `count`
        for c in all {
            guard let d = c.distance, d <= bound else { continue }
            if nearest.count == count, let last = nearest.last, !nearer(c, last) { continue }
            guard eligible(c, index: index) else { continue }
            var lo = 0, hi = nearest.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if nearer(nearest[mid], c) { lo = mid + 1 } else { hi = mid }
            }
            nearest.insert(c, at: lo)
            if nearest.count > count { nearest.removeLast() }
            if nearest.count == count { bound = nearest[count - 1].distance ?? .infinity }
        }
        var out = best
        for var c in nearest {
            c.near = true
            if let k = out.firstIndex(where: { $0.id == c.id }) { out[k].near = true } else { out.append(c) }
        }
        return out.count == best.count ? out : out.sorted(by: IndexSearcher.better)
    }

    /// The page first — `slots` nearest eligible candidates and the best-scored others up to
    /// `limit`, interleaved: nearest, best, next nearest, next best… — then the rest in score
    /// order. `pool` is sorted best first.
    static func order(_ pool: [(source: Int, candidate: ScoredCandidate)], limit: Int, slots: Int,
                      eligible: ((source: Int, candidate: ScoredCandidate)) -> Bool) -> [(source: Int, candidate: ScoredCandidate)] {
        guard pool.count > 1, slots > 0 else { return pool }
        var onPage = [Bool](repeating: false, count: pool.count)
        let canTake = pool.map(eligible)
        // The nearest by selection, nearest first: the pool and the slots are small.
        var near: [Int] = []
        while near.count < slots {
            var pick: Int?
            for i in pool.indices where canTake[i] && !onPage[i] {
                if let p = pick, !nearer(pool[i].candidate, pool[p].candidate) { continue }
                pick = i
            }
            guard let p = pick else { break }
            onPage[p] = true
            near.append(p)
        }
        var best: [Int] = []
        for i in pool.indices where near.count + best.count < limit && !onPage[i] {
            onPage[i] = true
            best.append(i)
        }
        var page: [Int] = []
        for k in 0..<max(near.count, best.count) {
            if k < near.count { page.append(near[k]) }
            if k < best.count { page.append(best[k]) }
        }
        return page.map { pool[$0] } + pool.indices.filter { !onPage[$0] }.map { pool[$0] }
    }

    @inline(__always) static func nearer(_ a: ScoredCandidate, _ b: ScoredCandidate) -> Bool {
        let da = a.distance ?? .infinity, db = b.distance ?? .infinity
        return da != db ? da < db : IndexSearcher.better(a, b)
    }
}
