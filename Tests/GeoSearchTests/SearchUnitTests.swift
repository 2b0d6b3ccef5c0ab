// Unit tests of the search pieces that need no index: query parsing, edit
// distance, highlight spans and distance labels.
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoSearch

@Test func lastTokenIsAPrefixUnlessTheTextEndsWithASpace() {
    let typing = QueryParser.parse("Rue Gri")
    #expect(typing.tokens.map(\.text) == ["rue", "gri"])
    #expect(typing.tokens.map(\.isPrefix) == [false, true])
    let done = QueryParser.parse("Rue Gri ")
    #expect(done.tokens.map(\.isPrefix) == [false, false])
}

@Test func numberRangesBecomeOneTokenWithEveryNumber() {
    let q = QueryParser.parse("10-14 rue de l'église")
    #expect(q.tokens[0].alternatives == ["10", "11", "12", "13", "14"])
    #expect(q.tokens.map(\.text).dropFirst() == ["rue", "de", "l", "eglise"])
    // A dash inside a name is no range.
    #expect(QueryParser.parse("saint-jean").tokens.map(\.text) == ["saint", "jean"])
}

@Test func anAbbreviationWrittenAsOneFormBecomesItsWord() {
    #expect(QueryParser.parse("пр-т Мира").tokens.map(\.text) == ["проспект", "мира"])
    #expect(QueryParser.parse("1-й Ботанический пр-д").tokens.map(\.text) == ["1", "й", "ботанический", "проезд"])
    #expect(QueryParser.parse("p.za Garibaldi").tokens.map(\.text) == ["piazza", "garibaldi"])
    #expect(QueryParser.parse("c.so Italia").tokens.map(\.text) == ["corso", "italia"])
    // Only when written as one form, and only forms the tables know.
    #expect(QueryParser.parse("пр т").tokens.map(\.text) == ["пр", "т"])
    #expect(QueryParser.parse("saint-jean").tokens.map(\.text) == ["saint", "jean"])
}

@Test func aWordWithADotStandsForTheLongerWordsItStarts() {
    let q = QueryParser.parse("Фрунзенская наб. ")
    #expect(q.tokens.map(\.text) == ["фрунзенская", "наб"])
    #expect(q.tokens.map(\.isPrefix) == [false, true])
    #expect(QueryParser.parse("Mannerheimint. 13").tokens.map(\.isPrefix) == [true, true])
    // A number with a dot is still that number.
    #expect(QueryParser.parse("12. rue").tokens.map(\.isPrefix) == [false, true])
}

@Test func abbreviationsOfEachLanguageAndCompoundEndings() {
    #expect(Abbreviations.alternatives(of: "avda").contains("avinguda"))
    #expect(Abbreviations.alternatives(of: "avinguda").contains("av"))
    #expect(Set(Abbreviations.alternatives(of: "пр")).isSuperset(of: ["проспект", "проезд"]))
    #expect(!Abbreviations.alternatives(of: "проспект").contains("проезд"))
    #expect(Abbreviations.alternatives(of: "mannerheimint").contains("mannerheimintie"))
    #expect(Abbreviations.alternatives(of: "aleksanterink").contains("aleksanterinkatu"))
    #expect(Abbreviations.alternatives(of: "drottningg").contains("drottninggatan"))
    #expect(Abbreviations.alternatives(of: "kalverstr").contains("kalverstraat"))
    #expect(Abbreviations.alternatives(of: "hauptstrasse").contains("hauptstr"))
    // A short word is no compound: "it" is not "i" + "tie".
    #expect(!Abbreviations.alternatives(of: "kat").contains("katie"))
}

@Test func hugeQueriesAreCutToBoundedSize() {
    let q = QueryParser.parse(String(repeating: "abc ", count: 250_000))
    #expect(q.tokens.count <= QueryParser.maxTokens)
}

@Test func editDistanceCountsTranspositionsAsOneEdit() {
    #expect(EditDistance.bounded("hotle", "hotel", max: 1) == 1)
    #expect(EditDistance.bounded("andora", "andorr", max: 1) == 1)
    #expect(EditDistance.bounded("abcdef", "uvwxyz", max: 2) == nil)
}

@Test func highlightsCoverExactPrefixAndTypoWords() {
    let q = QueryParser.parse("cafe de par")
    let spans = Highlighter(query: q).spans(in: "Café de Paris", typos: false)
    #expect(spans.map { [$0.start, $0.length] } == [[0, 4], [5, 2], [8, 3]])
    // Folding changes lengths: "Straße" folds to "strasse"; the "s" typed after "stra" is the ß.
    let s = Highlighter(query: QueryParser.parse("hauptstras")).spans(in: "Hauptstraße 5", typos: false)
    #expect(s.map { [$0.start, $0.length] } == [[0, 10]])
    let t = Highlighter(query: QueryParser.parse("andora")).spans(in: "Andorra la Vella", typos: true)
    #expect(t.map { [$0.start, $0.length] } == [[0, 7]])
}

@Test func distanceLabelsInBothUnits() {
    #expect(DistanceLabel.text(84.6, units: .metric) == "85 m")
    #expect(DistanceLabel.text(1234, units: .metric) == "1.2 km")
    #expect(DistanceLabel.text(23_400, units: .metric) == "23 km")
    #expect(DistanceLabel.text(1287, units: .imperial) == "0.8 mi")
    #expect(DistanceLabel.text(30, units: .imperial) == "100 ft")
}

@Test func trieFindsTokensWhoseFirstBytesCollide() throws {
    // Cyrillic letters share their first UTF-8 byte: siblings must be told apart by the whole scalar.
    let words = ["улица", "фонтан", "тверская", "сокол", "рынок", "проспект"]
    let tokens = words.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    var post = ByteWriter()
    var offsets: [Int] = []
    for (i, _) in tokens.enumerated() {
        offsets.append(post.count)
        PostingList.encode([UInt32(i)], into: &post)
    }
    var builder = TrieBuilder(tokens: tokens, postings: tokens.indices.map { [UInt32($0)] }, postingOffsets: offsets,
                              importance: [UInt8](repeating: 1, count: tokens.count))
    let bytes = builder.build(post: &post)
    try bytes.withUnsafeBytes { raw in
        let trie = TrieReader(view: ByteView(base: raw.baseAddress, count: raw.count))
        for w in words {
            let node = try #require(trie.find(token: Array(w.utf8)), "\(w)")
            #expect(tokens[node.ordinalStart] == Array(w.utf8))
            #expect(trie.find(prefix: Array(w.prefix(2).utf8))?.ordinalCount == 1)
        }
    }
}
