// Turns what a user typed into query tokens with the index's normalisation.
// The last token is a prefix unless the text ends with a space (the user has
// finished the word); a word written with a dot after it is an abbreviation
// and a prefix too ("наб.", "Mannerheimint."); an abbreviation the splitter
// cuts in two ("пр-т", "p.za") becomes its full word; number ranges such as
// "10-14" become one token standing for each number in the range. Very long
// input is cut to bounded size so a hostile 1 MB query costs no more than a
// long sentence.
import GeoBase

public struct QueryToken: Sendable, Equatable {
    /// Normalised text ("rue", "12", "grimaldi").
    public var text: String
    /// The token may be completed ("gri" → "grimaldi").
    public var isPrefix: Bool
    /// For a range token ("10-14"), the numbers it stands for.
    public var alternatives: [String]
    public var isNumeric: Bool { !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    /// The text as Unicode scalars (for the typo automaton).
    public var scalars: [Unicode.Scalar] { Array(text.unicodeScalars) }
}

public struct ParsedQuery: Sendable {
    public var raw: String
    public var tokens: [QueryToken]
}

public enum QueryParser {
    public static let maxScalars = 512
    public static let maxTokens = 16
    static let maxRangeSpan = 50

    public static func parse(_ text: String) -> ParsedQuery {
        var raw = text
        if raw.unicodeScalars.count > maxScalars {
            raw = String(String.UnicodeScalarView(raw.unicodeScalars.prefix(maxScalars)))
        }
        let endsWithSpace = raw.unicodeScalars.last.map { !TextNormalizer.isWordScalar($0) } ?? false
        var tokens: [QueryToken] = []
        let words = TextNormalizer.tokens(raw)
        let scalars = Array(raw.unicodeScalars)
        var i = 0
        while i < words.count && tokens.count < maxTokens {
            let w = words[i]
            // "10-14", "10 - 14": two numbers joined by a dash in the original text.
            if i + 1 < words.count, let a = Int(w.text), let b = Int(words[i + 1].text), a < b, b - a <= maxRangeSpan,
               isDashBetween(scalars, w, words[i + 1]) {
                tokens.append(QueryToken(text: w.text + "-" + words[i + 1].text, isPrefix: false,
                                         alternatives: (a...b).map(String.init)))
                i += 2
                continue
            }
            // "пр-т", "p.za", "c.so": one abbreviation, written without a space inside.
            if i + 1 < words.count, isJoined(scalars, w, words[i + 1]),
               let full = Abbreviations.joined(w.text, words[i + 1].text) {
                tokens.append(QueryToken(text: full, isPrefix: false, alternatives: []))
                i += 2
                continue
            }
            var t = QueryToken(text: w.text, isPrefix: false, alternatives: [])
            // "Mannerheimint.", "наб.": a word cut short, standing for the longer ones it starts.
            if w.start + w.length < scalars.count, scalars[w.start + w.length] == ".", !t.isNumeric { t.isPrefix = true }
            tokens.append(t)
            i += 1
        }
        if !endsWithSpace, let last = tokens.indices.last, tokens[last].alternatives.isEmpty {
            tokens[last].isPrefix = true
        }
        return ParsedQuery(raw: raw, tokens: tokens)
    }

    /// The two words are separated by one dash, dot or slash and nothing else.
    private static func isJoined(_ scalars: [Unicode.Scalar], _ a: NormalizedToken, _ b: NormalizedToken) -> Bool {
        guard b.start == a.start + a.length + 1 else { return false }
        let s = scalars[a.start + a.length]
        return s == "-" || s == "." || s == "/" || s == "‑" || s == "–"
    }

    private static func isDashBetween(_ scalars: [Unicode.Scalar], _ a: NormalizedToken, _ b: NormalizedToken) -> Bool {
        let between = scalars[(a.start + a.length)..<b.start]
        let dashes = between.filter { $0 == "-" || $0 == "–" || $0 == "—" }
        return dashes.count == 1 && between.allSatisfy { $0 == " " || $0 == "-" || $0 == "–" || $0 == "—" }
    }
}
