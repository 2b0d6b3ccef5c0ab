// Which OSM turn restriction relations bind which travel mode, as OSRM's
// profiles decide it: the car obeys `restriction` and the
// `restriction:motorcar|motor_vehicle|vehicle` keys, the bicycle `restriction`
// and `restriction:bicycle`, each unless `except` names one of its classes;
// pedestrians obey none (`use_turn_restrictions = false` in OSRM's foot.lua).
// Conditional restrictions (`restriction:conditional = no_left_turn @ (…)`)
// are not applied, as OSRM does unless it is told a time: a route
// that is right at some hours is better than none at all.
import Foundation

public enum RestrictionRules {
    /// The vehicle classes whose restrictions each mode obeys, and that `except` may exempt.
    static let classes: [(TravelMode, [String])] = [(.car, ["motorcar", "motor_vehicle", "vehicle"]), (.bicycle, ["bicycle"])]

    /// What a relation restricts: `only` (only_* = the one way out allowed) or not (no_* = the turn
    /// forbidden), and the modes bound; nil when it is not a turn restriction that binds any mode.
    public static func interpret(_ tags: [String: String]) -> (only: Bool, modes: TravelModes)? {
        guard let type = tags["type"], type == "restriction" || type.hasPrefix("restriction:") else { return nil }
        let exempt = Set((tags["except"] ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
        var modes: TravelModes = []
        var only = false
        for (mode, keys) in classes where !keys.contains(where: exempt.contains) {
            var value = tags["restriction"]
            for k in keys where value == nil { value = tags["restriction:" + k] }
            guard let v = value?.trimmingCharacters(in: .whitespaces), v.hasPrefix("no_") || v.hasPrefix("only_") else { continue }
            modes.insert(TravelModes(mode))
            only = v.hasPrefix("only_")
        }
        return modes.isEmpty ? nil : (only, modes)
    }
}
