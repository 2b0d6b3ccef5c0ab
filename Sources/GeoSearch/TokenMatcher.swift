// For each query token, the ways a landmark can satisfy it: its exact trie
// token, the tokens it is a prefix of (the word being typed), abbreviation
// partners, tokens it spells in another script ("ulitsa" → "улица", see
// TransliterationWalk), tokens within a typo budget, and categories whose
// words it names ("pharmacy", "bus stop"). Each way is an ordinal range of tokens (or a
// category id) with a quality; ranking and candidate generation both read it.
import GeoFormat
import GeoModel

public enum MatchKind: Int, Sendable, Comparable {
    case fuzzy = 0, transliterated, category, prefix, abbreviation, exact
    public static func < (a: MatchKind, b: MatchKind) -> Bool { a.rawValue < b.rawValue }
}

struct TokenSource {
    var ordinals: Range<Int>
    var kind: MatchKind
    var quality: Double
    var node: TrieNode
    var edits: Int = 0
}

struct TokenMatch {
    var token: QueryToken
    var sources: [TokenSource] = []
    /// Tokens the word spells in another script (`.transliterated`, and `.fuzzy` for typos in the
    /// transliterated word), kept apart: they matter only where `sources` found nothing better than a typo.
    var scriptSources: [TokenSource] = []
    /// The part of `cost` that `scriptSources` add.
    var scriptCost = 0
    /// Category id → quality, for category words.
    var categories: [(id: Int, quality: Double)] = []
    /// Sum of posting lengths over all sources (how many landmarks this token may touch).
    var cost = 0
    /// The token is covered by a category phrase that started at an earlier token.
    var coveredByPhrase = false

    var isEmpty: Bool { sources.isEmpty && scriptSources.isEmpty && categories.isEmpty && !coveredByPhrase }

    /// Calls `body` with every source, in the typed script and then in another.
    func forEachSource(_ body: (TokenSource) -> Void) {
        for s in sources { body(s) }
        for s in scriptSources { body(s) }
    }
}

enum TokenMatcher {
    /// Exact, prefix, abbreviation and category matches of every token (no other scripts, no typos yet).
    static func match(_ query: ParsedQuery, index: LandmarkIndex, weights: RankingWeights = .standard) -> [TokenMatch] {
        var matches = query.tokens.map { TokenMatch(token: $0) }
        for i in matches.indices { addTrieSources(&matches[i], index: index, weights: weights) }
        addCategories(&matches, index: index, weights: weights)
        return matches
    }

    /// Adds the tokens each word spells in another script, for the words that matched fewer than
    /// `threshold` landmarks in their own (all words when nil); returns whether any was added.
    /// `roots`: the index's trie roots, when the caller keeps them (else read here).
    static func addTransliterations(_ matches: inout [TokenMatch], index: LandmarkIndex, weights: RankingWeights = .standard,
                                    threshold: Int? = nil, roots: TrieRoots? = nil) -> Bool {
        let roots = roots ?? TrieRoots(trie: index.trie)
        var added = false
        for i in matches.indices where !matches[i].coveredByPhrase && matches[i].cost < (threshold ?? .max) {
            let before = matches[i].scriptSources.count
            addTransliterations(&matches[i], index: index, weights: weights, roots: roots, maxEdits: 0)
            added = added || matches[i].scriptSources.count > before
        }
        return added
    }

