// Every track point accounted for: gaps start new segments with a `gap` break
// (by distance without times, by the mode's top speed with them), short pieces
// between gaps are kept, and every point without a position says why; the
// counts add up and reach the JSON and the summary line. Synthetic tracks on
// the sample town's streets (node ids from samples/town.osm), no shared data.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport
@testable import GeoTracks

private let town = TestData.sample("town.osm")

// Vertices of streets in samples/town.osm, in drawing order.
private let grimaldi: [Int64] = [10012, 11001, 11002, 10013, 11003, 11004, 10014, 11005, 11006, 11007, 11008, 10015]
private let quai: [Int64] = [10001, 11017, 11018, 10002, 11019, 11020, 10003, 11021, 11022, 10004, 11023, 11024, 10005]
private let hauptstrasse: [Int64] = [10030, 11041, 10031, 11042, 11043, 10036]

/// Points every ~`step` metres along the straight segments between the given nodes.
private func along(_ ids: [Int64], every step: Double = 25) throws -> [Coordinate] {
    let nodes = try TestData.nodes(town)
    var out: [Coordinate] = []
    for (a, b) in zip(ids, ids.dropFirst()) {
        let p = try #require(nodes[a]), q = try #require(nodes[b])
        let n = max(1, Int((p.distance(to: q) / step).rounded()))
        for k in 0..<n {
            let t = Double(k) / Double(n)
            out.append(Coordinate(lat: p.lat + (q.lat - p.lat) * t, lon: p.lon + (q.lon - p.lon) * t))
        }
    }
    out.append(try #require(nodes[ids[ids.count - 1]]))
    return out
}

/// `c` moved `metres` south: off the quai, that is out in the lake.
private func south(_ c: Coordinate, _ metres: Double) -> Coordinate { Coordinate(lat: c.lat - metres / 111_320, lon: c.lon) }

/// A one-segment GPS recording: the points at the given seconds.
private func recording(_ points: [(Coordinate, Double)]) -> Track {
    Track(segments: [points.map { TrackPoint(coordinate: $0.0, time: Date(timeIntervalSince1970: 1_700_000_000 + $0.1)) }])
}

/// Stretches recorded at 5 s per point (25 m: 18 km/h), each `jump` seconds after the one before.
private func stretches(_ parts: [[Coordinate]], jump: Double) -> Track {
    var out: [(Coordinate, Double)] = []
    var t = 0.0
    for (k, part) in parts.enumerated() {
        if k > 0 { t += jump - 5 }
        for c in part {
            out.append((c, t))
            t += 5
        }
    }
    return recording(out)
}

private func match(_ track: Track, mode: TravelMode = .bicycle, accuracy: Double? = nil,
                   _ change: (inout MatchConfig) -> Void = { _ in }) throws -> MatchResult {
    var config = MatchConfig()
    change(&config)
    return MapMatcher(graph: try TestData.graph(of: town),
                      options: MatchOptions(mode: mode, accuracy: accuracy, config: config)).match(track)
}

/// Status and reason of every point, as `matched`, `interpolated` or the reason of an unmatched one.
private func fates(_ r: MatchResult) -> [String] {
    r.points.map { $0.status == .unmatched ? ($0.reason?.rawValue ?? "unmatched without a reason") : $0.status.rawValue }
}

/// What must hold of every match: each point has a position or a reason (never both), the counts add
/// up, segments and breaks lie in input order.
func expectAccounted(_ r: MatchResult, points: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(r.points.count == points, sourceLocation: sourceLocation)
    #expect(r.points.map(\.index) == Array(0..<points), sourceLocation: sourceLocation)
    for p in r.points {
        let placed = p.status != .unmatched
        #expect(placed == (p.reason == nil) && placed == (p.snapped != nil) && placed == (p.segment != nil),
                "point \(p.index): \(p.status) \(String(describing: p.reason))", sourceLocation: sourceLocation)
    }
    let c = r.counts
    #expect(c.points == points && c.matched + c.interpolated + c.unmatched == points, sourceLocation: sourceLocation)
    #expect(c.unmatchedByReason.values.reduce(0, +) == c.unmatched, sourceLocation: sourceLocation)
    #expect(Set(c.unmatchedByReason.keys) == Set(MatchedPoint.UnmatchedReason.allCases), sourceLocation: sourceLocation)
    #expect(c.matched == r.points.filter { $0.status == .matched }.count, sourceLocation: sourceLocation)
    for b in r.breaks { #expect(b.afterPoint < b.beforePoint, "\(b)", sourceLocation: sourceLocation) }
    #expect(r.breaks.map(\.afterPoint) == r.breaks.map(\.afterPoint).sorted(), sourceLocation: sourceLocation)
    for (k, s) in r.segments.enumerated() {
        #expect(r.points[s.firstPoint].segment == k && r.points[s.lastPoint].segment == k, sourceLocation: sourceLocation)
    }
}

@Suite struct MatchAccountingTests {
    @Test func aJumpNoBicycleCouldMakeIsAGap() throws {
        // Rue Grimaldi, then Hauptstraße 300–500 m away 2 s later: no bicycle gets there (limit
        // 60 km/h × 2 s + 2 × 30 m = 93 m), nor a car (200 km/h: 111 m + 60 m).
        let first = try along(grimaldi), second = try along(hauptstrasse)
        let jump = first[first.count - 1].distance(to: second[0])
        #expect(jump > 300 && jump < 500)
        let r = try match(stretches([first, second], jump: 2))
        expectAccounted(r, points: first.count + second.count)
        #expect(r.segments.count == 2)
        #expect(r.breaks == [MatchBreak(afterPoint: first.count - 1, beforePoint: first.count, reason: .gap, distance: jump)])
        #expect(r.segments.map { [$0.firstPoint, $0.lastPoint] } == [[0, first.count - 1], [first.count, r.points.count - 1]])
        #expect(r.counts.unmatched == 0)
        #expect(r.streetNames.first == "Rue Grimaldi" && r.streetNames.last == "Hauptstraße")
        #expect(try match(stretches([first, second], jump: 2), mode: .car).breaks.map(\.reason) == [.gap])
    }

    @Test func aGPSDropoutIsRoutedAcross() throws {
        // Rue Grimaldi with 175 m of points missing (a tunnel, say): a minute later that is a bicycle
        // ride, one segment along the street; 2 s later it is a jump no bicycle makes.
        let street = try along(grimaldi)
        let before = Array(street[..<8]), after = Array(street[15...])
        let hole = before[before.count - 1].distance(to: after[0])
        #expect(hole > 150 && hole < 200)
        let dropout = try match(stretches([before, after], jump: 60))
        expectAccounted(dropout, points: before.count + after.count)
        #expect(dropout.segments.count == 1 && dropout.breaks.isEmpty && dropout.counts.unmatched == 0)
        #expect(dropout.streetNames == ["Rue Grimaldi"])
        let whole = try match(stretches([street], jump: 0))
        #expect(abs(dropout.distance - whole.distance) < 1, "\(dropout.distance) against \(whole.distance)")
        let jump = try match(stretches([before, after], jump: 2))
        expectAccounted(jump, points: before.count + after.count)
        #expect(jump.segments.count == 2 && jump.breaks.map(\.reason) == [.gap] && jump.counts.unmatched == 0)
    }

    @Test func withoutTimesTheGapIsADistanceAndFallsBetweenConsecutivePoints() throws {
        // A drawn line, dense (a point every 5 m: the matcher keeps one in five), with a jump longer
        // than the limit: the break falls exactly between the two points around the jump.
        let first = try along(grimaldi, every: 5), second = try along(hauptstrasse, every: 5)
        let track = TestData.track(first + second)
        let r = try match(track) { $0.gapDistance.bicycle = 250 }
        expectAccounted(r, points: first.count + second.count)
        #expect(r.breaks.map { [$0.afterPoint, $0.beforePoint] } == [[first.count - 1, first.count]])
        #expect(r.breaks.map(\.reason) == [.gap] && r.segments.count == 2 && r.counts.unmatched == 0)
        #expect(r.counts.interpolated > r.counts.matched, "thinned points are placed too")
        // Times that do not advance say nothing about speed: the distance limit applies.
        let frozen = recording((first + second).map { ($0, 0) })
        #expect(try match(frozen) { $0.gapDistance.bicycle = 250 }.breaks == r.breaks)
        // With the default limit for a bicycle (3 km) the same drawing is one segment.
        #expect(try match(track).segments.count == 1)
    }

    @Test func twoPointsAfterAGapAreAPieceOfTheTrip() throws {
        let first = try along(grimaldi), second = Array(try along(hauptstrasse).prefix(2))
        let r = try match(stretches([first, second], jump: 2))
        expectAccounted(r, points: first.count + 2)
        #expect(r.segments.count == 2 && r.breaks.map(\.reason) == [.gap])
        #expect(r.segments[1].firstPoint == first.count && r.segments[1].lastPoint == first.count + 1)
        #expect(fates(r).suffix(2) == ["matched", "matched"])
    }

    @Test func aPointAloneBetweenGapsIsIsolatedAndAGlitchIsAnOutlier() throws {
        let first = try along(grimaldi), lone = try along(hauptstrasse)[2], last = try along(quai)
        // Grimaldi, 2 s later Hauptstraße, 2 s later the quai: each jump is a gap, the lone point isolated.
        #expect(first[first.count - 1].distance(to: lone) > 200 && lone.distance(to: last[0]) > 200)
        #expect(first[first.count - 1].distance(to: last[0]) > 200)
        let r = try match(stretches([first, [lone], last], jump: 2))
        expectAccounted(r, points: first.count + 1 + last.count)
        #expect(r.segments.count == 2)
        #expect(r.breaks.map { [$0.afterPoint, $0.beforePoint] } == [[first.count - 1, first.count], [first.count, first.count + 1]])
        #expect(r.breaks.allSatisfy { $0.reason == .gap })
        #expect(fates(r)[first.count] == "isolated")
        #expect(r.counts.unmatched == 1 && r.counts.unmatchedByReason[.isolated] == 1)

        // The same point in the middle of Rue Grimaldi, between two points 5 s apart: a glitch, not two gaps.
        var glitch: [(Coordinate, Double)] = first.enumerated().map { ($0.element, Double($0.offset) * 5) }
        glitch.insert((lone, 32.5), at: 7)
        let g = try match(recording(glitch))
        expectAccounted(g, points: first.count + 1)
        #expect(g.segments.count == 1 && g.breaks.isEmpty)
        #expect(fates(g)[7] == "outlier" && g.counts.unmatched == 1)
    }

    @Test func everyPointWithoutAPositionSaysWhy() throws {
        // The quai, one invalid point, five points out in the lake, the quai again: each with its fate.
        let quaiPoints = try along(quai)
        var points = quaiPoints
        for k in 12..<17 { points[k] = south(quaiPoints[k], 150) }
        points[5] = Coordinate(lat: .nan, lon: 6.8)
        let r = try match(TestData.track(points), mode: .car, accuracy: 10)
        expectAccounted(r, points: points.count)
        var expected = Array(repeating: "matched", count: points.count)
        expected[5] = "invalid"
        for k in 12..<17 { expected[k] = "off_road" }
        #expect(fates(r) == expected)
        #expect(r.breaks.map { [$0.afterPoint, $0.beforePoint] } == [[11, 12]] && r.breaks.map(\.reason) == [.offRoad])
        #expect(r.counts.unmatchedByReason[.offRoad] == 5 && r.counts.unmatchedByReason[.invalid] == 1)
        // Ending in the lake: no break (nothing resumes), the points say off road.
        let end = try match(TestData.track(Array(points.prefix(17))), mode: .car, accuracy: 10)
        expectAccounted(end, points: 17)
        #expect(end.segments.count == 1 && end.breaks.isEmpty && fates(end).suffix(5).allSatisfy { $0 == "off_road" })
    }

    @Test func realTracksAccountForEveryPointInEveryMode() throws {
        for name in ["town-ride.gpx", "town-gps.gpx"] {
            let track = try TrackReader.read(path: TestData.sample(name))
            for mode in TravelMode.allCases {
                let r = try match(track, mode: mode)
                expectAccounted(r, points: track.pointCount)
                // Between two segments there is a break; none is rebuilt from the segments' ends.
                #expect(r.breaks.count == r.segments.count - 1, "\(name) \(mode.name)")
            }
        }
        // The car loses the GPS track where cars may not go: fragments and off-road points, all said.
        // Each break is where the matching stopped (rebuilt from the next segment's start, these used to
        // read 27–37, 40–49 and 103–113).
        let car = try match(try TrackReader.read(path: TestData.sample("town-gps.gpx")), mode: .car)
        #expect(car.breaks.map { [$0.afterPoint, $0.beforePoint] } == [[27, 28], [40, 41], [103, 104]])
        #expect(car.breaks.map(\.reason) == [.noRoute, .noRoute, .offRoad])
        #expect(car.counts.unmatched == 37)
        #expect(car.counts.unmatchedByReason[.fragment] == 19 && car.counts.unmatchedByReason[.offRoad] == 18)
    }
}
