// Which Latin letters stand for which Cyrillic and Greek letters, so that a
// word typed in one script finds names written in the other ("ulitsa
// goncharova" → "улица Гончарова", "athina" → "Αθήνα", "лондон" → "London").
//
// The tables follow published romanisations, the spellings people meet on
// maps and signs, first:
// - Russian: BGN/PCGN 1947 (a b v g d ye/e zh z i y k l m n o p r s t u f kh ts
//   ch sh shch y e yu ya; ъ and ь dropped, as their marks ˮ ʼ are never typed),
//   with the common variants beside it: ISO 9 / GOST 7.79 ASCII ("ulica", "cz",
//   "shh", "x" for х), German and Polish habits ("sch", "tsch" → "tch", "tz"),
//   "ju"/"iu", "ja"/"ia", "h" for х, "sh" for щ, "e" for е, ё and э, "i" for й and ы, "y"
//   for и, й, ы and the endings -ий/-ый ("Chaykovsky"), ISO 9's č folded to
//   "c"; and the Ukrainian letters і ї є ґ (BGN/PCGN 1965).
// - Greek: BGN/PCGN 1996, which is ELOT 743 (UN 1987): th ch ps x, η ι υ as i,
//   ου as ou, μπ/ντ/γκ as b/d/g or mp/nt/gk, αυ/ευ as av/af, ev/ef; with the
//   older and informal spellings beside it ("e" for η, "y" for υ, "u" for
//   ου/υ, "kh"/"h" for χ, "ph" for φ, "dh" for δ, Greeklish "w" for ω).
// Each pair reads both ways unless marked: `.typed` pairs only turn what is
// typed in Latin into the native script, `.read` pairs only turn a native
// word typed into the Latin spellings of foreign names ("монако" → "monaco").
// The automaton that uses them is TransliterationWalk.
//
// Letters are in the index's folded form (TextNormalizer: lower case, ё → е,
// ї → і, ў → у, Greek accents and final ς gone).

enum TransliterationTables {
    enum Way { case both, typed, read }

    /// Latin spelling, Cyrillic letters, and which way the pair reads.
    static let cyrillic: [(String, String, Way)] = [
        ("a", "а", .both), ("b", "б", .both), ("v", "в", .both), ("w", "в", .both), ("g", "г", .both),
        ("d", "д", .both),
        ("e", "е", .both), ("ye", "е", .both), ("je", "е", .both), ("ie", "е", .typed),
        ("yo", "е", .both), ("jo", "е", .both), ("io", "е", .typed),           // ё, folded to е
        ("e", "э", .both), ("zh", "ж", .both), ("z", "ж", .read), ("j", "ж", .read),
        ("z", "з", .both), ("i", "и", .both), ("y", "и", .both),
        ("y", "й", .both), ("i", "й", .both), ("j", "й", .both),
        ("k", "к", .both), ("c", "к", .read), ("l", "л", .both), ("m", "м", .both), ("n", "н", .both),
        ("o", "о", .both), ("p", "п", .both), ("r", "р", .both), ("s", "с", .both), ("c", "с", .read),
        ("t", "т", .both), ("u", "у", .both), ("ou", "у", .read), ("f", "ф", .both), ("ph", "ф", .read),
        ("kh", "х", .both), ("h", "х", .both), ("x", "х", .both), ("x", "кс", .both),
        ("ts", "ц", .both), ("tz", "ц", .both), ("c", "ц", .both), ("cz", "ц", .both), ("z", "ц", .read),
        ("ch", "ч", .both), ("tch", "ч", .both), ("c", "ч", .both),
        ("sh", "ш", .both), ("sch", "ш", .read),
        ("shch", "щ", .both), ("sch", "щ", .both), ("shh", "щ", .both), ("sh", "щ", .typed),   // "ploshad"
        ("y", "ы", .both), ("i", "ы", .both),
        ("y", "ий", .typed), ("y", "ый", .typed), ("i", "ий", .typed),        // "-sky", "Krasny", "Dmitri"
        ("yu", "ю", .both), ("ju", "ю", .both), ("iu", "ю", .both), ("u", "ю", .read),
        ("ya", "я", .both), ("ja", "я", .both), ("ia", "я", .both),
        ("", "ь", .read), ("", "ъ", .read), ("y", "ь", .read),                // "Ilyinka" for Ильинка
        // Ukrainian (BGN/PCGN 1965).
        ("i", "і", .both), ("yi", "і", .both), ("ye", "є", .both), ("ie", "є", .both), ("je", "є", .both),
        ("g", "ґ", .both), ("h", "г", .both),
    ]

    /// Letters a Latin spelling may leave out: the soft and hard signs ("ploshchad" → "площадь").
    static let cyrillicSilent = ["ь", "ъ"]

