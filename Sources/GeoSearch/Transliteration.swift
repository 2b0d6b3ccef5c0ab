// Latin ↔ Cyrillic and Latin ↔ Greek for search: which other script a typed
// word may be read in, whether a typed word spells a given word, and the
// canonical BGN/PCGN romanisation of a Cyrillic or Greek word (what the tables
// are checked against, and what documentation and tests quote).
//
// Why not Foundation's `applyingTransform` (ICU)? It works on Linux, but it
// gives one spelling per word: ICU's "Russian-Latin/BGN" read backwards turns
// "krasnaya ploshchad" into "красная площад" (no ь), "Latin-Cyrillic" turns
// "ulitsa" into "улитса", nothing reads "ulica", "ja" or "kh"/"h" alike, and a
// half-typed word ("gonc") has no answer. Search needs every plausible
// reading, checked against the words the index has, as the user types: the
// walk over the trie (TransliterationWalk) does that in microseconds.
import GeoBase

public enum Transliteration {
    typealias Table = TransliterationTables.Table

    /// The readings of a typed word in other scripts: Latin letters may spell Cyrillic or Greek,
    /// Cyrillic or Greek letters may spell Latin; digits read as themselves ("17a" → "17а", a house
    /// number). None for mixed scripts or digits alone.
    static func tables(for q: [UInt32]) -> [Table] {
        var script: UInt32 = 0
        for s in q {
            let this: UInt32
            switch s {
            case 0x30...0x39: continue
            case 0x61...0x7A: this = 1
            case 0x400...0x52F: this = 2
            case 0x370...0x3FF: this = 3
            default: return []
            }
            if script != 0 && script != this { return [] }
            script = this
        }
        return script == 1 ? fromLatin : script == 2 ? fromCyrillic : script == 3 ? fromGreek : []
    }
    private static let fromLatin = [TransliterationTables.latinToCyrillic, TransliterationTables.latinToGreek]
    private static let fromCyrillic = [TransliterationTables.cyrillicToLatin]
    private static let fromGreek = [TransliterationTables.greekToLatin]

    /// Whether `typed` spells `word` in another script (both as typed: they are normalised here),
    /// or its start when `prefix`; `maxEdits` typos forgiven. "ulitsa" spells "улица", "athina" "Αθήνα".
    public static func spells(_ typed: String, _ word: String, prefix: Bool = false, maxEdits: Int = 0) -> Bool {
        let q = Array(TextNormalizer.normalize(typed).unicodeScalars.map(\.value))
        return matchLength(q, Array(TextNormalizer.normalize(word).utf8), prefix: prefix, maxEdits: maxEdits) != nil
    }

    /// How many bytes of the folded `word` the typed scalars `q` spell in another script (all of
    /// them for a whole word; the longest start for a prefix), or nil when they spell none of it.
    static func matchLength(_ q: [UInt32], _ word: [UInt8], prefix: Bool, maxEdits: Int = 0) -> Int? {
        guard let lead = word.first else { return nil }
        var best: Int?
        for table in tables(for: q) where table.isLead[Int(lead)] {
            TransliterationWalk.walk(q, prefix: prefix, table: table, in: WordTarget(bytes: word), maxEdits: maxEdits) { c, _, _ in
                best = max(best ?? 0, c)
                return c < word.count
            }
        }
        return best
    }

    /// The BGN/PCGN romanisation of a word or text, lower case without accents: Russian (1947;
    /// Ukrainian і ї є ґ as in 1965) and Greek (1996, which is ELOT 743). Other letters are kept.
    /// "улица Гончарова" → "ulitsa goncharova", "Подъезд" → "podyezd", "Αθήνα" → "athina",
    /// "Ναύπλιο" → "nafplio".
    public static func romanize(_ text: String) -> String {
        TextNormalizer.words(text).map { romanizeWord(Array($0.unicodeScalars)) }.joined(separator: " ")
    }

    private static let russian: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ж": "zh", "з": "z", "и": "i", "й": "y", "к": "k",
        "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
        "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
        "я": "ya", "і": "i", "ґ": "g",
    ]
    private static let greekLetters: [Character: String] = [
        "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i", "κ": "k",
        "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s", "τ": "t", "υ": "y",
        "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o",
    ]
    /// Before these, αυ ευ ηυ read af ef if (ELOT 743); before anything else av ev iv.
    private static let voiceless: Set<Character> = ["θ", "κ", "ξ", "π", "σ", "τ", "φ", "χ", "ψ"]

    private static func romanizeWord(_ scalars: [Unicode.Scalar]) -> String {
        let w = scalars.map(Character.init)
        var out = ""
        var i = 0
        while i < w.count {
            let c = w[i]
            let next: Character? = i + 1 < w.count ? w[i + 1] : nil
            if c == "е" || c == "є" {
                // ye at the start, after a vowel, й, ъ or ь; e after a consonant.
                let after = i == 0 ? true : "аеёиоуыэюяйъьієї".contains(w[i - 1])
                out += after || c == "є" ? "ye" : "e"
            } else if c == "ї" {
                out += "yi"
            } else if let r = russian[c] {
                out += r
            } else if let n = next, "αεη".contains(c), n == "υ" {
                let v = c == "α" ? "a" : c == "ε" ? "e" : "i"
                let after = i + 2 < w.count ? w[i + 2] : nil
                out += v + (after.map { voiceless.contains($0) } ?? true ? "f" : "v")
                i += 1
            } else if c == "ο", next == "υ" {
                out += "ou"; i += 1
            } else if c == "γ", let n = next, "γκξχ".contains(n) {
                out += n == "γ" ? "ng" : n == "κ" ? "gk" : n == "ξ" ? "nx" : "nch"; i += 1
            } else if c == "μ", next == "π" {
                out += i == 0 ? "b" : "mp"; i += 1
            } else if c == "ν", next == "τ" {
                out += i == 0 ? "d" : "nt"; i += 1
            } else if let r = greekLetters[c] {
                out += r
            } else {
                out.append(c)
            }
            i += 1
        }
        return out
    }
}
