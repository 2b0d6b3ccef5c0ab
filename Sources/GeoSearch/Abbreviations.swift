// Words people abbreviate in addresses, both ways: typing "st" finds "Street"
// and "Saint", typing "avenue" finds an "Av." in the data, "пр-т" finds
// "проспект". The groups, per language, are in AbbreviationWords.swift;
// suffix rules cover compounds: "hauptstr" ↔ "hauptstrasse",
// "mannerheimint" ↔ "mannerheimintie". Query-side only: no rebuild needed.
import GeoBase

enum Abbreviations {
    private struct Tables {
        /// Word → the other words of every group it belongs to.
        var partners: [String: [String]] = [:]
        /// Compound endings, each pair both ways: ("str", "strasse"), ("strasse", "str"), as UTF-8
        /// with the scalar count of `from` (every typed word is tried against each: no String counting).
        var suffixes: [(from: [UInt8], fromScalars: Int, to: [UInt8])] = []
        /// A form the word splitter cuts in two ("пр т" for "пр-т") → the full word of its group.
        var joined: [String: String] = [:]
    }

    private static let tables: Tables = {
        var t = Tables()
        for (_, text) in byLanguage {
            for line in text.split(separator: "\n") {
                let forms = line.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
                if forms.first?.hasPrefix("-") == true {
                    let endings = forms.map { TextNormalizer.normalize(String($0.dropFirst())) }
                    for a in endings {
                        for b in endings where a != b {
                            t.suffixes.append((Array(a.utf8), a.unicodeScalars.count, Array(b.utf8)))
                        }
                    }
                    continue
                }
                var words: [String] = []
                for form in forms {
                    let parts = TextNormalizer.words(form)
                    if parts.count == 1 {
                        if !words.contains(parts[0]) { words.append(parts[0]) }
                    } else if parts.count == 2, let full = words.first ?? forms.first.map(TextNormalizer.normalize) {
                        t.joined[parts.joined(separator: " ")] = full
                    }
                }
                for w in words {
                    var list = t.partners[w] ?? []
                    for other in words where other != w && !list.contains(other) { list.append(other) }
                    t.partners[w] = list
                }
            }
        }
        return t
    }()

    /// Other words `word` may stand for (not including itself).
    static func alternatives(of word: String) -> [String] {
        var out = tables.partners[word] ?? []
        let bytes = Array(word.utf8)
        var scalars: Int?
        for s in tables.suffixes where bytes.count > s.from.count && bytes.suffix(s.from.count).elementsEqual(s.from) {
            let n = scalars ?? word.unicodeScalars.count
            scalars = n
            // Only after a stem of three letters or more: "ant" is no "an" + "-t" compound.
            guard n > s.fromScalars + 2 else { continue }
            out.append(String(decoding: bytes.dropLast(s.from.count) + s.to, as: UTF8.self))
        }
        return out
    }

    /// The full word that two words typed as one form stand for ("пр", "т" from "пр-т" → "проспект").
    static func joined(_ first: String, _ second: String) -> String? {
        tables.joined[first + " " + second]
    }
}

private extension Substring {
    var trimmingSpaces: String {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
