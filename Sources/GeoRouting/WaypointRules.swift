// What a caller may ask of how one waypoint snaps, as OSRM's per-coordinate
// options do: a search radius (`radiuses`), the direction of travel on the
// road (`bearings`: only edge directions within range of the bearing are
// candidates), and the side of the road (`approaches`: curb = the point on
// the side the vehicle drives on, right-hand traffic; opposite = the other).
// Why in the candidate search and not after it: OSRM filters candidate edges
// by these while it looks for the nearest, so a point whose nearest road runs
// the wrong way snaps to the nearest road that runs the right way instead.
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
    /// The directions of travel on `edge` that the current rule (`rule`) leaves, given what the mode
    /// allows and where on the edge `point` snapped: (along the way, against it).
    func directions(_ edge: RoadEdge, at position: EdgePosition, point: Coordinate, forward: Bool,
                    backward: Bool) -> (Bool, Bool) {
        guard let rule, rule.restrictsDirection else { return (forward, backward) }
        let (heading, side) = headingAndSide(edge, at: position, point: point)
        var f = forward, b = backward
        if let bearing = rule.bearing {
            f = f && bearing.allows(heading)
            b = b && bearing.allows(heading + 180)
        }
        // side > 0: the point lies right of the way's direction. On the road itself either side will do.
        switch rule.approach {
        case .unrestricted: break
        case .curb where side != 0: f = f && side > 0; b = b && side < 0
        case .opposite where side != 0: f = f && side < 0; b = b && side > 0
        default: break
        }
        return (f, b)
    }

    /// The heading (degrees) of the edge's segment where `position` lies, along the way, and which
    /// side of it `point` is on: 1 right, -1 left, 0 on the road (within a few centimetres).
    func headingAndSide(_ edge: RoadEdge, at position: EdgePosition, point: Coordinate) -> (Double, Int) {
        let line = graph.geometry(ofEdge: edge.index).map(\.coordinate)
        let projection = LocalProjection(origin: position.coordinate)
        let xy = line.map(projection.project)
        var best = 0, bestDistance = Double.infinity
        for k in 0..<max(0, xy.count - 1) {
            let d = PlanarGeometry.segmentDistance(px: 0, py: 0, ax: xy[k].x, ay: xy[k].y, bx: xy[k + 1].x, by: xy[k + 1].y).distance
            if d < bestDistance { best = k; bestDistance = d }
        }
        guard xy.count > 1 else { return (0, 0) }
        let dx = xy[best + 1].x - xy[best].x, dy = xy[best + 1].y - xy[best].y
        var heading = atan2(dx, dy) * 180 / .pi
        if heading < 0 { heading += 360 }
        guard position.distance > 0.05 else { return (heading, 0) }
        let p = projection.project(point)
        let cross = dx * p.y - dy * p.x
        return (heading, cross < 0 ? 1 : cross > 0 ? -1 : 0)
    }
}

extension Router {
    /// The rule of waypoint `i` (the default when none is given for it).
    func rule(_ i: Int) -> WaypointRule { waypointRules.indices.contains(i) ? waypointRules[i] : WaypointRule() }

    /// How far waypoint `i` may be from its road.
    func radius(_ i: Int) -> Double { rule(i).radius ?? maxSnapDistance }
}
