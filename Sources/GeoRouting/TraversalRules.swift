// How one search (a route, a map match) may move through the road graph: which
// edge directions the travel mode may use, which nodes stop it (barriers), and
// what a metre of an edge costs (seconds for the fastest route, metres for the
// shortest route and for map matching). With `ignoreRestrictions` a drawn track
// may follow a road against its oneway or access tags and through barriers,
// but still only roads of a class the mode can physically use.
import Foundation
import GeoRoads

/// What a route minimises.
public enum RouteType: String, Sendable, CaseIterable {
    case fastest, shortest

    public init?(name: String) {
        switch name.lowercased() {
        case "fastest", "time", "quickest": self = .fastest
        case "shortest", "distance": self = .shortest
        default: return nil
        }
    }
}

struct TraversalRules: Sendable {
    let graph: RoadGraph
    let mode: TravelMode
    let ignoreRestrictions: Bool
    let type: RouteType
    /// The fastest speed (m/s) any edge can have for the mode: bounds A* potentials.
    let maxSpeed: Double

    init(graph: RoadGraph, mode: TravelMode, type: RouteType = .shortest, ignoreRestrictions: Bool = false) {
        self.graph = graph
        self.mode = mode
        self.type = type
        self.ignoreRestrictions = ignoreRestrictions
        // The graph records each mode's fastest edge; 20 km/h covers the class defaults that
        // `ignoreRestrictions` gives to roads the mode may not normally use.
        maxSpeed = max(graph.maxSpeed(mode), 20) / 3.6
    }

    /// True when the mode may never pass node `n` (it may still start or end there).
    @inline(__always) func blocks(node n: Int) -> Bool {
        !ignoreRestrictions && graph.barrier(n).contains(mode)
    }

    /// Road classes the search may not use at all (bit `1 << roadClass.rawValue`; OSRM's `exclude`), and
    /// with `tollBit` the directions of ways that are toll roads in them (`exclude=toll`). Searches
    /// with exclusions do not use the routing overlay, whose cells were weighed with every road.
    var excluded: UInt32 = 0
    /// The bit of `excluded` above every road class's: leave out toll directions.
    static let tollBit: UInt32 = 1 << 31

    /// The `excluded` bits of a set of classes and, with `toll`, toll roads.
    static func exclusionBits(_ classes: Set<RoadClass>, toll: Bool) -> UInt32 {
        classes.reduce(toll ? tollBit : 0) { $0 | 1 << UInt32($1.rawValue) }
    }

    /// May the mode travel along `profile` in the way's direction (`forward`) or against it?
    /// The graph's overlay and the byte offset of this mode's weights in it, when those weights are these
    /// rules' costs: the fastest route, every restriction kept, no road class excluded (the weights are
    /// made for that alone); nil otherwise, and then searches walk the streets.
    var overlayWeights: (overlay: RouteOverlay, block: Int)? {
        guard type == .fastest, !ignoreRestrictions, excluded == 0, let o = graph.overlay, let block = o.weightBlock(mode) else { return nil }
        return (o, block)
    }

    @inline(__always) func allows(_ profile: RoadProfile, forward: Bool) -> Bool {
        if excluded != 0 && (excluded & (1 << UInt32(profile.roadClass.rawValue)) != 0
                             || excluded & TraversalRules.tollBit != 0 && profile.toll(forward: forward)) { return false }
        if profile.allows(mode, forward: forward) { return true }
        guard ignoreRestrictions else { return false }
        // Against a oneway, or on a road whose access tags exclude the mode but whose class it could use.
        return profile.allows(mode, forward: !forward) || AccessRules.classAllows(profile.roadClass, mode)
    }

    /// Can the edge be used at all (in at least one direction)?
    @inline(__always) func usable(_ profile: RoadProfile) -> Bool {
        allows(profile, forward: true) || allows(profile, forward: false)
    }

    /// Travel speed in m/s along the way (`forward`) or against it; roads used only thanks to
    /// `ignoreRestrictions` get the class default (the other direction's speed against a oneway).
    @inline(__always) func speed(_ profile: RoadProfile, forward: Bool) -> Double {
        let kmh = profile.speed(mode, forward: forward)
        if kmh > 0 { return kmh / 3.6 }
        let other = profile.speed(mode, forward: !forward)
        if other > 0 { return other / 3.6 }
        return AccessRules.speed([:], profile.roadClass, mode, dismount: mode == .bicycle && !AccessRules.classAllows(profile.roadClass, mode)) / 3.6
    }

    /// True where a cyclist has to get off and push (footways, steps, pedestrian areas, against a oneway).
    @inline(__always) func isPushed(_ profile: RoadProfile, forward: Bool) -> Bool {
        mode == .bicycle && profile.isPushed(forward: forward)
    }

    /// True where a cyclist pushes in every direction the edge allows (for a position without a direction).
    @inline(__always) func isPushedEitherWay(_ profile: RoadProfile) -> Bool {
        let f = profile.allows(.bicycle, forward: true), b = profile.allows(.bicycle, forward: false)
        return mode == .bicycle && (f || b) && (!f || profile.isPushed(forward: true)) && (!b || profile.isPushed(forward: false))
    }

    /// Map matching counts metres pushed along a footway this many times: a cyclist's track follows
    /// a rideable road unless there is none (1 for routes).
    var pushFactor = 1.0

    /// Metres as the map matcher judges them (pushed metres weigh `pushFactor` times).
    @inline(__always) func judged(metres: Double, _ profile: RoadProfile, forward: Bool) -> Double {
        pushFactor != 1 && isPushed(profile, forward: forward) ? metres * pushFactor : metres
    }

    /// Search cost of `metres` of an edge with this profile, travelled along the way or against it.
    @inline(__always) func cost(metres: Double, _ profile: RoadProfile, forward: Bool) -> Double {
        type == .shortest ? judged(metres: metres, profile, forward: forward) : metres / speed(profile, forward: forward)
    }

    /// A lower bound of the cost of `metres` in a straight line (A* potential).
    @inline(__always) func lowerBound(metres: Double) -> Double {
        type == .shortest ? metres : metres / maxSpeed
    }
}
