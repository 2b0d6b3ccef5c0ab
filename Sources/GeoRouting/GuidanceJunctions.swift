// What turn-by-turn guidance needs to know about each junction a route
// passes, read from the road graph once when the route is assembled: every
// road the mode may use there with its bearing (OSRM's intersections: the
// direction a road leaves the node, measured a few metres along it, as OSRM's
// coordinate extractor looks past the first kink), whether the mode may leave
// along it (OSRM's `entry`), its name, class and roundabout flag, which road
// the route came by and which it takes, and, where it enters a roundabout,
// the roundabout's shape (OSRM's roundabout handler tells roundabouts,
// rotaries and roundabout intersections apart by name and radius). The
// segment keeps these values, so guidance (GuidanceSteps) needs no graph.
import Foundation
import GeoBase
import GeoRoads

/// One road at a junction, as the route's mode sees it.
public struct JunctionRoad: Sendable, Equatable {
    /// Degrees clockwise from north, leaving the junction along the road (measured 5 m along it).
    public var bearing: Double
    /// The mode may leave the junction along it (OSRM's `entry`).
    public var entry: Bool
    public var name: String
    public var ref: String
    public var roadClass: RoadClass
    public var junction: RoadJunction
    /// The road is for local access only for the mode (OSRM's class `restricted`).
    public var restricted: Bool
    /// OSRM's classes of the road in the direction leaving the junction, as the mode's profile lists them
    /// (`GuidanceJunctions.classes`); filled for the road the route takes, empty for the others.
    public var classes: [String] = []
}

/// How OSRM classifies a roundabout (roundabout_handler): it decides the maneuver's type.
public enum RoundaboutKind: String, Sendable {
    /// An ordinary roundabout: "roundabout" / "exit roundabout".
    case roundabout
    /// A large, named one (or a named `junction=circular`): "rotary" with `rotary_name`.
    case rotary
    /// A small one, no more than four exits: "roundabout turn" with the overall direction.
    case intersection
}

/// A graph node the route passes where something may need saying.
public struct RouteJunction: Sendable {
    /// The segment vertex at the node.
    public var vertex: Int
    public var location: Coordinate
    public var roads: [JunctionRoad]
    /// Indices into `roads`: the road the route arrives by, and the one it leaves by.
    public var inRoad: Int
    public var outRoad: Int
    /// Where the route enters a roundabout here: its kind and name ("" when unnamed); nil also where
    /// the ring entered does not close.
    public var roundabout: (kind: RoundaboutKind, name: String)?

    public var incoming: JunctionRoad { roads[inRoad] }
    public var outgoing: JunctionRoad { roads[outRoad] }
}

/// One stretch of the route along one edge, as the assembler added it.
struct RoutePiece {
    var edge: Int
    /// Along the edge's way direction.
    var forward: Bool
    /// The graph node the piece starts from and ends at, when it starts or ends at one (not mid-edge).
    var startNode: Int?
    var endNode: Int?
    var firstVertex: Int
    var lastVertex: Int
}

enum GuidanceJunctions {
    /// How far along a road its bearing is measured.
    static let lookahead = 5.0

    /// The junctions between consecutive pieces for `mode`: every node with more than two roads, and
    /// the two-road nodes where the road changes (name, ref, class, roundabout).
    static func junctions(_ pieces: [RoutePiece], coordinates: [Coordinate], graph: RoadGraph, mode: TravelMode) -> [RouteJunction] {
        var out: [RouteJunction] = []
        guard pieces.count > 1 else { return out }
        for i in 0..<(pieces.count - 1) {
            let a = pieces[i], b = pieces[i + 1]
            guard let node = a.endNode, b.startNode == node, a.edge != b.edge || a.forward != b.forward else { continue }
            var roads: [JunctionRoad] = []
            var inRoad = -1, outRoad = -1
            var outClasses: [String] = []
            let here = graph.coordinate(ofNode: node).coordinate
            graph.forEachAdjacent(node) { e, against in
                let p = graph.profile(graph.edge(e).profile)
                let leavesForward = !against
                guard p.allows(mode, forward: true) || p.allows(mode, forward: false) else { return }
                if e == a.edge && leavesForward != a.forward && inRoad < 0 { inRoad = roads.count }
                else if e == b.edge && leavesForward == b.forward && outRoad < 0 {
                    outRoad = roads.count
                    outClasses = classes(p, forward: leavesForward, mode: mode)
                }
                roads.append(JunctionRoad(bearing: bearing(graph, edge: e, leavingForward: leavesForward, from: here),
                                          entry: p.allows(mode, forward: leavesForward),
                                          name: graph.name(ofProfile: p), ref: graph.ref(ofProfile: p), roadClass: p.roadClass,
                                          junction: Self.ring(p, mode), restricted: p.restricted.contains(TravelModes(mode))))
            }
            guard inRoad >= 0, outRoad >= 0 else { continue }
            // OSRM offers the way back only at a dead end.
            roads[inRoad].entry = false
            roads[outRoad].classes = outClasses
            let i = roads[inRoad], o = roads[outRoad]
            let changes = i.name != o.name || i.ref != o.ref || i.roadClass != o.roadClass || i.junction != o.junction
            guard roads.count > 2 || changes else { continue }
            var j = RouteJunction(vertex: a.lastVertex, location: coordinates[a.lastVertex], roads: roads, inRoad: inRoad,
                                  outRoad: outRoad, roundabout: nil)
            if o.junction.isRoundabout && !i.junction.isRoundabout {
                j.roundabout = roundabout(graph, from: node, edge: b.edge, forward: b.forward, kind: o.junction, mode: mode)
            }
            out.append(j)
        }
        return out
    }

