// A way's profile for all modes at once, as OSRM 26.10's car.lua, bicycle.lua
// and foot.lua decide it way by way (CarRules, BicycleRules, FootRules, one
// file each, in the order of their Lua handlers), folded into the one value
// the road graph stores: the road class, per mode and direction whether the
// mode may go and how fast, where the way is for local access only
// (`restricted`) and where a cyclist walks the bike (`pushed`), and the names
// of OSRM's WayHandlers.names. Barrier nodes: Barriers.swift.
import Foundation

/// What one mode may do on a way, direction by direction (nil: not at all).
struct ModeWay {
    struct Direction {
        var speed: Double
        var pushed = false
        var restricted = false
    }
    var forward: Direction?
    var backward: Direction?
}

public enum AccessRules {
    /// The profile of a routable way, or nil when no mode may use it.
    public static func profile(_ tags: [String: String]) -> WayProfile? {
        guard let roadClass = routableClass(tags) else { return nil }
        let ways = [CarRules.evaluate(tags), BicycleRules.evaluate(tags), FootRules.evaluate(tags)]
        var access = RoadAccess(), pushed = RoadAccess(), restricted: TravelModes = []
        var speeds = [UInt8](repeating: 0, count: 3), backwardSpeeds = speeds
        for m in TravelMode.allCases {
            guard let way = ways[m.rawValue] else { continue }
            let bit = TravelModes(m)
            if let d = way.forward {
                access.forward.insert(bit)
                speeds[m.rawValue] = speedByte(d.speed)
                if d.pushed { pushed.forward.insert(bit) }
            }
            if let d = way.backward {
                access.backward.insert(bit)
                backwardSpeeds[m.rawValue] = speedByte(d.speed)
                if d.pushed { pushed.backward.insert(bit) }
            }
            // The graph keeps one restricted flag per mode: a way for local access in either
            // direction (OSRM flags each) is entered at the price in both.
            if way.forward?.restricted == true || way.backward?.restricted == true { restricted.insert(bit) }
        }
        guard !access.isEmpty else { return nil }
        return WayProfile(roadClass: roadClass, access: access, speeds: speeds, backwardSpeeds: backwardSpeeds,
                          restricted: restricted, pushed: pushed.intersection(.bicycle), name: name(tags),
                          ref: ref(tags), pronunciation: tags["name:pronunciation"] ?? "", junction: RoadJunction(tags: tags),
                          flags: RoadFlags(tags: tags))
    }

    /// The class a possibly routable way is stored with: its highway's, a ferry's (route=ferry, and
    /// route=shuttle_train: OSRM carries cars on both in its ferry mode), a pier's (a footway),
    /// a platform's, a car park's (a service road); nil for anything else. Which modes may use it is
    /// the modes' rules' business: an unknown highway value is `.other` and open to whom its access
    /// tags let in.
    static func routableClass(_ tags: [String: String]) -> RoadClass? {
        if let r = tags["route"], r == "ferry" || r == "shuttle_train" { return .ferry }
        if let h = tags["highway"] { return RoadClass(highway: h) }
        if tags["man_made"] == "pier" { return .footway }
        if tags["railway"] == "platform" || tags["public_transport"] == "platform" { return .platform }
        if let a = tags["amenity"], a == "parking" || a == "parking_entrance" { return .service }
        return nil
    }

    /// WayHandlers.names: `name`, else for a sidewalk or sidepath its street's name.
    static func name(_ tags: [String: String]) -> String {
        if let n = tags["name"] { return n }
        guard let street = tags["is_sidepath:of:name"] ?? tags["street:name"],
              let h = tags["highway"], ["footway", "cycleway", "path"].contains(h),
              tags["footway"] == "sidewalk" || tags["cycleway"] == "sidepath" || tags["is_sidepath"] == "yes" else { return "" }
        return street
    }

    /// `ref` as OSRM's canonicalizeStringList gives it: the parts of a `;` list joined by "; ".
    static func ref(_ tags: [String: String]) -> String {
        guard let r = tags["ref"] else { return "" }
        return r.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// A speed as the graph stores it: whole km/h, 1 to 255.
    static func speedByte(_ kmh: Double) -> UInt8 { UInt8(max(1, min(255, kmh.rounded()))) }

    // MARK: class defaults, for the router's `ignoreRestrictions`

    /// Road classes a mode can physically travel, whatever the access tags say: a drawn track
    /// that ignores restrictions may follow them (GeoRouting's TraversalRules).
    package static func classAllows(_ c: RoadClass, _ m: TravelMode) -> Bool {
        switch m {
        case .car:
            switch c {
            case .track, .pedestrian, .footway, .cycleway, .path, .bridleway, .steps, .busway, .corridor, .platform, .other: return false
            default: return true
            }
        case .bicycle:
            switch c {
            case .motorway, .motorwayLink, .bridleway, .busway, .corridor, .other: return false
            default: return true
            }
        case .foot:
            switch c {
            case .motorway, .motorwayLink, .busway, .other: return false
            default: return true
            }
        }
    }

    /// The speed of a mode on a road of class `c` that its tags do not give it (km/h): the class
    /// speed of the mode's table, else its default; a pushed bicycle walks. No tag is read.
    package static func speed(_ tags: [String: String], _ c: RoadClass, _ m: TravelMode, dismount: Bool) -> Double {
        switch m {
        case .car: return c == .ferry ? RoadSpeeds.carRoutes["ferry"]! : RoadSpeeds.car[c.highway] ?? RoadSpeeds.carDefault
        case .bicycle:
            if c == .ferry { return RoadSpeeds.bicycleFerry }
            if dismount { return RoadSpeeds.bicyclePushed[c.highway] ?? RoadSpeeds.pushing }
            return RoadSpeeds.bicycle[c.highway] ?? RoadSpeeds.bicycleDefault
        case .foot: return RoadSpeeds.walking
        }
    }
}
