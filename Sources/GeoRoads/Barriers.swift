// Which modes a node stops, as OSRM 26.10's process_node decides it per
// profile. An access tag on the node (the mode's hierarchy) decides alone when
// there is one. Otherwise the car passes only the barriers of car.lua's
// barrier_whitelist, gates and lift gates (OSRM charges a delay there that the
// graph does not keep), rising bollards, flat kerbs and audible fences, and is
// stopped by any other barrier value, a height restrictor lower than the car
// included; bicycles and pedestrians are stopped only by walls, fences and
// `barrier=yes` (bicycle.lua and foot.lua barrier_blacklist).

extension AccessRules {
    /// car.lua barrier_whitelist.
    static let carBarrierWhitelist: Set<String> = [
        "cattle_grid", "border_control", "toll_booth", "sally_port", "no", "entrance", "height_restrictor", "arch",
    ]
    /// car.lua barrier_penalties: passed after a wait.
    static let carGates: Set<String> = ["gate", "lift_gate"]
    /// bicycle.lua and foot.lua barrier_blacklist.
    static let closedBarriers: Set<String> = ["yes", "wall", "fence"]

    /// Which modes a barrier node stops.
    public static func barrierBlocks(_ tags: [String: String]) -> TravelModes {
        var blocks: TravelModes = []
        if carBlocked(tags) { blocks.insert(.car) }
        if bicycleBlocked(tags) { blocks.insert(.bicycle) }
        if footBlocked(tags) { blocks.insert(.foot) }
        return blocks
    }

    static func carBlocked(_ t: Tags) -> Bool {
        // A restricted value (private, destination…) does not stop a car at the node: the ways decide.
        if let access = CarRules.vocabulary.resolve(t.first(of: CarRules.accessKeys)) {
            return CarRules.vocabulary.forbids(access) && !CarRules.vocabulary.restricts(access)
        }
        guard let barrier = t["barrier"] else { return false }
        if barrier == "height_restrictor", let h = Measure.height(t["maxheight"]), h < CarRules.height { return true }
        // OSRM passes any barrier tagged kerb=lowered or flush, a bollard included; only a kerb is flat.
        let flatKerb = barrier == "kerb" && (t["kerb"] == "lowered" || t["kerb"] == "flush" || t["highway"] == "crossing")
        return !(carBarrierWhitelist.contains(barrier) || carGates.contains(barrier) || t["bollard"] == "rising"
                 || flatKerb || audibleFence(t))
    }

    static func bicycleBlocked(_ t: Tags) -> Bool {
        if let access = t.first(of: BicycleRules.accessKeys), !access.isEmpty {
            // Access on a crossing node is about the crossing traffic, not the road's.
            return BicycleRules.vocabulary.forbids(access) && t["highway"] != "crossing"
        }
        guard let barrier = t["barrier"], !barrier.isEmpty else { return false }
        // OSRM lets bicycles through every barrier but walls and fences, a full-height turnstile
        // too, which no bicycle passes: it stops them here.
        return (closedBarriers.contains(barrier) && !audibleFence(t)) || barrier == "full-height_turnstile"
    }

    static func footBlocked(_ t: Tags) -> Bool {
        if let access = t.first(of: FootRules.accessKeys) { return FootRules.vocabulary.forbids(access) }
        guard let barrier = t["barrier"] else { return false }
        return closedBarriers.contains(barrier) && t["bollard"] != "rising" && !audibleFence(t)
    }

    /// A virtual livestock fence (sensory=audible) stops no one.
    static func audibleFence(_ t: Tags) -> Bool {
        t["barrier"] == "fence" && (t["sensory"] == "audible" || t["sensory"] == "audio")
    }
}
