// What a way's oneway tags say about its two directions, as a value instead
// of the integer codes the rules once passed around (1, −1, 2, 0). It never
// reaches the file: AccessRules folds it into each mode's access bits
// (RoadAccess), so the graph's format does not depend on it; the raw values
// are those codes, kept so the rules read as OSM's tag values do.

package enum Oneway: Int, Sendable {
    /// Both directions open (`oneway=no`, or no tag on an ordinary road).
    case no = 0
    /// Only along the way's node order (`oneway=yes`, roundabouts, motorways).
    case forward = 1
    /// Only against it (`oneway=-1`).
    case backward = -1
    /// Neither, for cars: the direction changes with the time of day (`oneway=reversible`).
    case reversible = 2

    package var allowsForward: Bool { self == .no || self == .forward }
    package var allowsBackward: Bool { self == .no || self == .backward }

    /// The oneway of a way for cars: its `oneway` tag, else what its junction or class implies.
    package init(tags: [String: String], roadClass c: RoadClass) {
        switch tags["oneway"] {
        case "yes", "1", "true": self = .forward; return
        case "-1", "reverse": self = .backward; return
        case "reversible", "alternating": self = .reversible; return
        case "no", "false", "0": self = .no; return
        default: break
        }
        if let j = tags["junction"], j == "roundabout" || j == "circular" { self = .forward; return }
        self = c == .motorway || c == .motorwayLink ? .forward : .no
    }

    /// The oneway for bicycles: `oneway:bicycle`, or none where a contraflow lane (`cycleway=opposite*`)
    /// is tagged, else the general one (a reversible road stays open to bicycles).
    package init(bicycleTags tags: [String: String], general: Oneway) {
        if let b = tags["oneway:bicycle"] {
            switch b {
            case "no", "false", "0": self = .no; return
            case "yes", "1", "true": self = .forward; return
            case "-1": self = .backward; return
            default: break
            }
        }
        for k in ["cycleway", "cycleway:left", "cycleway:right", "cycleway:both"] {
            if let v = tags[k], v.hasPrefix("opposite") { self = .no; return }
        }
        self = general == .reversible ? .no : general
    }

    /// The oneway for walkers: only `oneway:foot` (a oneway street is two-way on foot).
    package init(footTags tags: [String: String]) {
        switch tags["oneway:foot"] {
        case "yes", "1", "true": self = .forward
        case "-1": self = .backward
        default: self = .no
        }
    }
}