    /// Adds typo matches to tokens that matched fewer than `threshold` landmarks in their own script;
    /// returns whether any was added.
    static func addFuzzy(_ matches: inout [TokenMatch], index: LandmarkIndex, threshold: Int,
                         weights: RankingWeights = .standard, roots: TrieRoots? = nil) -> Bool {
        var added = false
        for i in matches.indices where matches[i].cost - matches[i].scriptCost < threshold {
            for f in FuzzyTrieWalk.matches(matches[i].token, in: index.trie) where f.edits > 0 {
                // Skip ranges already matched exactly or as a prefix.
                if matches[i].sources.contains(where: { $0.ordinals.contains(f.ordinals.lowerBound) && $0.kind != .fuzzy }) { continue }
                let q = f.edits == 1 ? weights.oneTypo : weights.twoTypos
                matches[i].sources.append(TokenSource(ordinals: f.ordinals, kind: .fuzzy, quality: q, node: f.node, edits: f.edits))
                // The walk's totals are the trie's (a leaf only says "at least 2"): count from the lists.
                let whole = f.ordinals == f.node.ordinals
                matches[i].cost += max(1, whole ? index.postingTotal(of: f.node) : index.tokenPostingCount(of: f.node))
                added = true
            }
            // A typo in another script is looked for only when the word found nothing better than a
            // typo in its own ("vektina" may be one edit from some Latin name, yet meant "веткина").
            guard matches[i].sources.allSatisfy({ $0.kind == .fuzzy }), matches[i].scriptSources.isEmpty else { continue }
            let before = matches[i].scriptSources.count
            addTransliterations(&matches[i], index: index, weights: weights, roots: roots ?? TrieRoots(trie: index.trie),
                                maxEdits: FuzzyTrieWalk.budget(for: matches[i].token))
            added = added || matches[i].scriptSources.count > before
        }
        return added
    }

    /// Shortest typed word read in another script: a whole word ("1-ya", "2-y" are BGN/PCGN for
    /// "1-я", "2-й"), and a word still being typed (one letter would list a script's words by the dozen).
    static let minTransliterated = (word: 1, prefix: 2)

    /// Tokens the word spells in another script (Latin → Cyrillic and Greek, Cyrillic or Greek →
    /// Latin): exact readings with `maxEdits` 0, typo readings (only those) above it.
    private static func addTransliterations(_ m: inout TokenMatch, index: LandmarkIndex, weights: RankingWeights, roots: TrieRoots,
                                            maxEdits: Int) {
        let token = m.token
        guard token.alternatives.isEmpty, !token.isNumeric else { return }
        let q = token.text.unicodeScalars.map(\.value)
        guard q.count >= (token.isPrefix ? minTransliterated.prefix : minTransliterated.word) else { return }
        let tables = Transliteration.tables(for: q)
        guard !tables.isEmpty else { return }
        // Two letters typed the wrong way round ("vektina" for "vetkina" → веткина) are one typo;
        // the walk would count two, so each adjacent swap is read as it stands.
        var readings: [(q: [UInt32], maxEdits: Int, swapped: Bool)] = [(q, maxEdits, false)]
        if maxEdits > 0 {
            for i in 0..<(q.count - 1) where q[i] != q[i + 1] {
                var v = q
                v.swapAt(i, i + 1)
                readings.append((v, 0, true))
            }
        }
        for table in tables {
            for reading in readings {
                let hits = TransliterationWalk.hits(reading.q, prefix: token.isPrefix, table: table, trie: index.trie, roots: roots,
                                                    maxEdits: reading.maxEdits)
                for var h in hits where reading.swapped || maxEdits == 0 || h.edits > 0 {
                    if reading.swapped { h.edits = 1 }
                    if m.sources.contains(where: { $0.ordinals.contains(h.ordinals.lowerBound) })
                        || m.scriptSources.contains(where: { $0.ordinals.contains(h.ordinals.lowerBound) }) { continue }
                    let quality: Double
                    if h.edits > 0 {
                        quality = (h.edits == 1 ? weights.oneTypo : weights.twoTypos) * weights.transliteratedFactor
                    } else {
                        quality = (h.exact ? weights.exactMatch : weights.prefixMatch) * weights.transliteratedFactor
                    }
                    m.scriptSources.append(TokenSource(ordinals: h.ordinals, kind: h.edits > 0 ? .fuzzy : .transliterated,
                                                       quality: quality, node: h.node, edits: h.edits))
                    let cost = max(1, h.exact ? index.tokenPostingCount(of: h.node) : index.postingTotal(of: h.node))
                    m.cost += cost
                    m.scriptCost += cost
                }
            }
        }
    }

