// Isochrones checked for what a map reader relies on, on the sample town and
// (when the shared data is there) Monaco: every ring closed, simple and
// oriented (outer counter-clockwise, holes clockwise inside it), a larger time
// containing a smaller, every node reached well within a time inside its
// polygon, every node neither reached in time nor near a road that is lies
// outside by the grid's tolerance, and the reach times the router's own
// route durations (same snapping, same turn model).
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

/// The plane checks of one isochrone.
struct IsochroneCheck {
    let iso: Isochrone
    let projection: LocalProjection

    init(_ iso: Isochrone) {
        self.iso = iso
        projection = LocalProjection(origin: iso.snapped)
    }

    func plane(_ ring: [Coordinate]) -> [PlanePoint] { ring.map { projection.project($0) } }

    /// Inside one polygon of the contour (inside its outer ring, in none of its holes).
    func inside(_ c: IsochroneContour, _ p: Coordinate) -> Bool {
        let q = projection.project(p)
        return c.polygons.contains { polygon in
            Contours.contains(plane(polygon[0]), q) && !polygon.dropFirst().contains { Contours.contains(plane($0), q) }
        }
    }

    /// Metres from `p` to the nearest ring of the contour.
    func distanceToBoundary(_ c: IsochroneContour, _ p: Coordinate) -> Double {
        let q = projection.project(p)
        var best = Double.infinity
        for ring in c.polygons.joined() {
            let r = plane(ring)
            for k in 0..<(r.count - 1) {
                best = min(best, PlanarGeometry.segmentDistance(px: q.x, py: q.y, ax: r[k].x, ay: r[k].y, bx: r[k + 1].x, by: r[k + 1].y).distance)
            }
        }
        return best
    }

    /// Grid and simplification together: how far a ring may lie from the roads reached (a grid point within the
    /// disc radius of one, then at most a cell's diagonal to the ring, then the simplification).
    var tolerance: Double { iso.sampleRadius + 2.squareRoot() * iso.cellSize + iso.generalize }

    func checkRings(_ label: String) {
        for c in iso.contours {
            for polygon in c.polygons {
                for (k, ring) in polygon.enumerated() {
                    let r = plane(ring)
                    #expect(ring.count >= 4 && ring.first == ring.last, "\(label) \(c.minutes) min: ring not closed")
                    #expect(Contours.isSimple(r), "\(label) \(c.minutes) min: a ring crosses itself")
                    let area = Contours.signedArea(r)
                    #expect(k == 0 ? area > 0 : area < 0, "\(label) \(c.minutes) min: ring \(k) has the wrong orientation")
                    if k > 0 { #expect(Contours.contains(plane(polygon[0]), r[0]), "\(label): a hole outside its polygon") }
                }
            }
        }
    }

    /// Each smaller contour inside the next larger one (its ring points, within the simplification's tolerance).
    func checkNesting(_ label: String) {
        for (small, large) in zip(iso.contours, iso.contours.dropFirst()) {
            for p in small.polygons.joined().joined() where !inside(large, p) {
                #expect(distanceToBoundary(large, p) <= 2 * iso.generalize + 0.01,
                        "\(label): a point of \(small.minutes) min lies outside \(large.minutes) min")
            }
        }
    }

