// The answers of the map matcher and the router as plain values: continuous
// route segments (geometry along the roads with running distance and time,
// the streets travelled), the breaks between them, and for a match the fate of
// every input point. RouteOutput turns these into JSON, GPX, GeoJSON and SVG.
import Foundation
import GeoBase
import GeoRoads

/// One street (or unnamed road) the route follows without interruption.
public struct RouteStreet: Sendable, Equatable {
    /// The road's name, or a label of its class ("cycleway", "residential street") when it has none.
    public var name: String
    public var named: Bool
    public var roadClass: RoadClass
    public var distance: Double
    public var duration: Double
    /// The stretch's first and last vertex in the segment's `coordinates`.
    public var firstVertex: Int
    public var lastVertex: Int
}

/// A continuous piece of route.
public struct RouteSegment: Sendable {
    public var coordinates: [Coordinate]
    /// Metres from the segment's start at each vertex.
    public var distances: [Double]
    /// Seconds from the segment's start at each vertex, at the mode's speeds.
    public var times: [Double]
    public var distance: Double
    public var duration: Double
    public var streets: [RouteStreet]
    /// The input points (match) or waypoints (route) the segment runs between.
    public var firstPoint: Int
    public var lastPoint: Int
}

public enum BreakReason: String, Sendable {
    /// No route within reach connects the two points (another network, a missing road, a one-way system).
    case noRoute = "no_route"
    /// The points are too far apart to guess what happened between them.
    case gap
    /// A stretch of points has no road near it.
    case offRoad = "off_road"
    /// The input itself is split there (GPX trkseg, GeoJSON MultiLineString part).
    case inputSegment = "input_segment"
}

/// Where the matched route is interrupted: between input points `afterPoint` and `beforePoint`.
public struct MatchBreak: Sendable, Equatable {
    public var afterPoint: Int
    public var beforePoint: Int
    public var reason: BreakReason
    /// Straight-line metres between the two points.
    public var distance: Double
}

public struct MatchedPoint: Sendable {
    public enum Status: String, Sendable {
        /// A state of the hidden-Markov model: snapped to its chosen candidate.
        case matched
        /// Dropped while thinning dense points, then projected onto the matched route.
        case interpolated
        /// No road near it, or an outlier the route does not pass near.
        case unmatched
    }

    public var index: Int
    public var input: Coordinate
    public var status: Status
    public var snapped: Coordinate?
    /// Metres between the input point and its snapped position.
    public var distance: Double?
    /// Index of the segment in `MatchResult.segments` the point belongs to.
    public var segment: Int?
}

public struct MatchResult: Sendable {
    public var name: String?
    public var mode: TravelMode
    /// The accuracy used, in metres (given or chosen for the input).
    public var accuracy: Double
    public var ignoreRestrictions: Bool
    public var segments: [RouteSegment]
    public var breaks: [MatchBreak]
    public var points: [MatchedPoint]

    public var matchedPointCount: Int { points.reduce(0) { $0 + ($1.status == .unmatched ? 0 : 1) } }
    public var distance: Double { segments.reduce(0) { $0 + $1.distance } }
    public var duration: Double { segments.reduce(0) { $0 + $1.duration } }
    /// Street names along the whole match, consecutive duplicates merged.
    public var streetNames: [String] { RouteStreet.mergedNames(segments) }
    /// True when nothing could be matched (exit status 1 of `georoute match`).
    public var isEmpty: Bool { segments.isEmpty }
}

/// A snapped route end or via point.
public struct RouteWaypoint: Sendable {
    public var input: Coordinate
    public var snapped: Coordinate
    /// Metres from the input point to the road.
    public var distance: Double
}

public struct Route: Sendable {
    public var mode: TravelMode
    public var type: RouteType
    public var waypoints: [RouteWaypoint]
    /// One segment from the first to the last waypoint.
    public var segment: RouteSegment
    /// Distance and duration of each leg between consecutive waypoints.
    public var legs: [(distance: Double, duration: Double)]

    public var distance: Double { segment.distance }
    public var duration: Double { segment.duration }
    public var streetNames: [String] { RouteStreet.mergedNames([segment]) }
}

extension RouteStreet {
    static func mergedNames(_ segments: [RouteSegment]) -> [String] {
        var out: [String] = []
        for s in segments { for st in s.streets where out.last != st.name { out.append(st.name) } }
        return out
    }
}
