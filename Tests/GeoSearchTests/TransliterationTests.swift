// Latin ↔ Cyrillic and Latin ↔ Greek: the BGN/PCGN romanisation against the
// published examples (and against ICU's own BGN transform where Foundation has
// it), the readings the tables accept both ways with their common variants,
// and search on a small generated town with Cyrillic, Greek and Latin names:
// a Latin word finds the Cyrillic or Greek name, the last word is a prefix,
// typos are forgiven, and a name in the typed script always ranks first.
// Then the real Moscow extract (skipped when ../shared/data is absent).
import Foundation
import Testing
import GeoBase
@testable import GeoSearch
import GeoTestSupport

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

/// A small town with Cyrillic, Greek and Latin names, indexed once per process.
enum TransliterationFixture {
    static let center = Coordinate(lat: 55.75, lon: 37.6)
    /// Way id → street name (short segments around `center`).
    static let streets: [(id: Int, name: String)] = [
        (301, "улица Гончарова"), (302, "Красная площадь"), (303, "Тверская улица"), (304, "Шереметьевская улица"),
        (305, "Звёздный бульвар"), (306, "Οδός Αθηνάς"), (307, "2-й Гончаровский переулок"),
    ]
    /// Node id → tags; the Latin-named ones far from `center`, the native ones near it.
    static let nodes: [(id: Int, lat: Double, lon: Double, tags: [String: String])] = [
        (401, 55.751, 37.601, ["place": "city", "name": "Αθήνα", "population": "600000"]),
        (402, 55.752, 37.602, ["place": "town", "name": "Θεσσαλονίκη"]),
        (403, 55.80, 37.70, ["amenity": "restaurant", "name": "Tverskaya"]),
        (404, 55.81, 37.71, ["amenity": "cafe", "name": "Athina"]),
        (405, 55.749, 37.599, ["amenity": "pub", "name": "London"]),
        (406, 55.748, 37.598, ["amenity": "bar", "name": "Monaco"]),
        (407, 55.7505, 37.6005, ["amenity": "fast_food", "name": "Макдоналдс"]),
        (408, 55.7502, 37.6012, ["addr:street": "улица Гончарова", "addr:housenumber": "15А"]),
    ]

    static var osm: String {
        var w = OSMXMLWriter()
        for n in nodes { w.node(n.id, n.lat, n.lon, n.tags) }
        for s in streets {
            w.street(s.id, name: s.name, lat: center.lat + Double(s.id - 300) * 0.0004, lon: center.lon, firstNode: 1000 + s.id * 2)
        }
        return w.text
    }

    static let engine: Result<SearchEngine, any Error> = Result {
        SearchEngine(index: try TestData.index(ofXML: osm, named: "transliteration-fixture.osm", roads: false))
    }

    static func search(_ text: String, limit: Int = 10) throws -> [SearchResult] {
        var o = SearchOptions()
        o.near = center
        o.limit = limit
        return try engine.get().search(text, options: o).results
    }

    /// The OSM ids of the results, in order.
    static func ids(_ text: String) throws -> [String] { try search(text).map { $0.osm?.description ?? "" } }
}

@Suite struct TransliterationSearchTests {
    typealias F = TransliterationFixture

    @Test func latinFindsCyrillicAndGreek() throws {
        for (query, osm) in [("ulitsa goncharova", "w301"), ("ulica goncharova", "w301"), ("krasnaya ploshchad", "w302"),
                             ("krasnaja ploschad", "w302"), ("tverskaya ulitsa", "w303"), ("sheremetyevskaya", "w304"),
                             ("zvezdny bulvar", "w305"), ("zvyozdnyy", "w305"), ("odos athinas", "w306"),
                             ("thessaloniki", "n402"), ("makdonalds", "n407"), ("2 y goncharovskiy", "w307"),
                             ("ulitsa goncharova 15a", "n408")] {
            let ids = try F.ids(query)
            #expect(ids.first == osm, "\(query) → \(ids)")
        }
    }

    @Test func cyrillicFindsLatin() throws {
        #expect(try F.ids("лондон").first == "n405")
        #expect(try F.ids("монако").first == "n406")
        // Mixed: one word as written, one through the other script.
        #expect(try F.ids("ulitsa гончарова").first == "w301")
    }

    @Test func theLastWordIsAPrefix() throws {
        #expect(try F.ids("ulitsa goncha").first == "w301")
        #expect(try F.ids("ulitsa gonc").first == "w301")     // inside "ch"
        #expect(try F.ids("krasnaya plosh").first == "w302")
        #expect(try F.ids("thessal").first == "n402")
        let r = try F.search("ulitsa goncha")
        // What matched is highlighted in the Cyrillic name: "улица" whole, "Гонча" of "Гончарова".
        #expect(r.first.map { $0.highlights.map { [$0.start, $0.length] } } == [[0, 5], [6, 5]])
    }

    @Test func typosAreForgiven() throws {
        #expect(try F.ids("ulitsa goncharvoa").first == "w301")
        #expect(try F.ids("sheremetyevskya ").first == "w304")
    }

    @Test func theTypedScriptRanksFirst() throws {
        // The Latin "Tverskaya" lies 9 km away, the Cyrillic street at the hint: the typed script still wins.
        let tverskaya = try F.ids("tverskaya")
        #expect(tverskaya.first == "n403" && tverskaya.contains("w303"), "\(tverskaya)")
        // A city of 600 000 named "Αθήνα" beside the hint, a café "Athina" far away.
        let athina = try F.ids("athina")
        #expect(athina.first == "n404" && athina.contains("n401"), "\(athina)")
        #expect(try F.ids("athin").first == "n404")
    }
}

@Suite struct TransliterationRealDataTests {
    @Test(.sharedData("moscow.osm.gz")) func moscowInLatinLetters() throws {
        let path = try #require(TestData.shared("moscow.osm.gz"))
        let index = try TestData.index(of: path)
        let e = SearchEngine(index: index)
        func first(_ q: String) -> String? { e.search(q, options: SearchOptions()).results.first?.name }
        #expect(first("ulitsa goncharova") == "улица Гончарова")
        #expect(first("ulica goncharova") == "улица Гончарова")
        #expect(first("sheremetyevskaya ulitsa") == "Шереметьевская улица")
        #expect(first("zvezdny bulvar") == "Звёздный бульвар")
        #expect(first("ulitsa dobrolyubova") == "улица Добролюбова")
        #expect(first("argunovskaya") == "Аргуновская улица")
        #expect(first("novodmitrovskaya ul") == "Новодмитровская улица")
        #expect(first("ulitsa goncharvoa") == "улица Гончарова")                 // a typo in the transliterated word
        #expect(first("Gončarova") == "улица Гончарова")                         // ISO 9 with its háček

        // Every landmark with a Cyrillic name is found by its BGN/PCGN romanisation.
        var streets = Set<String>()
        for i in 0..<index.count {
            guard let name = index.displayRecord(i, language: nil)?.names.first?.value,
                  name.unicodeScalars.contains(where: { $0.value >= 0x400 && $0.value < 0x530 }) else { continue }
            streets.insert(name)
        }
        var missed: [String] = []
        for name in streets {
            let typed = Transliteration.romanize(name)
            let r = e.search(typed, options: SearchOptions()).results
            if !r.contains(where: { $0.name == name }) { missed.append("\(typed) → \(name)") }
        }
        print("Moscow: \(streets.count - missed.count) of \(streets.count) Cyrillic names found by their BGN/PCGN romanisation")
        for m in missed { print("  missed: \(m)") }
        #expect(streets.count > 50 && missed.isEmpty, "\(missed)")
    }
}
