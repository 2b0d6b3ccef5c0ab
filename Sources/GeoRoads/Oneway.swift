// What a way's oneway tags say about its two directions, read per mode as
// OSRM's profiles read them: the car from `oneway:motorcar|motor_vehicle|
// vehicle` else `oneway`, with oneway implied on motorways and roundabouts
// (WayHandlers.oneway, oneway_handling = true); the bicycle from
// `oneway:bicycle` else `oneway` (bicycle.lua oneway_handler); the pedestrian
// from `oneway:foot` alone (foot.lua, oneway_handling = 'specific'). It never
// reaches the file: the modes' rules fold it into the access bits. The raw
// values are the integer codes the rules once passed around.

package enum Oneway: Int, Sendable {
    /// Both directions open (`oneway=no`, or no tag on an ordinary road).
    case no = 0
    /// Only along the way's node order (`oneway=yes`, roundabouts, motorways).
    case forward = 1
    /// Only against it (`oneway=-1`).
    case backward = -1

    package var allowsForward: Bool { self != .backward }
    package var allowsBackward: Bool { self != .forward }

    /// One oneway value: yes/1/true, -1. OSRM reads `oneway=reverse` as no oneway at all and so
    /// sends traffic the wrong way up a street mapped with it; we read it as -1, its meaning.
    init?(value: String?) {
        switch value {
        case "yes", "1", "true": self = .forward
        case "-1", "reverse": self = .backward
        default: return nil
        }
    }

    /// Motorways and roundabouts are oneway unless tagged `oneway=no` (a motorway_link is not).
    static func isImplied(_ tags: [String: String]) -> Bool {
        tags["highway"] == "motorway" || tags["junction"] == "roundabout" || tags["junction"] == "circular"
    }

    /// The car's oneway: the most specific `oneway:<vehicle>` key, else `oneway`, else implied.
    package init(carTags tags: [String: String]) {
        let value = tags.prefixed("oneway", ["motorcar", "motor_vehicle", "vehicle"]) ?? tags["oneway"]
        if let o = Oneway(value: value) { self = o; return }
        self = Oneway.isImplied(tags) && value != "no" ? .forward : .no
    }

    /// The bicycle's oneway: `oneway:bicycle` (yes, no, -1) decides before `oneway`; then implied.
    /// `oneway=reversible` and `alternating` leave a road two-way for cyclists, as in OSRM.
    package init(bicycleTags tags: [String: String]) {
        let noValues: Set<String> = ["no", "0", "false"]
        for key in ["oneway:bicycle", "oneway"] {
            let v = tags[key]
            if let o = Oneway(value: v) { self = o; return }
            if let v, noValues.contains(v) { self = .no; return }
        }
        self = Oneway.isImplied(tags) ? .forward : .no
    }

    /// The pedestrian's oneway: only `oneway:foot` (a oneway street is two-way on foot).
    package init(footTags tags: [String: String]) {
        self = Oneway(value: tags["oneway:foot"]) ?? .no
    }
}
