// Turns a chain of edge positions and the paths between them into a route
// segment: the geometry follows the roads (partial first and last edges, whole
// edges in between, shape points included), with running distance and time at
// every vertex, the streets travelled, the OSM ids of the points passed (OSRM's
// `nodes` annotation) and the classes of each stretch. Used by the map matcher (positions =
// the chosen candidates) and the router (positions = snapped waypoints).
import Foundation
import GeoBase
import GeoRoads

struct RouteAssembler {
    let rules: TraversalRules
    private(set) var coordinates: [Coordinate] = []
    private(set) var distances: [Double] = []
    private(set) var times: [Double] = []
    /// Per vertex, the OSM ids of the road's points behind and ahead of it (RouteSegment.nodesBehind, nodesAhead).
    private var behind: [Int64] = []
    private var ahead: [Int64] = []
    private var pieceClasses: [(firstVertex: Int, classes: [String])] = []
    private var pieces: [(edge: Int, profile: RoadProfile, metres: Double, seconds: Double, first: Int, last: Int, pushed: Bool)] = []
    /// The same pieces as guidance sees them: direction and end nodes (GuidanceJunctions).
    private var runs: [RoutePiece] = []
    /// Where the route really is: a tolerated step back along a oneway leaves it ahead of the last position.
    private var effective: Candidate
    private var geometryCache: [Int: EdgeGeometry] = [:]
    private let turns: TurnCosts
    private var turnSeconds = 0.0

    init(rules: TraversalRules, start: Candidate) {
        self.rules = rules
        turns = TurnCosts(rules: rules)
        effective = start
        coordinates = [start.position.coordinate]
        distances = [0]
        times = [0]
        let line = geometry(start.edge, length: start.length)
        behind = [line.id(behind: start.offset, forward: true)]
        ahead = [line.id(ahead: start.offset, forward: true)]
    }

    var vertexCount: Int { coordinates.count }

    /// Appends the path from `source` to `target`; returns the vertex index of the target's position.
    @discardableResult
    mutating func append(_ path: EdgePath, from source: Candidate, to target: Candidate) -> Int {
        var s = source
        if effective.edge == source.edge && effective.offset > source.offset && !source.backward { s = effective }
        if path.direct {
            if target.offset >= s.offset {
                addPart(of: s, from: s.offset, to: target.offset)
                effective = target
            } else if s.backward {
                addPart(of: s, from: s.offset, to: target.offset)
                effective = target
            } else {
                // A step back along a oneway is GPS noise: stay where we are.
                effective = s
            }
            return coordinates.count - 1
        }
        addPart(of: s, from: s.offset, to: path.leavesForward ? s.length : 0)
        let graph = rules.graph
        let first = DirectedEdge(s.edge) << 1 | (path.leavesForward ? 0 : 1)
        var last = first
        for step in path.steps {
            let ed = graph.edge(step.edge)
            let d = DirectedEdge(step.edge) << 1 | (step.reversed ? 1 : 0)
            // (A source exactly at the node sets off from it: no turn there.)
            if last != first || s.offset != (path.leavesForward ? s.length : 0) { addTurn(from: last, to: d) }
            last = d
            let c = Candidate(position: EdgePosition(edge: ed.index, offset: 0, coordinate: Coordinate(lat: 0, lon: 0), distance: 0),
                              from: ed.from, to: ed.to, length: ed.length, profile: graph.profile(ed.profile),
                              forward: true, backward: true)
            addPart(of: c, from: step.reversed ? ed.length : 0, to: step.reversed ? 0 : ed.length)
        }
        let into = DirectedEdge(target.edge) << 1 | (path.entersForward ? 0 : 1)
        // (A target exactly at the node is reached there: no turn onto its edge.)
        if target.offset != (path.entersForward ? 0 : target.length) && (last != first || s.offset != (path.leavesForward ? s.length : 0)) {
            addTurn(from: last, to: into)
        }
        addPart(of: target, from: path.entersForward ? 0 : target.length, to: target.offset)
        effective = target
        return coordinates.count - 1
    }

