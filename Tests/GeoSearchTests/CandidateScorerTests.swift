// Direct tests of CandidateScorer on the sample town: which landmarks a query
// rejects (a required word unmatched, the kind filter, the filter box) and how
// the score is made (match tiers, category bonus, distance, the window bonus and
// every RankingWeights term). SearchSampleTests sees the scorer only through the
// order of results; here scores are compared with the documented formula.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoModel
@testable import GeoSearch
import GeoTestSupport

private func town() throws -> LandmarkIndex { try TestData.index(of: TestData.sample("town.osm")) }

/// The landmarks of `kind` whose record satisfies `test`.
private func landmarks(_ index: LandmarkIndex, _ kind: LandmarkKind, _ test: (LandmarkRecord) -> Bool) -> [UInt32] {
    (0..<index.count).filter { index.kind($0) == kind && index.record($0).map(test) == true }.map { UInt32($0) }
}

private func landmark(_ index: LandmarkIndex, _ kind: LandmarkKind, named name: String) throws -> UInt32 {
    let found = landmarks(index, kind) { $0.names.first?.value == name }
    try #require(found.count == 1, "\(kind) \(name): \(found.count) found")
    return found[0]
}

private func scorer(_ text: String, _ index: LandmarkIndex, options: SearchOptions = SearchOptions(),
                    weights: RankingWeights = .standard, typos: Bool = false, required: [Bool]? = nil,
                    relaxed: Bool = false) -> CandidateScorer {
    var matches = TokenMatcher.match(QueryParser.parse(text), index: index, weights: weights)
    if typos { _ = TokenMatcher.addFuzzy(&matches, index: index, threshold: 10, weights: weights) }
    return CandidateScorer(index: index, matches: matches, required: required ?? matches.map { !$0.coveredByPhrase },
                           options: options, relaxed: relaxed, weights: weights)
}

private func score(_ text: String, _ id: UInt32, _ index: LandmarkIndex, options: SearchOptions = SearchOptions(),
                   weights: RankingWeights = .standard, typos: Bool = false, required: [Bool]? = nil,
                   relaxed: Bool = false) -> ScoredCandidate? {
    var s = scorer(text, index, options: options, weights: weights, typos: typos, required: required, relaxed: relaxed)
    return s.score(id)
}

private func near(_ lat: Double, _ lon: Double) -> SearchOptions {
    var o = SearchOptions()
    o.near = Coordinate(lat: lat, lon: lon)
    return o
}

@Suite struct CandidateScorerTests {
    @Test func aRequiredWordThatNothingMatchesRejects() throws {
        let index = try town()
        let grimaldi = try landmark(index, .street, named: "Rue Grimaldi")
        #expect(score("rue grimaldi ", grimaldi, index) != nil)
        #expect(score("grimaldi zzqx ", grimaldi, index) == nil)
        // Made optional (a relaxed pass), the same word no longer rejects.
        #expect(score("grimaldi zzqx ", grimaldi, index, required: [true, false], relaxed: true) != nil)
        // A word that only other landmarks have rejects too.
        #expect(score("rue moulin ", grimaldi, index) == nil)
        // The second word of a category phrase is covered by it, required or not.
        let busStop = try landmark(index, .transit, named: "Rivebelle, Gare")
        #expect(score("bus stop ", busStop, index, required: [true, true]) != nil)
    }

