// Public entry point of point-to-point routing: `Router(graph:).route(...)`.
// Each waypoint is snapped to the nearest road the mode may use (the edges
// within a few metres of the nearest all take part, so the search picks the
// right side of a junction); legs between consecutive waypoints are searched
// with A* on directed edges (TurnSearch: turn restrictions, U-turns, roads for
// local access only) and joined into one segment. Like MapMatcher, a Router
// is a plain value that is safe to use from many threads at once.
import Foundation
import GeoBase
import GeoRoads

public enum RoutingError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooFewWaypoints
    case invalidCoordinate(index: Int)
    /// No road the mode may use within `radius` metres of waypoint `index`; `nearest` is how far
    /// the nearest one is, when there is one within 50 km.
    case noRoad(index: Int, radius: Double, nearest: Double?)
    /// Waypoints `leg` and `leg + 1` are not connected for the mode.
    case noRoute(leg: Int)

    public var description: String {
        switch self {
        case .tooFewWaypoints: return "a route needs at least two points"
        case .invalidCoordinate(let i): return "point \(i + 1) is not a valid latitude,longitude"
        case .noRoad(let i, let r, let nearest):
            let far = nearest.map { "the nearest is \(formatCount(Int($0.rounded()))) m away" } ?? "none within 50 km"
            return "no road usable for this mode within \(formatCount(Int(r))) m of point \(i + 1) (\(far))"
        case .noRoute(let leg): return "no route between point \(leg + 1) and point \(leg + 2) for this mode"
        }
    }
}

public struct Router: Sendable {
    public let graph: RoadGraph
    /// How far a waypoint may be from the nearest usable road, metres: farther is an error, never
    /// a silent snap to a road the user did not mean.
    public var maxSnapDistance = 200.0

    public init(graph: RoadGraph) {
        self.graph = graph
    }

    public func route(waypoints: [Coordinate], mode: TravelMode = .bicycle,
                      type: RouteType = .fastest) throws(RoutingError) -> Route {
        guard waypoints.count >= 2 else { throw .tooFewWaypoints }
        if let bad = waypoints.firstIndex(where: { !$0.isValid }) { throw .invalidCoordinate(index: bad) }
        let rules = TraversalRules(graph: graph, mode: mode, type: type)
        var finder = CandidateSearch(rules: rules)
        var snapped: [[Candidate]] = []
        for (i, w) in waypoints.enumerated() {
            let c = finder.nearest(to: w, maxRadius: maxSnapDistance)
            guard !c.isEmpty else {
                let nearest = finder.nearest(to: w, maxRadius: 50_000).first?.position.distance
                throw .noRoad(index: i, radius: maxSnapDistance, nearest: nearest)
            }
            snapped.append(c)
        }
        var search = TurnSearch(rules: rules)
        var assembler: RouteAssembler?
        var chosen: [Candidate] = []
        var legEnds: [Int] = []
        var arrivedForward: Bool?
        for leg in 0..<(waypoints.count - 1) {
            // Continue from where the previous leg arrived, so the line never jumps at a via point; a car
            // goes on in the direction it came (OSRM's continue_straight), unless that leads nowhere.
            var sources = chosen.last.map { [$0] } ?? snapped[leg]
            var targets = snapped[leg + 1]
            let straight = mode == .car ? arrivedForward.map { [$0] } : nil
            var found = search.route(from: sources, to: targets, leaving: straight)
            if found == nil && straight != nil { found = search.route(from: sources, to: targets) }
            if found == nil {
                // The nearest edges may be a fragment (a parking aisle, a piece of footway): widen the choice.
                sources = chosen.last.map { [$0] } ?? wider(&finder, waypoints[leg], snapped[leg])
                targets = wider(&finder, waypoints[leg + 1], snapped[leg + 1])
                found = search.route(from: sources, to: targets)
            }
            guard let r = found else { throw .noRoute(leg: leg) }
            let s = sources[r.source], t = targets[r.target]
            if assembler == nil {
                assembler = RouteAssembler(rules: rules, start: s)
                chosen.append(s)
                legEnds.append(0)
            }
            legEnds.append(assembler!.append(r.path, from: s, to: t))
            chosen.append(t)
            arrivedForward = r.entersForward
        }
        let segment = assembler!.segment(firstPoint: 0, lastPoint: waypoints.count - 1)
        var legs: [(distance: Double, duration: Double)] = []
        for k in 1..<legEnds.count {
            legs.append((segment.distances[legEnds[k]] - segment.distances[legEnds[k - 1]],
                         segment.times[legEnds[k]] - segment.times[legEnds[k - 1]]))
        }
        let points = zip(waypoints, chosen).map { RouteWaypoint(input: $0, snapped: $1.position.coordinate, distance: $1.position.distance) }
        var route = Route(mode: mode, type: type, waypoints: points, segment: segment, legs: legs)
        route.waypointVertices = legEnds
        return route
    }

    /// Candidates up to 50 m beyond the nearest, for a second attempt when the nearest are not connected.
    private func wider(_ finder: inout CandidateSearch, _ point: Coordinate, _ nearest: [Candidate]) -> [Candidate] {
        let reach = (nearest.first?.position.distance ?? 0) + 50
        let more = finder.candidates(near: point, radius: reach, limit: 32)
        return more.isEmpty ? nearest : more
    }
}
