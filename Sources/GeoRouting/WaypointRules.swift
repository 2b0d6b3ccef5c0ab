// What a caller may ask of how one waypoint snaps, as OSRM's per-coordinate
// options do: a search radius (`radiuses`), the direction of travel on the
// road (`bearings`: only edge directions within range of the bearing are
// candidates), and the side of the road (`approaches`: curb = the point on
// the side the vehicle drives on, right-hand traffic; opposite = the other).
// Why in the candidate search and not after it: OSRM filters candidate
// segments by these while it looks for the nearest, so a point whose nearest
// road runs the wrong way snaps to the nearest stretch of road that runs the
// right way instead (each segment of an edge checked on its own, as OSRM's
// R-tree holds segments; an approach does not apply on a oneway, as there).
import Foundation
import GeoBase
import GeoRoads

/// A bearing in degrees clockwise from north, and how far off it a road's direction may be.
public struct SnapBearing: Sendable, Equatable {
    public var degrees: Double
    public var range: Double

    public init(degrees: Double, range: Double) {
        self.degrees = degrees
        self.range = range
    }

    /// Whether a heading lies within `range` degrees of the bearing (either way round the circle).
    public func allows(_ heading: Double) -> Bool {
        var d = (heading - degrees).truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        return min(d, 360 - d) <= range
    }
}

/// The side of the road a waypoint is reached and left from.
public enum SnapApproach: String, Sendable, CaseIterable {
    /// Either side.
    case unrestricted
    /// With the point on the side the vehicle drives on (the right: right-hand traffic).
    case curb
    /// With the point on the other side.
    case opposite
}

/// How one waypoint snaps; the default snaps as ever.
public struct WaypointRule: Sendable, Equatable {
    /// Metres the point may be from its road (nil: the router's `maxSnapDistance`).
    public var radius: Double?
    public var bearing: SnapBearing?
    public var approach = SnapApproach.unrestricted

    public init(radius: Double? = nil, bearing: SnapBearing? = nil, approach: SnapApproach = .unrestricted) {
        self.radius = radius
        self.bearing = bearing
        self.approach = approach
    }

    var restrictsDirection: Bool { bearing != nil || approach != .unrestricted }
}

extension CandidateSearch {
    /// Where `point` snaps on `edge` under the current rule, and the directions left there (along the way,
    /// against it): as OSRM checks each segment of a way on its own, the nearest segment whose heading the
    /// bearing allows and whose side of the road the approach allows, which may lie beyond the edge's
    /// nearest point (a bend). Nil when no segment within `radius` leaves a direction. Only called with a
    /// rule that restricts direction (`WaypointRule.restrictsDirection`).
    func restrictedPosition(_ edge: RoadEdge, point: Coordinate, forward: Bool, backward: Bool,
                            within radius: Double) -> (EdgePosition, Bool, Bool)? {
        guard let rule else { return nil }
        let line = graph.geometry(ofEdge: edge.index).map(\.coordinate)
        guard line.count > 1 else { return nil }
        let projection = LocalProjection(origin: point)
        let xy = line.map(projection.project)
        var best: (distance: Double, k: Int, t: Double, forward: Bool, backward: Bool)?
        for k in 0..<(xy.count - 1) {
            let a = xy[k], b = xy[k + 1]
            let r = PlanarGeometry.segmentDistance(px: 0, py: 0, ax: a.x, ay: a.y, bx: b.x, by: b.y)
            guard r.distance <= radius, r.distance < best?.distance ?? .infinity else { continue }
            let dx = b.x - a.x, dy = b.y - a.y
            guard dx != 0 || dy != 0 else { continue }
            var f = forward, bk = backward
            if let bearing = rule.bearing {
                let heading = atan2(dx, dy) * 180 / .pi
                f = f && bearing.allows(heading)
                bk = bk && bearing.allows(heading + 180)
            }
            // The point's side of the segment (right of the way's direction: cross < 0); on the road, either.
            // On a oneway the approach does not apply, as in osrm-routed: there is only one way to arrive.
            let sx = a.x + r.t * dx, sy = a.y + r.t * dy
            let cross = dx * -sy - dy * -sx
            if r.distance > 0.05 && cross != 0 && forward && backward {
                switch rule.approach {
                case .unrestricted: break
                case .curb: f = f && cross < 0; bk = bk && cross > 0
                case .opposite: f = f && cross > 0; bk = bk && cross < 0
                }
            }
            if f || bk { best = (r.distance, k, r.t, f, bk) }
        }
        guard let best else { return nil }
        // The offset in the edge's own metres, as nearestPosition measures it.
        var along = 0.0, total = 0.0
        for k in 0..<(line.count - 1) {
            let m = line[k].distance(to: line[k + 1])
            if k < best.k { along += m } else if k == best.k { along += best.t * m }
            total += m
        }
        let a = xy[best.k], b = xy[best.k + 1]
        let snapped = projection.unproject(x: a.x + best.t * (b.x - a.x), y: a.y + best.t * (b.y - a.y))
        // Kept a centimetre off the end nodes: searches let a position exactly at a node leave it any way, and
        // this one may leave only as the rule allows.
        let margin = min(0.01, edge.length / 4)
        let offset = min(edge.length - margin, max(margin, total > 0 ? along * edge.length / total : 0))
        return (EdgePosition(edge: edge.index, offset: offset, coordinate: snapped, distance: best.distance), best.forward, best.backward)
    }
}

extension Router {
    /// The rule of waypoint `i` (the default when none is given for it).
    func rule(_ i: Int) -> WaypointRule { waypointRules.indices.contains(i) ? waypointRules[i] : WaypointRule() }

    /// How far waypoint `i` may be from its road.
    func radius(_ i: Int) -> Double { rule(i).radius ?? maxSnapDistance }
}