    @Test func exactBeatsPrefixAndTyposFormALowerTier() throws {
        let index = try town()
        let w = RankingWeights.standard
        let id = try landmark(index, .street, named: "Rue Grimaldi")
        let exact = try #require(score("grimaldi ", id, index))
        let prefix = try #require(score("grimal", id, index))
        let typo = try #require(score("grimaldo ", id, index, typos: true))
        #expect(score("grimaldo ", id, index) == nil)   // no typo sources, no match
        #expect(exact.tier == ScoredCandidate.directTier && prefix.tier == ScoredCandidate.directTier
                && typo.tier == ScoredCandidate.typoTier)
        // Same landmark, one word: only the text quality differs.
        #expect(abs((exact.score - prefix.score) - w.text * (w.exactMatch - w.prefixMatch)) < 1e-9)
        #expect(abs((exact.score - typo.score) - w.text * (w.exactMatch - w.oneTypo)) < 1e-9)
        // Even a typo weighted like an exact match stays in the lower tier, so it ranks after a prefix match.
        var generous = RankingWeights()
        generous.oneTypo = 1
        let loud = try #require(score("grimaldo ", id, index, weights: generous, typos: true))
        #expect(loud.score > prefix.score && loud.tier == ScoredCandidate.typoTier)
        #expect(IndexSearcher.better(prefix, loud))
        // A relaxed pass is lower still.
        #expect(score("grimaldi ", id, index, relaxed: true)?.tier == ScoredCandidate.relaxedTier)
    }

    @Test func scoreMatchesTheDocumentedFormula() throws {
        let index = try town()
        let w = RankingWeights.standard
        let id = try landmark(index, .street, named: "Rue Grimaldi")
        let i = Int(id)
        #expect(index.nameTokenCount(i) == 2)
        let importance = Double(index.importance(i)) / 255
        // Both words exact, the whole name covered, no hint: text + nameCover + importance.
        let plain = try #require(score("rue grimaldi ", id, index))
        #expect(abs(plain.score - (w.text * 1 + w.nameCover * 1 + w.importance * importance)) < 1e-9)
        #expect(plain.distance == nil)
        // One word of two: half the name covered.
        let half = try #require(score("grimaldi ", id, index))
        #expect(abs(half.score - (w.text * 1 + w.nameCover * 0.5 + w.importance * importance)) < 1e-9)
        // A hint on the landmark: full closeness.
        let p = index.point(i).coordinate
        let here = try #require(score("rue grimaldi ", id, index, options: near(p.lat, p.lon)))
        #expect(here.distance == 0)
        #expect(abs(here.score - (plain.score + w.distance)) < 1e-9)
        // A hint 0.01° north (1112 m): closeness = 1 − ln(1 + d/scale) / ln(1 + horizon/scale).
        let hint = Coordinate(lat: p.lat + 0.01, lon: p.lon)
        let d = p.distance(to: hint)
        let far = try #require(score("rue grimaldi ", id, index, options: near(hint.lat, hint.lon)))
        let closeness = 1 - log(1 + d / w.distanceScale) / log(1 + w.distanceHorizon / w.distanceScale)
        #expect(abs((far.distance ?? 0) - d) < 1)
        #expect(abs(far.score - (plain.score + w.distance * closeness)) < 0.01)
    }

    @Test func aCategoryWordGivesTheCategoryBonus() throws {
        let index = try town()
        let w = RankingWeights.standard
        var noBonus = RankingWeights()
        noBonus.categoryBonus = 0
        let category = try #require(index.categoryIDs["amenity=pharmacy"])
        let pharmacies = landmarks(index, .poi) { _ in true }.filter { index.categoryID(Int($0)) == category }
        #expect(pharmacies.count == 2)
        for id in pharmacies {
            let s = try #require(score("pharmacy ", id, index))
            let without = try #require(score("pharmacy ", id, index, weights: noBonus))
            #expect(abs(s.score - without.score - w.categoryBonus) < 1e-9)
            // The word names what the landmark is: as good as an exact match covering the whole name,
            // with the full importance, whatever the name (so a shop merely called "Pharmacie" never
            // covers the word better than a pharmacy does).
            let importance = Double(index.importance(Int(id))) / 255
            #expect(abs(s.score - (w.text * w.exactMatch + w.nameCover + w.importance * importance + w.categoryBonus)) < 1e-9)
        }
        // The unnamed pharmacy and "Pharmacie du Lac" tie but for importance: the name earns nothing extra.
        let named = try landmark(index, .poi, named: "Pharmacie du Lac")
        #expect(abs(try #require(score("pharmacie ", named, index)).score - (try #require(score("pharmacy ", named, index)).score)) < 1e-9)
        // Other landmarks do not match the word at all.
        #expect(score("pharmacy ", try landmark(index, .street, named: "Rue Grimaldi"), index) == nil)
    }

    @Test func theNearerOfTwoEqualLandmarksScoresHigher() throws {
        let index = try town()
        // 12 Rue du Moulin exists twice: way 530 in Les Prés (west) and way 533 in Oberdorf (east).
        let twelve = landmarks(index, .address) { $0.houseNumber == "12" && $0.street == "Rue du Moulin" }
        let west = try #require(twelve.first { index.record(Int($0))?.osmID == 530 })
        let east = try #require(twelve.first { index.record(Int($0))?.osmID == 533 })
        let q = "12 rue du moulin "
        let a = try #require(score(q, west, index)), b = try #require(score(q, east, index))
        #expect(abs(a.score - b.score) < 1e-9, "equal without a hint")
        let lesPres = near(46.2002163, 6.7897508), oberdorf = near(46.2019260, 6.8098692)
        #expect(try #require(score(q, west, index, options: lesPres)).score > (try #require(score(q, east, index, options: lesPres))).score)
        #expect(try #require(score(q, east, index, options: oberdorf)).score > (try #require(score(q, west, index, options: oberdorf))).score)
        // Without a distance weight the hint changes nothing.
        var flat = RankingWeights()
        flat.distance = 0
        #expect(abs(try #require(score(q, west, index, options: lesPres, weights: flat)).score - a.score) < 1e-9)
    }

    @Test func theKindFilterAndTheFilterBoxReject() throws {
        let index = try town()
        let id = try landmark(index, .street, named: "Rue Grimaldi")
        let p = index.point(Int(id)).coordinate
        var kinds = SearchOptions()
        kinds.kinds = [.poi, .address]
        #expect(score("rue grimaldi ", id, index, options: kinds) == nil)
        kinds.kinds = [.street]
        #expect(score("rue grimaldi ", id, index, options: kinds) != nil)
        // A window used as a filter (--bbox).
        var window = SearchOptions()
        window.window = BoundingBox(around: Coordinate(lat: p.lat + 0.01, lon: p.lon), meters: 300)
        #expect(score("rue grimaldi ", id, index, options: window) == nil)
        window.window = BoundingBox(around: p, meters: 300)
        #expect(score("rue grimaldi ", id, index, options: window) != nil)
        // A radius around the hint.
        var radius = near(p.lat + 0.01, p.lon)
        radius.radius = 500
        #expect(score("rue grimaldi ", id, index, options: radius) == nil)
        radius.radius = 2_000
        #expect(score("rue grimaldi ", id, index, options: radius) != nil)
    }

    @Test func aWindowThatIsNoFilterOnlyGivesABonus() throws {
        let index = try town()
        let id = try landmark(index, .street, named: "Rue Grimaldi")
        let p = index.point(Int(id)).coordinate
        let plain = try #require(score("rue grimaldi ", id, index)).score
        var o = SearchOptions()
        o.windowIsFilter = false
        o.window = BoundingBox(around: p, meters: 300)
        #expect(abs(try #require(score("rue grimaldi ", id, index, options: o)).score - plain - RankingWeights.standard.windowBonus) < 1e-9)
        o.window = BoundingBox(around: Coordinate(lat: p.lat + 0.01, lon: p.lon), meters: 300)
        #expect(abs(try #require(score("rue grimaldi ", id, index, options: o)).score - plain) < 1e-9)
    }

    @Test func weightChangesMoveTheScoreAsDocumented() throws {
        let index = try town()
        let id = try landmark(index, .street, named: "Rue Grimaldi")
        let importance = Double(index.importance(Int(id))) / 255
        let base = try #require(score("rue grimaldi ", id, index)).score
        var w = RankingWeights()
        w.text = 200
        #expect(abs(try #require(score("rue grimaldi ", id, index, weights: w)).score - (base + 100)) < 1e-9)
        w = RankingWeights()
        w.nameCover = 0
        #expect(abs(try #require(score("rue grimaldi ", id, index, weights: w)).score - (base - 20)) < 1e-9)
        w = RankingWeights()
        w.importance = 60
        #expect(abs(try #require(score("rue grimaldi ", id, index, weights: w)).score - (base + 30 * importance)) < 1e-9)

        // A word found only in a translation: name:de=Bahnhofstrasse of Avenue de la Gare.
        let gare = try landmark(index, .street, named: "Avenue de la Gare")
        let s = RankingWeights.standard
        let gareImportance = Double(index.importance(Int(gare))) / 255
        let translated = try #require(score("bahnhofstrasse ", gare, index)).score
        #expect(abs(translated - (s.text * s.exactMatch * s.otherNameFactor + s.importance * gareImportance * s.importanceWithoutName)) < 1e-9)
        w = RankingWeights()
        w.otherNameFactor = 1
        w.importanceWithoutName = 1
        #expect(abs(try #require(score("bahnhofstrasse ", gare, index, weights: w)).score - (s.text + s.importance * gareImportance)) < 1e-9)
    }
}