    /// Nodes and road points reached well within a time are inside; nodes and points of a lattice over the map
    /// that are neither reached in time nor near a road that is lie outside. Returns how many were tested each way.
    @discardableResult
    func checkNodes(_ label: String, graph: RoadGraph) -> (inside: Int, outside: Int) {
        var tested = (inside: 0, outside: 0)
        for c in iso.contours {
            let limit = c.minutes * 60
            // Seconds within which a point's whole surroundings (one and a half cells) are reached.
            let margin = iso.sampleRadius / Router.offRoadSpeed
            let near = NearLines(iso.reachedLines(within: c.minutes), projection: projection, reach: tolerance)
            func expectInside(_ p: Coordinate, _ what: String) {
                tested.inside += 1
                if !inside(c, p) {
                    #expect(distanceToBoundary(c, p) <= iso.generalize + 0.01, "\(label): \(what) lies outside the \(c.minutes) min polygon")
                }
            }
            func expectOutside(_ p: Coordinate, _ what: String) {
                tested.outside += 1
                #expect(!inside(c, p), "\(label): \(what), not reached in \(c.minutes) min nor near a road that is, lies inside")
            }
            for n in 0..<graph.nodeCount {
                let p = graph.coordinate(ofNode: n).coordinate
                if let t = iso.nodeTimes[n], t <= limit - margin {
                    expectInside(p, "node \(n) reached in \(Int(t)) s")
                } else if (iso.nodeTimes[n] ?? .infinity) > limit && !near.isNear(p) {
                    expectOutside(p, "node \(n)")
                }
            }
            // Along the roads reached well in time, every half cell.
            for line in iso.reachedLines(within: (limit - margin) / 60) {
                let pts = line.map { projection.project($0) }
                for k in 1..<max(1, pts.count) {
                    let a = pts[k - 1], b = pts[k]
                    let n = max(1, Int((hypot(b.x - a.x, b.y - a.y) / (iso.cellSize / 2)).rounded(.up)))
                    for s in 0...n {
                        let f = Double(s) / Double(n)
                        expectInside(projection.unproject(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y)), "a road point")
                    }
                }
            }
            // A lattice over the contour and around it.
            let all = c.polygons.joined().joined().map { projection.project($0) }
            guard let x0 = all.map(\.x).min(), let x1 = all.map(\.x).max(), let y0 = all.map(\.y).min(), let y1 = all.map(\.y).max() else { continue }
            let pad = 2 * tolerance, steps = 60
            for i in 0...steps {
                for j in 0...steps {
                    let x = x0 - pad + (x1 - x0 + 2 * pad) * Double(i) / Double(steps)
                    let y = y0 - pad + (y1 - y0 + 2 * pad) * Double(j) / Double(steps)
                    let p = projection.unproject(x: x, y: y)
                    if !near.isNear(p) { expectOutside(p, "lattice point \(i),\(j)") }
                }
            }
        }
        return tested
    }
}

/// Points along lines in buckets, to ask "is anything within `reach` metres" of many points.
struct NearLines {
    let projection: LocalProjection
    let reach: Double
    var buckets: [Int64: [PlanePoint]] = [:]

    init(_ lines: [[Coordinate]], projection: LocalProjection, reach: Double) {
        self.projection = projection
        self.reach = reach
        let step = reach / 8
        for line in lines {
            let pts = line.map { projection.project($0) }
            for k in pts.indices {
                add(pts[k])
                guard k > 0 else { continue }
                let a = pts[k - 1], b = pts[k]
                let n = Int((hypot(b.x - a.x, b.y - a.y) / step).rounded(.up))
                for s in stride(from: 1, to: n, by: 1) {
                    let f = Double(s) / Double(n)
                    add((a.x + f * (b.x - a.x), a.y + f * (b.y - a.y)))
                }
            }
        }
    }

    private func key(_ i: Int, _ j: Int) -> Int64 { Int64(i) << 32 | Int64(UInt32(bitPattern: Int32(j))) }

    private mutating func add(_ p: PlanePoint) {
        buckets[key(Int((p.x / reach).rounded(.down)), Int((p.y / reach).rounded(.down))), default: []].append(p)
    }

    /// Whether a line point lies within `reach` (less the sampling step) of `c`.
    func isNear(_ c: Coordinate) -> Bool {
        let p = projection.project(c)
        let i = Int((p.x / reach).rounded(.down)), j = Int((p.y / reach).rounded(.down))
        for di in -1...1 {
            for dj in -1...1 {
                for q in buckets[key(i + di, j + dj)] ?? [] where hypot(q.x - p.x, q.y - p.y) <= reach + reach / 8 { return true }
            }
        }
        return false
    }
}

@Suite struct IsochroneTests {
    static let town = TestData.sample("town.osm")
    /// The start of the README's route example (Rue de la Poste, north end).
    static let start = Coordinate(lat: 46.2029872, lon: 6.7978337)

