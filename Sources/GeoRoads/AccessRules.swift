// OSM access, direction and speed rules per travel mode, in the spirit of the
// OSRM and GraphHopper profiles: which road classes each mode may use, the
// access tag hierarchy (access → vehicle → motor_vehicle/bicycle, foot),
// oneway variants and their bicycle exceptions, barriers on nodes, and speeds
// by class (maxspeed honoured for cars).
import Foundation

/// Everything the graph stores about one way, for all modes at once.
public struct WayProfile: Hashable, Sendable {
    public var roadClass: RoadClass
    /// Bits per mode: forward (along the way's node order), backward.
    public var access: UInt8
    /// km/h per mode (0 where not allowed).
    public var speeds: [UInt8]
    public var name: String
}

public enum AccessRules {
    static let allowedValues: Set<String> = ["yes", "designated", "permissive", "destination", "delivery", "customers",
                                             "official", "unknown", "discouraged", "use_sidepath", "optional_sidepath"]
    static let deniedValues: Set<String> = ["no", "private", "agricultural", "forestry", "military", "emergency", "psv",
                                            "bus", "restricted", "prohibited"]

    /// Road classes each mode may use by default (before access tags).
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

    /// The first decisive value along a mode's access hierarchy, most specific first.
    static func accessValue(_ tags: [String: String], _ m: TravelMode) -> String? {
        let chain: [String]
        switch m {
        case .car: chain = ["motorcar", "motor_vehicle", "vehicle", "access"]
        case .bicycle: chain = ["bicycle", "vehicle", "access"]
        case .foot: chain = ["foot", "access"]
        }
        for k in chain { if let v = tags[k]?.split(separator: ";").first.map(String.init) { return v } }
        return nil
    }

    static let carSpeeds: [RoadClass: Double] = [
        .motorway: 110, .motorwayLink: 50, .trunk: 90, .trunkLink: 45, .primary: 65, .primaryLink: 40, .secondary: 55,
        .secondaryLink: 35, .tertiary: 45, .tertiaryLink: 30, .unclassified: 35, .residential: 28, .livingStreet: 10,
        .service: 15, .road: 30, .ferry: 20,
    ]
    static let bikeSpeeds: [RoadClass: Double] = [
        .trunk: 16, .trunkLink: 16, .primary: 16, .primaryLink: 16, .secondary: 16, .secondaryLink: 16, .tertiary: 16,
        .tertiaryLink: 16, .unclassified: 16, .residential: 16, .livingStreet: 12, .service: 14, .road: 14, .track: 12,
        .pedestrian: 6, .footway: 6, .cycleway: 18, .path: 12, .steps: 2, .ferry: 10, .platform: 5,
    ]
    static let footSpeeds: [RoadClass: Double] = [.steps: 3, .ferry: 10]

    /// The profile of a routable way, or nil when no mode may use it.
    public static func profile(_ tags: [String: String]) -> WayProfile? {
        let roadClass: RoadClass
        if tags["route"] == "ferry" {
            roadClass = .ferry
        } else if let h = tags["highway"] {
            roadClass = RoadClass(highway: h)
            if roadClass == .other { return nil }
        } else {
            return nil
        }
        if tags["area"] == "yes" && roadClass != .pedestrian && roadClass != .footway && roadClass != .platform { return nil }
        if let a = tags["access"], a == "no", tags["highway"] == "construction" { return nil }
        var access: UInt8 = 0
        var speeds = [UInt8](repeating: 0, count: 3)
        let oneway = onewayDirection(tags, roadClass)
        let motorroad = tags["motorroad"] == "yes"
        for m in TravelMode.allCases {
            var allowed = classAllows(roadClass, m)
            var dismount = false
            if motorroad && m != .car { allowed = false }
            if let v = accessValue(tags, m) {
                if allowedValues.contains(v) { allowed = true }
                else if deniedValues.contains(v) { allowed = false }
                else if v == "dismount" && m == .bicycle { allowed = true; dismount = true }
            }
            // A designated cycleway or path for bikes stays closed to cars whatever `access` says.
            if m == .car && !classAllows(roadClass, .car) && tags["motor_vehicle"] == nil && tags["motorcar"] == nil { allowed = false }
            if m == .bicycle && (roadClass == .footway || roadClass == .pedestrian) && tags["bicycle"] == nil { dismount = true }
            if m == .bicycle && roadClass == .steps && tags["bicycle"] != "yes" { dismount = true }
            guard allowed else { continue }
            var fwd = true, bwd = true
            switch m {
            case .car:
                if oneway == 1 { bwd = false } else if oneway == -1 { fwd = false } else if oneway == 2 { fwd = false; bwd = false }
            case .bicycle:
                let bikeOneway = bicycleOneway(tags, general: oneway)
                if bikeOneway == 1 { bwd = false } else if bikeOneway == -1 { fwd = false }
            case .foot:
                if let f = tags["oneway:foot"] {
                    if ["yes", "1", "true"].contains(f) { bwd = false } else if f == "-1" { fwd = false }
                }
            }
            if fwd { access |= m.forwardBit }
            if bwd { access |= m.backwardBit }
            speeds[m.rawValue] = UInt8(max(1, min(255, speed(tags, roadClass, m, dismount: dismount).rounded())))
        }
        guard access != 0 else { return nil }
        let name = tags["name"] ?? tags["ref"] ?? ""
        return WayProfile(roadClass: roadClass, access: access, speeds: speeds, name: name)
    }

