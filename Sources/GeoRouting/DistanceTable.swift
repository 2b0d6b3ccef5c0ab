// The public distance table (OSRM's `table` service, and the matrix the trip
// planner orders visits by): every source and destination snapped exactly as
// `Router.route` snaps a waypoint, then one many-to-many search per source
// (TableSearch: buckets over the routing overlay, OverlayManyToMany, where the
// graph has one; else one ManyToManySearch per source), so each cell is the
// duration and distance of the route `Router.route` gives between the two
// points, or nil when there is none.
import Foundation
import GeoBase
import GeoRoads

/// A table's point as it was snapped to the road.
public struct TablePoint: Sendable, Equatable {
    public var input: Coordinate
    /// Where the point lies on the road (the nearest usable edge).
    public var snapped: Coordinate
    /// Metres from the input point to the road.
    public var distance: Double
    /// The road's name there ("" when it has none).
    public var name: String
}

/// Durations and distances of the fastest routes from each source to each destination.
public struct DistanceMatrix: Sendable {
    /// Every point the table was asked about, snapped (nil for a point neither a source nor a destination).
    public var points: [TablePoint?]
    /// Indices into `points`: the rows, in order.
    public var sources: [Int]
    /// Indices into `points`: the columns, in order.
    public var destinations: [Int]
    /// Seconds, `durations[row][column]`; nil where the destination cannot be reached from the source.
    public var durations: [[Double?]]
    /// Metres, like `durations`.
    public var distances: [[Double?]]

    /// The snapped source of row `r` and destination of column `c`.
    public func source(_ r: Int) -> TablePoint { points[sources[r]]! }
    public func destination(_ c: Int) -> TablePoint { points[destinations[c]]! }
}

extension Router {
    /// The table from every point of `sources` to every point of `destinations` (the fastest routes).
    public func table(sources: [Coordinate], destinations: [Coordinate], mode: TravelMode = .bicycle) throws(RoutingError) -> DistanceMatrix {
        let points = sources + destinations
        return try table(points, sources: Array(sources.indices), destinations: Array(sources.count..<points.count), mode: mode)
    }

    /// The table between `points`: rows `sources`, columns `destinations` (indices into `points`; nil: all of
    /// them, as OSRM's `all`). A point no road is near throws `noRoad` with its index in `points`.
    public func table(_ points: [Coordinate], sources: [Int]? = nil, destinations: [Int]? = nil,
                      mode: TravelMode = .bicycle) throws(RoutingError) -> DistanceMatrix {
        let rows = sources ?? Array(points.indices), columns = destinations ?? Array(points.indices)
        guard !points.isEmpty, !rows.isEmpty, !columns.isEmpty else { throw .tooFewWaypoints }
        if let bad = (rows + columns).first(where: { !points.indices.contains($0) }) { throw .invalidCoordinate(index: bad) }
        if let bad = points.firstIndex(where: { !$0.isValid }) { throw .invalidCoordinate(index: bad) }
        let rules = traversalRules(mode, .fastest)
        var finder = CandidateSearch(rules: rules)
        finder.snapsToFerries = snapsToFerries
        var snapped = [[Candidate]](repeating: [], count: points.count)
        var table = [TablePoint?](repeating: nil, count: points.count)
        for i in Set(rows + columns).sorted() {
            let c = try snap(points[i], index: i, &finder)
            snapped[i] = c
            table[i] = TablePoint(input: points[i], snapped: c[0].position.coordinate, distance: c[0].position.distance,
                                  name: graph.name(ofProfile: c[0].profile))
        }
        // The nearest roads of a bigger piece, for a point on a tiny one: looked up only when a cell needs it.
        var big: [Int: [Candidate]?] = [:]
        var pieces = PieceSizes(rules: traversalRules(mode), tinyComponent: tinyComponent)
        func bigger(_ i: Int) -> [Candidate]? {
            if let b = big[i] { return b }
            finder.rule = rule(i)
            let b = pieces.nearestInBig(&finder, points[i], snapped[i], limit: min(radius(i), Router.bigComponentReach))
            big[i] = b
            return b
        }
        var search = TableSearch(rules: rules, useOverlay: useOverlay)
        var cells = search.run(from: rows.map { snapped[$0] }, to: columns.map { snapped[$0] })
        // As Router.route: a leg with no route tries the end moved off a tiny piece, then the start, then both;
        // each try one search over the rows and columns that still miss a cell.
        func retry(_ start: (Int) -> [Candidate]?, _ end: (Int) -> [Candidate]?) {
            let r = rows.indices.filter { i in cells[i].contains { $0 == nil } && start(rows[i]) != nil }
            let c = columns.indices.filter { j in r.contains { cells[$0][j] == nil } && end(columns[j]) != nil }
            guard !r.isEmpty, !c.isEmpty else { return }
            let found = search.run(from: r.map { start(rows[$0])! }, to: c.map { end(columns[$0])! })
            for (a, i) in r.enumerated() {
                for (b, j) in c.enumerated() where cells[i][j] == nil { cells[i][j] = found[a][b] }
            }
        }
        if cells.contains(where: { $0.contains { $0 == nil } }) {
            retry({ snapped[$0] }, { bigger($0) })
            retry({ bigger($0) }, { snapped[$0] })
            retry({ bigger($0) }, { bigger($0) })
        }
        let durations = cells.map { $0.map { $0?.duration } }, distances = cells.map { $0.map { $0?.distance } }
        return DistanceMatrix(points: table, sources: rows, destinations: columns, durations: durations, distances: distances)
    }

    /// The candidates of waypoint `index` as `route` snaps it: the nearest usable edges within its radius
    /// whose directions its rule (bearing, approach) leaves, ferries left out unless `snapsToFerries`.
    func snap(_ point: Coordinate, index: Int, _ finder: inout CandidateSearch) throws(RoutingError) -> [Candidate] {
        finder.rule = rule(index)
        let c = finder.nearest(to: point, maxRadius: radius(index), slack: Router.snapSlack)
        guard !c.isEmpty else {
            let nearest = finder.nearest(to: point, maxRadius: 50_000).first?.position.distance
            throw .noRoad(index: index, radius: radius(index), nearest: nearest)
        }
        return c
    }

}

/// The engine behind `Router.table`: buckets over the routing overlay (OverlayManyToMany) where the graph
/// has one for the mode, else one plain search per source (ManyToManySearch); the same cells either way.
struct TableSearch {
    private var overlay: OverlayManyToMany?
    private var plain: ManyToManySearch

    init(rules: TraversalRules, useOverlay: Bool) {
        overlay = useOverlay ? OverlayManyToMany(rules: rules) : nil
        plain = ManyToManySearch(rules: rules)
    }

    /// Whether the overlay answers.
    var usesOverlay: Bool { overlay != nil }

    /// `cells[i][j]`: the best path from any candidate of `sources[i]` to any of `groups[j]`, or nil.
    mutating func run(from sources: [[Candidate]], to groups: [[Candidate]]) -> [[ManyToManySearch.Cell?]] {
        if overlay != nil { return overlay!.run(from: sources, to: groups) }
        return sources.map { plain.run(from: $0, to: groups) }
    }
}
