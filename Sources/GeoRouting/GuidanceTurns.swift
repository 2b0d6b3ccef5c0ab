// What to say at one junction that is not on a roundabout, as OSRM's turn
// analysis decides (intersection_handler, turn_handler, motorway_handler):
// nothing where the way on is obvious and the name stays (a choice-free
// node, a straight road past side streets), "new name" where it is obvious
// but the name changes, "on ramp"/"off ramp"/"merge" around motorway and
// trunk links, "fork" where two roads split ahead at a narrow angle, "end of
// road" at a T where the road ends, else "continue" (the same name) or
// "turn", each with the modifier of OSRM's angle bands.
import Foundation
import GeoRoads

/// A maneuver as OSRM's API names it.
public struct GuidanceManeuver: Sendable, Equatable {
    /// depart, arrive, turn, new name, continue, merge, on ramp, off ramp, fork, end of road, roundabout,
    /// rotary, roundabout turn, exit roundabout, exit rotary.
    public var type: String
    /// uturn, sharp right, right, slight right, straight, slight left, left, sharp left (nil: none given).
    public var modifier: String?
    /// On roundabouts: the exit taken, counting only exits the mode could take.
    public var exit: Int?

    public init(type: String, modifier: String? = nil, exit: Int? = nil) {
        self.type = type
        self.modifier = modifier
        self.exit = exit
    }
}

enum GuidanceTurns {
    /// The signed change of direction from heading `from` to heading `to`, in (-180, 180], right positive.
    static func deviation(from: Double, to: Double) -> Double {
        var d = (to - from).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }

    /// OSRM's getTurnDirection on a signed deviation (its angle is 180 - deviation): straight within
    /// 20°, slight to 40°, a turn to 120°, sharp beyond, a U-turn at the way back.
    static func modifier(_ d: Double) -> String {
        let a = abs(d)
        if a >= 179.5 { return "uturn" }
        let side = d > 0 ? "right" : "left"
        switch a {
        case ...20: return "straight"
        case ...40: return "slight " + side
        case ...120: return side
        default: return "sharp " + side
        }
    }

    /// The modifier of depart and arrive (OSRM's bearingToDirectionModifier over the angle at the road
    /// between the input point and the way on): right below 135°, straight to 225°, else left.
    static func sideModifier(angle: Double) -> String {
        angle < 135 ? "right" : angle <= 225 ? "straight" : "left"
    }

    static func isRamp(_ c: RoadClass) -> Bool { c == .motorwayLink || c == .trunkLink }
    static func isMotorway(_ c: RoadClass) -> Bool { c == .motorway || c == .trunk }
    static func isLowPriority(_ c: RoadClass) -> Bool { [.service, .track, .path, .footway, .cycleway, .bridleway, .steps].contains(c) }

    /// OSRM's road priority (lower is more important): obviousness by class compares these.
    static func priority(_ c: RoadClass) -> Int {
        switch c {
        case .motorway: 0
        case .motorwayLink, .trunk: 2
        case .trunkLink: 3
        case .primary: 4
        case .primaryLink: 5
        case .secondary: 6
        case .secondaryLink: 7
        case .tertiary: 8
        case .tertiaryLink: 9
        case .unclassified, .residential, .road, .livingStreet: 10
        case .service: 11
        default: 14
        }
    }

    /// OSRM's requiresNameAnnounced: a name that is not the same (nor one inside the other), unless
    /// it is only dropped; a ref in place of a name or the other way round; refs alone that change.
    static func announces(_ a: JunctionRoad, _ b: JunctionRoad) -> Bool {
        let namesEmpty = a.name.isEmpty && b.name.isEmpty
        let contained = !a.name.isEmpty && !b.name.isEmpty && (a.name.contains(b.name) || b.name.contains(a.name))
        let equal = a.name == b.name || contained
        let removed = !a.name.isEmpty && b.name.isEmpty
        let refsEmpty = a.ref.isEmpty && b.ref.isEmpty
        let refContained = a.ref.isEmpty || b.ref.isEmpty || a.ref.contains(b.ref) || b.ref.contains(a.ref)
        let refRemoved = !a.ref.isEmpty && b.ref.isEmpty
        let obviousChange = (namesEmpty && refsEmpty) || (equal && refContained) || (equal && refsEmpty)
            || (refContained && removed) || (equal && refRemoved)
        let needs = (a.name.isEmpty && !a.ref.isEmpty && !b.name.isEmpty && b.ref.isEmpty)
            || (!a.name.isEmpty && a.ref.isEmpty && b.name.isEmpty && !b.ref.isEmpty) || (namesEmpty && !refContained)
        return !obviousChange || needs
    }

