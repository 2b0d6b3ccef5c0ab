// OSM access, direction and speed rules per travel mode, in the spirit of the
// OSRM and GraphHopper profiles: which road classes each mode may use, the
// access tag hierarchy (access → vehicle → motor_vehicle/bicycle, foot),
// oneway variants and their bicycle exceptions (read by Oneway), barriers on
// nodes, and speeds by class (maxspeed honoured for cars). `profile` is its
// steps in order: the routable class, then per mode permission, oneway, speed.
import Foundation

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

    /// The profile of a routable way, or nil when no mode may use it: its road class, then per mode
    /// whether the mode may use it, in which directions, and how fast.
    public static func profile(_ tags: [String: String]) -> WayProfile? {
        guard let roadClass = routableClass(tags) else { return nil }
        let general = Oneway(tags: tags, roadClass: roadClass)
        var access = RoadAccess()
        var pushed = RoadAccess()
        var speeds = [UInt8](repeating: 0, count: 3)
        for m in TravelMode.allCases {
            let use = permission(tags, roadClass, m)
            guard use != .denied else { continue }
            let oneway = oneway(tags, m, general: general)
            if oneway.allowsForward { access.forward.insert(TravelModes(m)) }
            if oneway.allowsBackward { access.backward.insert(TravelModes(m)) }
            if use == .dismounted { pushed = access.intersection(.bicycle) }
            speeds[m.rawValue] = speedByte(speed(tags, roadClass, m, dismount: use == .dismounted))
        }
        guard !access.isEmpty else { return nil }
        return WayProfile(roadClass: roadClass, access: access, speeds: speeds, pushed: pushed,
                          name: tags["name"] ?? "", ref: tags["ref"] ?? "", pronunciation: tags["name:pronunciation"] ?? "")
    }

    /// The road class of a way the router may use (a highway of a known class or a ferry route),
    /// or nil: areas other than pedestrian squares and platforms, closed construction sites.
    static func routableClass(_ tags: [String: String]) -> RoadClass? {
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
        return roadClass
    }

    /// Whether a mode may use a way of a class, and whether a cyclist must push along it.
    enum Permission { case denied, allowed, dismounted }

    /// The class default, then the mode's access hierarchy; motorroads are for cars only.
    static func permission(_ tags: [String: String], _ roadClass: RoadClass, _ m: TravelMode) -> Permission {
        var allowed = classAllows(roadClass, m)
        var dismount = false
        if tags["motorroad"] == "yes" && m != .car { allowed = false }
        if let v = accessValue(tags, m) {
            if allowedValues.contains(v) { allowed = true }
            else if deniedValues.contains(v) { allowed = false }
            else if v == "dismount" && m == .bicycle { allowed = true; dismount = true }
        }
        // A designated cycleway or path for bikes stays closed to cars whatever `access` says.
        if m == .car && !classAllows(roadClass, .car) && tags["motor_vehicle"] == nil && tags["motorcar"] == nil { allowed = false }
        if m == .bicycle && (roadClass == .footway || roadClass == .pedestrian) && tags["bicycle"] == nil { dismount = true }
        if m == .bicycle && roadClass == .steps && tags["bicycle"] != "yes" { dismount = true }
        return !allowed ? .denied : dismount ? .dismounted : .allowed
    }

    /// The directions open to a mode: the general oneway for cars, its bicycle exceptions, `oneway:foot`.
    static func oneway(_ tags: [String: String], _ m: TravelMode, general: Oneway) -> Oneway {
        switch m {
        case .car: general
        case .bicycle: Oneway(bicycleTags: tags, general: general)
        case .foot: Oneway(footTags: tags)
        }
    }

    /// A speed as the graph stores it: whole km/h, 1 to 255.
    static func speedByte(_ kmh: Double) -> UInt8 { UInt8(max(1, min(255, kmh.rounded()))) }

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

    /// Which modes a barrier node stops.
    public static func barrierBlocks(_ tags: [String: String]) -> TravelModes {
        var blocks: TravelModes
        switch tags["barrier"] ?? "" {
        case "bollard", "block", "jersey_barrier", "cycle_barrier", "bus_trap", "planter", "log", "rope", "chain",
             "motorcycle_barrier", "height_restrictor": blocks = .car
        case "stile", "kissing_gate", "turnstile", "full-height_turnstile": blocks = [.car, .bicycle]
        case "fence", "wall", "hedge", "retaining_wall", "ditch", "city_wall": blocks = .all
        default: blocks = []
        }
        // Node access tags override the barrier's default.
        for m in TravelMode.allCases {
            guard let v = accessValue(tags, m) else { continue }
            if allowedValues.contains(v) || (v == "dismount" && m == .bicycle) { blocks.remove(TravelModes(m)) }
            else if deniedValues.contains(v) { blocks.insert(TravelModes(m)) }
        }
        return blocks
    }
}
