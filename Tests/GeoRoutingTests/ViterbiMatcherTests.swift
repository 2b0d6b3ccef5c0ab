// Direct tests of ViterbiMatcher, the HMM core of map matching, driven with
// MatchConfig().parameters(accuracy:) and TraversalRules on the sample town's
// road graph. MatchSamplesTests checks whole tracks through MapMatcher; here
// hand-made point sequences along the town's streets (node ids from
// samples/town.osm) exercise each way a run continues, skips or ends.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

private let town = TestData.sample("town.osm")

// Vertices of streets in samples/town.osm, in drawing order.
private let grimaldi: [Int64] = [10012, 11001, 11002, 10013, 11003, 11004, 10014, 11005, 11006, 11007, 11008, 10015]
private let quai: [Int64] = [10001, 11017, 11018, 10002, 11019, 11020, 10003, 11021, 11022, 10004, 11023, 11024, 10005]
private let hauptstrasse: [Int64] = [10030, 11041, 10031, 11042, 11043, 10036]
/// Way 308 on the south shore of the lake: no car can get there from the town (only the ferry goes).
private let southShore: [Int64] = [10058, 11149, 11150, 11151, 11152, 11153, 10059]

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

private func matcher(mode: TravelMode = .car, _ change: (inout ViterbiMatcher.Parameters) -> Void = { _ in }) throws -> ViterbiMatcher {
    var p = MatchConfig().parameters(accuracy: 10, mode: mode)
    change(&p)
    return ViterbiMatcher(rules: TraversalRules(graph: try TestData.graph(of: town), mode: mode), parameters: p)
}

/// Road positions the matcher would consider for `point` (radius as for accuracy 10).
private func candidates(_ point: Coordinate, mode: TravelMode = .car) throws -> Int {
    var search = CandidateSearch(rules: TraversalRules(graph: try TestData.graph(of: town), mode: mode))
    return search.candidates(near: point, radius: MatchConfig().parameters(accuracy: 10, mode: mode).radius, limit: 24).count
}

@Suite struct ViterbiMatcherTests {
    @Test func theParametersFollowTheAccuracy() {
        let p = MatchConfig().parameters(accuracy: 10, mode: .car)
        #expect(p.emission.sigma == 10 && p.transition.beta == 2 && p.radius == 30 && p.backtrack == 10)
        #expect(p.gap.distance == 5000 && p.maxSkipped == 4 && p.minRunPoints == 3)
        // With times: 200 km/h, plus twice the search radius, at most 25 km.
        #expect(p.gap.limit(from: 0, to: 36) == 2000 + 60)
        #expect(p.gap.limit(from: 0, to: 3600) == 25_000)
        let drawn = MatchConfig().parameters(accuracy: 25, mode: .foot)
        #expect(drawn.transition.beta == 5 && drawn.radius == 75 && drawn.backtrack == 25)
        #expect(drawn.gap.distance == 2000 && abs(drawn.gap.limit(from: 10, to: 46) - (250 + 150)) < 1e-9)
        #expect(MatchConfig().parameters(accuracy: 10, mode: .bicycle).gap.distance == 3000)
    }

    @Test func aCleanSequenceIsOneRunOverEveryPoint() throws {
        let points = try along(grimaldi)
        #expect(points.count > 15)
        var m = try matcher()
        let outcome = m.match(points), runs = outcome.runs, breaks = outcome.breaks
        #expect(breaks.isEmpty)
        #expect(runs.count == 1)
        #expect(runs.first?.points == Array(points.indices))
        #expect(runs.first?.states.count == points.count)
        // Every point lies on the street, so every chosen position is (nearly) the point itself.
        #expect(runs.first?.states.allSatisfy { $0.position.distance < 1 } == true)
    }

    @Test func aPointWithNoRoadNearbyIsSkippedAsAnOutlier() throws {
        var points = try along(quai)
        let outlier = south(points[10], 150)
        #expect(try candidates(outlier) == 0)
        points[10] = outlier
        var m = try matcher()
        let outcome = m.match(points), runs = outcome.runs, breaks = outcome.breaks
        #expect(breaks.isEmpty)
        #expect(runs.count == 1)
        #expect(runs.first?.points == points.indices.filter { $0 != 10 })
    }

    @Test func anUnreachablePointIsSkippedAsAnOutlier() throws {
        // A point on the south shore has roads nearby, but no car route from the quai reaches them.
        var points = try along(quai)
        let shore = try along(southShore)
        #expect(try candidates(shore[3]) > 0)
        points.insert(shore[3], at: 10)
        var m = try matcher()
        let outcome = m.match(points), runs = outcome.runs, breaks = outcome.breaks
        #expect(breaks.isEmpty)
        #expect(runs.count == 1)
        #expect(runs.first?.points == points.indices.filter { $0 != 10 })
    }