    /// Latin spelling, Greek letters, and which way the pair reads.
    static let greek: [(String, String, Way)] = [
        ("a", "α", .both), ("ai", "αι", .both), ("e", "αι", .both), ("av", "αυ", .both), ("af", "αυ", .both),
        ("v", "β", .both), ("b", "β", .both), ("b", "μπ", .both), ("mp", "μπ", .both), ("mb", "μπ", .both),
        ("g", "γ", .both), ("gh", "γ", .both), ("y", "γ", .both),
        ("ng", "γγ", .both), ("g", "γκ", .both), ("gk", "γκ", .both), ("ng", "γκ", .both),
        ("nx", "γξ", .both), ("nch", "γχ", .both),
        ("d", "δ", .both), ("dh", "δ", .both), ("d", "ντ", .both), ("nt", "ντ", .both), ("nd", "ντ", .both),
        ("e", "ε", .both), ("ev", "ευ", .both), ("ef", "ευ", .both), ("z", "ζ", .both),
        ("i", "η", .both), ("e", "η", .both), ("iv", "ηυ", .both), ("if", "ηυ", .both),
        ("th", "θ", .both), ("i", "ι", .both), ("k", "κ", .both), ("c", "κ", .read), ("l", "λ", .both),
        ("m", "μ", .both), ("n", "ν", .both), ("x", "ξ", .both), ("ks", "ξ", .both),
        ("o", "ο", .both), ("oi", "οι", .both), ("i", "οι", .both), ("ei", "ει", .both), ("i", "ει", .both),
        ("ou", "ου", .both), ("u", "ου", .both),
        ("p", "π", .both), ("r", "ρ", .both), ("rh", "ρ", .both), ("s", "σ", .both), ("t", "τ", .both),
        ("y", "υ", .both), ("i", "υ", .both), ("u", "υ", .both),
        ("f", "φ", .both), ("ph", "φ", .both),
        ("ch", "χ", .both), ("kh", "χ", .both), ("h", "χ", .both), ("x", "χ", .both),
        ("ps", "ψ", .both), ("o", "ω", .both), ("w", "ω", .both),
    ]

    /// A direction of reading: what the typed word's letters may stand for in the other script.
    /// Flat buffers that the table owns (no array per rule), so the walk reads them without
    /// reference counting or bounds checks of nested arrays.
    final class Table: @unchecked Sendable {
        struct Rule {
            /// The typed scalars this rule consumes, in `scalars`.
            let sourceStart: Int32
            let sourceCount: Int32
            /// What they stand for in the index (folded UTF-8), in `bytes`.
            let targetStart: Int32
            let targetCount: Int32
        }
        let scalars: UnsafeMutableBufferPointer<UInt32>
        let bytes: UnsafeMutableBufferPointer<UInt8>
        /// The rules, grouped by the first scalar of their source; longer spellings first within a
        /// group, so "shch" is tried before "sh" and the walk's budget goes to the likelier reading.
        let rules: UnsafeMutableBufferPointer<Rule>
        /// `rules[first[s] ..< first[s + 1]]` start with scalar `s` (for `s` below `span`; none above).
        let first: [Int32]
        /// Target letters that may stand in the index though nothing was typed for them (sources empty).
        let silent: [Rule]
        /// The first bytes of the target script's letters (its UTF-8 lead bytes).
        let leads: Set<UInt8>
        /// By byte value, the first bytes a target word can start with (those, and digits).
        let isLead: [Bool]
        static let span = 0x530

        init(pairs letters: [(source: String, target: String)], silent: [String] = []) {
            typealias Pair = (order: Int, source: [UInt32], target: [UInt8])
            // Digits read as themselves, so a house number reads whole ("17a" → "17а").
            let digits = (0...9).map { ("\($0)", "\($0)") }
            var pairs: [Pair] = (letters + digits).enumerated().map { ($0.offset, $0.element.0.unicodeScalars.map(\.value),
                                                                     Array($0.element.1.utf8)) }
            pairs.removeAll { $0.source.isEmpty || $0.source[0] >= UInt32(Table.span) }
            pairs.sort { (a: Pair, b: Pair) -> Bool in
                if a.source[0] != b.source[0] { return a.source[0] < b.source[0] }
                if a.source.count != b.source.count { return a.source.count > b.source.count }
                return a.order < b.order
            }
            var scalars: [UInt32] = [], bytes: [UInt8] = []
            func rule(_ source: [UInt32], _ target: [UInt8]) -> Rule {
                defer { scalars += source; bytes += target }
                return Rule(sourceStart: Int32(scalars.count), sourceCount: Int32(source.count),
                            targetStart: Int32(bytes.count), targetCount: Int32(target.count))
            }
            var first = [Int32](repeating: 0, count: Table.span + 1)
            var rules: [Rule] = []
            for p in pairs {
                rules.append(rule(p.source, p.target))
                first[Int(p.source[0]) + 1] += 1
            }
            for s in 0..<Table.span { first[s + 1] += first[s] }
            self.silent = silent.map { rule([], Array($0.utf8)) }
            self.first = first
            self.scalars = .allocate(capacity: scalars.count)
            _ = self.scalars.initialize(from: scalars)
            self.bytes = .allocate(capacity: bytes.count)
            _ = self.bytes.initialize(from: bytes)
            self.rules = .allocate(capacity: rules.count)
            _ = self.rules.initialize(from: rules)
            let leads = Set(letters.compactMap { $0.target.utf8.first })
            self.leads = leads
            isLead = (0..<256).map { leads.contains(UInt8($0)) || (0x30...0x39).contains($0) }
        }

        deinit {
            scalars.deallocate()
            bytes.deallocate()
            rules.deallocate()
        }

        /// The range of `rules` whose source starts with `s`.
        @inline(__always) func rules(startingWith s: UInt32) -> Range<Int> {
            s < Table.span ? Int(first[Int(s)])..<Int(first[Int(s) + 1]) : 0..<0
        }

        /// The index spelling of `rule`.
        @inline(__always) func spelling(of rule: Rule) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[Int(rule.targetStart)..<Int(rule.targetStart + rule.targetCount)])
        }
    }

    static let latinToCyrillic = Table(pairs: cyrillic.filter { $0.2 != .read && !$0.0.isEmpty }.map { ($0.0, $0.1) },
                                       silent: cyrillicSilent)
    static let cyrillicToLatin = Table(pairs: cyrillic.filter { $0.2 != .typed }.map { ($0.1, $0.0) })
    static let latinToGreek = Table(pairs: greek.filter { $0.2 != .read }.map { ($0.0, $0.1) })
    static let greekToLatin = Table(pairs: greek.filter { $0.2 != .typed }.map { ($0.1, $0.0) })
}
