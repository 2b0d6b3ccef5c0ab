// What a turn costs, beside the edges' own costs: the ways out of a node the
// mode may take (and whether the road ends there, the only place a U-turn is
// allowed), the time a turn takes as OSRM's profiles reckon it (`duration`:
// reported, and the search's weight for the fastest route), and a price for
// entering a road meant for local access only (weight only). OSRM's turn
// functions: a car loses up to 7.5 s turning at a junction of three roads or
// more (a sigmoid of the angle, left turns dearer than right), 20 s more for a
// U-turn and 2 s at traffic signals; a cyclist loses 6 s × (angle / 90°)²
// (× 1.4 turning left, ÷ 1.4 right), 20 s for a U-turn and 2 s at signals; a
// walker 2 s for a U-turn and 2 s at signals.
import Foundation
import GeoBase
import GeoRoads

struct TurnCosts {
    let rules: TraversalRules
    /// `rules.graph`, held here so the hot functions below read it in place (a local copy of the graph
    /// costs a retain and a release of its storage per call: measured, ~10 % of a route's time).
    private let graph: RoadGraph
    /// Entering a road for local access only from an open road, in seconds (fastest) or metres
    /// (shortest): high enough that such a road is driven only to reach a place on it (OSRM's car
    /// profile gives such turns its maximum turn weight).
    let restrictedPenalty: Double

    /// OSRM's turn parameters for the mode (car.lua, bicycle.lua, foot.lua).
    struct Profile {
        var turnPenalty: Double, turnBias: Double, uTurnPenalty: Double, signalPenalty: Double
    }
    let profile: Profile
    /// The fastest route weighs turn durations; the shortest does not (OSRM: weight 0 for distance).
    let weighsTime: Bool

    init(rules: TraversalRules) {
        self.rules = rules
        graph = rules.graph
        weighsTime = rules.type == .fastest
        restrictedPenalty = weighsTime ? 3_600 : 50_000
        switch rules.mode {
        case .car: profile = Profile(turnPenalty: 7.5, turnBias: 1.075, uTurnPenalty: 20, signalPenalty: 2)
        case .bicycle: profile = Profile(turnPenalty: 6, turnBias: 1.4, uTurnPenalty: 20, signalPenalty: 2)
        case .foot: profile = Profile(turnPenalty: 0, turnBias: 1, uTurnPenalty: 2, signalPenalty: 2)
        }
    }

    /// The ways out of a node: the directed edges the mode may take with their profiles, whether there is
    /// no way out but back, and how many roads meet there. A search keeps one and refills it per node, so
    /// expanding a node allocates nothing.
    struct Exits {
        var list: [(DirectedEdge, RoadProfile)] = []
        /// The edges of `list`, as read while filling it (a search reads their ends and lengths again).
        var edges: [RoadEdge] = []
        var deadEnd = false
        var roads = 0
        /// The edge arrived by, and its heading at the node once a turn has needed it (one per node
        /// instead of one per way out).
        var arrived: DirectedEdge = 0
        var arrivedHeading: Heading?
        /// The node's east scale (`TurnCosts.scale(at:)`), with the heading.
        var scale = 0.0
    }

    /// The directed edges out of node `n` the mode may take, with their profiles, whether there is no
    /// way out but back along `arrived`, and how many roads meet at `n`.
    func exits(at n: Int, arrivedBy arrived: DirectedEdge) -> Exits {
        var exits = Exits()
        fill(&exits, at: n, arrivedBy: arrived)
        return exits
    }

    /// `exits(at:arrivedBy:)` into a list kept by the caller.
    @inline(__always) func fill(_ exits: inout Exits, at n: Int, arrivedBy arrived: DirectedEdge) {
        exits.list.removeAll(keepingCapacity: true)
        exits.edges.removeAll(keepingCapacity: true)
        var others = 0, roads = 0
        graph.forEachAdjacent(n) { e, reversed in
            roads += 1
            let edge = graph.edge(e)
            let profile = graph.profile(edge.profile)
            guard rules.allows(profile, forward: !reversed) else { return }
            let out = DirectedEdge(e) << 1 | (reversed ? 1 : 0)
            if out != arrived ^ 1 { others += 1 }
            exits.list.append((out, profile))
            exits.edges.append(edge)
        }
        exits.deadEnd = others == 0
        exits.roads = roads
        exits.arrived = arrived
        exits.arrivedHeading = nil
    }

    /// Seconds a turn at node `n` from `a` onto `b` takes (`roads`: how many edges meet there).
    func duration(at n: Int, from a: DirectedEdge, to b: DirectedEdge, roads: Int) -> Double {
        duration(at: n, from: a, to: b, roads: roads) { turnAngle(a, b) }
    }

    /// The same for a turn out of the node `exits` were filled for.
    @inline(__always) func duration(_ exits: inout Exits, at n: Int, to b: DirectedEdge) -> Double {
        let a = exits.arrived
        return duration(at: n, from: a, to: b, roads: exits.roads) {
            if exits.arrivedHeading == nil {
                exits.scale = scale(at: n)
                exits.arrivedHeading = heading(a, atEnd: true, scale: exits.scale)
            }
            return TurnCosts.angle(from: exits.arrivedHeading!, to: heading(b, atEnd: false, scale: exits.scale))
        }
    }

