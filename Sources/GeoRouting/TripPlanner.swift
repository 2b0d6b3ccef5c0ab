// The travelling-salesman order of a trip (OSRM's `trip` service), why here:
// the order is a question about the distance table alone, and answering it
// apart from the routing keeps it testable against brute force. Durations may
// be asymmetric (one-ways), so every step works on directed costs. Up to
// `exactLimit` points the order is optimal (Held–Karp dynamic programming,
// where OSRM brute-forces below 10); beyond, farthest insertion (as OSRM)
// followed by 2-opt and Or-opt moves until none improves. OSRM's semantics
// are kept: `roundtrip=false` only with `source=first` and `destination=last`,
// whose fixed ends are planned as OSRM does it, on a table where the last
// point leads back to the first for free and nothing else enters the first
// or leaves the last; an unreachable pair means no trip at all (NoTrips).
import Foundation
import GeoBase
import GeoRoads

/// Where a trip starts: wherever is best, or at the first point.
public enum TripSource: String, Sendable, CaseIterable { case any, first }
/// Where a trip ends: wherever is best, or at the last point.
public enum TripDestination: String, Sendable, CaseIterable { case any, last }

public enum TripError: Error, Sendable, Equatable, CustomStringConvertible {
    case routing(RoutingError)
    /// `roundtrip=false` needs `source=first` and `destination=last` (as OSRM).
    case unsupported
    /// Point `to` cannot be reached from point `from`: no trip visits them all.
    case notConnected(from: Int, to: Int)

    public var description: String {
        switch self {
        case .routing(let e): return e.description
        case .unsupported: return "a trip that is not a round trip needs a fixed start (first) and end (last)"
        case .notConnected(let a, let b): return "no trip visits every point: point \(b + 1) cannot be reached from point \(a + 1)"
        }
    }
}

/// A planned trip: the points in visiting order and the route through them.
public struct Trip: Sendable {
    /// Indices of the input points in visiting order (a round trip returns to `order[0]`, not repeated here).
    public var order: [Int]
    public var roundtrip: Bool
    /// The route visiting them: one leg per step, and the way back for a round trip.
    public var route: Route
    /// The durations the order was chosen by.
    public var matrix: DistanceMatrix
}

extension Router {
    /// The fastest order to visit `points` and the route through them, as OSRM's `trip` service plans it.
    public func trip(_ points: [Coordinate], mode: TravelMode = .bicycle, roundtrip: Bool = true,
                     source: TripSource = .any, destination: TripDestination = .any) throws(TripError) -> Trip {
        guard points.count >= 2 else { throw .routing(.tooFewWaypoints) }
        let fixedStart = source == .first, fixedEnd = destination == .last
        guard roundtrip || (fixedStart && fixedEnd) else { throw .unsupported }
        let matrix: DistanceMatrix
        do { matrix = try table(points, mode: mode) } catch { throw .routing(error) }
        var w: [[Double]] = []
        for (i, row) in matrix.durations.enumerated() {
            var r: [Double] = []
            for (j, d) in row.enumerated() {
                guard let d else { throw .notConnected(from: i, to: j) }
                r.append(d)
            }
            w.append(r)
        }
        let order = TripPlanner.order(w, roundtrip: roundtrip, fixedStart: fixedStart, fixedEnd: fixedEnd)
        let stops = order.map { points[$0] } + (roundtrip ? [points[order[0]]] : [])
        let route: Route
        // Each stop keeps its own point's rule (radius, bearing, approach), in the trip's order.
        var along = self
        if !waypointRules.isEmpty { along.waypointRules = (order + (roundtrip ? [order[0]] : [])).map { rule($0) } }
        do { route = try along.route(waypoints: stops, mode: mode, type: .fastest) } catch { throw .routing(error) }
        return Trip(order: order, roundtrip: roundtrip, route: route, matrix: matrix)
    }
}

public enum TripPlanner {
    /// Up to this many points the order is exact (Held–Karp: n² · 2ⁿ steps, 600 000 at 12).
    public static let exactLimit = 12

    /// The visiting order for the table `w` (`w[a][b]` from a to b) by OSRM's rules: a round trip starts at
    /// the first point, except that with only `fixedEnd` it starts (and ends) at the last one.
    public static func order(_ w: [[Double]], roundtrip: Bool, fixedStart: Bool, fixedEnd: Bool) -> [Int] {
        let n = w.count
        guard n > 1 else { return Array(0..<n) }
        var table = w
        if fixedStart && fixedEnd {
            // The last point returns to the first for free; nothing else enters the first or leaves the last.
            let first = 0, last = n - 1
            for i in 0..<n where i != first { table[i][first] = unusable }
            for j in 0..<n where j != last { table[last][j] = unusable }
            table[last][first] = 0
            table[first][last] = unusable
        }
        var tour = cycle(table)
        if !roundtrip || !fixedEnd || fixedStart {
            tour = rotated(tour, toStartAt: 0)
        } else {
            tour = rotated(tour, toStartAt: n - 1)
        }
        return tour
    }

    /// A cost no real step has: keeps forbidden steps out of a tour while sums stay finite.
    static let unusable = 1e12

