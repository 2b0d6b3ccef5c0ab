// Geometric assertions on matched and routed lines: how far a point is from a
// segment's line, and whether a route passes given points in order.
import Testing
@testable import GeoBase
@testable import GeoRouting

extension RouteSegment {
    /// Metres from `c` to the nearest point of the segment's line.
    func distance(to c: Coordinate) -> Double {
        MapMatcher.project(c, on: coordinates, vertices: 0...(coordinates.count - 1))?.1 ?? .infinity
    }
}

/// The route passes within `tolerance` metres of each of `points`, in that order along its line.
func expectPasses(_ segment: RouteSegment, through points: [Coordinate], tolerance: Double = 1.5,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    var from = 0
    for p in points {
        guard let v = segment.coordinates[from...].firstIndex(where: { $0.distance(to: p) <= tolerance }) else {
            Issue.record("route does not pass \(p) after vertex \(from)", sourceLocation: sourceLocation)
            return
        }
        from = v
    }
}