    /// The maneuver at `j` (not on a roundabout), or nil when nothing is said there. As OSRM's turn
    /// handler: two roads are an obvious way on; at three, a fork or a T's end of road when no road is
    /// obvious; else the obvious road says a new name (or nothing), every other a turn.
    static func maneuver(at j: RouteJunction) -> GuidanceManeuver? {
        let inRoad = j.incoming, out = j.outgoing
        let heading = (inRoad.bearing + 180).truncatingRemainder(dividingBy: 360)
        func dev(_ r: JunctionRoad) -> Double { deviation(from: heading, to: r.bearing) }
        let d = dev(out)
        // Motorway links.
        if isRamp(out.roadClass) && !isRamp(inRoad.roadClass) {
            return GuidanceManeuver(type: isMotorway(inRoad.roadClass) ? "off ramp" : "on ramp", modifier: modifier(d))
        }
        if isRamp(inRoad.roadClass) && isMotorway(out.roadClass) {
            return GuidanceManeuver(type: "merge", modifier: d < 0 ? "slight left" : "slight right")
        }
        let others = j.roads.indices.filter { $0 != j.inRoad }
        let valid = others.filter { j.roads[$0].entry || $0 == j.outRoad }
        var obvious = j.roads.count == 2 ? j.outRoad : obviousRoad(j, valid: valid, others: others, dev: dev)
        // Two roads splitting ahead that are of unlike classes are no fork: the better one is the way on.
        let split = valid.filter { abs(dev(j.roads[$0])) < 40 }
        if obvious == nil, split.count == 2, abs(dev(j.roads[split[0]]) - dev(j.roads[split[1]])) < 60 {
            let (x, y) = (j.roads[split[0]], j.roads[split[1]])
            if priority(x.roadClass) + 1 < priority(y.roadClass) { obvious = split[0] }
            if priority(y.roadClass) + 1 < priority(x.roadClass) { obvious = split[1] }
        }
        if obvious == nil, j.roads.count == 3, let fork = fork(j, valid: valid, dev: dev), fork.contains(j.outRoad) {
            let m = fork.first == j.outRoad ? "slight left" : fork.last == j.outRoad ? "slight right" : "straight"
            return GuidanceManeuver(type: "fork", modifier: m)
        }
        if obvious == nil && j.roads.count == 3 {
            let devs = others.map { dev(j.roads[$0]) }
            // (Where the other side keeps the name, that side is the way on and this one a turn.)
            let otherKeeps = others.contains { $0 != j.outRoad && !inRoad.name.isEmpty && j.roads[$0].name == inRoad.name }
            // (OSRM's isEndOfRoad asks nothing of names: the cross road's two sides may be called differently.)
            if !otherKeeps && devs.contains(where: { $0 > 50 && $0 < 130 }) && devs.contains(where: { $0 < -50 && $0 > -130 }) {
                // (Where the name goes on round the corner, OSRM says continue.)
                let same = !inRoad.name.isEmpty && inRoad.name == out.name
                return GuidanceManeuver(type: same ? "continue" : "end of road", modifier: d > 0 ? "right" : "left")
            }
        }
        let continues = !inRoad.name.isEmpty && inRoad.name == out.name
        if obvious == j.outRoad {
            if !announces(inRoad, out) { return nil }
            return GuidanceManeuver(type: "new name", modifier: modifier(d))
        }
        var m = modifier(d)
        // Beside an obvious straight road, a nearly straight one is announced as slight.
        if m == "straight", let o = obvious, modifier(dev(j.roads[o])) == "straight" {
            m = d < dev(j.roads[o]) ? "slight left" : "slight right"
        }
        return GuidanceManeuver(type: continues ? "continue" : "turn", modifier: m)
    }

    /// OSRM's obviousByRoadClass: `road` keeps the class arrived on and far outranks `other`, or
    /// `other` is a minor road (service, track…) and the two are not.
    static func obviousByClass(_ via: RoadClass, _ road: RoadClass, _ other: RoadClass) -> Bool {
        (1.75 * Double(priority(road)) < Double(priority(other)) && via == road)
            || (!isLowPriority(road) && !isLowPriority(via) && isLowPriority(other))
    }