    /// The segment built so far, its streets merged from the pieces.
    func segment(firstPoint: Int, lastPoint: Int) -> RouteSegment {
        var streets: [RouteStreet] = []
        let graph = rules.graph
        for p in pieces {
            let raw = graph.name(ofProfile: p.profile), ref = graph.ref(ofProfile: p.profile)
            let name = !raw.isEmpty ? raw : !ref.isEmpty ? ref : p.profile.roadClass.label
            // Consecutive pieces of one road (the same name and ref, ridden or pushed alike) are one street.
            if let last = streets.last, last.name == name, last.ref == ref, last.pushed == p.pushed {
                streets[streets.count - 1].distance += p.metres
                streets[streets.count - 1].duration += p.seconds
                streets[streets.count - 1].lastVertex = p.last
            } else {
                streets.append(RouteStreet(name: name, named: !raw.isEmpty, ref: ref,
                                           pronunciation: graph.pronunciation(ofProfile: p.profile), pushed: p.pushed,
                                           roadClass: p.profile.roadClass,
                                           distance: p.metres, duration: p.seconds, firstVertex: p.first, lastVertex: p.last))
            }
        }
        // A few metres on a cross street where a point snapped next to a junction is not a street
        // travelled; nor, at either end, a short stretch past the junction where the track started or stopped.
        if streets.count > 1 {
            let last = streets.count - 1
            streets = streets.enumerated().filter { i, st in st.distance >= ((i == 0 || i == last) ? 15 : 5) }.map(\.element)
            var merged: [RouteStreet] = []
            for st in streets {
                if let last = merged.last, last.name == st.name, last.ref == st.ref, last.pushed == st.pushed {
                    merged[merged.count - 1].distance += st.distance
                    merged[merged.count - 1].duration += st.duration
                    merged[merged.count - 1].lastVertex = st.lastVertex
                } else {
                    merged.append(st)
                }
            }
            streets = merged
        }
        let distance = pieces.reduce(0) { $0 + $1.metres }
        let duration = pieces.reduce(0) { $0 + $1.seconds }
        var segment = RouteSegment(coordinates: coordinates, distances: distances, times: times, distance: distance,
                                   duration: duration, streets: streets, firstPoint: firstPoint, lastPoint: lastPoint)
        segment.turnDuration = turnSeconds
        segment.nodesBehind = behind
        segment.nodesAhead = ahead
        segment.pieceClasses = pieceClasses
        let runs = runs, coordinates = coordinates, mode = rules.mode
        segment.junctionSource = JunctionSource { GuidanceJunctions.junctions(runs, coordinates: coordinates, graph: graph, mode: mode) }
        return segment
    }

    /// Adds the time of the turn from `a` onto `b` (OSRM's turn durations: TurnCosts) where they meet.
    private mutating func addTurn(from a: DirectedEdge, to b: DirectedEdge) {
        let graph = rules.graph
        let e = graph.edge(Int(a >> 1))
        let node = a & 1 == 1 ? e.from : e.to
        let t = turns.duration(at: node, from: a, to: b, roads: graph.degree(of: node))
        guard t > 0, !pieces.isEmpty else { return }
        times[times.count - 1] += t
        pieces[pieces.count - 1].seconds += t
        turnSeconds += t
    }

    /// Edge `e`'s geometry: consecutive points mostly fall on the same (possibly long, winding) edge, and the
    /// start's edge is read again by its first part, so each is built once.
    private mutating func geometry(_ e: Int, length: Double) -> EdgeGeometry {
        if let g = geometryCache[e] { return g }
        let line = EdgeGeometry(graph: rules.graph, edge: e, length: length)
        if geometryCache.count > 64 { geometryCache.removeAll(keepingCapacity: true) }
        geometryCache[e] = line
        return line
    }

