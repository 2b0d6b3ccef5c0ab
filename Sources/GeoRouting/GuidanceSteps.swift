// Turn-by-turn steps of one leg of a route, as OSRM's guidance gives them,
// shared by geoserve's OSRM steps and `georoute route --steps`: a depart
// step (modifier: the side the start point lies off the road), one step per
// junction where something is said (GuidanceTurns), roundabouts folded as
// OSRM's post-processing folds them (one "roundabout"/"rotary"/"roundabout
// turn" step at the entry with the number of the exit taken, counting only
// exits the mode could take, then "exit roundabout"/"exit rotary" where the
// route leaves it, except after a roundabout turn), every junction passed listed on the step that passes it,
// and an arrive step (modifier: the side the destination lies on).
import Foundation
import GeoBase
import GeoRoads

/// An intersection as OSRM lists it on a step: the roads' bearings ascending, which may be entered,
/// the road arrived by and the one taken (indices into the bearings).
public struct GuidanceIntersection: Sendable, Equatable {
    public var location: Coordinate
    public var bearings: [Int]
    public var entry: [Bool]
    public var inIndex: Int?
    public var outIndex: Int?
    /// OSRM's classes of the road taken, per the mode's profile (GuidanceJunctions.classes).
    public var classes: [String]
}

public struct GuidanceStep: Sendable {
    public var maneuver: GuidanceManeuver
    public var location: Coordinate
    /// Degrees: the direction of travel arriving at the maneuver and leaving it (0 where there is none).
    public var bearingBefore: Double
    public var bearingAfter: Double
    /// The step's stretch of the segment's vertices (the arrive step's is one vertex).
    public var firstVertex: Int
    public var lastVertex: Int
    /// The road after the maneuver, as OSRM names it: its `name` ("" for none), `ref`.
    public var name: String
    public var ref: String
    /// The roundabout's name on a "rotary" step.
    public var rotaryName: String?
    /// The street the step follows (mode, pushed, pronunciation, display name).
    public var street: RouteStreet
    public var intersections: [GuidanceIntersection]
}

