// How a match reports where its points went: the `points_summary` object and
// each point's `reason` in the JSON (a stable shape: every key always present),
// and the human summary line `georoute match` prints (RouteOutput.matchSummary).
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport
@testable import GeoTracks

@Suite struct MatchReportTests {
    static var town: String { TestData.sample("town.osm") }

    /// The town ride with its points 40..<45 moved 150 m south (into the houses, away from the
    /// streets) and point 60 made invalid: matched by car with accuracy 10.
    static func damagedRide() throws -> (MatchResult, Track) {
        var points = try TrackReader.read(path: TestData.sample("town-ride.gpx")).points.map(\.coordinate)
        for k in 40..<45 { points[k] = Coordinate(lat: points[k].lat - 150 / 111_320.0, lon: points[k].lon) }
        points[60] = Coordinate(lat: 91, lon: 6.8)
        let track = TestData.track(points, name: "damaged")
        let r = MapMatcher(graph: try TestData.graph(of: town), options: MatchOptions(mode: .car, accuracy: 10)).match(track)
        return (r, track)
    }

    @Test func theJSONSaysHowManyPointsWentWhere() throws {
        let (r, track) = try Self.damagedRide()
        let json = try JSONValue.parse(RouteOutput.json(r, input: track).jsonBytes())
        // The documented keys, in order: points_summary comes right after the two counts it details.
        #expect(json.objectValue?.map(\.0) == ["type", "name", "mode", "accuracy_m", "ignore_restrictions", "distance_m",
                                               "duration_s", "points", "matched_points", "points_summary", "streets",
                                               "segments", "breaks", "input_points"])
        let summary = try #require(json["points_summary"])
        #expect(summary.objectValue?.map(\.0) == ["matched", "interpolated", "unmatched", "unmatched_by_reason"])
        let byReason = try #require(summary["unmatched_by_reason"])
        #expect(byReason.objectValue?.map(\.0) == ["off_road", "outlier", "fragment", "isolated", "invalid"])
        let c = r.counts
        func int(_ v: JSONValue?) -> Int? { v?.intValue.map { Int($0) } }
        #expect(int(summary["matched"]) == c.matched && int(summary["interpolated"]) == c.interpolated)
        #expect(int(summary["unmatched"]) == c.unmatched && c.unmatched > 0)
        #expect(byReason["invalid"]?.intValue == 1)
        #expect((byReason.objectValue ?? []).compactMap { int($0.1) }.reduce(0, +) == c.unmatched)
        #expect(c.matched + c.interpolated == int(json["matched_points"]))
        #expect(c.matched + c.interpolated + c.unmatched == int(json["points"]))
        // Every point has a reason key: null with a position, why not without one.
        let points = try #require(json["input_points"]?.arrayValue)
        #expect(points.count == TestData.sampleFact("tracks", "town-ride.gpx", "points"))
        for p in points {
            #expect(p.objectValue?.map(\.0) == ["index", "input", "status", "snapped", "distance_m", "segment", "reason"])
            if p["status"]?.stringValue == "unmatched" {
                #expect(MatchedPoint.UnmatchedReason(rawValue: p["reason"]?.stringValue ?? "") != nil, "\(p)")
            } else {
                #expect(p["reason"] == .null)
            }
        }
        #expect(points[60]["reason"]?.stringValue == "invalid")
        #expect(points.filter { $0["reason"]?.stringValue == "off_road" }.count == c.unmatchedByReason[.offRoad])
    }

    @Test func theSummaryLineSaysHowManyPointsWentWhere() throws {
        let graph = try TestData.graph(of: Self.town)
        let ride = MapMatcher(graph: graph).match(try TrackReader.read(path: TestData.sample("town-ride.gpx")))
        // All on one segment: the line as it always was.
        #expect(RouteOutput.matchSummary(ride) == RouteOutput.summary(distance: ride.distance, duration: ride.duration,
                                                                     mode: .bicycle, streets: ride.streetNames)
                + "; 109/109 points matched")
        let (r, _) = try Self.damagedRide()
        let line = RouteOutput.matchSummary(r)
        let c = r.counts
        #expect(line.hasPrefix(RouteOutput.summary(distance: r.distance, duration: r.duration, mode: .car, streets: r.streetNames)))
        #expect(line.contains("; \(c.matched + c.interpolated)/109 points matched in \(r.segments.count) segments ("), "\(line)")
        #expect(line.hasSuffix(", \(c.unmatched) unmatched: " + [
            c.unmatchedByReason[.offRoad]! > 0 ? "\(c.unmatchedByReason[.offRoad]!) off road" : nil,
            c.unmatchedByReason[.outlier]! > 0 ? "\(c.unmatchedByReason[.outlier]!) outlier" + (c.unmatchedByReason[.outlier]! > 1 ? "s" : "") : nil,
            "1 invalid",
        ].compactMap { $0 }.joined(separator: ", ")), "\(line)")
    }

    @Test func theSummaryLineCountsWithSeparatorsAndNamesEachReason() {
        // A made-up result: 1 234 points, most of them matched on two segments around a gap.
        func point(_ i: Int, _ status: MatchedPoint.Status, _ reason: MatchedPoint.UnmatchedReason? = nil) -> MatchedPoint {
            let c = Coordinate(lat: 46.2, lon: 6.8)
            return MatchedPoint(index: i, input: c, status: status, snapped: reason == nil ? c : nil,
                                distance: reason == nil ? 0 : nil, segment: reason == nil ? 0 : nil, reason: reason)
        }
        var points = (0..<1200).map { point($0, $0 % 2 == 0 ? .matched : .interpolated) }
        let reasons: [MatchedPoint.UnmatchedReason] = [.offRoad] + Array(repeating: .outlier, count: 2)
            + Array(repeating: .fragment, count: 3) + [.isolated] + Array(repeating: .invalid, count: 27)
        points += reasons.enumerated().map { point(1200 + $0.offset, .unmatched, $0.element) }
        let segment = RouteSegment(coordinates: [], distances: [], times: [], distance: 12_345, duration: 3000,
                                   streets: [], firstPoint: 0, lastPoint: 0)
        var r = MatchResult(name: nil, mode: .foot, accuracy: 10, ignoreRestrictions: false, segments: [segment, segment],
                            breaks: [MatchBreak(afterPoint: 599, beforePoint: 600, reason: .gap, distance: 3000),
                                     MatchBreak(afterPoint: 1199, beforePoint: 1200, reason: .noRoute, distance: 10)],
                            points: points)
        #expect(RouteOutput.matchSummary(r) == "24.69 km, 1 h 40 min by foot; 1,200/1,234 points matched in 2 segments "
                + "(1 gap, 1 no route), 34 unmatched: 1 off road, 2 outliers, 3 in fragments, 1 isolated, 27 invalid")
        #expect(r.counts.points == 1234 && r.counts.matched == 600 && r.counts.interpolated == 600 && r.counts.unmatched == 34)
        // Nothing matched: no route to describe, only where the points went.
        r.segments = []
        r.points = reasons.enumerated().map { point($0.offset, .unmatched, $0.element) }
        r.breaks = [MatchBreak(afterPoint: 5, beforePoint: 6, reason: .gap, distance: 3000)]
        #expect(RouteOutput.matchSummary(r) == "nothing could be matched by foot; 0/34 points matched (1 gap), 34 unmatched: "
                + "1 off road, 2 outliers, 3 in fragments, 1 isolated, 27 invalid")
    }
}
