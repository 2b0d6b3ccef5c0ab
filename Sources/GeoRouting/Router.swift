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
            guard r.isFinite else { return "no road usable for this mode in the index (point \(i + 1))" }
            let far = nearest.map { "the nearest is \(formatCount(Int($0.rounded()))) m away" } ?? "none within 50 km"
            return "no road usable for this mode within \(formatCount(Int(r))) m of point \(i + 1) (\(far))"
        case .noRoute(let leg): return "no route between point \(leg + 1) and point \(leg + 2) for this mode"
        }
    }
}

public struct Router: Sendable {
    public let graph: RoadGraph
    /// How far a waypoint may be from the nearest usable road, metres: farther is an error. Unlimited
    /// by default, as in OSRM: the nearest road the mode may use, however far (the answer says how far
    /// each point was moved); a caller that wants a bound (`--accuracy`, OSRM's `radiuses`) sets one.
    public var maxSnapDistance = Double.infinity

    public init(graph: RoadGraph) {
        self.graph = graph
    }

    public func route(waypoints: [Coordinate], mode: TravelMode = .bicycle,
                      type: RouteType = .fastest) throws(RoutingError) -> Route {
        guard waypoints.count >= 2 else { throw .tooFewWaypoints }
        if let bad = waypoints.firstIndex(where: { !$0.isValid }) { throw .invalidCoordinate(index: bad) }
        let rules = TraversalRules(graph: graph, mode: mode, type: type)
        var finder = CandidateSearch(rules: rules)
        // A route neither starts nor ends on a ferry (OSRM: ferries are no start points).
        finder.snapsToFerries = false
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
        var arrival: (forward: Bool, by: DirectedEdge?)?
        for leg in 0..<(waypoints.count - 1) {
            // Continue from where the previous leg arrived, so the line never jumps at a via point; a car
            // goes on in the direction it came (OSRM's continue_straight), unless that leads nowhere.
            var sources = chosen.last.map { [$0] } ?? snapped[leg]
            var targets = snapped[leg + 1]
            var found: TurnSearch.Result?
            if mode == .car, let arrival {
                found = arrival.by.map { search.route(from: sources, to: targets, continuing: $0) }
                    ?? search.route(from: sources, to: targets, leaving: [arrival.forward])
            }
            if found == nil { found = search.route(from: sources, to: targets) }
            // The nearest edges may be a fragment (a parking aisle, a piece of footway, a road cut off by the
            // extract): widen the choice step by step, so the point joins the network it is nearest to that
            // connects (OSRM prefers the big component the same way).
            // The end first, then the start, then both: a point whose nearest road connects stays on it.
            for extra in Router.widening where found == nil {
                let start = chosen.last.map { [$0] } ?? snapped[leg], end = snapped[leg + 1]
                let widerStart = chosen.last.map { [$0] } ?? wider(&finder, waypoints[leg], snapped[leg], extra: extra)
                let widerEnd = wider(&finder, waypoints[leg + 1], snapped[leg + 1], extra: extra)
                for (s, t) in [(start, widerEnd), (widerStart, end), (widerStart, widerEnd)] where found == nil {
                    sources = s
                    targets = t
                    found = search.route(from: sources, to: targets)
                }
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
            arrival = (r.entersForward, r.arrivedBy)
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

    /// Metres beyond the nearest road searched for other candidates when the nearest are not connected.
    static let widening: [Double] = [50, 250, 1_000]

    /// Candidates up to `extra` metres beyond the nearest (within the snapping limit), for another attempt
    /// when the nearest are not connected.
    private func wider(_ finder: inout CandidateSearch, _ point: Coordinate, _ nearest: [Candidate], extra: Double) -> [Candidate] {
        let reach = min((nearest.first?.position.distance ?? 0) + extra, maxSnapDistance)
        let more = finder.candidates(near: point, radius: reach, limit: 32)
        return more.isEmpty ? nearest : more
    }
}
