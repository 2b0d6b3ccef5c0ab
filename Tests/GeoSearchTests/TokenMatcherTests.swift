// Direct tests of TokenMatcher: for each query token, which trie ranges match
// it (exact, prefix, abbreviation, typo) and which categories it names, with
// qualities taken from RankingWeights. The search tests see this only through
// ranked results; here each source is inspected. Most cases use the sample
// town; house numbers and "st"/"street" need a tiny fixture of their own.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoSearch
import GeoTestSupport

private let fixtureOSM = """
<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
  <node id="1" lat="46.1000000" lon="6.9000000"><tag k="addr:housenumber" v="12"/><tag k="addr:street" v="Main Street"/></node>
  <node id="2" lat="46.1001000" lon="6.9000000"><tag k="addr:housenumber" v="12a"/><tag k="addr:street" v="Main Street"/></node>
  <node id="3" lat="46.1002000" lon="6.9000000"><tag k="addr:housenumber" v="120"/><tag k="addr:street" v="Main Street"/></node>
  <node id="4" lat="46.1003000" lon="6.9000000"><tag k="addr:housenumber" v="125"/><tag k="addr:street" v="Main Street"/></node>
  <node id="5" lat="46.1004000" lon="6.9000000"><tag k="shop" v="books"/><tag k="name" v="Baker St Books"/></node>
</osm>
"""

/// Built once per process: 12, 12a, 120, 125 Main Street and a shop on "Baker St".
private let fixture: Result<LandmarkIndex, any Error> = Result {
    let path = TestData.tempPath("token-matcher-fixture.osm")
    try fixtureOSM.write(toFile: path, atomically: true, encoding: .utf8)
    return try TestData.index(of: path, roads: false)
}

private func town() throws -> LandmarkIndex { try TestData.index(of: TestData.sample("town.osm")) }

private func matches(_ text: String, _ index: LandmarkIndex, weights: RankingWeights = .standard) -> [TokenMatch] {
    TokenMatcher.match(QueryParser.parse(text), index: index, weights: weights)
}

/// The trie ordinal of an indexed token.
private func ordinal(_ token: String, _ index: LandmarkIndex) throws -> Int {
    try #require(index.trie.find(token: Array(token.utf8)), "\(token) is not indexed").ordinalStart
}

private func sources(of token: String, in m: TokenMatch, _ index: LandmarkIndex) throws -> [TokenSource] {
    let o = try ordinal(token, index)
    return m.sources.filter { $0.ordinals.contains(o) }
}

@Suite struct TokenMatcherTests {
    @Test func aFinishedWordMatchesOnlyItsExactToken() throws {
        let index = try town()
        let m = try #require(matches("grimaldi ", index).first)
        #expect(!m.token.isPrefix)
        #expect(m.sources.map(\.kind) == [.exact])
        let o = try ordinal("grimaldi", index)
        #expect(m.sources.first?.ordinals == o..<(o + 1))
        #expect(m.sources.first?.quality == RankingWeights.standard.exactMatch)
        #expect(m.cost > 0)
        // Not a whole token once finished: nothing, though "grimaldi" starts with it.
        #expect(matches("grimal ", index).first?.sources.isEmpty == true)
    }

    @Test func theLastWordAlsoMatchesTheTokensItStarts() throws {
        let index = try town()
        // "grimal" is no token: one prefix source over its subtree.
        let typing = try #require(matches("grimal", index).first)
        #expect(typing.token.isPrefix)
        #expect(typing.sources.map(\.kind) == [.prefix])
        #expect(typing.sources.first?.quality == RankingWeights.standard.prefixMatch)
        #expect(try sources(of: "grimaldi", in: typing, index).map(\.kind) == [.prefix])
        // "de" is a token and the start of others ("des"): exact for itself, prefix for the rest.
        let de = try #require(matches("rue de", index).last)
        #expect(try sources(of: "de", in: de, index).map(\.kind) == [.exact])
        #expect(try sources(of: "des", in: de, index).map(\.kind) == [.prefix])
        #expect(matches("rue de", index).first?.sources.map(\.kind) == [.exact])   // "rue" is finished
    }

    @Test func aTypedNumberFindsItsLettersButNotLongerNumbers() throws {
        let index = try fixture.get()
        let twelve = try #require(matches("12", index).first)
        #expect(twelve.token.isPrefix && twelve.token.isNumeric)
        #expect(try sources(of: "12", in: twelve, index).map(\.kind) == [.exact])
        #expect(try sources(of: "12a", in: twelve, index).map(\.kind) == [.prefix])
        #expect(try sources(of: "120", in: twelve, index).isEmpty)
        #expect(try sources(of: "125", in: twelve, index).isEmpty)
        // "1" stops before 12; a word is still completed ("mai" → "main").
        #expect(matches("1", index).first?.sources.isEmpty == true)
        #expect(try sources(of: "main", in: try #require(matches("mai", index).first), index).map(\.kind) == [.prefix])
        // Finished, "12" is only 12.
        #expect(try #require(matches("12 ", index).first).sources.map(\.kind) == [.exact])
    }

    @Test func abbreviationPartnersMatchBothWays() throws {
        let index = try fixture.get()
        let st = try #require(matches("st ", index).first)
        #expect(try sources(of: "st", in: st, index).map(\.kind) == [.exact])
        let street = try sources(of: "street", in: st, index)
        #expect(street.map(\.kind) == [.abbreviation])
        #expect(street.first?.quality == RankingWeights.standard.abbreviationMatch)
        let long = try #require(matches("street ", index).first)
        #expect(try sources(of: "st", in: long, index).map(\.kind) == [.abbreviation])
        // Typed "st" already covers "street" as a prefix: no second, abbreviation source for it.
        let typing = try #require(matches("st", index).first)
        #expect(try sources(of: "street", in: typing, index).map(\.kind) == [.prefix])
        #expect(typing.sources.map(\.kind) == [.exact, .prefix])
    }

