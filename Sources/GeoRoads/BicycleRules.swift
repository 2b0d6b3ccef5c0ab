// OSRM 26.10 bicycle.lua's process_way in its order: blocked ways, the access
// check (bicycle > vehicle > access), speed_handler (ferries, platforms,
// parking, the class table, else an access tag that allows bicycles; movable
// bridges at 5 km/h), oneway_handler, cycleway_handler (a cycle lane or track
// rides at cycleway speed, `opposite*` lanes both ways), bike_push_handler
// (where the bike may not be ridden but walked: footways, pedestrian areas,
// steps, piers, against a oneway, bicycle=dismount, at 4 km/h, 2 on steps),
// maxspeed as an upper bound, the per-direction access closures,
// cycleway=separate, the surface table and the 21 km/h cap. A direction walked
// is `pushed`.

enum BicycleRules {
    static let accessKeys = ["bicycle", "vehicle", "access"]
    static let vocabulary = AccessVocabulary(
        whitelist: ["yes", "permissive", "designated"], restricted: [],
        blacklist: ["no", "private", "agricultural", "forestry", "delivery", "use_sidepath"])
    static let cyclewayTags: Set<String> = ["track", "lane", "share_busway", "sharrow", "shared", "shared_lane"]
    static let oppositeTags: Set<String> = ["opposite", "opposite_lane", "opposite_track"]

    /// One direction while the handlers run: OSRM's mode (open, pushed) and speed (-1 = none yet).
    struct Direction {
        var open = true, pushed = false, speed = -1.0
    }

    static func evaluate(_ t: Tags) -> ModeWay? {
        let highway = t["highway"], route = t["route"], railway = t["railway"], amenity = t["amenity"]
        let manMade = t["man_made"], publicTransport = t["public_transport"], bridge = t["bridge"]
        guard highway.isSet || route.isSet || railway.isSet || amenity.isSet || manMade.isSet || publicTransport.isSet
                || bridge.isSet, !Avoid.bicycle.blocks(t) else { return nil }

        // access: the undirected value closes the way; directed values close one direction at the end.
        let access = t.first(of: accessKeys)
        let raw = t.forwardBackward(accessKeys)
        let directed = (forward: vocabulary.resolve(raw.forward), backward: vocabulary.resolve(raw.backward))
        if vocabulary.forbids(access) || (vocabulary.forbids(directed.forward) && vocabulary.forbids(directed.backward)) {
            return nil
        }

        // speed_handler
        var f = Direction(), b = Direction()
        var pushable = false, isFerry = false
        func both(_ s: Double) { f.speed = s; b.speed = s }
        if route == "ferry" {
            both(RoadSpeeds.bicycleFerry); isFerry = true
        } else if railway == "platform" || publicTransport == "platform" {
            both(RoadSpeeds.bicyclePlatform); pushable = true
        } else if amenity == "parking" || amenity == "parking_entrance" {
            both(RoadSpeeds.bicycleParking); pushable = true
        } else if let highway, let s = RoadSpeeds.bicycle[highway] {
            both(s); pushable = true
        } else if vocabulary.allows(access) {
            both(RoadSpeeds.bicycleDefault); pushable = true
        }
        // (OSRM also rides trains, railway=* with bicycle=yes, at 10 km/h: the graph has no railways.)
        // A movable bridge slows the way it carries to 5 km/h. OSRM tries it first, before the
        // class, and so opens movable motorway and trunk bridges to bicycles; here it only slows.
        if bridge == "movable" && !isFerry && f.speed > 0 { both(RoadSpeeds.movableBridge) }

        // oneway_handler
        let oneway = Oneway(bicycleTags: t)
        let implied = Oneway.isImplied(t)
        if !oneway.allowsForward { f.open = false }
        if !oneway.allowsBackward { b.open = false }

        // cycleway_handler
        let cycleway = t["cycleway"] ?? t["cycleway:both"], left = t["cycleway:left"], right = t["cycleway:right"]
        let lane = { (v: String?) in v.map(cyclewayTags.contains) ?? false }
        let opposite = { (v: String?) in v.map(oppositeTags.contains) ?? false }
        var laneF = false, laneB = false
        if f.open && b.open && !implied {
            if lane(cycleway) { laneF = true; laneB = true }
            if lane(right) || opposite(left) { laneF = true }
            if lane(left) || opposite(right) { laneB = true }
        } else if opposite(cycleway) || opposite(right) || opposite(left) {
            laneF = true; laneB = true
        } else if lane(cycleway) || lane(right) || lane(left) {
            if oneway == .backward { laneB = true } else { laneF = true }
        }
        let cyclewaySpeed = RoadSpeeds.bicycle["cycleway"]!
        if laneB { b = Direction(open: true, pushed: false, speed: cyclewaySpeed) }
        if laneF { f = Direction(open: true, pushed: false, speed: cyclewaySpeed) }

        // bike_push_handler: walk the bike where it may not be ridden, unless foot=no. Not on a
        // ferry: OSRM would "push" across the water against a oneway ferry tagged foot=yes.
        let foot = t["foot"]
        if !isFerry, !f.open || !b.open || f.speed == -1 || b.speed == -1, foot != "no" {
            let walk = RoadSpeeds.pushing
            var push: (forward: Double?, backward: Double?) = (nil, nil)
            if let highway, let s = RoadSpeeds.bicyclePushed[highway] {
                push = (s, s)
            } else if manMade == "pier" {
                push = (walk, walk)
            } else if foot == "yes" {
                push = (walk, implied ? nil : walk)
            } else if t["foot:forward"] == "yes" {
                push = (walk, nil)
            } else if t["foot:backward"] == "yes" {
                push = (nil, walk)
            } else if pushable {
                push = (walk, implied ? nil : walk)
            }
            if let s = push.forward, !f.open || f.speed == -1 { f = Direction(open: true, pushed: true, speed: s) }
            if let s = push.backward, !b.open || b.speed == -1 { b = Direction(open: true, pushed: true, speed: s) }
        }
        if t["bicycle"] == "dismount" {
            f = Direction(open: true, pushed: true, speed: RoadSpeeds.pushing)
            b = f
        }

        // maxspeed: an upper bound, maxspeed:forward / :backward before maxspeed.
        let limit = t["maxspeed"].flatMap(RoadSpeeds.maxspeed) ?? 0
        func bound(_ d: inout Direction, _ key: String) {
            let own = t[key].flatMap(RoadSpeeds.maxspeed) ?? 0
            if own > 0 { d.speed = min(d.speed, own) } else if limit > 0 { d.speed = min(d.speed, limit) }
        }
        bound(&f, "maxspeed:forward")
        bound(&b, "maxspeed:backward")

        // Directed access closures (bicycle:backward=no) close the direction, pushing included.
        if vocabulary.forbids(directed.forward) { f.open = false }
        if vocabulary.forbids(directed.backward) { b.open = false }

        // handle_cycleway_separate: the cycleway is mapped as its own way; use that one.
        if [cycleway, t["cycleway:both"], left, right].contains("separate"),
           !["yes", "permissive", "designated", "destination"].contains(t["bicycle"] ?? "") {
            return nil
        }

        // surface (an upper bound, pushing included), then vehicle_max_speed.
        func result(_ d: Direction) -> ModeWay.Direction? {
            var speed = d.speed
            if let s = t["surface"], let cap = RoadSpeeds.bicycleSurface[s] { speed = min(speed, cap) }
            speed = min(speed, RoadSpeeds.bicycleMax)
            return d.open && speed > 0 ? .init(speed: speed, pushed: d.pushed) : nil
        }
        return ModeWay(forward: result(f), backward: result(b))
    }
}