    /// 1 = forward only, -1 = backward only, 2 = closed (reversible), 0 = both.
    static func onewayDirection(_ tags: [String: String], _ c: RoadClass) -> Int {
        switch tags["oneway"] {
        case "yes", "1", "true": return 1
        case "-1", "reverse": return -1
        case "reversible", "alternating": return 2
        case "no", "false", "0": return 0
        default: break
        }
        if let j = tags["junction"], j == "roundabout" || j == "circular" { return 1 }
        if c == .motorway || c == .motorwayLink { return 1 }
        return 0
    }

    static func bicycleOneway(_ tags: [String: String], general: Int) -> Int {
        if let b = tags["oneway:bicycle"] {
            switch b {
            case "no", "false", "0": return 0
            case "yes", "1", "true": return 1
            case "-1": return -1
            default: break
            }
        }
        for k in ["cycleway", "cycleway:left", "cycleway:right", "cycleway:both"] {
            if let v = tags[k], v.hasPrefix("opposite") { return 0 }
        }
        return general == 2 ? 0 : general
    }

    package static func speed(_ tags: [String: String], _ c: RoadClass, _ m: TravelMode, dismount: Bool) -> Double {
        switch m {
        case .car:
            var s = carSpeeds[c] ?? 20
            if let raw = tags["maxspeed"], let limit = parseMaxspeed(raw) { s = max(5, min(limit * 0.9, 150)) }
            return s
        case .bicycle:
            if dismount { return min(5, bikeSpeeds[c] ?? 5) }
            var s = bikeSpeeds[c] ?? 14
            if let surf = tags["surface"], ["gravel", "dirt", "ground", "grass", "sand", "unpaved", "mud", "pebblestone"].contains(surf) { s = min(s, 10) }
            return s
        case .foot:
            return footSpeeds[c] ?? 5
        }
    }

    /// "50", "30 mph", "50;30" (lowest), "walk" (6); nil for "none"/"signals"/unknown.
    static func parseMaxspeed(_ raw: String) -> Double? {
        // "50;30" lists values for parts of the road or times of day: the lowest is the safe one.
        raw.split(separator: ";").compactMap { parseOneMaxspeed(String($0)) }.min()
    }

    static func parseOneMaxspeed(_ value: String) -> Double? {
        let lower = value.lowercased().trimmingCharacters(in: .whitespaces)
        if lower == "walk" { return 6 }
        let digits = lower.prefix { $0.isNumber || $0 == "." }
        guard let v = Double(digits), v > 0 else { return nil }
        return lower.contains("mph") ? v * 1.609 : lower.contains("knots") ? v * 1.852 : v
    }

    /// Which modes a barrier node stops (bits: car 1, bicycle 2, foot 4).
    public static func barrierBlocks(_ tags: [String: String]) -> UInt8 {
        var blocks: UInt8 = 0
        switch tags["barrier"] ?? "" {
        case "bollard", "block", "jersey_barrier", "cycle_barrier", "bus_trap", "planter", "log", "rope", "chain",
             "motorcycle_barrier", "height_restrictor": blocks = 1
        case "stile", "kissing_gate", "turnstile", "full-height_turnstile": blocks = 1 | 2
        case "fence", "wall", "hedge", "retaining_wall", "ditch", "city_wall": blocks = 1 | 2 | 4
        default: blocks = 0
        }
        // Node access tags override the barrier's default.
        for m in TravelMode.allCases {
            let bit = UInt8(1) << UInt8(m.rawValue)
            guard let v = accessValue(tags, m) else { continue }
            if allowedValues.contains(v) || (v == "dismount" && m == .bicycle) { blocks &= ~bit }
            else if deniedValues.contains(v) { blocks |= bit }
        }
        return blocks
    }
}