    /// Adds the stretch of `c`'s edge between offsets `a` and `b` (b < a runs against the way).
    private mutating func addPart(of c: Candidate, from a: Double, to b: Double) {
        let metres = abs(b - a)
        guard metres > 0 else { return }
        let first = coordinates.count - 1
        let speed = rules.speed(c.profile, forward: b >= a)
        let line = geometry(c.edge, length: c.length)
        let forward = b >= a
        // The start vertex is left in this part's direction: its point behind is this edge's.
        behind[first] = line.id(behind: a, forward: forward)
        // Running distance along the edge's own offsets (haversine metres scaled to the edge's length, worked
        // out once per edge), so the part adds exactly its edge metres without measuring its points again.
        var at = a, last = coordinates[coordinates.count - 1]
        var distance = distances[distances.count - 1], time = times[times.count - 1]
        line.forEachPoint(from: a, to: b) { p, offset, vertex in
            let d = abs(offset - at)
            at = offset
            if d == 0 && p == last { return }
            distance += d
            time += d / speed
            coordinates.append(p)
            distances.append(distance)
            times.append(time)
            behind.append(vertex.map { line.ids[$0] } ?? line.id(behind: b, forward: forward))
            ahead.append(vertex.map { line.ids[$0] } ?? 0)
            last = p
        }
        // The end vertex is reached in this part's direction: its point ahead is this edge's.
        ahead[ahead.count - 1] = line.id(ahead: b, forward: forward)
        pieceClasses.append((first, GuidanceJunctions.classes(c.profile, forward: forward, mode: rules.mode)))
        pieces.append((c.edge, c.profile, metres, metres / speed, first, coordinates.count - 1, rules.isPushed(c.profile, forward: b >= a)))
        func node(at x: Double) -> Int? { x <= 0 ? c.from : x >= c.length ? c.to : nil }
        runs.append(RoutePiece(edge: c.edge, forward: b >= a, startNode: node(at: a), endNode: node(at: b), firstVertex: first,
                               lastVertex: coordinates.count - 1))
    }
}

/// An edge's polyline with the offset (in edge metres) of every vertex.
struct EdgeGeometry {
    let points: [Coordinate]
    let offsets: [Double]
    /// The OSM node id of each vertex (RoadGraph.osmIDs(ofEdge:)).
    let ids: [Int64]

    init(graph: RoadGraph, edge: Int, length: Double) {
        let pts = graph.geometry(ofEdge: edge).map(\.coordinate)
        var offs = [0.0]
        for i in 1..<pts.count { offs.append(offs[i - 1] + pts[i - 1].distance(to: pts[i])) }
        let total = offs[offs.count - 1]
        if total > 0 {
            offs = offs.map { $0 * length / total }
            offs[offs.count - 1] = length   // exactly, so a part ending at the edge's end ends at its last vertex
        }
        points = pts
        offsets = offs
        ids = graph.osmIDs(ofEdge: edge)
    }

    /// The id of the vertex at offset `x` or the nearest one behind it, travelling along the way (`forward`) or against it.
    func id(behind x: Double, forward: Bool) -> Int64 {
        let i = forward ? max(0, firstAbove(x) - 1) : min(ids.count - 1, firstAtOrAbove(x))
        return ids[i]
    }

    /// The id of the vertex at offset `x` or the nearest one ahead of it.
    func id(ahead x: Double, forward: Bool) -> Int64 {
        let i = forward ? min(ids.count - 1, firstAtOrAbove(x)) : max(0, firstAbove(x) - 1)
        return ids[i]
    }

    /// Index of the first vertex whose offset is at least `x`.
    private func firstAtOrAbove(_ x: Double) -> Int {
        var lo = 0, hi = offsets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if offsets[mid] >= x { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Index of the first vertex whose offset is greater than `x` (offsets ascend: binary search).
    private func firstAbove(_ x: Double) -> Int {
        var lo = 0, hi = offsets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if offsets[mid] > x { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The point at `offset` metres along the edge.
    func point(at offset: Double) -> Coordinate {
        guard offset > 0 else { return points[0] }
        let i = firstAbove(offset)
        guard i < points.count else { return points[points.count - 1] }
        let span = offsets[i] - offsets[i - 1]
        let t = span > 0 ? (offset - offsets[i - 1]) / span : 0
        let a = points[i - 1], b = points[i]
        return Coordinate(lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t)
    }

    /// The vertices strictly between offsets `a` and `b`, in travel order, then the point at `b`, handed to
    /// `body` one by one with their offsets along the edge and, but for the point at `b`, their vertex index.
    @inline(__always) func forEachPoint(from a: Double, to b: Double, _ body: (Coordinate, Double, Int?) -> Void) {
        if a <= b {
            var i = firstAbove(a)
            while i < offsets.count && offsets[i] < b { body(points[i], offsets[i], i); i += 1 }
        } else {
            let i = firstAbove(b)   // the first vertex past b; walk down to it from the last one before a
            var j = firstAbove(a) - 1
            while j >= i && offsets[j] >= a { j -= 1 }
            while j >= i { body(points[j], offsets[j], j); j -= 1 }
        }
        body(point(at: b), b, nil)
    }
}
