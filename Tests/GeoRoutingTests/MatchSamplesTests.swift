// Map matching of the sample town's two tracks (samples/README.md): the drawn
// ride and the GPS recording must come out as their true routes — the same
// streets in the same order, about the same length, and covering the true
// line (rebuilt here from the README's manoeuvre nodes) within 10 m — and a
// car must not follow the GPS track where cars may not go.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport
@testable import GeoTracks

@Suite struct MatchSamplesTests {
    static var town: String { TestData.sample("town.osm") }

    static func track(_ name: String) throws -> Track {
        try TrackReader.read(path: TestData.sample(name))
    }

    /// The true route through the README's manoeuvre nodes.
    static func truth(_ ids: [Int64], mode: TravelMode = .bicycle) throws -> Route {
        let nodes = try TestData.nodes(town)
        return try Router(graph: try TestData.graph(of: town)).route(waypoints: ids.map { nodes[$0]! }, mode: mode)
    }

    static let rideNodes: [Int64] = [10041, 10012, 10015, 10016, 10006, 10009, 10038, 10032, 10040, 10048]
    static let gpsNodes: [Int64] = [10051, 10042, 10043, 10015, 10017, 10038, 10034, 10047, 10046, 10030]

    @Test func drawnRideMatchesItsTrueRoute() throws {
        let graph = try TestData.graph(of: Self.town)
        let track = try Self.track("town-ride.gpx")
        let truth = try Self.truth(Self.rideNodes)
        let length = TestData.sampleFactValue("tracks", "town-ride.gpx", "true_length_m")
        #expect(abs(truth.distance - length) < 2, "the README's true length")
        let r = MapMatcher(graph: graph).match(track)
        #expect(r.accuracy == MatchConfig().drawnAccuracy, "no times: a drawing")
        #expect(r.segments.count == 1 && r.breaks.isEmpty)
        #expect(r.streetNames == ["Rue du Moulin", "Rue Grimaldi", "Rue de l'Église", "Rue du Théâtre", "Boulevard du Lac",
                                  "Avenue des Alpes", "tertiary road", "Hauptstraße", "Rue du Moulin"])
        // The drawing starts and ends a little inside the route (corners cut): at most ~2 % shorter.
        #expect(r.distance > length * 0.97 && r.distance < length * 1.01, "\(r.distance)")
        let o = RouteOverlap(truth: [truth.segment.coordinates], matched: r.segments.map(\.coordinates))
        #expect(o.recall > 0.97 && o.precision > 0.99, "\(o)")
        #expect(r.matchedPointCount == TestData.sampleFact("tracks", "town-ride.gpx", "points"))
        // Every point is snapped onto the route, about as far from it as it was drawn from the true
        // route (mean 7.8 m, at most 27 m).
        for p in r.points {
            let d = try #require(p.distance)
            #expect(d < 30, "point \(p.index) \(d) m")
            #expect(r.segments[0].distance(to: p.snapped!) < 0.5)
        }
        #expect(r.points.compactMap(\.distance).reduce(0, +) / 109 < 9)
        // Time runs forward at bicycle speed (OSRM's 15 km/h on these streets, 9 on setts: 2.79 km in about
        // 11 min), plus the turns.
        let riding = r.duration - r.segments.reduce(0) { $0 + $1.turnDuration }
        #expect(riding > 630 && riding < 700 && r.duration < riding + 120, "\(r.duration)")
    }

    @Test func gpsTrackMatchesItsTrueRouteForBicycleAndFoot() throws {
        let graph = try TestData.graph(of: Self.town)
        let track = try Self.track("town-gps.gpx")
        let truth = try Self.truth(Self.gpsNodes)
        #expect(abs(truth.distance - TestData.sampleFactValue("tracks", "town-gps.gpx", "true_length_m")) < 2, "the README's true length")
        let streets = ["Chemin des Écoliers", "Rue du Collège", "Rue de la Poste", "Rue de l'Église", "Avenue des Alpes",
                       "tertiary road", "Route du Col", "Chemin du Parc", "cycleway"]
        for mode in [TravelMode.bicycle, .foot] {
            let r = MapMatcher(graph: graph, options: MatchOptions(mode: mode)).match(track)
            #expect(r.accuracy == MatchConfig().gpsAccuracy, "times: a GPS recording")
            #expect(r.segments.count == 1, "\(mode)")
            #expect(r.streetNames == streets, "\(mode)")
            #expect(abs(r.distance - 2522.2) < 2522.2 * 0.015, "\(mode): \(r.distance)")
            let o = RouteOverlap(truth: [truth.segment.coordinates], matched: r.segments.map(\.coordinates))
            #expect(o.recall > 0.99 && o.precision > 0.99, "\(mode): \(o)")
            #expect(r.matchedPointCount == TestData.sampleFact("tracks", "town-gps.gpx", "points"))
            #expect(r.points.compactMap(\.distance).max()! < 20, "GPS noise is at most 17.5 m")
        }
    }

    @Test func carDoesNotFollowTheGPSTrackWhereCarsMayNotGo() throws {
        let graph = try TestData.graph(of: Self.town)
        let r = MapMatcher(graph: graph, options: MatchOptions(mode: .car)).match(try Self.track("town-gps.gpx"))
        // Rue de la Poste against its oneway, Chemin du Parc (motor_vehicle=no) and the cycleway are out:
        // the match breaks there instead of inventing a detour.
        for banned in ["Rue de la Poste", "Chemin du Parc", "cycleway"] { #expect(!r.streetNames.contains(banned)) }
        #expect(r.segments.count >= 2)
        #expect(r.breaks.count == r.segments.count - 1)
        #expect(r.breaks.allSatisfy { $0.reason == .noRoute || $0.reason == .offRoad })
        #expect(Array(r.segments[0].streets.map(\.name).prefix(2)) == ["Chemin des Écoliers", "Rue du Collège"])
        #expect(r.matchedPointCount < TestData.sampleFact("tracks", "town-gps.gpx", "points"))
        // Unmatched points have no snapped position; matched ones belong to a segment.
        for p in r.points {
            #expect((p.status == .unmatched) == (p.snapped == nil))
            #expect((p.status == .unmatched) == (p.segment == nil))
        }
    }

    @Test func carFollowsTheRideWhichIsLegalForCars() throws {
        let graph = try TestData.graph(of: Self.town)
        let r = MapMatcher(graph: graph, options: MatchOptions(mode: .car)).match(try Self.track("town-ride.gpx"))
        let truth = try Self.truth(Self.rideNodes, mode: .car)
        let o = RouteOverlap(truth: [truth.segment.coordinates], matched: r.segments.map(\.coordinates))
        #expect(r.segments.count == 1)
        #expect(o.recall > 0.97 && o.precision > 0.99, "\(o)")
    }

    @Test func ignoringRestrictionsLetsTheCarFollowTheOnewayAgainstItsDirection() throws {
        let graph = try TestData.graph(of: Self.town)
        var options = MatchOptions(mode: .car)
        options.ignoreRestrictions = true
        let r = MapMatcher(graph: graph, options: options).match(try Self.track("town-gps.gpx"))
        #expect(r.streetNames.contains("Rue de la Poste"))
        #expect(r.streetNames.contains("Chemin du Parc"))
        // The cycleway is not a road a car could drive on at all: it stays out.
        #expect(!r.streetNames.contains("cycleway"))
    }

    @Test func densePointsAreThinnedAndProjectedOntoTheRoute() throws {
        // The GPS track resampled to a point every ~2 m: the HMM sees ~1 in 5, every point gets a position.
        let graph = try TestData.graph(of: Self.town)
        let coarse = try Self.track("town-gps.gpx").points.map(\.coordinate)
        var dense: [Coordinate] = []
        for (a, b) in zip(coarse, coarse.dropFirst()) {
            for k in 0..<10 { dense.append(Coordinate(lat: a.lat + (b.lat - a.lat) * Double(k) / 10, lon: a.lon + (b.lon - a.lon) * Double(k) / 10)) }
        }
        let r = MapMatcher(graph: graph, options: MatchOptions(mode: .bicycle, accuracy: 10)).match(TestData.track(dense))
        #expect(r.points.filter { $0.status == .interpolated }.count > dense.count / 2)
        #expect(r.matchedPointCount > dense.count - 5)
        #expect(abs(r.distance - 2522.2) < 2522.2 * 0.02, "\(r.distance)")
    }

    @Test func degenerateTracksGiveAZeroLengthMatch() throws {
        let graph = try TestData.graph(of: Self.town)
        let p = try TestData.nodes(Self.town)[10041]!
        let r = MapMatcher(graph: graph).match(TestData.track([p, p]))
        #expect(r.segments.count == 1)
        #expect(r.distance == 0 && r.duration == 0)
        #expect(r.matchedPointCount == 2)
        let far = MapMatcher(graph: graph).match(TestData.track([Coordinate(lat: 0, lon: 0), Coordinate(lat: 0.001, lon: 0)]))
        #expect(far.isEmpty && far.matchedPointCount == 0)
        let empty = MapMatcher(graph: graph).match(Track(segments: []))
        #expect(empty.isEmpty && empty.points.isEmpty)
    }

    @Test func oneMatcherServesManyThreadsAtOnce() async throws {
        let graph = try TestData.graph(of: Self.town)
        let matcher = MapMatcher(graph: graph)
        let router = Router(graph: graph)
        let ride = try Self.track("town-ride.gpx"), gps = try Self.track("town-gps.gpx")
        let alone = [matcher.match(ride).distance, matcher.match(gps).distance]
        let nodes = try TestData.nodes(Self.town)
        let a = nodes[10043]!, b = nodes[10015]!
        let results = await withTaskGroup(of: (Int, Double).self) { group in
            for k in 0..<16 {
                group.addTask {
                    if k % 4 == 3 { return (2, (try? router.route(waypoints: [a, b]))?.distance ?? -1) }
                    return (k % 2, matcher.match(k % 2 == 0 ? ride : gps).distance)
                }
            }
            var out: [(Int, Double)] = []
            for await r in group { out.append(r) }
            return out
        }
        for (kind, d) in results { #expect(kind == 2 ? abs(d - 500.3) < 1 : d == alone[kind]) }
    }

    @Test func inputSegmentsAreMatchedSeparately() throws {
        let graph = try TestData.graph(of: Self.town)
        let pts = try Self.track("town-gps.gpx").points
        let split = Track(name: "split", segments: [Array(pts[0..<60]), Array(pts[70...])])
        let r = MapMatcher(graph: graph).match(split)
        #expect(r.segments.count == 2)
        #expect(r.breaks == [MatchBreak(afterPoint: 59, beforePoint: 60, reason: .inputSegment,
                                        distance: pts[59].coordinate.distance(to: pts[70].coordinate))])
        #expect(r.points.count == pts.count - 10)
    }
}