public enum RouteGuidance {
    /// The steps of the leg of `segment` from vertex `a` to vertex `b`; `start` and `end` are the
    /// waypoints' input points (the side of the road they lie on gives depart's and arrive's modifiers).
    public static func steps(_ segment: RouteSegment, from a: Int, to b: Int, start: Coordinate? = nil,
                             end: Coordinate? = nil) -> [GuidanceStep] {
        let c = segment.coordinates
        guard !c.isEmpty, a >= 0, b < c.count, a <= b, let firstStreet = street(segment, at: a) else { return [] }
        var steps: [GuidanceStep] = []
        func bearings(_ v: Int) -> (Double, Double) {
            (v > 0 ? c[v - 1].bearing(to: c[v]) : 0, v + 1 < c.count ? c[v].bearing(to: c[v + 1]) : 0)
        }
        // Depart.
        let (_, departAfter) = bearings(a)
        var depart = GuidanceStep(maneuver: GuidanceManeuver(type: "depart", modifier: nil), location: c[a], bearingBefore: 0,
                                  bearingAfter: b > a ? departAfter : 0, firstVertex: a, lastVertex: b, name: firstStreet.osrmName,
                                  ref: firstStreet.ref, rotaryName: nil, street: firstStreet,
                                  intersections: [GuidanceIntersection(location: c[a], bearings: [rounded(departAfter)], entry: [true],
                                                                       inIndex: nil, outIndex: 0,
                                                                       classes: segment.classes(leaving: a))])
        if let s = start, b > a, let m = sideModifier(s, c[a], c[a + 1], first: true) { depart.maneuver.modifier = m }
        steps.append(depart)

        var ring: (step: Int, kind: RoundaboutKind, name: String, entryHeading: Double)?
        var exits = 0
        // A leg that starts on a roundabout says only where it leaves it.
        var startsOnRing = segment.junctions.first { $0.vertex > a && $0.vertex < b }?.incoming.junction.isRoundabout ?? false
        for j in segment.junctions where j.vertex > a && j.vertex < b {
            let onIn = j.incoming.junction.isRoundabout, onOut = j.outgoing.junction.isRoundabout
            let heading = (j.incoming.bearing + 180).truncatingRemainder(dividingBy: 360)
            let turn = GuidanceTurns.modifier(GuidanceTurns.deviation(from: heading, to: j.outgoing.bearing))
            var maneuver: GuidanceManeuver?
            if !onIn && onOut, let (kind, name) = j.roundabout {
                // Entered where the roundabout can also be left: that exit counts (OSRM's "at exit").
                exits = countsExit(j) ? 1 : 0
                let type = kind == .rotary ? "rotary" : kind == .intersection ? "roundabout turn" : "roundabout"
                maneuver = GuidanceManeuver(type: type, modifier: turn)
                ring = (steps.count, kind, name, heading)
            } else if onIn && onOut && (ring != nil || startsOnRing) {
                if countsExit(j) { exits += 1 }
            } else if onIn && !onOut && (ring != nil || startsOnRing) {
                exits += 1
                var type = "exit roundabout"
                if let r = ring {
                    steps[r.step].maneuver.exit = exits
                    steps[r.step].name = j.outgoing.name
                    steps[r.step].ref = j.outgoing.ref
                    if r.kind == .rotary {
                        steps[r.step].rotaryName = r.name
                        type = "exit rotary"
                    }
                    if r.kind == .intersection {
                        steps[r.step].maneuver.modifier = GuidanceTurns.modifier(GuidanceTurns.deviation(from: r.entryHeading,
                                                                                                         to: j.outgoing.bearing))
                    }
                }
                // (A roundabout turn says it all at the entry: osrm-routed gives it no exit step.)
                maneuver = ring?.kind == .intersection ? nil : GuidanceManeuver(type: type, modifier: turn, exit: exits)
                ring = nil
                startsOnRing = false
            } else {
                maneuver = GuidanceTurns.maneuver(at: j)
            }
            let crossing = intersection(j)
            guard let m = maneuver else {
                steps[steps.count - 1].intersections.append(crossing)
                continue
            }
            let (before, after) = bearings(j.vertex)
            steps[steps.count - 1].lastVertex = j.vertex
            let st = street(segment, at: j.vertex) ?? firstStreet
            steps.append(GuidanceStep(maneuver: m, location: j.location, bearingBefore: before, bearingAfter: after, firstVertex: j.vertex,
                                      lastVertex: b, name: j.outgoing.name, ref: j.outgoing.ref, rotaryName: nil, street: st,
                                      intersections: [crossing]))
        }
        // A maneuver onto a few metres of road that then takes another name is a maneuver onto
        // that name; a name given for only a few metres before the next maneuver is not worth
        // saying (OSRM's post-processing folds such steps into the one before).
        var k = 1
        while k + 1 < steps.count {
            let st = steps[k], next = steps[k + 1]
            let metres = segment.distances[st.lastVertex] - segment.distances[st.firstVertex]
            if next.maneuver.type == "new name" && metres < 30 && !isRoundabout(st.maneuver.type) {
                steps[k].name = next.name
                steps[k].ref = next.ref
                steps[k].lastVertex = next.lastVertex
                steps[k].intersections += next.intersections
                if st.maneuver.type == "continue" { steps[k].maneuver.type = "turn" }
                steps.remove(at: k + 1)
            } else {
                k += 1
            }
        }
        k = 1
        while k < steps.count {
            let st = steps[k]
            let metres = segment.distances[st.lastVertex] - segment.distances[st.firstVertex]
            if st.maneuver.type == "new name" && metres < nameSegmentCutoff && st.lastVertex < b {
                steps[k - 1].lastVertex = st.lastVertex
                steps[k - 1].intersections += st.intersections
                steps.remove(at: k)
            } else {
                k += 1
            }
        }
        // osrm-routed 26 says "end of road" only where the road arrived on has passed an intersection since
        // the maneuver before; a T reached straight after one is a plain turn (on Monaco and Liechtenstein,
        // three profiles: 64 of 64 such T-junctions, against 35 of 48 said "end of road" after an intersection).
        for k in 1..<steps.count where steps[k].maneuver.type == "end of road" && steps[k - 1].intersections.count < 2 {
            steps[k].maneuver.type = "turn"
        }
        // Arrive.
        let (arriveBefore, _) = bearings(b)
        var arrive = GuidanceStep(maneuver: GuidanceManeuver(type: "arrive", modifier: nil), location: c[b],
                                  bearingBefore: b > a ? arriveBefore : 0, bearingAfter: 0, firstVertex: b, lastVertex: b,
                                  name: steps[steps.count - 1].name, ref: steps[steps.count - 1].ref, rotaryName: nil,
                                  street: steps[steps.count - 1].street,
                                  intersections: [GuidanceIntersection(location: c[b], bearings: [rounded(arriveBefore + 180)],
                                                                       entry: [true], inIndex: 0, outIndex: nil, classes: [])])
        if let e = end, b > a, let m = sideModifier(c[b - 1], c[b], e, first: false) { arrive.maneuver.modifier = m }
        steps.append(arrive)
        return steps
    }

