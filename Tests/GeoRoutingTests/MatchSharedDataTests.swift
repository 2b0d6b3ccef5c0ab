// Map matching on real data from ../shared/data (skipped, with the reason
// printed, when it is absent): GraphHopper's map-matching tracks on their OSM
// extracts, and seeded synthetic GPS-like and drawn-like tracks on Monaco and
// Andorra whose true routes are known, scored by their overlap within 10 m.
import Foundation
import Testing
import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport
@testable import GeoTracks

@Suite struct MatchSharedDataTests {
    func match(_ gpx: String, on osm: String, mode: TravelMode) throws -> MatchResult? {
        guard let g = TestData.shared("map-matching/\(gpx)"),
              let o = TestData.shared(osm) else { return nil }
        return MapMatcher(graph: try TestData.graph(of: o), options: MatchOptions(mode: mode)).match(try TrackReader.read(path: g))
    }

    @Test(.sharedData("map-matching/andorra_for_map_matching.gpx", "andorra.from-pbf.osm.gz")) func andorraDrawnBicycleTrack() throws {
        // Drawn by hand along the CG-3 (Carretera General) and onto an unnamed secondary road; 21 points,
        // ≈ 675 m. OSRM and Valhalla both match it to the same 671.5 m route.
        let r = try #require(try match("andorra_for_map_matching.gpx", on: "andorra.from-pbf.osm.gz", mode: .bicycle))
        #expect(r.segments.count == 1)
        #expect(abs(r.distance - 671.5) < 10, "\(r.distance)")
        #expect(r.streetNames == ["Carretera General", "secondary road"])
        #expect(r.matchedPointCount == 21)
        #expect(r.points.compactMap(\.distance).max()! < 25)
    }

    @Test(.sharedData("map-matching/issue-70.gpx", "map-matching/issue-70.osm.gz")) func noviSadCarTrack() throws {
        // issue-70: 17 Garmin fixes, ≈ 1008 m along the points, through three Cyrillic-named streets.
        let r = try #require(try match("issue-70.gpx", on: "map-matching/issue-70.osm.gz", mode: .car))
        #expect(r.segments.count == 1)
        #expect(r.distance > 900 && r.distance < 1050, "\(r.distance)")
        #expect(r.streetNames == ["Милана Видака", "Бранка Радичевића", "Здравка Челара"])
        #expect(r.matchedPointCount == 17)
    }

    @Test(.sharedData("map-matching/issue-13.gpx", "map-matching/map-issue13.osm.gz")) func istanbulTrack() throws {
        // issue-13: 29 fixes ≈ 237 m; GraphHopper's test wants the match as long as the track (±2.5 m there).
        let r = try #require(try match("issue-13.gpx", on: "map-matching/map-issue13.osm.gz", mode: .car))
        #expect(r.segments.count == 1)
        #expect(abs(r.distance - 237) < 10, "\(r.distance)")
        #expect(r.matchedPointCount == 29)
    }

    @Test(.sharedData("map-matching/issue-127.gpx", "map-matching/map-issue13.osm.gz")) func twoIdenticalPointsMatchToZeroLength() throws {
        let r = try #require(try match("issue-127.gpx", on: "map-matching/map-issue13.osm.gz", mode: .car))
        #expect(r.segments.count == 1 && r.distance == 0)
        #expect(r.matchedPointCount == 2)
    }

    @Test(.sharedData("map-matching/issue-147.gpx", "map-matching/map-issue147.osm.gz")) func sparseMotorwayFixes() throws {
        // issue-147: 4 fixes 20–60 s apart on Interstate 90, ≈ 3035 m: one segment, no break, I 90 at both ends.
        let r = try #require(try match("issue-147.gpx", on: "map-matching/map-issue147.osm.gz", mode: .car))
        #expect(r.segments.count == 1)
        #expect(r.distance > 2950 && r.distance < 3200, "\(r.distance)")
        #expect(r.streetNames.first == "I 90" && r.streetNames.last == "I 90")
    }

    // MARK: synthetic tracks with known true routes

    struct Scores { var recall = 0.0, precision = 0.0, worst = 1.0, count = 0 }

    func synthetic(_ osm: String, kind: String, count: Int, minKm: Double, maxKm: Double, seed: UInt64) throws -> Scores? {
        guard let path = TestData.shared(osm) else { return nil }
        let graph = try TestData.graph(of: path)
        var rng = SplitMix64(seed: seed)
        let routes = SyntheticTracks.randomRoutes(graph: graph, mode: .bicycle, count: count, minLength: minKm * 1000,
                                                  maxLength: maxKm * 1000, rng: &rng)
        #expect(routes.count == count, "not enough synthetic routes")
        var s = Scores()
        for route in routes {
            let line = route.segment.coordinates
            let track: Track
            let accuracy: Double
            if kind == "gps" {
                let pts = SyntheticTracks.gpsLike(line, rng: &rng)
                track = Track(segments: [pts.enumerated().map { TrackPoint(coordinate: $1, time: Date(timeIntervalSince1970: Double($0) * 4)) }])
                accuracy = 5
            } else {
                track = TestData.track(SyntheticTracks.drawnLike(line, rng: &rng))
                accuracy = 25
            }
            let r = MapMatcher(graph: graph, options: MatchOptions(mode: .bicycle, accuracy: accuracy)).match(track)
            let o = RouteOverlap(truth: [line], matched: r.segments.map(\.coordinates))
            s.recall += o.recall / Double(routes.count)
            s.precision += o.precision / Double(routes.count)
            s.worst = min(s.worst, o.recall)
            s.count += 1
        }
        return s
    }

    // Thresholds sit a little under what the benchmark measures (docs/ROUTING.md) and at or above Valhalla's.
    @Test(.sharedData("osrm/monaco.osm.gz")) func monacoGPSLikeTracks() throws {
        let s = try #require(try synthetic("osrm/monaco.osm.gz", kind: "gps", count: 12, minKm: 0.8, maxKm: 4, seed: 101))
        #expect(s.recall > 0.99 && s.precision > 0.99, "\(s)")
        #expect(s.worst > 0.95, "\(s)")
    }

    @Test(.sharedData("osrm/monaco.osm.gz")) func monacoDrawnLikeTracks() throws {
        let s = try #require(try synthetic("osrm/monaco.osm.gz", kind: "drawn", count: 12, minKm: 0.8, maxKm: 4, seed: 102))
        #expect(s.recall > 0.93 && s.precision > 0.95, "\(s)")
    }

    @Test(.sharedData("andorra.from-pbf.osm.gz")) func andorraGPSLikeTracks() throws {
        let s = try #require(try synthetic("andorra.from-pbf.osm.gz", kind: "gps", count: 10, minKm: 1, maxKm: 8, seed: 103))
        #expect(s.recall > 0.995 && s.precision > 0.995, "\(s)")
    }

    @Test(.sharedData("andorra.from-pbf.osm.gz")) func andorraDrawnLikeTracks() throws {
        let s = try #require(try synthetic("andorra.from-pbf.osm.gz", kind: "drawn", count: 10, minKm: 1, maxKm: 8, seed: 104))
        #expect(s.recall > 0.96 && s.precision > 0.97, "\(s)")
    }
}
