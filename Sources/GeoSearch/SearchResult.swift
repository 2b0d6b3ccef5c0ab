// The typed answer of a search, as a map app would bind it to its UI: display
// name and subtitle, kind, category and icon, OSM identity, position and
// extent, distance with a ready label, highlight spans in the display name,
// the suggested next action, and the extra tags asked for.
import Foundation
import GeoBase
import GeoModel

public enum SuggestionAction: String, Sendable {
    /// Put `displayText` in the search box and keep typing (streets, places).
    case substitute
    /// Show the result (everything else).
    case search
}

public struct SearchResult: Sendable {
    public var landmarkID: Int
    public var name: String
    public var subtitle: String
    public var kind: LandmarkKind
    public var category: CategoryTag
    public var icon: String
    /// The OSM object; nil for what is none (a street found on the road graph alone, a postcode
    /// computed from its addresses).
    public var osm: OSMRef?
    public var coordinate: Coordinate
    public var bbox: BoundingBox?
    public var distance: Double?
    public var distanceLabel: String?
    /// `(start, length)` in Unicode scalars of `name`.
    public var highlights: [(start: Int, length: Int)]
    public var action: SuggestionAction
    public var displayText: String?
    public var score: Double
    public var address: String?
    public var locality: String?
    /// The address parts the data gives (for APIs that return them one by one).
    public var houseNumber: String?
    public var street: String?
    public var postcode: String?
    /// Words of the query the result does not match (a house number the street lacks: the street
    /// is the answer all the same); empty when it matches them all.
    public var unmatched: [String] = []
    /// The places the result lies in (suburb, city, county, state, country), as the index has them.
    public var places: PlaceChain?
    /// What kinds of place its suburb and city are (PlaceKinds), when an answer labels them by kind.
    public var addressKinds: AddressKinds?
    /// The region this result stands for when a reverse look-up asked for one (ReverseRegions).
    public var region: PlaceRegion?
    /// 0…1: how important the landmark is (type, population, fame), as the index stores it.
    public var importance: Double = 0
    /// Which of the engine's indexes the result comes from (0 with one index).
    public var source = 0
    /// The extra tags asked for (`SearchOptions.extra`) that the landmark has: key → value; nil
    /// when none were asked for (answers then leave the field out), empty when the landmark has none.
    public var extra: [String: String]?
    /// Every name the landmark has (`name`, `name:de`, `alt_name`…, as tagged), when asked for
    /// (`addNames`); nil otherwise.
    public var names: [LandmarkName]?
    /// What the score was made of (nil for a reverse look-up): for measuring the ranking
    /// (`geobench weights --features`), not part of any answer.
    package var rankingFeatures: RankingFeatures?
}

extension SearchResult {
    /// One OSM object among results: its OSM identity, with the house number for addresses — the
    /// addresses interpolated along one `addr:interpolation` way all carry that way's id.
    var objectKey: String {
        let ref = osm?.description ?? ""
        return kind == .address ? ref + " " + (houseNumber ?? "") : ref
    }
}

public struct ResultGroup: Sendable {
    public var coordinate: Coordinate
    public var members: [Int]
    public var bbox: BoundingBox
}

public struct SearchResponse: Sendable {
    public var query: String
    public var results: [SearchResult]
    public var groups: [ResultGroup]
    public var tookMs: Double
    /// A newer search in the same session superseded this one.
    public var cancelled: Bool

    public init(query: String, results: [SearchResult], groups: [ResultGroup] = [], tookMs: Double, cancelled: Bool = false) {
        self.query = query
        self.results = results
        self.groups = groups
        self.tookMs = tookMs
        self.cancelled = cancelled
    }

    /// The box of all results (what "centre on results" zooms to).
    public var area: BoundingBox? {
        guard let first = results.first else { return nil }
        var box = first.bbox ?? BoundingBox(first.coordinate)
        for r in results {
            box.extend(r.coordinate)
            if let b = r.bbox { box.extend(b) }
        }
        return box
    }
}

public enum DistanceLabel {
    public static func text(_ meters: Double, units: DistanceUnits) -> String {
        switch units {
        case .metric:
            if meters < 100 { return "\(Int(meters.rounded())) m" }
            if meters < 1000 { return "\(Int((meters / 10).rounded()) * 10) m" }
            if meters < 9_950 { return oneDecimal(meters / 1000) + " km" }
            return "\(Int((meters / 1000).rounded())) km"
        case .imperial:
            let feet = meters / 0.3048
            if feet < 528 { return "\(Int((feet / 10).rounded()) * 10) ft" }
            let miles = meters / 1609.344
            if miles < 9.95 { return oneDecimal(miles) + " mi" }
            return "\(Int(miles.rounded())) mi"
        }
    }

    /// "1.2" without Foundation's formatter (this runs for every result).
    static func oneDecimal(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
