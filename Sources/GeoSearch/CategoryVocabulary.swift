// Every category word of every language (the catalog's English column and the
// tables of CategoryWords), indexed by first word for category matching.
// Built once per process before the first category lookup, on UTF-8 bytes:
// with some ten thousand words, mostly outside ASCII, Swift strings (whose
// hashing and comparison normalise Unicode) cost tens of milliseconds where
// bytes cost a few.
import GeoModel

enum CategoryVocabulary {
    struct Entry {
        var category: CategoryTag
        /// The words of the phrase, folded UTF-8 ("bus", "stop").
        var words: [[UInt8]]
        var isPrefixMatch = false
    }

    /// UTF-8 bytes hashed as bytes.
    private struct Key: Hashable {
        var bytes: ArraySlice<UInt8>
        func hash(into h: inout Hasher) { bytes.withUnsafeBytes { h.combine(bytes: $0) } }
        static func == (a: Key, b: Key) -> Bool { a.bytes.elementsEqual(b.bytes) }
    }

    /// How many leading scalars a word must have before it is matched as the start of longer ones.
    private static let prefixScalars = 3

    private struct Tables {
        var byFirstWord: [Key: [Entry]] = [:]
        /// First `prefixScalars` scalars of a first word → the first words starting so.
        var byStart: [Key: [ArraySlice<UInt8>]] = [:]

        mutating func add(_ category: CategoryTag, _ phrase: ArraySlice<UInt8>) {
            let words = phrase.contains(0x20) ? phrase.split(separator: 0x20).map { Array($0) } : [Array(phrase)]
            guard let first = words.first, !first.isEmpty else { return }
            let key = Key(bytes: first[...])
            if let i = byFirstWord.index(forKey: key) {
                // Several languages share a word ("hotel", "taxi"): one entry each.
                if byFirstWord.values[i].contains(where: { $0.category == category && $0.words == words }) { return }
                byFirstWord.values[i].append(Entry(category: category, words: words))
            } else {
                byFirstWord[key] = [Entry(category: category, words: words)]
                if let start = CategoryVocabulary.start(of: first[...]) {
                    byStart[Key(bytes: start), default: []].append(first[...])
                }
            }
        }
    }

    private static let tables: Tables = {
        var t = Tables()
        t.byFirstWord.reserveCapacity(16_384)
        t.byStart.reserveCapacity(4_096)
        for c in CategoryCatalog.all {
            let category = CategoryTag(key: c.key, value: c.value)
            for w in c.englishWords { t.add(category, Array(w.utf8)[...]) }
        }
        CategoryWords.forEachFoldedWord { category, word in t.add(category, word) }
        return t
    }()

    /// The bytes of the first `prefixScalars` scalars of `word`, or nil when it is shorter.
    private static func start(of word: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var scalars = 0
        var i = word.startIndex
        while i < word.endIndex {
            if word[i] & 0xC0 != 0x80 {
                if scalars == prefixScalars { return word[word.startIndex..<i] }
                scalars += 1
            }
            i += 1
        }
        return scalars == prefixScalars ? word : nil
    }

    /// Entries whose first word is `word`, or (when typing, 3+ letters) starts with it.
    static func entries(startingWith word: [UInt8], prefix: Bool) -> [Entry] {
        var out = tables.byFirstWord[Key(bytes: word[...])] ?? []
        guard prefix, let start = start(of: word[...]) else { return out }
        for first in tables.byStart[Key(bytes: start)] ?? [] where first.count > word.count && first.starts(with: word) {
            for var e in tables.byFirstWord[Key(bytes: first)]! where e.words.count == 1 {
                e.isPrefixMatch = true
                out.append(e)
            }
        }
        return out
    }
}
