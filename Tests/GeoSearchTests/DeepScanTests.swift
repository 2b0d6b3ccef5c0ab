// A common word's first pass reads only the most important landmarks of each
// list: on a large index, none of those may have every word typed, and the
// search answered with nothing or a relaxed guess. A generated town makes the
// case: three thousand "Le Verger du Vieux Moulin N" shops, one "Le Versailles"
// hotel, and museums ("Le Louvre N") and towns ("Vesuvio N") more important
// than both, so the top lists of "le" and of "ve" hold neither; "le" lists more
// landmarks than a first pass reads whole. The deep scan must find what every
// landmark scored one by one finds, best first.
import Foundation
import Testing
import GeoBase
import GeoFormat
@testable import GeoSearch
import GeoTestSupport

enum CrowdedTownFixture {
    static var osm: String {
        var w = OSMXMLWriter()
        w.node(9, 46.006, 7.0, ["tourism": "hotel", "name": "Le Versailles"])
        for k in 0..<3_000 {
            w.node(1_000 + k, 46.02 + Double(k / 60) * 0.001, 7.02 + Double(k % 60) * 0.0008,
                   ["shop": "convenience", "name": "Le Verger du Vieux Moulin \(k)"])
        }
        for k in 0..<40 {
            w.node(100 + k, 46.1 + Double(k) * 0.001, 7.1, ["tourism": "museum", "wikidata": "Q\(k + 1)", "name": "Le Louvre \(k)"])
            w.node(200 + k, 46.2 + Double(k) * 0.01, 7.2, ["place": "town", "population": "100000", "name": "Vesuvio \(k)"])
        }
        return w.text
    }

    /// Built once per process.
    static let index: Result<LandmarkIndex, any Error> = Result {
        try TestData.index(ofXML: osm, named: "crowded-town.osm", roads: false)
    }
}

@Suite struct DeepScanTests {
    /// The names of the `limit` best landmarks for `text` when every landmark is scored.
    func everyCandidate(_ text: String, _ index: LandmarkIndex, limit: Int) -> [String] {
        let matches = TokenMatcher.match(QueryParser.parse(text), index: index, weights: .standard)
        var scorer = CandidateScorer(index: index, matches: matches, required: matches.map { !$0.coveredByPhrase },
                                     options: SearchOptions(), relaxed: false)
        let ranked = (0..<UInt32(index.count)).compactMap { scorer.score($0) }.sorted(by: IndexSearcher.better)
        return ranked.prefix(limit).compactMap { index.record(Int($0.id))?.names.first?.value }
    }

    @Test(arguments: ["Le Ve", "le vers", "Le "]) func wordsNoTopListHoldsTogetherAreFound(_ text: String) throws {
        let index = try CrowdedTownFixture.index.get()
        var options = SearchOptions()
        options.limit = 5
        let response = SearchEngine(index: index).search(text, options: options)
        let expected = everyCandidate(text, index, limit: 5)
        #expect(!expected.isEmpty)
        #expect(response.results.map(\.name) == expected, "\(text)")
        #expect(response.results.allSatisfy { $0.unmatched.isEmpty }, "no word was let go for \(text)")
    }

    /// The fixture does make the first pass fall short: with the deep scan cut to one id, the
    /// answer differs.
    @Test func withoutTheDeepScanTheFirstPassFallsShort() throws {
        let index = try CrowdedTownFixture.index.get()
        var limits = CandidateLimits.standard
        limits.deepScan = 1
        var options = SearchOptions()
        options.limit = 5
        let response = SearchEngine(index: index, limits: limits).search("Le Ve", options: options)
        #expect(response.results.map(\.name) != everyCandidate("Le Ve", index, limit: 5))
    }

    @Test func theHotelComesFirstForItsName() throws {
        let index = try CrowdedTownFixture.index.get()
        let response = SearchEngine(index: index).search("le versailles", options: SearchOptions())
        #expect(response.results.first?.name == "Le Versailles")
    }
}
