// The distance table against the router it stands for: every cell must be the
// duration and distance `Router.route` gives between the same two points (or
// nil exactly where the route is "no route"), on the sample town for every
// mode and, when the shared data is there, on seeded points in Monaco; and a
// one-way street makes the table asymmetric.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

@Suite struct DistanceTableTests {
    static var town: String { TestData.sample("town.osm") }

    /// The town's reference route ends, and points part-way along streets between some of them.
    static func townPoints() throws -> [Coordinate] {
        let nodes = try TestData.nodes(town)
        let ids: [Int64] = [10043, 10015, 10003, 10014, 10020, 10006, 10030, 10046, 10047, 10049, 10050, 10031, 10032,
                            10038, 10004, 10059, 10002, 10013]
        var points = ids.map { nodes[$0]! }
        for (a, b) in [(10043, 10015), (10006, 10030), (10031, 10047), (10002, 10013)] as [(Int64, Int64)] {
            let p = nodes[a]!, q = nodes[b]!
            points.append(Coordinate(lat: p.lat * 0.6 + q.lat * 0.4 + 0.00003, lon: p.lon * 0.6 + q.lon * 0.4 - 0.00002))
        }
        return points
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(b)) }

    /// Compares every cell of the table with the route between the same points; returns the cells compared.
    @discardableResult
    static func expectTableEqualsRoutes(_ router: Router, _ points: [Coordinate], mode: TravelMode) throws -> Int {
        let m = try router.table(points, mode: mode)
        #expect(m.durations.count == points.count && m.distances.allSatisfy { $0.count == points.count })
        var compared = 0
        for i in points.indices {
            for j in points.indices {
                let route: Route?
                do { route = try router.route(waypoints: [points[i], points[j]], mode: mode) } catch {
                    guard case .noRoute = error else { throw error }
                    route = nil
                }
                guard let route else {
                    #expect(m.durations[i][j] == nil, "\(mode.name) \(i)→\(j): table has a cell where route has none")
                    continue
                }
                let d = try #require(m.durations[i][j], "\(mode.name) \(i)→\(j): table has none, route \(route.duration) s")
                let x = try #require(m.distances[i][j])
                #expect(close(d, route.duration), "\(mode.name) \(i)→\(j): duration \(d) vs route \(route.duration)")
                #expect(close(x, route.distance), "\(mode.name) \(i)→\(j): distance \(x) vs route \(route.distance)")
                compared += 1
            }
        }
        return compared
    }

    @Test(arguments: TravelMode.allCases) func townTableEqualsRoutes(_ mode: TravelMode) throws {
        let router = Router(graph: try TestData.graph(of: Self.town))
        let points = try Self.townPoints()
        let n = try Self.expectTableEqualsRoutes(router, points, mode: mode)
        // Most pairs connect (the car cannot cross the lake by the passenger ferry).
        #expect(n > points.count * points.count / 2)
    }

    @Test func diagonalIsZeroAndSourcesPickRows() throws {
        let router = Router(graph: try TestData.graph(of: Self.town))
        let points = try Self.townPoints()
        let m = try router.table(points, sources: [3, 0], destinations: [0, 3, 5], mode: .car)
        #expect(m.durations.count == 2 && m.durations[0].count == 3)
        #expect(m.durations[0][1] == 0 && m.distances[0][1] == 0 && m.durations[1][0] == 0)
        let full = try router.table(points, mode: .car)
        #expect(m.durations[0][2] == full.durations[3][5] && m.durations[1][2] == full.durations[0][5])
        #expect(m.source(0).input == points[3] && m.destination(2).input == points[5])
        #expect(m.source(0).name == "Rue Grimaldi" || !m.source(0).name.isEmpty)
    }

    @Test func oneWayMakesTheTableAsymmetric() throws {
        // Rue de la Poste is one-way for cars: south to north by it, the other way round the block.
        let nodes = try TestData.nodes(Self.town)
        let router = Router(graph: try TestData.graph(of: Self.town))
        let m = try router.table([nodes[10043]!, nodes[10015]!], mode: .car)
        let there = try #require(m.distances[0][1]), back = try #require(m.distances[1][0])
        #expect(abs(there - 1000) < 15, "\(there)")
        #expect(back < 600, "\(back)")
        let bike = try router.table([nodes[10043]!, nodes[10015]!], mode: .bicycle)
        #expect(abs((bike.distances[0][1] ?? 0) - (bike.distances[1][0] ?? 0)) < 1)
    }

    @Test func pointFarFromRoadsIsNoRoad() throws {
        var router = Router(graph: try TestData.graph(of: Self.town))
        router.maxSnapDistance = 100
        let points = try Self.townPoints() + [Coordinate(lat: 46.3, lon: 6.9)]
        #expect(throws: RoutingError.self) { try router.table(points, mode: .foot) }
        do { _ = try router.table(points, mode: .foot) } catch {
            guard case .noRoad(let i, _, _) = error else { Issue.record("\(error)"); return }
            #expect(i == points.count - 1)
        }
    }

    @Test(.sharedData("monaco.osm.gz")) func monacoTableEqualsRoutes() throws {
        let graph = try TestData.graph(of: TestData.shared("monaco.osm.gz")!)
        let router = Router(graph: graph)
        var rng = SplitMix64(seed: 26)
        let box = graph.extent
        let points = (0..<8).map { _ in
            Coordinate(lat: box.minLat + (box.maxLat - box.minLat) * (0.2 + 0.6 * rng.unit()),
                       lon: box.minLon + (box.maxLon - box.minLon) * (0.2 + 0.6 * rng.unit()))
        }
        for mode in TravelMode.allCases {
            let n = try Self.expectTableEqualsRoutes(router, points, mode: mode)
            #expect(n >= 25, "\(mode.name): only \(n) pairs connect")
        }
    }
}