    /// OSRM's name segment cutoff: a new name given for less than this before the next maneuver is not said.
    static let nameSegmentCutoff = 105.0

    static func isRoundabout(_ type: String) -> Bool {
        ["roundabout", "rotary", "roundabout turn", "exit roundabout", "exit rotary"].contains(type)
    }

    /// The street whose stretch holds vertex `v` (the last one at the end).
    static func street(_ s: RouteSegment, at v: Int) -> RouteStreet? {
        s.streets.first { $0.firstVertex <= v && v < $0.lastVertex } ?? s.streets.last { $0.firstVertex <= v } ?? s.streets.first
    }

    /// Whether leaving the roundabout at `j` is possible for the mode by a road other than the two the route
    /// uses (a service road counts only on a service roundabout, as OSRM's has_non_ignorable_exit).
    static func countsExit(_ j: RouteJunction) -> Bool {
        let ringLow = GuidanceTurns.isLowPriority(j.outgoing.roadClass)
        return j.roads.indices.contains { k in
            let r = j.roads[k]
            return k != j.inRoad && k != j.outRoad && r.entry && !r.junction.isRoundabout
                && (ringLow || !GuidanceTurns.isLowPriority(r.roadClass))
        }
    }

    /// OSRM's depart/arrive modifier: the angle at `via` from `from` to `to`, only for an input point
    /// 5 to 300 m off the road (else none).
    static func sideModifier(_ from: Coordinate, _ via: Coordinate, _ to: Coordinate, first: Bool) -> String? {
        let off = first ? from.distance(to: via) : to.distance(to: via)
        guard off >= 5 && off <= 300 else { return nil }
        var angle = (via.bearing(to: from) - via.bearing(to: to)).truncatingRemainder(dividingBy: 360)
        if angle < 0 { angle += 360 }
        return GuidanceTurns.sideModifier(angle: angle)
    }

    /// Bearings as OSRM stores them: whole degrees in steps of 5.
    static func rounded(_ b: Double) -> Int {
        var v = Int((b / 5).rounded()) * 5 % 360
        if v < 0 { v += 360 }
        return v
    }

    static func intersection(_ j: RouteJunction) -> GuidanceIntersection {
        let order = j.roads.indices.sorted { (rounded(j.roads[$0].bearing), $0) < (rounded(j.roads[$1].bearing), $1) }
        return GuidanceIntersection(location: j.location, bearings: order.map { rounded(j.roads[$0].bearing) },
                                    entry: order.map { j.roads[$0].entry }, inIndex: order.firstIndex(of: j.inRoad),
                                    outIndex: order.firstIndex(of: j.outRoad), classes: j.outgoing.classes)
    }
}