    /// OSRM's isObviousOfTwo: `road` is the way on rather than `other`.
    static func obviousOfTwo(_ via: JunctionRoad, _ road: JunctionRoad, _ other: JunctionRoad, dev: (JunctionRoad) -> Double) -> Bool {
        if obviousByClass(via.roadClass, road.roadClass, other.roadClass) { return true }
        if obviousByClass(via.roadClass, other.roadClass, road.roadClass) { return false }
        let a = abs(dev(road)), b = abs(dev(other))
        if a < 0.5 && !via.name.isEmpty && !announces(via, road) { return true }
        return (a == 0 ? b > 0 : b / a > 1.4) && b - a > 25
    }

    /// The road that is the obvious way on, if any (OSRM's findObviousTurn, in short): the road that
    /// keeps the name unless another is nearly as straight, else the straightest road when it is
    /// obvious against every other; roads that may not be entered do not count.
    static func obviousRoad(_ j: RouteJunction, valid: [Int], others: [Int], dev: (JunctionRoad) -> Double) -> Int? {
        let inRoad = j.incoming
        func a(_ k: Int) -> Double { abs(dev(j.roads[k])) }
        guard let straightest = valid.min(by: { a($0) < a($1) }) else { return nil }
        let keeping = valid.filter { !inRoad.name.isEmpty && !announces(inRoad, j.roads[$0]) }.min(by: { a($0) < a($1) })
        // A road keeping the name up to 80° off straight (twice OSRM's narrow angle) decides alone:
        // it is the way on unless another road is straight, or not clearly farther from straight.
        if let c = keeping, a(c) < 80, !(isLowPriority(j.roads[c].roadClass) && !isLowPriority(j.roads[straightest].roadClass)) {
            return continuesObviously(j, c, valid: valid, dev: dev) ? c : nil
        }
        let s = j.roads[straightest]
        for k in others where k != straightest {
            let o = j.roads[k]
            if (o.entry || k == j.outRoad) && !obviousOfTwo(inRoad, s, o, dev: dev) { return nil }
            if !o.entry && k != j.outRoad && a(k) + 10 < a(straightest) && a(straightest) > 25 { return nil }
        }
        return a(straightest) < 40 ? straightest : nil
    }

    /// OSRM's test of a road that keeps the name: none of the other roads that may be entered is
    /// nearly straight (20°) or less than 4/3 as far from straight, nor, keeping the name too, less than
    /// thrice; a road the class makes minor, or a ramp beside a continuation within 60°, does not count.
    static func continuesObviously(_ j: RouteJunction, _ c: Int, valid: [Int], dev: (JunctionRoad) -> Double) -> Bool {
        let inRoad = j.incoming, road = j.roads[c]
        let a = abs(dev(road))
        if a < 1 { return true }
        for k in valid where k != c {
            let o = j.roads[k]
            if obviousByClass(inRoad.roadClass, road.roadClass, o.roadClass) { continue }
            if isRamp(o.roadClass) && a < 60 { continue }
            let b = abs(dev(o))
            if b < 20 { return false }
            if b / a < 2 / 1.5 { return false }
            if !announces(road, o) && b / a < 3 { return false }
        }
        return true
    }

    /// Two or three roads splitting ahead at narrow angles, none obvious over its neighbour, of
    /// comparable classes (OSRM's findFork): their indices from left to right.
    static func fork(_ j: RouteJunction, valid: [Int], dev: (JunctionRoad) -> Double) -> [Int]? {
        let ahead = valid.filter { abs(dev(j.roads[$0])) < 40 }.sorted { dev(j.roads[$0]) < dev(j.roads[$1]) }
        guard ahead.count == 2 || ahead.count == 3 else { return nil }
        // A road that keeps the name is no branch of a fork: the others turn off it.
        let name = j.incoming.name
        if !name.isEmpty && ahead.contains(where: { j.roads[$0].name == name }) { return nil }
        for (x, y) in zip(ahead, ahead.dropFirst()) {
            let a = j.roads[x], b = j.roads[y]
            if dev(b) - dev(a) > 60 || abs(priority(a.roadClass) - priority(b.roadClass)) > 1 { return nil }
            if obviousOfTwo(j.incoming, a, b, dev: dev) || obviousOfTwo(j.incoming, b, a, dev: dev) { return nil }
        }
        return ahead
    }
}
