// Latin ↔ Cyrillic and Latin ↔ Greek: the BGN/PCGN romanisation against the
// published examples (and against ICU's own BGN transform where Foundation has
// it), and the readings the tables accept both ways with their common variants.
import Foundation
import Testing
import GeoBase
@testable import GeoSearch

/// BGN/PCGN romanisations (lower case, marks dropped): Russian 1947, Greek 1996 (ELOT 743).
private let bgnPCGN: [(native: String, latin: String)] = [
    ("улица Гончарова", "ulitsa goncharova"), ("Красная площадь", "krasnaya ploshchad"), ("Тверская", "tverskaya"),
    ("Москва", "moskva"), ("Щёлково", "shchelkovo"), ("Юрьев", "yuryev"), ("Елец", "yelets"), ("Подъезд", "podyezd"),
    ("Чайковский", "chaykovskiy"), ("Хабаровск", "khabarovsk"), ("Красный", "krasnyy"), ("Жуковский", "zhukovskiy"),
    ("Бульвар", "bulvar"), ("Цимлянск", "tsimlyansk"), ("Эртиль", "ertil"), ("Майское", "mayskoye"),
    ("Αθήνα", "athina"), ("Θεσσαλονίκη", "thessaloniki"), ("Πειραιάς", "peiraias"), ("Ναύπλιο", "nafplio"),
    ("Ευρώπη", "evropi"), ("Μπούρτζι", "bourtzi"), ("Χανιά", "chania"), ("Ψαρά", "psara"), ("Άγγελος", "angelos"),
    ("Κέρκυρα", "kerkyra"), ("Ντίνος", "dinos"), ("Πάντα", "panta"), ("Ξάνθη", "xanthi"),
]

@Suite struct TransliteratorTests {
    @Test func romanizesByBGNPCGN() {
        for (native, latin) in bgnPCGN {
            #expect(Transliteration.romanize(native) == latin, "\(native)")
        }
    }

    /// ICU ships BGN's own table for Russian: where Foundation has it, both agree (its marks ʹ ʺ · ë dropped).
    @Test func agreesWithICUWhereAvailable() {
        let icu = StringTransform("Russian-Latin/BGN")
        let russian = bgnPCGN.filter { $0.native.unicodeScalars.allSatisfy { $0.value < 0x370 || $0.value >= 0x400 } }
        guard "улица".applyingTransform(icu, reverse: false) != nil else {
            print("skipping: this Foundation has no ICU transform Russian-Latin/BGN")
            return
        }
        for (native, _) in russian {
            let theirs = native.applyingTransform(icu, reverse: false) ?? ""
            let folded = theirs.lowercased().decomposedStringWithCanonicalMapping
            let letters = String(folded.unicodeScalars.filter { $0 == " " || ($0.value >= 0x61 && $0.value <= 0x7A) })
            #expect(letters == Transliteration.romanize(native), "\(native): ICU \(theirs)")
        }
    }

    @Test func bgnPCGNSpellingsReadBack() {
        for (native, latin) in bgnPCGN {
            let words = zip(TextNormalizer.words(latin), TextNormalizer.words(native))
            for (l, n) in words { #expect(Transliteration.spells(l, n), "\(l) → \(n)") }
        }
    }

    @Test func commonVariantsOfRussian() {
        let cases: [(String, String)] = [
            ("ulica", "улица"), ("ulitza", "улица"), ("krasnaja", "красная"), ("krasnaia", "красная"),
            ("ploschad", "площадь"), ("ploshhad", "площадь"), ("ploshad", "площадь"),   // "sch", GOST "shh", and "sh" for щ
            ("tverskaja", "тверская"), ("jurjev", "юрьев"), ("iuriev", "юрьев"), ("habarovsk", "хабаровск"),
            ("xabarovsk", "хабаровск"), ("chaikovsky", "чайковский"), ("tchaikovsky", "чайковский"),
            ("krasny", "красный"), ("krasnyj", "красный"), ("elets", "елец"), ("ertil", "эртиль"), ("shchelkovo", "щёлково"),
            ("schelkovo", "щёлково"), ("shhelkovo", "щёлково"), ("goncarova", "гончарова"), ("kyiv", "київ"),
        ]
        for (typed, word) in cases { #expect(Transliteration.spells(typed, word), "\(typed) → \(word)") }
        // Whole words only unless a prefix: "mosk" is the start of "москва", not the word.
        #expect(!Transliteration.spells("mosk", "москва") && Transliteration.spells("mosk", "москва", prefix: true))
        #expect(Transliteration.spells("gonc", "гончарова", prefix: true) && Transliteration.spells("ulits", "улица", prefix: true))
        #expect(Transliteration.spells("shc", "щёлково", prefix: true))
        #expect(!Transliteration.spells("ulitsa", "улита") && !Transliteration.spells("moskva", "москвич"))
    }

    @Test func greekAndBackToLatin() {
        #expect(Transliteration.spells("athena", "Αθήνα") && Transliteration.spells("kerkira", "Κέρκυρα"))
        #expect(Transliteration.spells("khania", "Χανιά") && Transliteration.spells("piraeus", "Πειραιάς", maxEdits: 2))
        #expect(Transliteration.spells("лондон", "London") && Transliteration.spells("монако", "Monaco"))
        #expect(Transliteration.spells("макдоналдс", "Makdonalds") && Transliteration.spells("αθηνα", "Athina"))
        // "Париж" is no transliteration of "Paris", but it is one letter from one (ж read as z).
        #expect(!Transliteration.spells("париж", "Paris") && Transliteration.spells("париж", "Paris", maxEdits: 1))
    }

    @Test func typosInTheOtherScript() {
        #expect(!Transliteration.spells("tverskya", "тверская") && Transliteration.spells("tverskya", "тверская", maxEdits: 1))
        #expect(Transliteration.spells("goncharovva", "гончарова", maxEdits: 1))
        #expect(!Transliteration.spells("vtverskaya", "тверская", maxEdits: 2))   // the first letter is trusted
    }
}
