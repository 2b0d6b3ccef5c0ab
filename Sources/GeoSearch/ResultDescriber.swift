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
            category: CategoryTag(key: cat.key, value: cat.value), icon: kind == .address ? CategoryCatalog.addressIcon : cat.icon,
            osm: r.osmRef, coordinate: p, bbox: r.bbox?.boundingBox, distance: distance,
            distanceLabel: distance.map { DistanceLabel.text($0, units: options.units) },
            highlights: highlighter.spans(in: name, typos: c.tier == ScoredCandidate.typoTier,
                                          scripts: c.tier != ScoredCandidate.directTier), action: substitute ? .substitute : .search,
            displayText: substitute ? name + ", " : nil, score: (c.score * 100).rounded() / 100,
            address: address, locality: r.locality, houseNumber: r.houseNumber, street: r.street, postcode: r.postcode,
            importance: Double(index.importance(i)) / 255)
        result.places = index.places(r)
        result.rankingFeatures = c.features
        if !options.extra.isEmpty { result.extra = index.extraTags(i, ExtraTagSelection(options.extra)) }
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
    /// Stops after `limit` results; then, for a short prefix's page (see NearShare), goes through
    /// the candidates marked `near`, nearest first, until `nearSlots` of them are in.
    static func deduplicate(_ ranked: [ScoredCandidate], index: LandmarkIndex, limit: Int,
                            nearSlots: Int = 0) -> [ScoredCandidate] {
        var seen = SameThing(index: index)
        var out: [ScoredCandidate] = []
        for c in ranked {
            if out.count >= limit { break }
            if seen.isNew(c) { out.append(c) }
        }
        guard nearSlots > 0 else { return out }
        var near = 0
        for c in ranked.filter(\.near).sorted(by: NearShare.nearer) where near < nearSlots {
            if out.contains(where: { $0.id == c.id }) {
                near += 1
            } else if seen.isNew(c) {
                out.append(c)
                near += 1
            }
        }
        return out.count > limit ? out.sorted(by: IndexSearcher.better) : out
    }

    /// What deduplication has kept so far, and whether a candidate is another thing. A name's
    /// tokens are read only when a kept landmark of the same family lies close.
    struct SameThing {
        struct Kept { var id: Int; var key: [Int]?; var family: Int; var words: Int; var point: Coordinate; var box: BoundingBox? }
        let index: LandmarkIndex
        let admin: Int?
        var kept: [Kept] = []
        var ordinals: [Int] = []

        init(index: LandmarkIndex) {
            self.index = index
            admin = index.categoryIDs["boundary=administrative"]
        }

        /// The shown name's tokens of landmark `i`.
        mutating func key(_ i: Int) -> [Int] {
            index.tokenOrdinals(i, into: &ordinals)
            return ordinals.filter { TokenEntry(packed: $0).classValue == TokenClass.name.rawValue }
        }

        /// Whether `c` is not the same thing as one kept before (it is then kept).
        mutating func isNew(_ c: ScoredCandidate) -> Bool {
            let i = Int(c.id)
            let kind = index.kind(i)
            let family = ResultDescriber.sameThingFamily(kind: kind, category: index.categoryID(i), admin: admin)
            // The same name has as many words: a cheap first test.
            let words = index.nameTokenCount(i)
            let p = index.point(i).coordinate
            let extended = kind == .street || kind == .place || kind == .area
            let box = extended ? index.bbox(i)?.boundingBox : nil
            let reach: Double = switch kind {
            case .street: 1_000
            case .place, .area: 5_000
            case .address: 50
            default: 250
            }
            var own: [Int]?
            for k in kept.indices where kept[k].family == family && kept[k].words == words {
                let near: Bool
                if kept[k].point.distance(to: p) < reach {
                    near = true
                } else if let a = kept[k].box, a.contains(p) {
                    near = true   // an area and what lies inside it (a country node inside its country's box)
                } else if let b = box, b.contains(kept[k].point) {
                    near = true
                } else if let a = kept[k].box, let b = box {
                    near = a.intersects(b) || a.distance(from: b.center) < 300 || b.distance(from: a.center) < 300
                } else {
                    near = false
                }
                guard near else { continue }
                if own == nil { own = key(i) }
                if own!.isEmpty { break }   // an unnamed landmark is never a duplicate
                if kept[k].key == nil { kept[k].key = key(kept[k].id) }
                if kept[k].key == own { return false }
            }
            kept.append(Kept(id: i, key: own, family: family, words: words, point: p, box: box))
            return true
        }
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
    let tokens: [QueryToken]
    typealias Reading = (scalars: [UInt32], prefix: Bool, budget: Int, tables: [TransliterationTables.Table])
    /// The query words that may be read in another script, worked out when a result first needs
    /// them (most searches show none such): their scalars, and the tables that read them.
    private final class Readings {
        var value: [Reading]?
    }
    private let readings = Readings()

    init(query: ParsedQuery) {
        words = query.tokens.map { q in
            var exact = [q.text] + q.alternatives
            exact.append(contentsOf: Abbreviations.alternatives(of: q.text))
            return Word(exact: exact.map { Array($0.utf8) }, prefix: q.isPrefix ? Array(q.text.utf8) : nil,
                        budget: FuzzyTrieWalk.budget(for: q), text: q.text)
        }
        tokens = query.tokens
    }

    private var otherScripts: [Reading] {
        if let r = readings.value { return r }
        let r: [Reading] = tokens.compactMap { q in
            guard q.alternatives.isEmpty, !q.isNumeric else { return nil }
            let scalars = q.text.unicodeScalars.map(\.value)
            let tables = Transliteration.tables(for: scalars)
            guard !tables.isEmpty,
                  scalars.count >= (q.isPrefix ? TokenMatcher.minTransliterated.prefix : TokenMatcher.minTransliterated.word)
            else { return nil }
            return (scalars, q.isPrefix, FuzzyTrieWalk.budget(for: q), tables)
        }
        readings.value = r
        return r
    }

    /// `typos`: also mark words within the typo budget (only worth it for typo-tier results);
    /// `scripts`: also words that query words spell in another script (results of lower tiers).
    func spans(in name: String, typos: Bool, scripts: Bool = false) -> [(start: Int, length: Int)] {
        var out: [(start: Int, length: Int)] = []
        // The name split and folded exactly as the index did it.
        TextNormalizer.forEachWord(in: name) { folded, start, ends in
            if let length = match(folded, ends, typos: typos) {
                out.append((start, length))
            } else if scripts, let length = transliterated(folded, ends, typos: typos) {
                out.append((start, length))
            }
        }
        return out
    }

    /// How many scalars of `word` a query word spells in another script ("ulitsa" in "улица").
    private func transliterated(_ word: [UInt8], _ ends: [Int], typos: Bool) -> Int? {
        guard let lead = word.first else { return nil }
        for w in otherScripts where w.tables.contains(where: { $0.isLead[Int(lead)] }) {
            guard let n = Transliteration.matchLength(w.scalars, word, prefix: w.prefix, maxEdits: typos ? w.budget : 0) else { continue }
            return max(1, ends.filter { $0 <= n }.count)
        }
        return nil
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
