// Public entry point of point-to-point routing: `Router(graph:).route(...)`.
// Each waypoint is snapped to the nearest road the mode may use, as OSRM
// snaps it (only edges as near as the nearest, e.g. the edges of a junction the
// point lies on, take part: a point a few metres along a street is never moved
// onto a cross street); legs between consecutive waypoints are searched
// with A* on directed edges (TurnSearch: turn restrictions, U-turns, roads for
// local access only) and joined into one segment; between two points,
// `routes(…alternatives:)` adds alternative routes (AlternativeRoutes). Like
// MapMatcher, a Router is a plain value that is safe to use from many threads
// at once.
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
    /// Whether routes cross cells with the graph's routing overlay when it has one (false: search the graph
    /// alone; the answers are the same, only slower).
    public var useOverlay = true
    /// Per waypoint, how it snaps (radius, bearing, approach: WaypointRules.swift); missing entries are
    /// the default.
    public var waypointRules: [WaypointRule] = []
    /// Whether waypoints may snap to ferries (OSRM's `snapping=any`; by default, as OSRM's profiles mark
    /// ferries, a route neither starts nor ends on one).
    public var snapsToFerries = false
    /// At a via point, go on in the direction the route arrived (true: no U-turn there unless that leads
    /// nowhere), or leave in either (false); nil: the mode's default, as OSRM's profiles (car: true).
    public var continueStraight: Bool?
    /// Road classes the route may not use (OSRM's `exclude=motorway` is motorways and their links).
    public var excludedClasses: Set<RoadClass> = []
    /// Leave out ways in the directions they are toll roads (OSRM's `exclude=toll`).
    public var excludesToll = false

    /// The rules of a search for `mode`, with the excluded classes left out.
    func traversalRules(_ mode: TravelMode, _ type: RouteType = .shortest) -> TraversalRules {
        var r = TraversalRules(graph: graph, mode: mode, type: type)
        r.excluded = TraversalRules.exclusionBits(excludedClasses, toll: excludesToll)
        return r
    }

    public init(graph: RoadGraph) {
        self.graph = graph
    }

    /// How different and how good alternative routes must be (`routes(…alternatives:)`).
    public var alternativeRules = AlternativeRules()

    public func route(waypoints: [Coordinate], mode: TravelMode = .bicycle,
                      type: RouteType = .fastest) throws(RoutingError) -> Route {
        let (rules, chosen, paths) = try legs(waypoints: waypoints, mode: mode, type: type)
        return assemble(waypoints, rules: rules, chosen, paths)
    }

    /// The route, then up to `alternatives` alternative routes (at most AlternativeRules.maxCount), lightest
    /// first: the first is the route `route(waypoints:…)` gives. As OSRM, only a route between two points has
    /// alternatives; there may be fewer than asked, or none, when no other route is different and good enough.
    public func routes(waypoints: [Coordinate], mode: TravelMode = .bicycle, type: RouteType = .fastest,
                       alternatives: Int) throws(RoutingError) -> [Route] {
        let (rules, chosen, paths) = try legs(waypoints: waypoints, mode: mode, type: type)
        var out = [assemble(waypoints, rules: rules, chosen, paths)]
        guard alternatives > 0, waypoints.count == 2 else { return out }
        var search = AlternativeRoutes(rules: rules, limits: alternativeRules, useOverlay: useOverlay)
        for f in search.find(from: chosen[0], to: chosen[1], primary: paths[0], count: min(alternatives, AlternativeRules.maxCount)) {
            out.append(assemble(waypoints, rules: rules, chosen, [f.path]))
        }
        return out
    }

    /// Each waypoint snapped (the positions the legs join at) and the path of each leg.
    func legs(waypoints: [Coordinate], mode: TravelMode,
              type: RouteType) throws(RoutingError) -> (TraversalRules, [Candidate], [EdgePath]) {
        guard waypoints.count >= 2 else { throw .tooFewWaypoints }
        if let bad = waypoints.firstIndex(where: { !$0.isValid }) { throw .invalidCoordinate(index: bad) }
        let rules = traversalRules(mode, type)
        var finder = CandidateSearch(rules: rules)
        // A route neither starts nor ends on a ferry (OSRM: ferries are no start points).
        finder.snapsToFerries = snapsToFerries
        var snapped: [[Candidate]] = []
        for (i, w) in waypoints.enumerated() { snapped.append(try snap(w, index: i, &finder)) }
        let straight = continueStraight ?? (mode == .car)
        var search = TurnSearch(rules: rules, useOverlay: useOverlay)
        var chosen: [Candidate] = []
        var paths: [EdgePath] = []
        var arrival: (forward: Bool, by: DirectedEdge?)?
        for leg in 0..<(waypoints.count - 1) {
            // Continue from where the previous leg arrived, so the line never jumps at a via point; a car
            // goes on in the direction it came (OSRM's continue_straight), unless that leads nowhere.
            var sources = chosen.last.map { [$0] } ?? snapped[leg]
            var targets = snapped[leg + 1]
            var found: TurnSearch.Result?
            if straight, let arrival {
                found = arrival.by.map { search.route(from: sources, to: targets, continuing: $0) }
                    ?? search.route(from: sources, to: targets, leaving: [arrival.forward])
            }
            if found == nil { found = search.route(from: sources, to: targets) }
            // The nearest edges may be a fragment (a parking aisle, a piece of footway, a road cut off by the
            // extract): widen the choice step by step, so the point joins the network it is nearest to that
            // connects (OSRM prefers the big component the same way).
            // A point whose nearest roads are a small piece cut off from the network (fewer than
            // `tinyComponent` edges: a parking aisle, a stretch of footway) goes to the nearest road of a
            // bigger one, as OSRM prefers its big components; the end first, then the start, then both.
            if found == nil {
                let start = chosen.last.map { [$0] } ?? snapped[leg], end = snapped[leg + 1]
                finder.rule = rule(leg)
                let bigStart = chosen.last == nil ? nearestInBigComponent(&finder, waypoints[leg], snapped[leg], mode: mode) : nil
                finder.rule = rule(leg + 1)
                let bigEnd = nearestInBigComponent(&finder, waypoints[leg + 1], end, mode: mode)
                for (s, t) in [(start, bigEnd), (bigStart, end), (bigStart, bigEnd)] where found == nil {
                    guard let s, let t, s.map(\.edge) != start.map(\.edge) || t.map(\.edge) != end.map(\.edge) else { continue }
                    sources = s
                    targets = t
                    found = search.route(from: sources, to: targets)
                }
            }
            guard let r = found else { throw .noRoute(leg: leg) }
            if chosen.isEmpty { chosen.append(sources[r.source]) }
            chosen.append(targets[r.target])
            paths.append(r.path)
            arrival = (r.entersForward, r.arrivedBy)
        }
        return (rules, chosen, paths)
    }

    /// The route along `paths`, leg `k` from `chosen[k]` to `chosen[k + 1]`.
    func assemble(_ waypoints: [Coordinate], rules: TraversalRules, _ chosen: [Candidate], _ paths: [EdgePath]) -> Route {
        var assembler = RouteAssembler(rules: rules, start: chosen[0])
        var legEnds = [0]
        for (k, path) in paths.enumerated() { legEnds.append(assembler.append(path, from: chosen[k], to: chosen[k + 1])) }
        let segment = assembler.segment(firstPoint: 0, lastPoint: waypoints.count - 1)
        var legs: [(distance: Double, duration: Double)] = []
        for k in 1..<legEnds.count {
            legs.append((segment.distances[legEnds[k]] - segment.distances[legEnds[k - 1]],
                         segment.times[legEnds[k]] - segment.times[legEnds[k - 1]]))
        }
        let points = zip(waypoints, chosen).map { RouteWaypoint(input: $0, snapped: $1.position.coordinate, distance: $1.position.distance) }
        var route = Route(mode: rules.mode, type: rules.type, waypoints: points, segment: segment, legs: legs)
        route.waypointVertices = legEnds
        return route
    }

    /// Metres beyond the nearest road within which other edges are candidates too (ties: a junction).
    static let snapSlack = 0.5

    /// A connected piece of road with fewer edges than this is "tiny": a point near it may be moved to a
    /// bigger one (OSRM's `--small-component-size`, 1000 by default).
    public var tinyComponent = 1000

    /// Candidates on the nearest roads of a component that is not tiny, when `nearest` lie on a tiny one
    /// (nil when they do not, or when there is no bigger one within the snapping limit).
    func nearestInBigComponent(_ finder: inout CandidateSearch, _ point: Coordinate, _ nearest: [Candidate],
                                       mode: TravelMode) -> [Candidate]? {
        var pieces = PieceSizes(rules: traversalRules(mode), tinyComponent: tinyComponent)
        return pieces.nearestInBig(&finder, point, nearest, limit: min(finder.rule?.radius ?? maxSnapDistance, Router.bigComponentReach))
    }

    /// How far a point is moved, at most, off a tiny piece to a bigger one (metres).
    static let bigComponentReach = 200_000.0
}
