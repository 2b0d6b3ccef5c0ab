// Turns ranked landmark ids into results people read: the display name (in
// the requested language when the data has it), a subtitle of category and
// address or locality, highlight spans of the typed words inside the name,
// the distance label and the next action. Also removes near-duplicates (the
// same name and category close together, or a place and its boundary) unless
// the caller groups results.
import GeoBase
import GeoFormat
import GeoModel

public enum ResultDescriber {
    public static func displayName(_ r: LandmarkRecord, language: String?) -> String {
        if let lang = language, let n = r.names.first(where: { $0.key == "name:\(lang)" }) { return n.value }
        return r.names.first?.value ?? r.formattedAddress ?? ""
    }

    static func describe(_ c: ScoredCandidate, query: ParsedQuery, highlighter: Highlighter, index: LandmarkIndex,
                         options: SearchOptions) -> SearchResult? {
        let i = Int(c.id)
        guard let r = index.displayRecord(i, language: options.language) else { return nil }
        let kind = index.kind(i)
        let cat = index.categoryDescription(index.categoryID(i))
        var name = displayName(r, language: options.language)
        // An unnamed POI (a pharmacy, an ATM) is shown by what it is.
        if name.isEmpty { name = cat.label }
        let address = kind == .address ? nil : r.formattedAddress
        var subtitleParts: [String] = []
        switch kind {
        case .address:
            subtitleParts.append("Address")
            let place = [r.postcode, r.locality].compactMap { $0 }.joined(separator: " ")
            if !place.isEmpty { subtitleParts.append(place) }
        case .street:
            subtitleParts.append(cat.label)
            if let l = r.locality { subtitleParts.append(l) }
        default:
            subtitleParts.append(cat.label)
            let town = [address == nil ? nil : r.postcode, r.locality].compactMap { $0 }.joined(separator: " ")
            let place = [address, town.isEmpty ? nil : town].compactMap { $0 }.joined(separator: ", ")
            if !place.isEmpty { subtitleParts.append(place) }
        }
        let p = index.point(i).coordinate
        let distance = options.near.map { $0.distance(to: p) }
        let substitute = kind == .street || kind == .place
        var result = SearchResult(
            landmarkID: i, name: name, subtitle: subtitleParts.joined(separator: " · "), kind: kind,
            category: cat.tag, icon: kind == .address ? "home" : cat.icon,
            osm: r.osmReference, coordinate: p, bbox: r.bbox?.boundingBox, distance: distance,
            distanceLabel: distance.map { DistanceLabel.text($0, units: options.units) },
            highlights: highlighter.spans(in: name, typos: c.tier == 1), action: substitute ? .substitute : .search,
            displayText: substitute ? name + ", " : nil, score: (c.score * 100).rounded() / 100,
            address: address, locality: r.locality, houseNumber: r.houseNumber, street: r.street, postcode: r.postcode,
            importance: Double(index.importance(i)) / 255)
        result.places = index.places(r)
        if c.unmatched != 0 {
            result.unmatched = query.tokens.indices.filter { $0 < 32 && c.unmatched & (1 << UInt32($0)) != 0 }
                .map { query.tokens[$0].text }
        }
        return result
    }

    /// Drops a result when a better one that is the same thing lies close by: the same shown name
    /// (its tokens) and the same category — the pieces of one street, the branches of one chain,
    /// a park drawn twice — or a place and the administrative area of its name (a town node and
    /// its boundary). A car park and a restaurant both called "Макдоналдс" are two results.
    static func deduplicate(_ ranked: [ScoredCandidate], index: LandmarkIndex, limit: Int) -> [ScoredCandidate] {
        struct Kept { var key: [Int]; var family: Int; var point: Coordinate; var box: BoundingBox? }
        var kept: [Kept] = []
        var out: [ScoredCandidate] = []
        var ordinals: [Int] = []
        let admin = index.categoryIDs["boundary=administrative"]
        for c in ranked {
            if out.count >= limit { break }
            let i = Int(c.id)
            let kind = index.kind(i)
            let family = sameThingFamily(kind: kind, category: index.categoryID(i), admin: admin)
            index.tokenOrdinals(i, into: &ordinals)
            let key = ordinals.filter { $0 & 3 == 1 }
            let p = index.point(i).coordinate
            let extended = kind == .street || kind == .place || kind == .area
            let box = extended ? index.bbox(i)?.boundingBox : nil
            let reach: Double = switch kind {
            case .street: 1_000
            case .place, .area: 5_000
            case .address: 50
            default: 250
            }
            let duplicate = !key.isEmpty && kept.contains { k in
                guard k.family == family, k.key == key else { return false }
                if k.point.distance(to: p) < reach { return true }
                // An area and what lies inside it (a country node inside its country's boundary).
                if let a = k.box, a.contains(p) { return true }
                if let b = box, b.contains(k.point) { return true }
                if let a = k.box, let b = box {
                    return a.intersects(b) || a.distance(from: b.center) < 300 || b.distance(from: a.center) < 300
                }
                return false
            }
            if duplicate { continue }
            kept.append(Kept(key: key, family: family, point: p, box: box))
            out.append(c)
        }
        return out
    }

    /// Landmarks of one family may be one thing: every street piece (whatever its road class), a
    /// place with the administrative areas (`place`, or `boundary=administrative`), otherwise one
    /// category. Negative values are the two families, others a category id (`admin`: the id of
    /// `boundary=administrative`).
    static func sameThingFamily(kind: LandmarkKind, category: Int, admin: Int?) -> Int {
        switch kind {
        case .street: -1
        case .place: -2
        case .area where category == admin: -2
        default: category
        }
    }
}

/// Where the typed words appear in a name, in Unicode scalars of the original text.
/// Works on folded UTF-8 bytes so describing a result creates no String per word.
struct Highlighter {
    struct Word {
        var exact: [[UInt8]]
        var prefix: [UInt8]?
        var budget: Int
        var text: String
    }
    let words: [Word]

    init(query: ParsedQuery) {
        words = query.tokens.map { q in
            var exact = [q.text] + q.alternatives
            exact.append(contentsOf: Abbreviations.alternatives(of: q.text))
            return Word(exact: exact.map { Array($0.utf8) }, prefix: q.isPrefix ? Array(q.text.utf8) : nil,
                        budget: FuzzyTrieWalk.budget(for: q), text: q.text)
        }
    }

    /// `typos`: also mark words within the typo budget (only worth it for typo-tier results).
    func spans(in name: String, typos: Bool) -> [(start: Int, length: Int)] {
        var out: [(start: Int, length: Int)] = []
        // The name split and folded exactly as the index did it.
        TextNormalizer.forEachWord(in: name) { folded, start, ends in
            if let length = match(folded, ends, typos: typos) { out.append((start, length)) }
        }
        return out
    }

    /// How many original scalars of `word` to highlight, or nil when no query word matches it.
    private func match(_ word: [UInt8], _ ends: [Int], typos: Bool) -> Int? {
        for w in words {
            for e in w.exact where e == word { return ends.count }
            if let p = w.prefix, word.count >= p.count, word.starts(with: p) {
                var n = 0
                while n < ends.count && ends[n] < p.count { n += 1 }
                return min(ends.count, n + 1)
            }
            if typos, w.budget > 0, word.first == w.text.utf8.first {
                let t = String(decoding: word, as: UTF8.self)
                let candidate = w.prefix != nil ? String(t.prefix(w.text.count)) : t
                if let d = EditDistance.bounded(w.text, candidate, max: w.budget), d <= w.budget { return ends.count }
            }
        }
        return nil
    }
}