    /// An order of all points as a closed tour starting at 0, cheapest (exact up to `exactLimit`).
    public static func cycle(_ w: [[Double]]) -> [Int] {
        let n = w.count
        guard n > 3 else { return n == 3 && cost([0, 2, 1], w) < cost([0, 1, 2], w) ? [0, 2, 1] : Array(0..<n) }
        if n <= exactLimit { return heldKarp(w) }
        return improved(farthestInsertion(w), w)
    }

    /// The cost of the closed tour.
    public static func cost(_ tour: [Int], _ w: [[Double]]) -> Double {
        guard tour.count > 1 else { return 0 }
        var c = 0.0
        for k in 0..<tour.count { c += w[tour[k]][tour[(k + 1) % tour.count]] }
        return c
    }

    static func rotated(_ tour: [Int], toStartAt p: Int) -> [Int] {
        guard let k = tour.firstIndex(of: p) else { return tour }
        return Array(tour[k...] + tour[..<k])
    }

    /// The optimal closed tour by dynamic programming over subsets (the tour starts at 0).
    static func heldKarp(_ w: [[Double]]) -> [Int] {
        let n = w.count, full = 1 << (n - 1)
        // best[mask * n + j]: the cheapest path from 0 through the points of `mask` (bits for 1…n-1), ending at j.
        var best = [Double](repeating: .infinity, count: full * n)
        var parent = [Int8](repeating: -1, count: full * n)
        for j in 1..<n { best[(1 << (j - 1)) * n + j] = w[0][j] }
        for mask in 1..<full {
            for j in 1..<n where mask & (1 << (j - 1)) != 0 {
                let here = best[mask * n + j]
                guard here.isFinite else { continue }
                for k in 1..<n where mask & (1 << (k - 1)) == 0 {
                    let next = mask | (1 << (k - 1)), c = here + w[j][k]
                    if c < best[next * n + k] { best[next * n + k] = c; parent[next * n + k] = Int8(j) }
                }
            }
        }
        var last = 1, bestTotal = Double.infinity
        for j in 1..<n {
            let c = best[(full - 1) * n + j] + w[j][0]
            if c < bestTotal { bestTotal = c; last = j }
        }
        var tour: [Int] = []
        var mask = full - 1, j = last
        while j > 0 {
            tour.append(j)
            let p = Int(parent[mask * n + j])
            mask &= ~(1 << (j - 1))
            j = p
        }
        return [0] + tour.reversed()
    }

    /// Farthest insertion: the point farthest from the tour goes where it lengthens it least.
    static func farthestInsertion(_ w: [[Double]]) -> [Int] {
        let n = w.count
        var far = 1
        for j in 1..<n where w[0][j] + w[j][0] > w[0][far] + w[far][0] { far = j }
        var tour = [0, far]
        var inTour = [Bool](repeating: false, count: n)
        inTour[0] = true
        inTour[far] = true
        // How near each point outside is to the tour (the nearer of the two directions, to its nearest member).
        var near = (0..<n).map { min(min(w[0][$0], w[$0][0]), min(w[far][$0], w[$0][far])) }
        for _ in 2..<n {
            var pick = -1
            for j in 0..<n where !inTour[j] && (pick < 0 || near[j] > near[pick]) { pick = j }
            var at = 1, growth = Double.infinity
            for k in 0..<tour.count {
                let a = tour[k], b = tour[(k + 1) % tour.count]
                let g = w[a][pick] + w[pick][b] - w[a][b]
                if g < growth { growth = g; at = k + 1 }
            }
            tour.insert(pick, at: at)
            inTour[pick] = true
            for j in 0..<n where !inTour[j] { near[j] = min(near[j], min(w[pick][j], w[j][pick])) }
        }
        return rotated(tour, toStartAt: 0)
    }

    /// 2-opt (reversing a stretch, costed in full since reversing changes directions) and Or-opt (moving a
    /// run of one to three points elsewhere), until neither finds a cheaper tour.
    static func improved(_ start: [Int], _ w: [[Double]]) -> [Int] {
        var tour = start
        let n = tour.count
        var total = cost(tour, w)
        for _ in 0..<100 {
            var better = false
            // 2-opt over stretches that keep point 0 first.
            for i in 1..<(n - 1) {
                for j in (i + 1)..<n {
                    var t = tour
                    t[i...j].reverse()
                    let c = cost(t, w)
                    if c < total - 1e-9 { tour = t; total = c; better = true }
                }
            }
            // Or-opt: runs of 1…3 points (not point 0) moved between two other consecutive points.
            for length in 1...3 {
                var i = 1
                while i + length <= n {
                    let run = Array(tour[i..<(i + length)])
                    var rest = tour
                    rest.removeSubrange(i..<(i + length))
                    let prev = tour[i - 1], next = tour[(i + length) % n]
                    let saved = w[prev][run[0]] + w[run[length - 1]][next] - w[prev][next]
                    var bestGain = 1e-9, bestAt = -1
                    for k in 0..<rest.count {
                        let a = rest[k], b = rest[(k + 1) % rest.count]
                        if a == prev && b == next { continue }
                        let gain = saved - (w[a][run[0]] + w[run[length - 1]][b] - w[a][b])
                        if gain > bestGain { bestGain = gain; bestAt = k + 1 }
                    }
                    if bestAt >= 0 {
                        rest.insert(contentsOf: run, at: bestAt)
                        tour = rotated(rest, toStartAt: 0)
                        total = cost(tour, w)
                        better = true
                    }
                    i += 1
                }
            }
            if !better { break }
        }
        return tour
    }
}
