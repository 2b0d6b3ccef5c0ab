// What the road graph stores about one way, for all modes at once: the value
// AccessRules makes from a way's tags and the graph's profile table holds
// (RoadGraphFormat, 24 bytes a profile). Equal profiles are stored once, so
// it is Hashable; a field added here is a field of the file format.

public struct WayProfile: Hashable, Sendable {
    public var roadClass: RoadClass
    /// The modes that may travel the way in each direction.
    public var access: RoadAccess
    /// km/h per mode along the way's node order (0 where not allowed).
    public var speeds: [UInt8]
    /// km/h per mode against it (a cyclist pushing against a oneway walks).
    public var backwardSpeeds: [UInt8]
    /// Modes for which the way is for local access only (`access=destination`, `private`, …): a
    /// route may start or end on it, and enters it from an unrestricted road only at a high price.
    public var restricted: TravelModes
    /// Directions in which a cyclist pushes the bike (a footway, against a oneway); only the bicycle
    /// bits are used.
    public var pushed: RoadAccess
    public var name: String
    public var ref: String
    public var pronunciation: String
    /// `junction=roundabout` or `junction=circular` (turn-by-turn guidance counts a roundabout's exits).
    public var junction: RoadJunction

    public init(roadClass: RoadClass, access: RoadAccess, speeds: [UInt8], backwardSpeeds: [UInt8]? = nil,
                restricted: TravelModes = [], pushed: RoadAccess = RoadAccess(), name: String, ref: String = "",
                pronunciation: String = "", junction: RoadJunction = .none) {
        self.roadClass = roadClass
        self.access = access
        self.speeds = speeds
        self.backwardSpeeds = backwardSpeeds ?? speeds
        self.restricted = restricted
        self.pushed = pushed
        self.name = name
        self.ref = ref
        self.pronunciation = pronunciation
        self.junction = junction
    }

    /// km/h of `mode` in one direction.
    public func speed(_ mode: TravelMode, forward: Bool) -> UInt8 {
        (forward ? speeds : backwardSpeeds)[mode.rawValue]
    }
}

/// Whether a way is part of a roundabout: OSRM's `roundabout` and `circular` flags (car.lua reads
/// `junction`), one byte of the profile in the file.
public enum RoadJunction: UInt8, Sendable, Hashable {
    case none = 0
    /// `junction=roundabout`.
    case roundabout = 1
    /// `junction=circular`: a roundabout without right of way for those on it (OSRM names it a rotary when named).
    case circular = 2

    public init(tags: [String: String]) {
        switch tags["junction"] {
        case "roundabout": self = .roundabout
        case "circular": self = .circular
        default: self = .none
        }
    }

    public var isRoundabout: Bool { self != .none }
}
