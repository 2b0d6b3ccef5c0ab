// Which OSM turn restriction relations bind which travel mode, as OSRM's
// profiles decide it: the car profile obeys `restriction` and the
// `restriction:motorcar|motor_vehicle|vehicle` keys unless `except` names one
// of those classes; the bicycle and foot profiles obey none
// (`use_turn_restrictions = false` in OSRM's bicycle.lua and foot.lua).
// Conditional restrictions (`restriction:conditional = no_left_turn @ (…)`)
// are read but not applied, as OSRM does unless it is told a time: a route
// that is right at some hours is better than none at all.
import Foundation

public enum RestrictionRules {
    /// The vehicle classes the car obeys restrictions for, and that `except` may exempt.
    static let carClasses = ["motorcar", "motor_vehicle", "vehicle"]

    /// What a relation restricts: `only` (only_* = the one way out allowed) or not (no_* = the turn
    /// forbidden), and the modes bound; nil when it is not a turn restriction that binds any mode.
    public static func interpret(_ tags: [String: String]) -> (only: Bool, modes: TravelModes)? {
        guard let type = tags["type"], type == "restriction" || type.hasPrefix("restriction:") else { return nil }
        var value = tags["restriction"]
        for c in carClasses where value == nil { value = tags["restriction:" + c] }
        guard let v = value?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let except = tags["except"] {
            let exempt = except.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            if exempt.contains(where: carClasses.contains) { return nil }
        }
        if v.hasPrefix("only_") { return (true, .car) }
        if v.hasPrefix("no_") { return (false, .car) }
        return nil
    }

    /// True for a relation that only carries a conditional restriction (read, not applied).
    public static func isConditionalOnly(_ tags: [String: String]) -> Bool {
        tags["type"] == "restriction" && interpret(tags) == nil && tags.keys.contains { $0.hasPrefix("restriction") && $0.hasSuffix(":conditional") }
    }
}