    /// The road's roundabout kind as guidance sees it for `mode`: none where the mode may go round both ways (a
    /// walker: osrm-routed's foot profile gives no roundabout instructions, its roundabout handler wanting a ring
    /// driven one way).
    static func ring(_ p: RoadProfile, _ mode: TravelMode) -> RoadJunction {
        p.junction.isRoundabout && p.allows(mode, forward: true) && p.allows(mode, forward: false) ? .none : p.junction
    }

    /// OSRM's classes of a road travelled in one direction, in the order of the mode's profile's `classes`
    /// (WayHandlers.classes sets them): car.lua's toll (that direction), motorway, ferry, restricted, tunnel;
    /// bicycle.lua's ferry, tunnel; foot.lua lists none.
    static func classes(_ p: RoadProfile, forward: Bool, mode: TravelMode) -> [String] {
        var out: [String] = []
        switch mode {
        case .car:
            if p.toll(forward: forward) { out.append("toll") }
            if p.roadClass == .motorway || p.roadClass == .motorwayLink { out.append("motorway") }
            if p.roadClass == .ferry { out.append("ferry") }
            if p.restricted.contains(.car) { out.append("restricted") }
            if p.tunnel { out.append("tunnel") }
        case .bicycle:
            if p.roadClass == .ferry { out.append("ferry") }
            if p.tunnel { out.append("tunnel") }
        case .foot:
            break
        }
        return out
    }

    /// The bearing from `from` to the point `lookahead` metres along the edge leaving in that direction.
    static func bearing(_ graph: RoadGraph, edge e: Int, leavingForward: Bool, from: Coordinate) -> Double {
        var pts = graph.geometry(ofEdge: e).map(\.coordinate)
        if !leavingForward { pts.reverse() }
        var walked = 0.0
        for k in 1..<max(1, pts.count) {
            let d = pts[k - 1].distance(to: pts[k])
            if walked + d >= lookahead && d > 0 {
                let t = (lookahead - walked) / d
                let p = Coordinate(lat: pts[k - 1].lat + (pts[k].lat - pts[k - 1].lat) * t,
                                   lon: pts[k - 1].lon + (pts[k].lon - pts[k - 1].lon) * t)
                return from.bearing(to: p)
            }
            walked += d
        }
        return pts.count > 1 ? from.bearing(to: pts[pts.count - 1]) : 0
    }

    /// Walks the roundabout entered at `node` along `edge` all the way round: its length gives the
    /// radius, its roads' names its name, its nodes with other roads how many exits it has — OSRM's
    /// getRoundaboutType.
    static func roundabout(_ graph: RoadGraph, from node: Int, edge: Int, forward: Bool, kind: RoadJunction,
                           mode: TravelMode) -> (kind: RoundaboutKind, name: String)? {
        var names = Set<String>(), connected = Set<String>()
        var length = 0.0, exitNodes = 0
        // OSRM's qualifiesAsRoundaboutIntersection: one road a node, their bearings well apart.
        var simple = true, exitBearings: [Double] = []
        var at = node, e = edge, fwd = forward
        var seen = Set<Int>(), closed = false
        for _ in 0..<256 {
            let ed = graph.edge(e)
            let p = graph.profile(ed.profile)
            let name = graph.name(ofProfile: p)
            if !name.isEmpty { names.insert(name) }
            length += ed.length
            at = fwd ? ed.to : ed.from
            if at == node { closed = true; break }
            if !seen.insert(at).inserted { break }
            // The next ring edge, and the other roads here.
            var next: (Int, Bool)?
            var others = 0
            let here = graph.coordinate(ofNode: at).coordinate
            graph.forEachAdjacent(at) { e2, against in
                let p2 = graph.profile(graph.edge(e2).profile)
                guard p2.allows(mode, forward: true) || p2.allows(mode, forward: false) else { return }
                if p2.junction == kind {
                    if e2 != e && p2.allows(mode, forward: !against) && next == nil { next = (e2, !against) }
                } else {
                    others += 1
                    connected.insert(graph.name(ofProfile: p2))
                    exitBearings.append(bearing(graph, edge: e2, leavingForward: !against, from: here))
                }
            }
            if others > 0 { exitNodes += 1 }
            if others > 1 { simple = false }
            guard let (ne, nf) = next else { break }
            e = ne
            fwd = nf
        }
        // A ring that does not close (a way tagged as a roundabout that is none, a fork on it) is
        // no roundabout to OSRM either.
        guard closed else { return nil }
        // The entry node has roads besides the ring too.
        exitNodes += 1
        let radius = length / (2 * .pi)
        let name = names.count == 1 ? names.first! : ""
        if names.count == 1 && (kind == .circular || (!connected.contains(name) && radius > 15)) { return (.rotary, name) }
        exitBearings.sort()
        let distinct = exitBearings.indices.allSatisfy { k in
            abs(exitBearings[(k + 1) % exitBearings.count] - exitBearings[k]) > 40
        }
        if kind == .roundabout && (exitNodes <= 1 || (exitNodes <= 4 && radius < 15 && simple && distinct)) {
            return (.intersection, name)
        }
        return (.roundabout, name)
    }
}
