// What a search is asked for, beside its text: how many results, which kinds,
// where the user is (a hint that biases ranking), which area must contain the
// results, the display language, grouping, units for distance labels, and
// which extra tags (opening hours, phone…) to return.
import GeoBase
import GeoModel

public enum DistanceUnits: String, Sendable {
    case metric, imperial
}

public struct SearchOptions: Sendable {
    public var limit = 10
    public var kinds: Set<LandmarkKind> = Set(LandmarkKind.allCases)
    /// User position or map centre: biases ranking by distance and gives each result a distance.
    public var near: Coordinate?
    /// With `near`: only results inside the box reaching this many metres around it.
    public var radius: Double?
    /// The map window.
    public var window: BoundingBox?
    /// True: results outside `window` are dropped (CLI `--bbox`); false: they only lose a bonus.
    public var windowIsFilter = true
    /// Prefer `name:xx` for display.
    public var language: String?
    /// Cluster results within this many metres into groups (and keep same-named results).
    public var groupDistance: Double?
    public var units = DistanceUnits.metric
    /// Extra tags to return with each result (`ExtraTags.keys`; "all" or "*" for every one the
    /// landmark has, as Nominatim's `extratags=1`); empty: none. Unknown names match nothing.
    public var extra: [String] = []

    public init() {}

    public static let maxLimit = 1000

    /// The box results must lie in (window ∩ radius box), if any.
    var filterBox: BoundingBox? {
        var box: BoundingBox?
        if let near, let radius { box = BoundingBox(around: near, meters: radius) }
        if let w = window, windowIsFilter {
            if let b = box {
                box = BoundingBox(minLon: max(b.minLon, w.minLon), minLat: max(b.minLat, w.minLat),
                                  maxLon: min(b.maxLon, w.maxLon), maxLat: min(b.maxLat, w.maxLat))
            } else {
                box = w
            }
        }
        return box
    }
}
