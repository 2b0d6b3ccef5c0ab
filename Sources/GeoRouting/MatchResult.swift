// The answers of the map matcher and the router as plain values: continuous
// route segments (geometry along the roads with running distance and time,
// the streets travelled), the breaks between them, and for a match the fate of
// every input point (where it lies on the route, or why it has no position, and
// the counts of both). RouteOutput turns these into JSON, GPX, GeoJSON and SVG.
import Foundation
import GeoBase
import GeoRoads
import Synchronization

/// One street (or unnamed road) the route follows without interruption.
public struct RouteStreet: Sendable, Equatable {
    /// How a reader calls the road: its name, else its `ref` ("A 8"), else a label of its class
    /// ("cycleway", "residential street").
    public var name: String
    /// Whether the road has a `name` (OSRM's step name is then `name`, else "").
    public var named: Bool
    /// The road's `ref` ("" when none) and `name:pronunciation` ("" when none).
    public var ref: String = ""
    public var pronunciation: String = ""
    /// A cyclist pushes the bike along it (OSRM's mode "pushing bike").
    public var pushed = false
    public var roadClass: RoadClass
    public var distance: Double
    public var duration: Double
    /// The stretch's first and last vertex in the segment's `coordinates`.
    public var firstVertex: Int
    public var lastVertex: Int
}

/// A continuous piece of route.
extension RouteStreet {
    /// The name as OSRM gives it in a step: the `name` tag, "" for a road without one.
    public var osrmName: String { named ? name : "" }
}

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
    /// Of `duration`, the seconds spent turning at junctions (TurnCosts: OSRM's turn durations).
    public var turnDuration = 0.0
    /// The junctions the segment passes, in order, with what guidance needs of each (GuidanceSteps).
    /// Worked out when first asked for (only turn-by-turn steps need them: a tenth of a route's time).
    public var junctions: [RouteJunction] {
        get { junctionSource?.value ?? [] }
        set { junctionSource = JunctionSource { newValue } }
    }
    var junctionSource: JunctionSource?
    /// Per vertex, the OSM id of the road's point at it or just behind it in the direction travelled from it,
    /// and of the point at it or just ahead of it in the direction travelled to it (both the vertex's own id
    /// where it is a point of the road; 0 when unknown). A leg names its ends' neighbours with them
    /// (`osmNodes(from:to:)`).
    public var nodesBehind: [Int64] = []
    public var nodesAhead: [Int64] = []
    /// The first vertex of each stretch along one edge and OSRM's classes of that road in the direction
    /// travelled (GuidanceJunctions.classes): a depart step lists those of the road it sets off on.
    public var pieceClasses: [(firstVertex: Int, classes: [String])] = []

    /// OSRM's `nodes` annotation of the leg from vertex `a` to `b`: the OSM id of every vertex, the first
    /// that of the road's point just before the start and the last that of the point just after the end
    /// (where the waypoints lie between points of the road), one more entry than the leg has segments.
    public func osmNodes(from a: Int, to b: Int) -> [Int64] {
        guard a >= 0, a <= b, b < nodesBehind.count, b < nodesAhead.count else { return [] }
        return (a...b).map { $0 == b && $0 > a ? nodesAhead[$0] : nodesBehind[$0] }
    }

    /// OSRM's classes of the road the segment leaves vertex `v` by ([] at its end).
    public func classes(leaving v: Int) -> [String] {
        guard v < coordinates.count - 1, let p = pieceClasses.last(where: { $0.firstVertex <= v }) else { return [] }
        return p.classes
    }
}

/// The junctions of a segment, worked out once when first read.
final class JunctionSource: Sendable {
    private let make: @Sendable () -> [RouteJunction]
    private let made = Mutex<[RouteJunction]?>(nil)
    init(_ make: @escaping @Sendable () -> [RouteJunction]) { self.make = make }

    var value: [RouteJunction] {
        made.withLock { v in
            if let v { return v }
            let j = make()
            v = j
            return j
        }
    }
}

public enum BreakReason: String, Sendable, CaseIterable {
    /// No route within reach connects the two points (another network, a missing road, a one-way system).
    case noRoute = "no_route"
    /// The points are farther apart than the gap limit (`MatchConfig.gapDistance`, `topSpeed`): too far
    /// to guess what happened between them.
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
        /// Left out of the model (thinned as too dense, or skipped as an outlier), then projected onto
        /// the matched route, within the search radius of it.
        case interpolated
        /// No position: `reason` says why.
        case unmatched
    }

    /// Why a point has no position on the route. A point left out of the model as too dense shares
    /// the reason of the kept point before it (they lie within the thinning distance of each other).
    public enum UnmatchedReason: String, Sendable, CaseIterable {
        /// No road usable by the mode within the search radius.
        case offRoad = "off_road"
        /// Skipped: no route through it from its neighbours (unreachable, or a lone jump out and back
        /// that the gap limit rules out), and the matched route does not pass within the search radius.
        case outlier
        /// Matched, but in a run too short to be a route: a single point (no route through it to
        /// another), or fewer than `MatchConfig.minRunPoints` that the matcher lost the road around
        /// (a `no_route` or `off_road` break on either side), dropped as noise.
        case fragment
        /// The only point between two gaps (or a gap and an end of the track): one point is no route.
        case isolated
        /// NaN or out-of-range coordinates.
        case invalid
    }

    public var index: Int
    public var input: Coordinate
    public var status: Status
    public var snapped: Coordinate?
    /// Metres between the input point and its snapped position.
    public var distance: Double?
    /// Index of the segment in `MatchResult.segments` the point belongs to.
    public var segment: Int?
    /// Why the point is unmatched; nil for a point with a position.
    public var reason: UnmatchedReason?
}

/// How many input points went where; they add up: `matched + interpolated + unmatched == points`,
/// and the unmatched per reason add up to `unmatched`.
public struct MatchCounts: Sendable, Equatable {
    public var points = 0
    public var matched = 0
    public var interpolated = 0
    public var unmatched = 0
    /// Unmatched points per reason; every reason has an entry (0 when none).
    public var unmatchedByReason: [MatchedPoint.UnmatchedReason: Int] =
        Dictionary(uniqueKeysWithValues: MatchedPoint.UnmatchedReason.allCases.map { ($0, 0) })

    public init(_ points: [MatchedPoint]) {
        self.points = points.count
        for p in points {
            switch p.status {
            case .matched: matched += 1
            case .interpolated: interpolated += 1
            case .unmatched:
                unmatched += 1
                // The matcher gives every unmatched point a reason; one without counts as an outlier.
                unmatchedByReason[p.reason ?? .outlier, default: 0] += 1
            }
        }
    }
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

    /// Points with a position on the route (matched or interpolated).
    public var matchedPointCount: Int { points.reduce(0) { $0 + ($1.status == .unmatched ? 0 : 1) } }
    /// How many points went where.
    public var counts: MatchCounts { MatchCounts(points) }
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
    /// The vertex of `segment` where each waypoint is (legs run between consecutive ones).
    public var waypointVertices: [Int] = []

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