    /// The same, the turn's angle asked of `turnAngle` only when the mode's turn needs it: a search that
    /// turns from one edge onto many works out that edge's heading once.
    @inline(__always) func duration(at n: Int, from a: DirectedEdge, to b: DirectedEdge, roads: Int,
                                    angle turnAngle: () -> Double) -> Double {
        let uTurn = b == a ^ 1
        var t = graph.hasSignals(n) ? profile.signalPenalty : 0
        switch rules.mode {
        case .car:
            guard roads > 2 || uTurn else { return t }
            let angle = turnAngle()
            let bias = profile.turnBias
            let x = angle >= 0 ? (13 / bias) * angle / 180 - 6.5 * bias : (13 * bias) * -angle / 180 - 6.5 / bias
            t += profile.turnPenalty / (1 + exp(-x))
        case .bicycle:
            let k = turnAngle() / 90
            t += k * k * (k >= 0 ? profile.turnPenalty / profile.turnBias : profile.turnPenalty * profile.turnBias)
        case .foot:
            break
        }
        return t + (uTurn ? profile.uTurnPenalty : 0)
    }

    /// The search weight of that turn: its duration for the fastest route, plus the price of entering a
    /// road for local access only.
    @inline(__always) func weight(at n: Int, from a: DirectedEdge, to b: DirectedEdge, roads: Int,
                                  _ pa: RoadProfile, _ pb: RoadProfile) -> Double {
        (weighsTime ? duration(at: n, from: a, to: b, roads: roads) : 0) + price(pa, pb)
    }

    /// The same for a turn out of the node `exits` were filled for.
    @inline(__always) func weight(_ exits: inout Exits, at n: Int, to b: DirectedEdge, _ pa: RoadProfile, _ pb: RoadProfile) -> Double {
        (weighsTime ? duration(&exits, at: n, to: b) : 0) + price(pa, pb)
    }

    /// A turn's weight and its seconds together, the angle worked out once (for searches that report both).
    @inline(__always) func turn(_ exits: inout Exits, at n: Int, to b: DirectedEdge,
                                _ pa: RoadProfile, _ pb: RoadProfile) -> (weight: Double, seconds: Double) {
        let t = duration(&exits, at: n, to: b)
        return ((weighsTime ? t : 0) + price(pa, pb), t)
    }

    /// The same with the angle asked of `angle` when needed (see `duration(at:from:to:roads:angle:)`).
    @inline(__always) func turn(at n: Int, from a: DirectedEdge, to b: DirectedEdge, roads: Int,
                                _ pa: RoadProfile, _ pb: RoadProfile, angle: () -> Double) -> (weight: Double, seconds: Double) {
        let t = duration(at: n, from: a, to: b, roads: roads, angle: angle)
        return ((weighsTime ? t : 0) + price(pa, pb), t)
    }

    /// The part of a turn's weight that is no time: the price of entering a road for local access only from
    /// an open one (0 for any other turn).
    @inline(__always) func price(_ pa: RoadProfile, _ pb: RoadProfile) -> Double {
        !rules.ignoreRestrictions && pb.restricted.contains(rules.mode) && !pa.restricted.contains(rules.mode) ? restrictedPenalty : 0
    }

    /// The weight of setting off from a node onto a road: the price of a road for local access only (a point
    /// at a junction starts on the open road unless only the restricted one leads to the target).
    @inline(__always) func entryWeight(_ p: RoadProfile) -> Double {
        !rules.ignoreRestrictions && p.restricted.contains(rules.mode) ? restrictedPenalty : 0
    }

    /// The turn's angle in degrees, −180…180: 0 straight on, positive to the right.
    func turnAngle(_ a: DirectedEdge, _ b: DirectedEdge) -> Double {
        let e = graph.edge(Int(a >> 1)), scale = scale(at: a & 1 == 1 ? e.from : e.to)
        return TurnCosts.angle(from: heading(a, atEnd: true, scale: scale), to: heading(b, atEnd: false, scale: scale))
    }

    /// How much a step east weighs against one north at node `n`: the cosine of its latitude.
    @inline(__always) func scale(at n: Int) -> Double {
        cos(Double(graph.coordinate(ofNode: n).lat) * 1e-7 * .pi / 180)
    }

    /// Which way a directed edge runs at a node: its last segment into the node (`atEnd`) or its first out
    /// of it, as a vector on the plane of that node (east scaled by the cosine of the node's latitude,
    /// north). Every turn at one node is reckoned on that node's plane, whichever search asks.
    struct Heading {
        var east: Double, north: Double
    }

    /// The heading of `d` at its end node (`atEnd`) or its start node, whose `scale(at:)` is `scale`.
    @inline(__always) func heading(_ d: DirectedEdge, atEnd: Bool, scale: Double) -> Heading {
        let e = graph.edge(Int(d >> 1))
        let shape = graph.shape(ofEdge: e.index)
        let reversed = d & 1 == 1
        // Points in travel order: start, the shape (backwards when travelled against the way), end.
        let node = graph.coordinate(ofNode: atEnd != reversed ? e.to : e.from)
        let other: FixedCoordinate
        if shape.isEmpty {
            other = graph.coordinate(ofNode: atEnd != reversed ? e.from : e.to)
        } else {
            other = graph.shapePoint(atEnd != reversed ? shape.upperBound - 1 : shape.lowerBound)
        }
        let east = Double(Int64(node.lon) - Int64(other.lon)), north = Double(Int64(node.lat) - Int64(other.lat))
        // Into the node: from the other point to it; out of it: from it to the other point.
        return atEnd ? Heading(east: east * scale, north: north) : Heading(east: -east * scale, north: -north)
    }

    /// The turn's angle between arriving with heading `a` and leaving with `b` at one node, in degrees,
    /// −180…180, positive to the right (clockwise).
    @inline(__always) static func angle(from a: Heading, to b: Heading) -> Double {
        let cross = b.east * a.north - b.north * a.east, dot = a.east * b.east + a.north * b.north
        return PlanarGeometry.atan2Degrees(cross, dot)
    }
}