    private static func addTrieSources(_ m: inout TokenMatch, index: LandmarkIndex, weights: RankingWeights) {
        let trie = index.trie
        let exactQuality = weights.exactMatch, prefixQuality = weights.prefixMatch
        let abbreviationQuality = weights.abbreviationMatch
        let token = m.token
        let words = token.alternatives.isEmpty ? [token.text] : token.alternatives
        for w in words {
            let bytes = Array(w.utf8)
            if token.isPrefix {
                guard let (node, remainder) = trie.walk(prefix: bytes) else { continue }
                if token.isNumeric {
                    // "12" as typed finds 12, 12a, 12bis — not 120.
                    if let r = remainder.first {
                        if !(r >= 0x30 && r <= 0x39) { add(&m, node, .prefix, prefixQuality, index: index) }
                    } else {
                        if node.isTerminal { add(&m, node, .exact, exactQuality, single: true, index: index) }
                        trie.forEachChild(of: node) { label, child in
                            if let b = label.first, !(b >= 0x30 && b <= 0x39) { add(&m, child, .prefix, prefixQuality, index: index) }
                            return true
                        }
                    }
                } else if remainder.isEmpty && node.isTerminal {
                    add(&m, node, .exact, exactQuality, single: true, index: index)
                    if node.ordinalCount > 1 {
                        m.sources.append(TokenSource(ordinals: (node.ordinalStart + 1)..<(node.ordinalStart + node.ordinalCount),
                                                     kind: .prefix, quality: prefixQuality, node: node))
                        m.cost += node.postingTotal
                    }
                } else {
                    add(&m, node, .prefix, prefixQuality, index: index)
                }
            } else if let node = trie.find(token: bytes) {
                add(&m, node, .exact, exactQuality, single: true, index: index)
            }
        }
        guard token.alternatives.isEmpty else { return }
        for alt in Abbreviations.alternatives(of: token.text) {
            let bytes = Array(alt.utf8)
            if let node = trie.find(token: bytes), !m.sources.contains(where: { $0.ordinals.contains(node.ordinalStart) }) {
                add(&m, node, .abbreviation, abbreviationQuality, single: true, index: index)
            }
        }
    }

    private static func add(_ m: inout TokenMatch, _ node: TrieNode, _ kind: MatchKind, _ q: Double, single: Bool = false,
                            index: LandmarkIndex) {
        let range = single ? node.ordinalStart..<(node.ordinalStart + 1) : node.ordinals
        guard !range.isEmpty else { return }
        m.sources.append(TokenSource(ordinals: range, kind: kind, quality: q, node: node))
        m.cost += single ? index.tokenPostingCount(of: node) : index.postingTotal(of: node)
    }

    /// Category words and phrases ("bus stop" spans two tokens). The longest phrase that the
    /// query spells wins: "stacja paliw" names fuel stations, not also every "stacja".
    private static func addCategories(_ matches: inout [TokenMatch], index: LandmarkIndex, weights: RankingWeights) {
        let typed = matches.map { Array($0.token.text.utf8) }
        for i in matches.indices {
            let t = matches[i].token
            guard t.alternatives.isEmpty, !t.isNumeric else { continue }
            // The index's id of each entry is looked up once (twelve languages give a typed prefix
            // dozens of entries, mostly of a few categories).
            let entries = CategoryVocabulary.entries(startingWith: typed[i], prefix: t.isPrefix)
            let spelled = entries.compactMap { entry -> (entry: CategoryVocabulary.Entry, id: Int)? in
                // Remaining words of a phrase must follow in the query.
                for (k, word) in entry.words.enumerated().dropFirst() {
                    let j = i + k
                    guard j < matches.count else { return nil }
                    if !(typed[j] == word || (matches[j].token.isPrefix && word.starts(with: typed[j]))) { return nil }
                }
                return index.categoryIDs[entry.category].map { (entry, $0) }
            }
            let longest = spelled.map { $0.entry.words.count }.max() ?? 0
            for (entry, id) in spelled where entry.words.count == longest {
                if !matches[i].categories.contains(where: { $0.id == id }) {
                    let q = entry.isPrefixMatch ? weights.categoryMatch * weights.categoryPrefixFactor : weights.categoryMatch
                    matches[i].categories.append((id, q))
                    matches[i].cost += index.categoryPostings(id)?.count ?? 0
                }
                for k in 1..<entry.words.count { matches[i + k].coveredByPhrase = true }
            }
        }
    }
}
