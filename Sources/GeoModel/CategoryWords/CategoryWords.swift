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

    /// Every language's words of each category, merged without duplicates.
    static let merged: [String: [String]] = {
        var out: [String: [String]] = [:]
        for (_, t) in parsed {
            for (category, words) in t.words {
                var list = out[category] ?? []
                for w in words where !list.contains(w) { list.append(w) }
                out[category] = list
            }
        }
        return out
    }()

    private static let parsed: [(language: String, table: Table)] = tables.map { ($0.language, parse($0.text)) }

    /// Parses a table on UTF-8 bytes (it runs once per process, before the first search).
    static func parse(_ text: String) -> Table {
        var table = Table(words: [:], listed: [])
        for line in Array(text.utf8).split(separator: 0x0A) {
            guard let bar = line.firstIndex(of: UInt8(ascii: "|")) else { continue }
            let categories = line[..<bar].split(separator: UInt8(ascii: ",")).map(trimmed).filter { !$0.isEmpty }
            let words = line[(bar + 1)...].split(separator: UInt8(ascii: ",")).map { normalised($0) }.filter { !$0.isEmpty }
            for c in categories {
                table.listed.insert(c)
                var list = table.words[c] ?? []
                for w in words where !list.contains(w) { list.append(w) }
                table.words[c] = list
            }
        }
        return table
    }

    private static func trimmed(_ b: ArraySlice<UInt8>) -> String {
        var lo = b.startIndex, hi = b.endIndex
        while lo < hi && b[lo] == 0x20 { lo += 1 }
        while hi > lo && b[hi - 1] == 0x20 { hi -= 1 }
        return String(decoding: b[lo..<hi], as: UTF8.self)
    }

    /// A word as the index folds it; plain lower-case ASCII words (most of them) skip the
    /// normaliser.
    static func normalised(_ b: ArraySlice<UInt8>) -> String {
        let w = trimmed(b)
        if w.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }) { return w }
        return TextNormalizer.normalize(w)
    }
}
