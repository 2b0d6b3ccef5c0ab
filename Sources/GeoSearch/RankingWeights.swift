// How a candidate is scored, as one documented value (in the manner of
// Organic Maps' RankingInfo): each ranking input is a plain number of
// `RankingFeatures`, and `score(_:)` (RankingFeatures.swift) combines them with
// these weights. The score of a landmark for a query is
//
//   text       × text quality   (mean over query words of their best match quality, below)
// + nameCover  × share of the shown name's words the query matched (all of it when a whole
//                query word names the landmark's category: "casino" covers every casino)
// + importance × importance     (0…1 from the index; × `importanceWithoutName` when no query
//                                word matched the shown name or named the category, only a
//                                translation, an address or a category prefix)
// + distance   × closeness      (1 − ln(1 + d/distanceScale) / ln(1 + distanceHorizon/distanceScale),
//                                when there is a location hint; d in metres)
// + windowBonus   when the landmark lies in the map window (a window that is not a filter)
// + categoryBonus when a query word names the landmark's category
//
// Tiers: a landmark every word matched in the script it was typed in (exact, prefix,
// abbreviation, category) ranks above one a word matched only through another script
// ("ulitsa" → "улица", × `transliteratedFactor`), which ranks above typo matches, and a relaxed
// pass (words or numbers dropped) is a lower tier still: a higher tier always ranks first, the
// score orders inside a tier. scripts/search_quality.py measures the effect of a change.
import GeoModel

public struct RankingWeights: Sendable, Equatable {
    // Match quality of one query word, by how it matched.
    /// The whole word is a token of the landmark.
    public var exactMatch = 1.0
    /// An abbreviation partner matched ("st" for "street").
    public var abbreviationMatch = 0.92
    /// The word is the start of a token (the user is still typing it).
    public var prefixMatch = 0.85
    /// The word names the landmark's category ("pharmacy"); a word so named counts as an exact
    /// match covering the whole name for every landmark of the category, so distance and
    /// importance decide among them, and `categoryBonus` puts them above landmarks that merely
    /// have the word in their name.
    public var categoryMatch = 0.8
    /// A word still being typed that starts a category word ("pharm").
    public var categoryPrefixFactor = 0.9
    /// One edit away (a typo), and two.
    public var oneTypo = 0.6
    public var twoTypos = 0.45
    /// A word that spells a token in another script ("ulitsa" → "улица", "athina" → "Αθήνα"),
    /// relative to the same match in the script it was typed in: a transliterated whole word 0.8,
    /// a transliterated prefix 0.68, a transliterated typo 0.48. Such landmarks also form a tier
    /// of their own below every landmark matched in the typed script, so an exact-script match
    /// always ranks first; this factor orders them against typos' quality and inside their tier.
    public var transliteratedFactor = 0.8
    /// A match in a translation or alternative name, relative to the shown name.
    public var otherNameFactor = 0.7
    /// A match in the address of a landmark with a name of its own (the number and street of a
    /// shop), relative to the shown name: "landstrasse 20" finds the shop there, and the street
    /// itself still ranks first for "landstrasse".
    public var addressFactor = 0.9
    /// A match in the place a landmark lies in or its postcode ("vaduz" in "bahnhofstrasse
    /// vaduz"), relative to the shown name. Context alone never makes a landmark a candidate.
    public var contextFactor = 0.9

    /// The factor of a match found in a token of class `c`.
    @inline(__always) func classFactor(_ c: TokenClass) -> Double {
        switch c {
        case .name: 1
        case .address: addressFactor
        case .otherName: otherNameFactor
        case .context: contextFactor
        }
    }

    // Weights of the ranking inputs, `RankingFeatures` (points; see `score(_:)`).
    /// Points for the text quality (`RankingFeatures.textQuality`, at most `exactMatch`): the
    /// largest term, so how well the words matched decides first.
    public var text = 100.0
    /// Points for covering the whole shown name (`RankingFeatures.nameCover`, 0…1): "grimaldi"
    /// finds "Rue Grimaldi" after a landmark called just "Grimaldi".
    public var nameCover = 20.0
    /// Points for the most important landmark (`RankingFeatures.importance`, 0…1).
    public var importance = 30.0
    /// The share of importance that counts when no query word matched the shown name or named the
    /// category (`RankingFeatures.importanceCountsFully` false): a country found through one of
    /// its translations does not outrank the street being typed.
    public var importanceWithoutName = 0.4
    /// Points for lying at the location hint (`closeness` of `RankingFeatures.distance`, 1 there,
    /// 0 at `distanceHorizon`).
    public var distance = 50.0
    /// Metres: closeness falls on a log scale from here…
    public var distanceScale = 100.0
    /// …to nothing at this distance.
    public var distanceHorizon = 10_000_000.0
    /// Points for lying in the map window (`RankingFeatures.inWindow`).
    public var windowBonus = 10.0
    /// Points when a query word says what the landmark is (`RankingFeatures.categoryAgrees`):
    /// "hotel" finds a hotel named "Hotel Bellevue" before a town hall named "Hôtel de Ville".
    public var categoryBonus = 12.0

    public init() {}

    public static let standard = RankingWeights()
}

/// How many candidates a search may look at, and where: the budgets that keep every query
/// bounded in time whatever the index's size.
public struct CandidateLimits: Sendable, Equatable {
    /// Widening boxes around a location hint, metres; after the last, the whole index.
    public var rings: [Double] = [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 512_000]
    /// With a hint, widening stops once this many times the limit (at least `minTarget`) qualified.
    public var targetFactor = 3
    public var minTarget = 30
    /// A driver token listing fewer landmarks than this is scanned whole, without rings.
    public var ringThreshold = 256
    /// Without a hint, a token listing at most this many is scanned whole.
    public var smallDriver = 128
    /// Candidates scored per pass at most (a pass stops when it is spent).
    public var scoreBudget = 100_000
    /// Of the whole-index scan after the rings.
    public var fallbackScan = 50_000
    /// Ids a deep scan reads at most (see DeepScan: when the first pass read a long list in part
    /// and found nothing, the rest of the list, scoring only what can still make the page).
    public var deepScan = 2_000_000
    /// Far but important matches (a capital) added after the rings.
    public var importantNearby = 16
    /// Without a hint: ids taken from a category word's list, and from any scan with a hint.
    public var scanWithoutHint = 2_048
    public var scanWithHint = 50_000
    /// A common prefix without a hint: the most important matches, and the exact matches of
    /// words listing at most `exactListMax` landmarks (at most `exactScan` ids).
    public var importantWithoutHint = 64
    public var exactListMax = 2_048
    public var exactScan = 5_000
    /// Landmarks of a word looked at to tell whether it names a place (a town, a postcode), which
    /// then drives candidate generation only after the other words.
    public var placeWordScan = 512
    /// A one- or two-letter prefix (at most this many letters, not a number) with a location hint
    /// matches much of the index, and its best scores are its most important landmarks…
    public var shortPrefixLength = 2
    /// …so this share of the first page (rounded up: 5 of 10, 3 of 5) goes to its nearest matches
    /// (addresses aside: their street is the answer), the rest to the best-scored (see NearShare).
    /// 0 turns the rule off.
    public var nearShare = 0.5
    /// Typos are looked for when fewer than min(limit, this) results were found…
    public var typoWhenFewerThan = 5
    /// …for words matching fewer than max(this, limit) landmarks.
    public var typoCostThreshold = 10

    public init() {}

    public static let standard = CandidateLimits()
}