    @Test func saintFindsTheGermanSanktInTheTown() throws {
        let index = try town()
        let saint = try #require(matches("saint ", index).first)
        #expect(try sources(of: "saint", in: saint, index).map(\.kind) == [.exact])
        #expect(try sources(of: "sankt", in: saint, index).map(\.kind) == [.abbreviation])   // Spital Sankt Rochus
    }

    @Test func categoryWordsNameCategoriesPresentInTheIndex() throws {
        let index = try town()
        let pharmacy = try #require(index.categoryIDs["amenity=pharmacy"])
        let whole = try #require(matches("pharmacy ", index).first)
        #expect(whole.sources.isEmpty)   // no landmark has the word in a name
        #expect(whole.categories.contains { $0.id == pharmacy && $0.quality == RankingWeights.standard.categoryMatch })
        #expect(whole.cost >= 2)          // the named and the unnamed pharmacy
        // Still typing: a word of 3+ letters that starts a category word names it, a little less surely.
        let typing = try #require(matches("pharm", index).first)
        let w = RankingWeights.standard
        #expect(typing.categories.contains { $0.id == pharmacy && abs($0.quality - w.categoryMatch * w.categoryPrefixFactor) < 1e-12 })
        #expect(matches("ph", index).first?.categories.isEmpty == true)
        // A word that is both a name and a category word has both.
        let pharmacie = try #require(matches("pharmacie ", index).first)
        #expect(pharmacie.sources.map(\.kind) == [.exact] && pharmacie.categories.map(\.id) == [pharmacy])
    }

    @Test func twoWordCategoryPhrasesCoverTheirSecondWord() throws {
        let index = try town()
        let busStop = try #require(index.categoryIDs["highway=bus_stop"])
        for text in ["bus stop ", "bus stop", "bus st"] {
            let m = matches(text, index)
            #expect(m[0].categories.contains { $0.id == busStop }, "\(text)")
            #expect(!m[0].coveredByPhrase && m[1].coveredByPhrase, "\(text)")
            #expect(!m[1].isEmpty, "a covered word is not an unmatched word: \(text)")
        }
        let tram = matches("tram stop ", index)
        #expect(tram[0].categories.contains { $0.id == index.categoryIDs["railway=tram_stop"] } && tram[1].coveredByPhrase)
        // The phrase's words must follow in order.
        #expect(matches("stop bus ", index).allSatisfy { !$0.coveredByPhrase })
        #expect(!matches("bus grimaldi ", index)[1].coveredByPhrase)
        // Numbers and ranges never name categories.
        #expect(matches("10-14 ", index).first?.categories.isEmpty == true)
    }

    @Test func typosAreAddedOnlyBelowTheThreshold() throws {
        let index = try town()
        var m = matches("grimaldo ", index)
        #expect(m[0].sources.isEmpty && m[0].cost == 0)
        #expect(!TokenMatcher.addFuzzy(&m, index: index, threshold: 0))
        #expect(m[0].sources.isEmpty)
        #expect(TokenMatcher.addFuzzy(&m, index: index, threshold: 1))
        let typo = try sources(of: "grimaldi", in: m[0], index)
        #expect(typo.map(\.kind) == [.fuzzy] && typo.map(\.edits) == [1])
        #expect(typo.first?.quality == RankingWeights.standard.oneTypo)
        #expect(m[0].cost > 0)
        // Two edits in an 8-letter word.
        var two = matches("grymaldo ", index)
        #expect(TokenMatcher.addFuzzy(&two, index: index, threshold: 1))
        #expect(try sources(of: "grimaldi", in: two[0], index).map(\.quality) == [RankingWeights.standard.twoTypos])
        // "poste" is one edit from "post" (Oberdorf, Post), but matches the threshold's count itself: left alone…
        var poste = matches("poste ", index)
        let cost = poste[0].cost
        #expect(cost > 0)
        #expect(!TokenMatcher.addFuzzy(&poste, index: index, threshold: cost))
        #expect(poste[0].sources.allSatisfy { $0.kind == .exact })
        // …and given its typo neighbours one above it.
        #expect(TokenMatcher.addFuzzy(&poste, index: index, threshold: cost + 1))
        #expect(try sources(of: "post", in: poste[0], index).map(\.kind) == [.fuzzy])
    }

    @Test func qualitiesComeFromTheWeights() throws {
        var w = RankingWeights()
        w.exactMatch = 0.5
        w.prefixMatch = 0.4
        w.abbreviationMatch = 0.3
        w.categoryMatch = 0.2
        w.categoryPrefixFactor = 0.5
        w.oneTypo = 0.11
        let index = try town()
        #expect(matches("grimaldi ", index, weights: w)[0].sources.map(\.quality) == [0.5])
        #expect(matches("grimal", index, weights: w)[0].sources.map(\.quality) == [0.4])
        #expect(try sources(of: "sankt", in: matches("saint ", index, weights: w)[0], index).map(\.quality) == [0.3])
        #expect(matches("pharmacy ", index, weights: w)[0].categories.map(\.quality).allSatisfy { $0 == 0.2 })
        #expect(matches("pharm", index, weights: w)[0].categories.map(\.quality).allSatisfy { abs($0 - 0.1) < 1e-12 })
        var typo = matches("grimaldo ", index, weights: w)
        _ = TokenMatcher.addFuzzy(&typo, index: index, threshold: 1, weights: w)
        #expect(try sources(of: "grimaldi", in: typo[0], index).map(\.quality) == [0.11])
    }
}