    @Test func moreUnreachablePointsThanMaxSkippedBreakWithNoRoute() throws {
        let quaiPoints = Array(try along(quai).prefix(11))
        let shore = Array(try along(southShore).prefix(7))
        let points = quaiPoints + shore
        var m = try matcher()
        let outcome = m.match(points), runs = outcome.runs, breaks = outcome.breaks
        #expect(runs.count == 2)
        #expect(runs.first?.points == Array(0..<11))
        // The run restarts at the first point that could not be reached, and continues along the shore road.
        #expect(runs.last?.points == Array(11..<points.count))
        #expect(breaks.count == 1)
        let b = try #require(breaks.first)
        #expect(b.reason == .noRoute && b.afterPoint == 10 && b.beforePoint == 11)
        #expect(abs(b.distance - points[10].distance(to: points[11])) < 1e-6)
    }

    @Test func aJumpFartherThanBreakDistanceIsAGap() throws {
        let first = try along(grimaldi), second = try along(hauptstrasse)
        let points = first + second
        let jump = first[first.count - 1].distance(to: second[0])
        #expect(jump > 300 && jump < 500)
        var m = try matcher { $0.gap.distance = 300 }
        let outcome = m.match(points), runs = outcome.runs, breaks = outcome.breaks
        #expect(runs.map(\.points) == [Array(first.indices), Array(first.count..<points.count)])
        #expect(breaks.count == 1)
        let b = try #require(breaks.first)
        #expect(b.reason == .gap)
        #expect(b.afterPoint == first.count - 1 && b.beforePoint == first.count)
        #expect(abs(b.distance - jump) < 1e-6)
    }

