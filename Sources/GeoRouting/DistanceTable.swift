// The public distance table (OSRM's `table` service, and the matrix the trip
// planner orders visits by): every source and destination snapped exactly as
// `Router.route` snaps a waypoint, then one many-to-many search per source
// (ManyToManySearch), so each cell is the duration and distance of the route
// `Router.route` gives between the two points, or nil when there is none.
// The search engine stays behind `Router.table`: a faster one (an overlay
// over the graph's cells) can replace it without changing callers.
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
        var search = ManyToManySearch(rules: rules)
        var durations: [[Double?]] = [], distances: [[Double?]] = []
        for i in rows {
            var cells = search.run(from: snapped[i], to: columns.map { snapped[$0] })
            // As Router.route: a leg with no route tries the end moved off a tiny piece, then the start, then both.
            var missing = cells.indices.filter { cells[$0] == nil }
            if !missing.isEmpty {
                let ends = missing.map { bigger(columns[$0]) }
                if ends.contains(where: { $0 != nil }) {
                    fill(&cells, missing, search.run(from: snapped[i], to: ends.map { $0 ?? [] }))
                }
                missing = missing.filter { cells[$0] == nil }
            }
            if !missing.isEmpty, let start = bigger(i) {
                fill(&cells, missing, search.run(from: start, to: missing.map { snapped[columns[$0]] }))
                missing = missing.filter { cells[$0] == nil }
                let ends = missing.map { bigger(columns[$0]) }
                if ends.contains(where: { $0 != nil }) {
                    fill(&cells, missing, search.run(from: start, to: ends.map { $0 ?? [] }))
                }
            }
            durations.append(cells.map { $0?.duration })
            distances.append(cells.map { $0?.distance })
        }
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

    private func fill(_ cells: inout [ManyToManySearch.Cell?], _ columns: [Int], _ found: [ManyToManySearch.Cell?]) {
        for (k, c) in zip(columns, found) where cells[k] == nil { cells[k] = c }
    }
}
