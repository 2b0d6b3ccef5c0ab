// The per-language category tables (CategoryWords+xx.swift): every table
// lists every category that has English words, names only categories the
// catalog knows, and its words reach the catalog normalised as the index
// folds text. Spot checks per language guard the words the issue asked for.
import Testing
@testable import GeoBase
@testable import GeoModel

@Suite struct CategoryWordsTests {
    private var categoriesWithWords: [String] {
        CategoryCatalog.all.filter { !$0.words.isEmpty }.map { "\($0.key)=\($0.value)" }
    }

    @Test func everyTableListsEveryCategoryAndOnlyKnownOnes() throws {
        let known = Set(CategoryCatalog.all.map { "\($0.key)=\($0.value)" })
        #expect(CategoryWords.languages.count >= 11)
        for language in CategoryWords.languages {
            let table = try #require(CategoryWords.table(language))
            for c in categoriesWithWords where !table.listed.contains(c) {
                Issue.record("\(language): \(c) is not listed (an empty list says the language has no word of its own)")
            }
            for c in table.listed where !known.contains(c) {
                Issue.record("\(language): \(c) is no category of the catalog")
            }
            // Most categories have a word of the language's own.
            #expect(table.words.values.filter { !$0.isEmpty }.count * 10 >= categoriesWithWords.count * 9, "\(language)")
        }
    }

    @Test func wordsAreNormalisedAsTheIndexFoldsText() {
        for c in CategoryCatalog.all {
            for w in c.words {
                #expect(!w.isEmpty && TextNormalizer.normalize(w) == w, "\(c.key)=\(c.value): \"\(w)\"")
            }
            #expect(Set(c.words).count == c.words.count, "\(c.key)=\(c.value) lists a word twice")
        }
    }

    @Test func theTablesFormatIsReadAsDocumented() {
        let t = CategoryWords.parse("""
            amenity=pharmacy,healthcare=pharmacy|Apotheke, apotheken
            amenity=pharmacy|Apotheke,Stacja paliw
            shop=yes|
            """)
        #expect(t.words["amenity=pharmacy"] == ["apotheke", "apotheken", "stacja paliw"])
        #expect(t.words["healthcare=pharmacy"] == ["apotheke", "apotheken"])
        #expect(t.listed == ["amenity=pharmacy", "healthcare=pharmacy", "shop=yes"])
        #expect(t.words["shop=yes"] == [])
    }

    /// Category → words, for spot checks.
    private func words(_ key: String, _ value: String) -> [String] {
        CategoryCatalog.info(key: key, value: value)?.words ?? []
    }

    @Test(arguments: [
        ("en", "amenity=pharmacy", ["pharmacy", "pharmacies", "chemist"]),
        ("de", "amenity=fuel", ["tankstelle", "tankstellen", "tanke"]),
        ("fr", "amenity=atm", ["distributeur", "dab"]),
        ("it", "amenity=pharmacy", ["farmacia", "farmacie"]),
        ("es", "amenity=fuel", ["gasolinera", "gasolineras"]),
        ("ca", "amenity=atm", ["caixer", "caixer automatic"]),
        ("pt", "shop=bakery", ["padaria"]),
        ("nl", "shop=bakery", ["bakkerij", "bakker"]),
        ("pl", "shop=bakery", ["piekarnia", "piekarnie"]),
        ("ru", "amenity=fuel", ["заправка", "азс"]),
        ("ru", "amenity=pharmacy", ["аптека", "аптеки"]),
        ("ru", "amenity=atm", ["банкомат"]),
        ("ru", "amenity=cafe", ["кафе"]),
        ("fi", "amenity=cafe", ["kahvila"]),
        ("fi", "amenity=restaurant", ["ravintola"]),
        ("fi", "tourism=hotel", ["hotelli"]),
        ("fi", "amenity=pharmacy", ["apteekki"]),
        ("sv", "amenity=pharmacy", ["apotek"]),
    ])
    func theIssuesWordsAreThere(language: String, category: String, expected: [String]) throws {
        let parts = category.split(separator: "=").map(String.init)
        let all = words(parts[0], parts[1])
        let own = language == "en" ? all : try #require(CategoryWords.table(language)).words[category] ?? []
        for w in expected {
            #expect(own.contains(w), "\(language) \(category) lacks \"\(w)\"")
            #expect(all.contains(w))
        }
    }

    @Test func unnamedCategoriesPeopleSearchByTypeHaveWordsInEveryLanguage() throws {
        // The categories indexed even without a name are those people look for by what they are.
        let unnamed = CategoryCatalog.all.filter { $0.indexUnnamed && !$0.words.isEmpty }.map { "\($0.key)=\($0.value)" }
        for language in CategoryWords.languages {
            let table = try #require(CategoryWords.table(language))
            let missing = unnamed.filter { table.words[$0]?.isEmpty ?? true }
            #expect(missing.count <= 6, "\(language) has no word for \(missing)")
        }
    }
}
