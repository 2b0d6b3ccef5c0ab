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
        /// Compound endings, each pair both ways: ("str", "strasse"), ("strasse", "str").
        var suffixes: [(String, String)] = []
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
                    for a in endings { for b in endings where a != b { t.suffixes.append((a, b)) } }
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
        for (from, to) in tables.suffixes where word.count > from.count + 2 && word.hasSuffix(from) {
            out.append(String(word.dropLast(from.count)) + to)
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
