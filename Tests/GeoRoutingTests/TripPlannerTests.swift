// The trip's order against brute force: on seeded asymmetric tables (one-ways
// make a → b differ from b → a) the exact planner must find the cheapest
// closed tour and the cheapest path with fixed ends, the heuristic beyond the
// exact limit must come close to it, and Router.trip must follow OSRM's rules
// (where it starts, which combinations it refuses, no trip when a point is
// cut off).
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

@Suite struct TripPlannerTests {
    /// A seeded table of travel times between random points, with one direction dearer on some pairs.
    static func table(_ n: Int, seed: UInt64) -> [[Double]] {
        var rng = SplitMix64(seed: seed)
        let xy = (0..<n).map { _ in (rng.unit() * 1000, rng.unit() * 1000) }
        var w = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for i in 0..<n {
            for j in 0..<n where i != j {
                let d = ((xy[i].0 - xy[j].0) * (xy[i].0 - xy[j].0) + (xy[i].1 - xy[j].1) * (xy[i].1 - xy[j].1)).squareRoot()
                w[i][j] = d * (1 + (i < j && rng.unit() < 0.4 ? 2 * rng.unit() : 0))
            }
        }
        return w
    }

    /// Every permutation of 1..<n after 0: the cheapest closed tour, and the cheapest path 0 → … → n-1.
    static func bruteForce(_ w: [[Double]]) -> (cycle: Double, path: Double) {
        let n = w.count
        var bestCycle = Double.infinity, bestPath = Double.infinity
        var rest = Array(1..<n)
        func permute(_ k: Int) {
            if k == rest.count {
                let tour = [0] + rest
                bestCycle = min(bestCycle, TripPlanner.cost(tour, w))
                if tour.last == n - 1 { bestPath = min(bestPath, TripPlanner.cost(tour, w) - w[n - 1][0]) }
                return
            }
            for i in k..<rest.count {
                rest.swapAt(k, i)
                permute(k + 1)
                rest.swapAt(k, i)
            }
        }
        permute(0)
        return (bestCycle, bestPath)
    }

    static func pathCost(_ order: [Int], _ w: [[Double]]) -> Double {
        zip(order, order.dropFirst()).reduce(0) { $0 + w[$1.0][$1.1] }
    }

    @Test(arguments: [3, 4, 5, 6, 7, 8, 9]) func exactMatchesBruteForce(_ n: Int) {
        for seed in 1...4 as ClosedRange<UInt64> {
            let w = Self.table(n, seed: seed * 100 + UInt64(n))
            let best = Self.bruteForce(w)
            let round = TripPlanner.order(w, roundtrip: true, fixedStart: false, fixedEnd: false)
            #expect(round.first == 0 && Set(round) == Set(0..<n))
            #expect(abs(TripPlanner.cost(round, w) - best.cycle) < 1e-6, "n=\(n) seed \(seed)")
            let path = TripPlanner.order(w, roundtrip: false, fixedStart: true, fixedEnd: true)
            #expect(path.first == 0 && path.last == n - 1 && Set(path) == Set(0..<n))
            #expect(abs(Self.pathCost(path, w) - best.path) < 1e-6, "n=\(n) seed \(seed): \(Self.pathCost(path, w)) vs \(best.path)")
        }
    }

    @Test func asymmetricTourGoesTheCheapWay() {
        // Round 0 → 1 → 2 → 3 → 0 costs 4; the other way round 40: the order must follow the cheap direction.
        var w = [[Double]](repeating: [10, 10, 10, 10], count: 4)
        for i in 0..<4 { w[i][i] = 0; w[i][(i + 1) % 4] = 1; w[(i + 1) % 4][i] = 10 }
        #expect(TripPlanner.order(w, roundtrip: true, fixedStart: false, fixedEnd: false) == [0, 1, 2, 3])
        // Only the destination fixed: OSRM starts the round trip at the last point.
        #expect(TripPlanner.order(w, roundtrip: true, fixedStart: false, fixedEnd: true) == [3, 0, 1, 2])
    }

    @Test func heuristicIsCloseToOptimal() {
        // Beyond the exact limit the order is a heuristic: compared on tables small enough to brute-force.
        for seed in 1...6 as ClosedRange<UInt64> {
            let w = Self.table(9, seed: seed)
            let tour = TripPlanner.improved(TripPlanner.farthestInsertion(w), w)
            #expect(Set(tour) == Set(0..<9) && tour.first == 0)
            let best = Self.bruteForce(w).cycle
            #expect(TripPlanner.cost(tour, w) <= best * 1.05, "seed \(seed): \(TripPlanner.cost(tour, w)) vs \(best)")
        }
        // And on 40 points it is a proper tour, no worse than the insertion it starts from.
        let w = Self.table(40, seed: 7)
        let start = TripPlanner.farthestInsertion(w)
        let tour = TripPlanner.cycle(w)
        #expect(Set(tour) == Set(0..<40) && tour.count == 40)
        #expect(TripPlanner.cost(tour, w) <= TripPlanner.cost(start, w))
    }

    @Test func routerTripInTheTown() throws {
        let nodes = try TestData.nodes(TestData.sample("town.osm"))
        let router = Router(graph: try TestData.graph(of: TestData.sample("town.osm")))
        let points = [10043, 10006, 10030, 10014, 10049, 10031].map { nodes[Int64($0)]! }
        let trip = try router.trip(points, mode: .bicycle)
        #expect(trip.order.first == 0 && Set(trip.order) == Set(points.indices))
        #expect(trip.route.legs.count == points.count)
        let w = trip.matrix.durations.map { $0.map { $0! } }
        let best = Self.bruteForce(w).cycle
        #expect(abs(TripPlanner.cost(trip.order, w) - best) < 1e-6)
        // The route follows the table's legs (each leg may start from the candidate the last one reached).
        #expect(abs(trip.route.duration - best) < 0.02 * best, "\(trip.route.duration) vs \(best)")

        let open = try router.trip(points, mode: .car, roundtrip: false, source: .first, destination: .last)
        #expect(open.order.first == 0 && open.order.last == points.count - 1 && open.route.legs.count == points.count - 1)
        #expect(throws: TripError.unsupported) { try router.trip(points, mode: .car, roundtrip: false) }
        #expect(throws: TripError.unsupported) { try router.trip(points, mode: .car, roundtrip: false, source: .first) }
    }

    @Test func pointCutOffMeansNoTrip() throws {
        // Cars cannot take the passenger ferry: its two shores do not connect for them.
        let nodes = try TestData.nodes(TestData.sample("town.osm"))
        let router = Router(graph: try TestData.graph(of: TestData.sample("town.osm")))
        let points = [nodes[10004]!, nodes[10059]!, nodes[10043]!]
        #expect(throws: TripError.self) { try router.trip(points, mode: .car) }
        do { _ = try router.trip(points, mode: .car) } catch {
            guard case .notConnected = error else { Issue.record("\(error)"); return }
        }
        _ = try router.trip(points, mode: .bicycle)
    }
}
