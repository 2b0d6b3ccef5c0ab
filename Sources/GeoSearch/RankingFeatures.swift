// What a candidate's score is made of, as one plain value (in the manner of
// Organic Maps' RankingInfo), and the one function that turns it into a
// score. The scorer fills the features of each landmark it checks; the deep
// scan's bound fills them with the best any landmark could have and scores
// them with the same function, so the bound and the score cannot drift apart;
// `geobench weights --features` writes them as they were, one column each.
import Foundation

/// The inputs of one candidate's score (see `RankingWeights.score`). Which tier the candidate
/// ranks in (typed script, other script, typo, relaxed) is not among them: a tier always ranks
/// before the score (see `ScoredCandidate`).
package struct RankingFeatures: Sendable, Equatable {
    /// How well the query's words matched: the sum over words of their best match quality
    /// (`RankingWeights.exactMatch` … `twoTypos`, × the token class's factor) over the words that
    /// must match (a relaxed pass: over all the query's words). At most `exactMatch`.
    package var textQuality: Double
    /// 0…1: the share of the shown name's words the query matched; 1 when a whole query word
    /// names the landmark's category ("casino" covers every casino).
    package var nameCover: Double
    /// 0…1: how important the landmark is, as the index stores it.
    package var importance: Double
    /// Whether importance counts in full: a query word matched the shown name or named the
    /// category (or no word counted). Otherwise it counts × `RankingWeights.importanceWithoutName`.
    package var importanceCountsFully: Bool
    /// Metres to the location hint; nil without one.
    package var distance: Double?
    /// The landmark lies in the map window (one that is not a filter).
    package var inWindow: Bool
    /// A query word says what the landmark is: it names its category, or starts a category word
    /// that the landmark's name does not have whole ("hotel" typed, a hotel).
    package var categoryAgrees: Bool
}

extension RankingFeatures {
    /// One CSV column a feature, in the order of `csvFields` (as Organic Maps' RankingInfo
    /// prints its header): a feature added above gets its column here.
    package static let csvColumns = ["text_quality", "name_cover", "importance", "importance_counts_fully", "distance_m",
                                     "in_window", "category_agrees"]

    /// The features as CSV fields (numbers in full, flags 0 or 1, no distance empty).
    package var csvFields: [String] {
        func flag(_ b: Bool) -> String { b ? "1" : "0" }
        return ["\(textQuality)", "\(nameCover)", "\(importance)", flag(importanceCountsFully), distance.map { "\($0)" } ?? "",
                flag(inWindow), flag(categoryAgrees)]
    }
}

extension RankingWeights {
    /// 1 at the hint, falling on a log scale from `distanceScale` to 0 at `distanceHorizon`
    /// (metres).
    @inline(__always) package func closeness(_ distance: Double) -> Double {
        1 - log(1 + distance / distanceScale) / log(1 + distanceHorizon / distanceScale)
    }

    /// The score of a candidate with features `f` (higher ranks first inside a tier):
    /// text × textQuality + nameCover × nameCover + importance × importance (× importanceWithoutName
    /// when it does not count fully) + distance × closeness + windowBonus + categoryBonus.
    /// The terms are added in this order: scores are compared to the last bit.
    @inline(__always) package func score(_ f: RankingFeatures) -> Double {
        let importance = f.importance * (f.importanceCountsFully ? 1 : importanceWithoutName)
        var score = text * f.textQuality + nameCover * f.nameCover + self.importance * importance
        if let d = f.distance { score += distance * closeness(d) }
        if f.inWindow { score += windowBonus }
        if f.categoryAgrees { score += categoryBonus }
        return score
    }
}