    @Test(arguments: TravelMode.allCases) func townContoursAreValidNestedAndCoverTheReach(mode: TravelMode) throws {
        let graph = try TestData.graph(of: Self.town)
        for generalize in [0.0, nil] {
            var options = IsochroneOptions(mode: mode, minutes: [2, 5, 10])
            options.generalize = generalize
            let iso = try Router(graph: graph).isochrone(from: Self.start, options: options)
            #expect(iso.contours.map(\.minutes) == [2, 5, 10])
            #expect(iso.contours.allSatisfy { !$0.polygons.isEmpty }, "\(mode): an empty contour")
            let check = IsochroneCheck(iso)
            let label = "town \(mode.name) generalize \(generalize.map { "\($0)" } ?? "default")"
            check.checkRings(label)
            check.checkNesting(label)
            let tested = check.checkNodes(label, graph: graph)
            // The checks must have had something to bite on, both ways.
            #expect(tested.inside > 100 && tested.outside > 1000, "\(label): \(tested)")
        }
    }

    /// The time at every node is what the router's route there takes: the same snapping and turn model.
    @Test(arguments: TravelMode.allCases) func reachTimesAreTheRoutersDurations(mode: TravelMode) throws {
        let graph = try TestData.graph(of: Self.town)
        let router = Router(graph: graph)
        let iso = try router.isochrone(from: Self.start, options: IsochroneOptions(mode: mode, minutes: [30]))
        var compared = 0
        for (n, t) in iso.nodeTimes.sorted(by: { $0.key < $1.key }) where t > 0 {
            let target = graph.coordinate(ofNode: n).coordinate
            guard let route = try? router.route(waypoints: [Self.start, target], mode: mode),
                  route.waypoints[1].distance < 0.5 else { continue }
            compared += 1
            #expect(abs(route.duration - t) < 1, "\(mode) node \(n): reached in \(t) s, the route takes \(route.duration) s")
        }
        #expect(compared >= 20, "\(mode): only \(compared) nodes compared")
    }

    @Test func aBarrierAndTheFerryAreHonoured() throws {
        let graph = try TestData.graph(of: Self.town)
        let router = Router(graph: graph)
        let car = try router.isochrone(from: Self.start, options: IsochroneOptions(mode: .car, minutes: [60]))
        let foot = try router.isochrone(from: Self.start, options: IsochroneOptions(mode: .foot, minutes: [60]))
        // A walker reaches nodes a car never does in an hour (footways, the ferry, past the bollards).
        #expect(Set(foot.nodeTimes.keys).subtracting(car.nodeTimes.keys).count > 0)
        // Nothing beyond the largest time is reported.
        let short = try router.isochrone(from: Self.start, options: IsochroneOptions(mode: .foot, minutes: [3]))
        #expect(short.nodeTimes.values.allSatisfy { $0 <= 180 })
        #expect(short.reachedNodes < foot.reachedNodes)
    }

    /// At the frontier an edge is reached part of the way: as far as its speed takes one in the time left.
    @Test func frontierEdgesAreReachedPartOfTheWay() throws {
        let graph = try TestData.graph(of: Self.town)
        let iso = try Router(graph: graph).isochrone(from: Self.start, options: IsochroneOptions(mode: .foot, minutes: [1]))
        #expect(iso.nodeTimes.values.allSatisfy { $0 <= 60 })
        let frontier = iso.reach.edges.filter { $0.startTime <= 60 && $0.startTime + $0.length * $0.secondsPerMetre > 60 }
        #expect(!frontier.isEmpty)
        for r in frontier {
            let reached = r.reachedMetres(by: 60)
            #expect(reached < r.length && abs(reached - r.startMetres - (60 - r.startTime) / r.secondsPerMetre) < 1e-6)
        }
        // A walker covers about 80 m a minute (4.7 km/h on foot): nothing reached lies much farther.
        let far = iso.reachedLines(within: 1).joined().map { $0.distance(to: iso.snapped) }.max() ?? 0
        #expect(far > 40 && far < 90, "\(far) m")
    }

