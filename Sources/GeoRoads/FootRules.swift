// OSRM 26.10 foot.lua's process_way in its order: blocked ways, access
// (foot > access, with :forward / :backward), sidewalk=separate, oneway:foot,
// ferries, the walking speed on the classes of its table (no trunk, motorway,
// cycleway or bridleway unless an access tag opens them), surface limits and
// the direction of escalators and moving walkways (`conveying`).

enum FootRules {
    static let accessKeys = ["foot", "access"]
    static let vocabulary = AccessVocabulary(
        whitelist: ["yes", "foot", "permissive", "designated"], restricted: [],
        blacklist: ["no", "agricultural", "forestry", "private", "delivery", "use_sidepath"])

    static func evaluate(_ t: Tags) -> ModeWay? {
        let highway = t["highway"], route = t["route"]
        guard highway != nil || route != nil || t["bridge"] != nil || t["man_made"] != nil || t["railway"] != nil
                || t["platform"] != nil || t["amenity"] != nil || t["public_transport"] != nil,
              !Avoid.foot.blocks(t) else { return nil }
        var fwd = true, bwd = true

        let raw = t.forwardBackward(accessKeys)
        let access = (forward: vocabulary.resolve(raw.forward), backward: vocabulary.resolve(raw.backward))
        if vocabulary.forbids(access.forward) { fwd = false }
        if vocabulary.forbids(access.backward) { bwd = false }
        guard fwd || bwd else { return nil }

        // handle_sidewalk_separate: the sidewalk is its own way, unless an access tag opens this one.
        if [t["sidewalk"], t["sidewalk:both"], t["sidewalk:left"], t["sidewalk:right"]].contains("separate") {
            if access.forward == nil { fwd = false }
            if access.backward == nil { bwd = false }
            guard fwd || bwd else { return nil }
        }

        let isFerry = route == "ferry"
        // OSRM's ferries handler reopens both directions of a ferry, and foot.lua reads no `oneway`:
        // a pedestrian would board a oneway ferry where it does not sail from. A ferry keeps its
        // closures here and its `oneway` binds pedestrians too.
        let oneway = isFerry ? Oneway(value: t["oneway"]) ?? Oneway(footTags: t) : Oneway(footTags: t)
        if !oneway.allowsForward { fwd = false }
        if !oneway.allowsBackward { bwd = false }

        // speed: ferries, the table (highway, railway=platform, amenity=parking, man_made=pier), else access.
        var speedF = -1.0, speedB = -1.0
        if isFerry {
            speedF = RoadSpeeds.footFerry; speedB = speedF
        } else if highway.map(RoadSpeeds.footHighways.contains) ?? false || t["railway"] == "platform"
                    || t["amenity"] == "parking" || t["amenity"] == "parking_entrance" || t["man_made"] == "pier" {
            speedF = RoadSpeeds.walking; speedB = speedF
        } else {
            let open = { (v: String?) in v != nil && !vocabulary.forbids(v) }
            if open(access.forward) { speedF = RoadSpeeds.walking } else if access.forward == nil && access.backward != nil { fwd = false }
            if open(access.backward) { speedB = RoadSpeeds.walking } else if access.backward == nil && access.forward != nil { bwd = false }
            if speedF == -1 && speedB == -1 { return nil }
        }
        if let s = t["surface"], let cap = RoadSpeeds.footSurface[s] { speedF = min(speedF, cap); speedB = min(speedB, cap) }

        // conveying: an escalator or moving walkway runs one way unless tagged oneway=no.
        if highway == "steps" || highway == "footway", let c = t["conveying"], (t["oneway:foot"] ?? t["oneway"]) != "no" {
            if c == "forward" { bwd = false }
            if c == "backward" { fwd = false }
        }
        return ModeWay(forward: fwd && speedF > 0 ? .init(speed: speedF) : nil,
                       backward: bwd && speedB > 0 ? .init(speed: speedB) : nil)
    }
}
