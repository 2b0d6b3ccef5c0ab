// OSRM 26.10 car.lua's process_way, handler by handler in its order:
// blocked and avoided ways, the vehicle's height, width, length and weight,
// access (motorcar > motor_vehicle > vehicle > access, with :forward /
// :backward), oneway, ferries, service=emergency_access, hov, the class
// speed, movable bridges, maxspeed × 0.8, and surface limits. Where the way is
// for local access only (access=destination, private… on a road class that may
// carry it) the direction is `restricted`, not closed. Penalties that OSRM
// puts into the weight alone (service roads, narrow roads, alternating
// oneways, side roads) are not durations and stay out of the speed.

enum CarRules {
    static let accessKeys = ["motorcar", "motor_vehicle", "vehicle", "access"]
    static let vocabulary = AccessVocabulary(
        whitelist: ["yes", "motorcar", "motor_vehicle", "vehicle", "permissive", "designated", "hov"],
        restricted: ["private", "delivery", "destination", "customers", "permit", "residents", "unknown"],
        blacklist: ["no", "agricultural", "forestry", "emergency", "psv", "taxi", "share_taxi", "minibus", "bus", "foot",
                    "emergency_vehicle", "restricted", "military", "official", "customers", "private", "delivery",
                    "destination", "permit", "residents"])
    /// restricted_highway_whitelist: where a restricted access value means local access, not closed.
    static let restrictedHighways: Set<String> = [
        "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary", "secondary_link",
        "tertiary", "tertiary_link", "residential", "living_street", "unclassified", "service", "winter_road", "ice_road",
    ]
    /// Highways not built for motor traffic. OSRM opens any way without a car speed of its own to
    /// cars at 10 km/h when its access tags allow it, so `access=yes` (meant for the footway's
    /// users) sends cars down a footway; here those classes open to cars only through a motorcar
    /// or motor_vehicle tag.
    static let carless: Set<String> = [
        "footway", "sidewalk", "crossing", "pedestrian", "cycleway", "path", "bridleway", "steps", "corridor",
        "elevator", "platform", "busway", "bus_guideway", "via_ferrata",
    ]
    static let height = 2.0, width = 1.9, length = 4.8, weight = 2000.0