    @Test func denoiseAndLines() throws {
        let graph = try TestData.graph(of: Self.town)
        var options = IsochroneOptions(mode: .foot, minutes: [5, 15])
        options.denoise = 0
        let all = try Router(graph: graph).isochrone(from: Self.start, options: options)
        options.denoise = 1
        let largest = try Router(graph: graph).isochrone(from: Self.start, options: options)
        #expect(largest.contours.allSatisfy { $0.polygons.count == 1 })
        #expect(zip(all.contours, largest.contours).allSatisfy { $0.polygons.count >= $1.polygons.count })
        let lines = IsochroneOutput.geoJSON(largest, polygons: false)
        let features = try #require(lines["features"]?.arrayValue)
        #expect(features.count == largest.contours.reduce(0) { $0 + $1.polygons.joined().count })
        #expect(features.allSatisfy { $0["geometry"]?["type"]?.stringValue == "LineString" })
        let polygons = IsochroneOutput.geoJSON(largest, colors: ["#ff0000", nil], showLocations: true)
        let f = try #require(polygons["features"]?.arrayValue)
        // Largest time first, then the two locations.
        #expect(f.map { $0["properties"]?["contour"]?.doubleValue ?? -1 } == [15, 5, -1, -1])
        #expect(f[1]["properties"]?["color"]?.stringValue == "#ff0000" && f[0]["properties"]?["metric"]?.stringValue == "time")
        #expect(f[2]["geometry"]?["type"]?.stringValue == "MultiPoint" && f[3]["properties"]?["type"]?.stringValue == "input")
    }

    @Test func badRequestsAreErrors() throws {
        let router = Router(graph: try TestData.graph(of: Self.town))
        func error(_ minutes: [Double], at point: Coordinate = Self.start) -> IsochroneError? {
            do { _ = try router.isochrone(from: point, options: IsochroneOptions(mode: .car, minutes: minutes)); return nil } catch { return error }
        }
        #expect(error([]) == .noContours)
        #expect(error([1, 2, 3, 4, 5]) == .tooManyContours(5))
        #expect(error([10, 5]) == .badTime(index: 1, minutes: 5))
        #expect(error([121]) == .badTime(index: 0, minutes: 121))
        #expect(error([0]) == .badTime(index: 0, minutes: 0))
        #expect(error([.nan]) != nil)
        #expect(error([5], at: Coordinate(lat: 91, lon: 0)) == .routing(.invalidCoordinate(index: 0)))
        var limited = router
        limited.maxSnapDistance = 100
        #expect(throws: IsochroneError.self) {
            try limited.isochrone(from: Coordinate(lat: 46.3, lon: 6.9), options: IsochroneOptions(mode: .car, minutes: [5]))
        }
    }

    @Test(.sharedData("osrm/monaco.osm.gz")) func monacoFifteenMinutesByCar() throws {
        let osm = try #require(TestData.shared("osrm/monaco.osm.gz"))
        let graph = try TestData.graph(of: osm)
        // Place du Casino.
        let start = Coordinate(lat: 43.7393, lon: 7.4280)
        let began = Date()
        let iso = try Router(graph: graph).isochrone(from: start, options: IsochroneOptions(mode: .car, minutes: [5, 10, 15]))
        let seconds = Date().timeIntervalSince(began)
        print("Monaco 5/10/15 min by car: \(iso.reachedNodes) nodes, \(iso.settled) states, grid \(Int(iso.cellSize)) m, "
              + String(format: "%.2f s (debug build)", seconds))
        let check = IsochroneCheck(iso)
        check.checkRings("monaco")
        check.checkNesting("monaco")
        let tested = check.checkNodes("monaco", graph: graph)
        #expect(tested.inside > 1000 && tested.outside > 1000, "monaco: \(tested)")
        for mode in [TravelMode.bicycle, .foot] {
            let other = try Router(graph: graph).isochrone(from: start, options: IsochroneOptions(mode: mode, minutes: [10]))
            let c = IsochroneCheck(other)
            c.checkRings("monaco \(mode.name)")
            c.checkNodes("monaco \(mode.name)", graph: graph)
        }
    }
}