    @Test func aStretchWithoutRoadsEndsTheRun() throws {
        // Ten points on the quai, five out in the lake (one more than maxSkipped), then the quai again.
        let quaiPoints = try along(quai)
        var points = quaiPoints
        for k in 10..<15 { points[k] = south(quaiPoints[k], 150) }
        for k in 10..<15 { #expect(try candidates(points[k]) == 0) }
        var m = try matcher()
        let outcome = m.match(points), runs = outcome.runs, breaks = outcome.breaks
        #expect(runs.map(\.points) == [Array(0..<10), Array(15..<points.count)])
        #expect(breaks.count == 1)
        let b = try #require(breaks.first)
        // The break is where the matching stopped, at the first point of the stretch, whatever follows it.
        #expect(b.reason == .offRoad && b.afterPoint == 9 && b.beforePoint == 10)
        #expect(abs(b.distance - points[9].distance(to: points[10])) < 1e-6)
        #expect(outcome.reasons.enumerated().filter { $0.element != nil }.map(\.offset) == Array(10..<15))
        #expect(outcome.reasons[10..<15].allSatisfy { $0 == .offRoad })
    }

    @Test func aTrackEndingOffRoadEndsWithoutABreakItsPointsOffRoad() throws {
        let quaiPoints = try along(quai)
        var points = Array(quaiPoints.prefix(15))
        for k in 10..<15 { points[k] = south(quaiPoints[k], 150) }
        var m = try matcher()
        let outcome = m.match(points)
        #expect(outcome.runs.map(\.points) == [Array(0..<10)])
        // Nothing follows: the route is not interrupted but ends; each point says why it is not on it.
        #expect(outcome.breaks.isEmpty)
        #expect(Array(outcome.reasons[10...]) == Array(repeating: .offRoad, count: 5))
    }

    @Test func upToMaxSkippedPointsWithoutRoadsDoNotEndTheRun() throws {
        let quaiPoints = try along(quai)
        var points = quaiPoints
        for k in 10..<14 { points[k] = south(quaiPoints[k], 150) }
        var m = try matcher()
        let outcome = m.match(points), runs = outcome.runs, breaks = outcome.breaks
        #expect(breaks.isEmpty)
        #expect(runs.map(\.points) == [points.indices.filter { !(10..<14).contains($0) }])
    }

    @Test func fragmentsTheMatcherLostTheRoadAroundAreDroppedAndTheBreaksKeptAsReported() {
        func run(_ r: Range<Int>) -> MatchedRun { MatchedRun(points: Array(r), states: []) }
        let breaks = [MatchBreak(afterPoint: 3, beforePoint: 4, reason: .gap, distance: 1),
                      MatchBreak(afterPoint: 5, beforePoint: 6, reason: .offRoad, distance: 2)]
        // [4, 5] follows a gap but ends where the road was lost: noise.
        let pruned = ViterbiMatcher.pruneFragments(runs: [run(0..<4), run(4..<6), run(6..<9)], breaks: breaks, minPoints: 3)
        #expect(pruned.runs.map(\.points) == [[0, 1, 2, 3], [6, 7, 8]])
        #expect(pruned.dropped == [4, 5])
        // The route stops at the gap, exactly as reported; the break that only ended the fragment goes with it.
        #expect(pruned.breaks == [breaks[0]])
        // Between two gaps (or a gap and the end) a short run stands alone: a piece of the trip.
        let gaps = [MatchBreak(afterPoint: 3, beforePoint: 4, reason: .gap, distance: 1),
                    MatchBreak(afterPoint: 5, beforePoint: 6, reason: .gap, distance: 2)]
        let alone = ViterbiMatcher.pruneFragments(runs: [run(0..<4), run(4..<6), run(6..<9)], breaks: gaps, minPoints: 3)
        #expect(alone.runs.map(\.points) == [[0, 1, 2, 3], [4, 5], [6, 7, 8]] && alone.dropped.isEmpty)
        #expect(alone.breaks == gaps)
        let last = ViterbiMatcher.pruneFragments(runs: [run(0..<4), run(4..<6)], breaks: Array(gaps.prefix(1)), minPoints: 3)
        #expect(last.runs.count == 2 && last.dropped.isEmpty && last.breaks == [gaps[0]])
        // A break after the last run kept goes: the route ends there, the points after it have reasons.
        let lost = [MatchBreak(afterPoint: 3, beforePoint: 4, reason: .offRoad, distance: 1)]
        let end = ViterbiMatcher.pruneFragments(runs: [run(0..<4), run(6..<8)], breaks: lost, minPoints: 3)
        #expect(end.runs.map(\.points) == [[0, 1, 2, 3]] && end.dropped == [6, 7] && end.breaks.isEmpty)
        // Nothing trustworthy: the longest fragment is kept alone.
        let noRoute = [MatchBreak(afterPoint: 0, beforePoint: 1, reason: .noRoute, distance: 1)]
        let lone = ViterbiMatcher.pruneFragments(runs: [run(0..<1), run(1..<3)], breaks: noRoute, minPoints: 3)
        #expect(lone.runs.map(\.points) == [[1, 2]] && lone.dropped == [0] && lone.breaks.isEmpty)
    }

    @Test func anOffRoadBreakStaysWhereItIsWhateverFollows() throws {
        // Off road at 8..<13; then the quai again, or first two quai points the matcher loses again
        // (off road at 15..<20) before the quai resumes: the break after the first run is reported at
        // the same place either way (rebuilt from the runs' ends, it used to say 20 in the second case).
        let quaiPoints = try along(quai)
        try #require(quaiPoints.count >= 25)
        var points = quaiPoints
        for k in 8..<13 { points[k] = south(quaiPoints[k], 150) }
        var cut = points
        for k in 15..<20 { cut[k] = south(quaiPoints[k], 150) }
        var m = try matcher()
        let long = m.match(points), lost = m.match(cut)
        #expect(long.breaks.map { [$0.afterPoint, $0.beforePoint] } == [[7, 8]])
        #expect(lost.breaks == long.breaks)
        #expect(abs(lost.breaks[0].distance - points[7].distance(to: points[8])) < 1e-6)
        // The two points between the stretches are a fragment; every point is in a run or has a reason.
        #expect(lost.runs.map(\.points) == [Array(0..<8), Array(20..<cut.count)])
        #expect(lost.reasons[13] == .fragment && lost.reasons[14] == .fragment)
        for (i, r) in lost.reasons.enumerated() {
            #expect((r == nil) == !(8..<20).contains(i), "\(i)")
            if (8..<13).contains(i) || (15..<20).contains(i) { #expect(r == .offRoad, "\(i)") }
        }
    }

    @Test func aLoneStateIsNoRoute() throws {
        // Two points, the second out in the lake: one state is no segment; its point is a fragment.
        let quaiPoints = try along(quai)
        var m = try matcher()
        let outcome = m.match([quaiPoints[3], south(quaiPoints[4], 150)])
        #expect(outcome.runs.isEmpty && outcome.breaks.isEmpty)
        #expect(outcome.reasons == [.fragment, .offRoad])
    }
}
