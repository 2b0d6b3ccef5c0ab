// The words people type for a category in their own language ("аптека",
// "apteekki", "Tankstelle"), one table per language beside this file
// (CategoryWords+de.swift…), kept as text so a speaker can review a language
// in one place. The catalog's own words column is English; these add the
// rest. Matched at query time like the catalog's words: no rebuild needed.
//
// Table format, one line each: `key=value[,key=value…]|word,word,…` — several
// categories may share a line (amenity=pharmacy and healthcare=pharmacy), a
// category may appear on several lines (church words for three categories,
// mosque words for one), a word may be a phrase ("stacja paliw"), and an empty
// list says that the language has no word of its own beyond the English or
// international one. Words are written as typed, with their accents; they are
// normalised like everything else. Every category that has English words is
// listed in every table (a test checks it).
import GeoBase

public enum CategoryWords {
    /// Each language's table, by ISO 639-1 code.
    static let tables: [(language: String, text: String)] = [
        ("de", de), ("fr", fr), ("it", it), ("es", es), ("ca", ca), ("pt", pt),
        ("nl", nl), ("pl", pl), ("ru", ru), ("fi", fi), ("sv", sv),
    ]

    /// The languages with a table of their own (English is the catalog's column).
    public static var languages: [String] { tables.map(\.language) }

    /// One table parsed: `key=value` → its normalised words, in table order, and the
    /// categories listed (with or without words).
    public struct Table: Sendable {
        public var words: [String: [String]]
        public var listed: Set<String>
    }

    /// The table of `language` ("ru"), or nil when there is none.
    public static func table(_ language: String) -> Table? {
        parsed.first { $0.language == language }?.table
    }

    /// Every language's words of each category, merged without duplicates, in table order.
    static let merged: [String: [String]] = {
        var out: [String: [String]] = [:]
        var seen: [String: Set<String>] = [:]
        for (_, t) in parsed {
            for (category, words) in t.words {
                for w in words where seen[category, default: []].insert(w).inserted { out[category, default: []].append(w) }
            }
        }
        return out
    }()

    private static let parsed: [(language: String, table: Table)] = tables.map { ($0.language, parse($0.text)) }

    /// Every table's (category, word) pairs, each word folded as the index folds text (a phrase's
    /// words joined by one space), without building strings for them: the search builds its
    /// vocabulary from this once per process, and must do it in a few milliseconds.
    package static func forEachFoldedWord(_ body: (_ category: CategoryTag, _ word: ArraySlice<UInt8>) -> Void) {
        var folded: [UInt8] = []
        var categories: [CategoryTag] = []
        for (_, text) in tables {
            let bytes = Array(text.utf8)
            for line in bytes.split(separator: 0x0A) {
                guard let bar = line.firstIndex(of: UInt8(ascii: "|")) else { continue }
                categories.removeAll(keepingCapacity: true)
                for c in line[..<bar].split(separator: UInt8(ascii: ",")) {
                    let t = trimmedBytes(c)
                    if !t.isEmpty { categories.append(CategoryTag(String(decoding: t, as: UTF8.self))) }
                }
                for w in line[(bar + 1)...].split(separator: UInt8(ascii: ",")) {
                    let word = trimmedBytes(w)
                    guard !word.isEmpty else { continue }
                    if word.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }) {
                        for c in categories { body(c, word) }
                        continue
                    }
                    folded.removeAll(keepingCapacity: true)
                    TextNormalizer.forEachWord(in: String(decoding: word, as: UTF8.self)) { f, _, _ in
                        if !folded.isEmpty { folded.append(0x20) }
                        folded.append(contentsOf: f)
                    }
                    if !folded.isEmpty { for c in categories { body(c, folded[...]) } }
                }
            }
        }
    }

    private static func trimmedBytes(_ b: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var lo = b.startIndex, hi = b.endIndex
        while lo < hi && b[lo] == 0x20 { lo += 1 }
        while hi > lo && b[hi - 1] == 0x20 { hi -= 1 }
        return b[lo..<hi]
    }

    /// Parses a table into strings (for tests and tools; the search reads `forEachFoldedWord`).
    static func parse(_ text: String) -> Table {
        var table = Table(words: [:], listed: [])
        for line in Array(text.utf8).split(separator: 0x0A) {
            guard let bar = line.firstIndex(of: UInt8(ascii: "|")) else { continue }
            let categories = line[..<bar].split(separator: UInt8(ascii: ",")).map(trimmed).filter { !$0.isEmpty }
            let words = line[(bar + 1)...].split(separator: UInt8(ascii: ",")).map { normalised($0) }.filter { !$0.isEmpty }
            for c in categories {
                table.listed.insert(c)
                for w in words where !(table.words[c]?.contains(w) ?? false) { table.words[c, default: []].append(w) }
                if table.words[c] == nil { table.words[c] = [] }
            }
        }
        return table
    }

    private static func trimmed(_ b: ArraySlice<UInt8>) -> String {
        String(decoding: trimmedBytes(b), as: UTF8.self)
    }

    /// A word as the index folds it (words of a phrase joined by one space); plain lower-case
    /// ASCII words skip the normaliser.
    static func normalised(_ b: ArraySlice<UInt8>) -> String {
        let w = trimmed(b)
        if w.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }) { return w }
        var out: [UInt8] = []
        TextNormalizer.forEachWord(in: w) { folded, _, _ in
            if !out.isEmpty { out.append(0x20) }
            out.append(contentsOf: folded)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
