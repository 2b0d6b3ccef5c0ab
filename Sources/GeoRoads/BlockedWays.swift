// Ways a mode never uses whatever their access tags say, OSRM's
// WayHandlers.blocked_ways and avoid_ways with each profile's `avoid` set:
// areas, steps and reversible roads for cars only; construction sites,
// proposed roads and `motorroad=yes` per mode; impassable ways for everyone.

struct Avoid: OptionSet {
    let rawValue: Int
    static let area = Avoid(rawValue: 1), steps = Avoid(rawValue: 2), reversible = Avoid(rawValue: 4)
    static let construction = Avoid(rawValue: 8), proposed = Avoid(rawValue: 16), motorroad = Avoid(rawValue: 32)
    static let impassable = Avoid(rawValue: 64)

    /// car.lua: area, reversible, impassable, hov_lanes (handled as restricted), steps, construction, proposed.
    static let car: Avoid = [.area, .reversible, .impassable, .steps, .construction, .proposed]
    /// bicycle.lua: impassable, construction, proposed, motorroad.
    static let bicycle: Avoid = [.impassable, .construction, .proposed, .motorroad]
    /// foot.lua: impassable, proposed, motorroad (a pedestrian walks through road works).
    static let foot: Avoid = [.impassable, .proposed, .motorroad]

    /// construction_whitelist: `construction=*` values that leave the road open.
    static let openConstruction: Set<String> = ["no", "widening", "minor"]

    /// True when the way is closed to the mode whose `avoid` set this is.
    func blocks(_ t: Tags) -> Bool {
        let highway = t["highway"]
        if contains(.area) && t["area"] == "yes" { return true }
        if contains(.steps) && highway == "steps" { return true }
        if contains(.construction) && (highway == "construction" || t["railway"] == "construction") { return true }
        if contains(.motorroad) && t["motorroad"] == "yes" { return true }
        if contains(.construction), let c = t["construction"], !Avoid.openConstruction.contains(c) { return true }
        // A real road with a `proposed=*` upgrade stays routable; only a road not yet built is left out.
        if contains(.proposed) && t["proposed"] != nil && (highway == nil || highway == "proposed") { return true }
        if contains(.reversible) && t["oneway"] == "reversible" { return true }
        if contains(.impassable) && (t["impassable"] == "yes" || t["status"] == "impassable") { return true }
        // avoid_ways (car.lua only): a highway value named in the set.
        if self == Avoid.car, let highway, ["steps", "construction", "proposed"].contains(highway) { return true }
        return false
    }
}
