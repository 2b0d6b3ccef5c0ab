// Gaps and unmatched points on real data from ../shared/data (skipped, with
// the reason printed, when it is absent): the four-point CSV of the issue on
// Andorra (a jump of 5.7 km that used to be dropped without a word) and
// GraphHopper's issue-147 motorway fixes matched by bicycle, which no bicycle
// could have recorded.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport
@testable import GeoTracks

@Suite struct MatchGapsSharedDataTests {
    /// The issue's `gap.csv`: two points in Andorra la Vella, then two 5.7 km away near Canillo.
    static let gapCSV = "lat,lon\n42.5078,1.5211\n42.5085,1.5250\n42.5356,1.5837\n42.5360,1.5845\n"

    func fates(_ r: MatchResult) -> [String] {
        r.points.map { $0.status == .unmatched ? ($0.reason?.rawValue ?? "unmatched without a reason") : $0.status.rawValue }
    }

    @Test(.sharedData("andorra.osm.pbf"), arguments: TravelMode.allCases) func aJumpOfKilometresIsAGapForEveryMode(_ mode: TravelMode) throws {
        let osm = try #require(TestData.shared("andorra.osm.pbf"))
        let path = TestData.tempPath("gap-\(mode.name).csv")
        try Self.gapCSV.write(toFile: path, atomically: true, encoding: .utf8)
        let track = try TrackReader.read(path: path)
        let r = MapMatcher(graph: try TestData.graph(of: osm), options: MatchOptions(mode: mode)).match(track)
        expectAccounted(r, points: 4)
        let jump = track.points[1].coordinate.distance(to: track.points[2].coordinate)
        #expect(jump > 5000 && jump < 6000, "\(jump)")
        #expect(r.breaks == [MatchBreak(afterPoint: 1, beforePoint: 2, reason: .gap, distance: jump)])
        #expect(r.segments.count == 1 && r.segments[0].firstPoint == 0 && r.segments[0].lastPoint == 1)
        // After the gap, the two points are not joined by any route near their straight 80 m (the roads
        // between them wind 405 m): one state is no route. Both are listed, each with its reason.
        #expect(fates(r) == ["matched", "matched", "fragment", "outlier"])
        #expect(r.counts.matched == 2 && r.counts.unmatched == 2)
        #expect(r.counts.unmatchedByReason[.fragment] == 1 && r.counts.unmatchedByReason[.outlier] == 1)
        #expect(RouteOutput.matchSummary(r).hasSuffix("; 2/4 points matched in 1 segment (1 gap), 2 unmatched: 1 outlier, 1 in a fragment"))
        let json = RouteOutput.json(r, input: track)
        #expect(json["breaks"]?[0]?["reason"]?.stringValue == "gap")
        #expect(json["points_summary"]?["unmatched"]?.intValue == 2)
        #expect(json["input_points"]?[3]?["reason"]?.stringValue == "outlier")
    }

    func issue147(_ mode: TravelMode) throws -> (MatchResult, Track)? {
        guard let gpx = TestData.shared("map-matching/issue-147.gpx"),
              let osm = TestData.shared("map-matching/map-issue147.osm.gz") else { return nil }
        let track = try TrackReader.read(path: gpx)
        return (MapMatcher(graph: try TestData.graph(of: osm), options: MatchOptions(mode: mode)).match(track), track)
    }

    @Test(.sharedData("map-matching/issue-147.gpx", "map-matching/map-issue147.osm.gz")) func motorwayFixesAreACarRideNotABicycleRide() throws {
        // Four fixes on Interstate 90 at 77, 52 and 132 km/h (60, 20 and 40 s apart). A bicycle tops out at
        // 60 km/h: the first and last jumps are gaps (1 288 m > 60 s × 16.7 m/s + 60 m; 1 458 m > 727 m),
        // which leaves the first and last fix alone. Of the middle two only the first has a road a
        // bicycle may use within 30 m (the second lies on the motorway): one state, no route.
        let (r, track) = try #require(try issue147(.bicycle))
        expectAccounted(r, points: 4)
        let gaps = [(0, 1), (2, 3)].map { a, b in
            MatchBreak(afterPoint: a, beforePoint: b, reason: .gap,
                       distance: track.points[a].coordinate.distance(to: track.points[b].coordinate))
        }
        #expect(r.breaks == gaps)
        #expect(r.isEmpty)
        #expect(fates(r) == ["isolated", "fragment", "off_road", "isolated"])
        #expect(RouteOutput.matchSummary(r) == "nothing could be matched by bicycle; 0/4 points matched (2 gaps), "
                + "4 unmatched: 1 off road, 1 in a fragment, 2 isolated")
        // By car every jump is within 200 km/h: sparse points, not gaps.
        let (car, _) = try #require(try issue147(.car))
        expectAccounted(car, points: 4)
        #expect(car.segments.count == 1 && car.breaks.isEmpty)
        #expect(fates(car) == ["matched", "matched", "matched", "matched"])
    }
}