    static func evaluate(_ t: Tags) -> ModeWay? {
        let highway = t["highway"], route = t["route"]
        guard highway.isSet || route.isSet, !Avoid.car.blocks(t) else { return nil }
        var fwd = true, bwd = true

        // handle_height, handle_width, handle_length, handle_weight: the vehicle does not fit.
        let h = t.forwardBackward(["maxheight:physical", "maxheight"])
        if let v = Measure.height(h.forward), v < height { fwd = false }
        if let v = Measure.height(h.backward), v < height { bwd = false }
        let w = t.forwardBackward(["maxwidth:physical", "maxwidth", "width", "est_width"])
        if let v = w.forward.flatMap(Measure.metres), v <= width { fwd = false }
        if let v = w.backward.flatMap(Measure.metres), v <= width { bwd = false }
        let l = t.forwardBackward(["maxlength"])
        if let v = l.forward.flatMap(Measure.metres), v < length { fwd = false }
        if let v = l.backward.flatMap(Measure.metres), v < length { bwd = false }
        let m = t.forwardBackward(["maxweightrating", "maxweight"])
        if let v = Measure.kilograms(m.forward), v < weight { fwd = false }
        if let v = Measure.kilograms(m.backward), v < weight { bwd = false }

        // access: a restricted value on a road class that carries it leaves the direction open.
        let raw = t.forwardBackward(accessKeys)
        let access = (forward: vocabulary.resolve(raw.forward), backward: vocabulary.resolve(raw.backward))
        let local = highway.map(restrictedHighways.contains) ?? false
        var restrictedF = local && vocabulary.restricts(access.forward)
        var restrictedB = local && vocabulary.restricts(access.backward)
        if vocabulary.forbids(access.forward) && !restrictedF { fwd = false }
        if vocabulary.forbids(access.backward) && !restrictedB { bwd = false }
        guard fwd || bwd else { return nil }

        let oneway = Oneway(carTags: t)
        if !oneway.allowsForward { fwd = false }
        if !oneway.allowsBackward { bwd = false }

        // ferries: the route's speed. OSRM also resets both directions to open here, which reopens
        // a oneway ferry and a direction closed by the tags above; we keep them closed.
        var speedF = -1.0, speedB = -1.0
        if let r = route, let s = RoadSpeeds.carRoutes[r] { speedF = s; speedB = s }

        if t["service"] == "emergency_access" { return nil }

        // hov: a road for high-occupancy vehicles is for local access (car.lua avoids hov_lanes).
        if t["hov"] == "designated" { restrictedF = true; restrictedB = true }
        let lanes = t.forwardBackward(key: "hov:lanes", oneway: oneway)
        if allDesignated(lanes.forward) { restrictedF = true }
        if allDesignated(lanes.backward) { restrictedB = true }

        // speed: the class speed, else the default where the access tags open the way.
        if speedF == -1 {
            if let highway, let s = RoadSpeeds.car[highway] {
                speedF = s; speedB = s
            } else {
                let a = highway.map(carless.contains) ?? false ? motorAccess(t) : access
                let open = { (v: String?) in v != nil && !vocabulary.forbids(v) }
                if open(a.forward) { speedF = RoadSpeeds.carDefault } else if a.forward == nil && a.backward != nil { fwd = false }
                if open(a.backward) { speedB = RoadSpeeds.carDefault } else if a.backward == nil && a.forward != nil { bwd = false }
            }
            if speedF == -1 && speedB == -1 { return nil }
        }
        // movables: a movable bridge slows the road it carries to 5 km/h. OSRM sets that speed
        // before the class speed, and so opens a movable footbridge or track to cars, and reopens
        // closed directions; here it only slows a way cars may use.
        if t["bridge"] == "movable" {
            if speedF > 0 { speedF = RoadSpeeds.movableBridge }
            if speedB > 0 { speedB = RoadSpeeds.movableBridge }
        }

        // maxspeed: advisory, else maxspeed, else the zone in source:maxspeed or maxspeed:type.
        let limits = t.forwardBackward(["maxspeed:advisory", "maxspeed", "source:maxspeed", "maxspeed:type"])
        let limitF = RoadSpeeds.carLimit(limits.forward), limitB = RoadSpeeds.carLimit(limits.backward)
        if limitF > 0 { speedF = limitF * RoadSpeeds.speedReduction }
        if limitB > 0 { speedB = limitB * RoadSpeeds.speedReduction }

        // surface, tracktype, smoothness: upper bounds; smoothness=impassable closes the way.
        for (key, table) in [("surface", RoadSpeeds.carSurface), ("tracktype", RoadSpeeds.carTracktype),
                             ("smoothness", RoadSpeeds.carSmoothness)] {
            if let v = t[key], let cap = table[v] { speedF = min(speedF, cap); speedB = min(speedB, cap) }
        }
        return ModeWay(forward: fwd && speedF > 0 ? .init(speed: speedF, restricted: restrictedF) : nil,
                       backward: bwd && speedB > 0 ? .init(speed: speedB, restricted: restrictedB) : nil)
    }

    /// The car's access from motorcar and motor_vehicle alone (for the carless classes).
    static func motorAccess(_ t: Tags) -> (forward: String?, backward: String?) {
        let raw = t.forwardBackward(["motorcar", "motor_vehicle"])
        return (vocabulary.resolve(raw.forward), vocabulary.resolve(raw.backward))
    }

    /// has_all_designated_hov_lanes: every lane of `hov:lanes` is `designated`.
    static func allDesignated(_ lanes: String?) -> Bool {
        guard let lanes else { return false }
        return lanes.split(separator: "|", omittingEmptySubsequences: false).allSatisfy { $0 == "designated" }
    }
}
