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
    /// Tunnel and toll (per direction): OSRM's classes beyond motorway, ferry and restricted.
    public var flags: RoadFlags

    public init(roadClass: RoadClass, access: RoadAccess, speeds: [UInt8], backwardSpeeds: [UInt8]? = nil,
                restricted: TravelModes = [], pushed: RoadAccess = RoadAccess(), name: String, ref: String = "",
                pronunciation: String = "", junction: RoadJunction = .none, flags: RoadFlags = []) {
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
        self.flags = flags
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

/// What OSRM's WayHandlers.classes reads from a way besides its class and access: `tunnel` (both
/// directions) and `toll` (per direction), one byte of the profile in the file (bit 0 tunnel, bit 1
/// toll along the way, bit 2 toll against it). Guidance lists them as intersection classes and
/// `exclude=toll` leaves the toll directions out.
public struct RoadFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let tunnel = RoadFlags(rawValue: 1)
    public static let tollForward = RoadFlags(rawValue: 2)
    public static let tollBackward = RoadFlags(rawValue: 4)
    /// The bits a reader keeps (the others are reserved: a hostile byte cannot set what no writer does).
    @usableFromInline static let known: UInt8 = 7

    /// `tunnel` present and not "no"; `toll`, `toll:forward`, `toll:backward` = "yes" read as
    /// Tags.get_forward_backward_by_key reads them (the plain key only where the car's oneway leaves
    /// the direction open).
    public init(tags: [String: String]) {
        var f: RoadFlags = []
        if let t = tags["tunnel"], t != "no" { f.insert(.tunnel) }
        let toll = tags.forwardBackward(key: "toll", oneway: Oneway(carTags: tags))
        if toll.forward == "yes" { f.insert(.tollForward) }
        if toll.backward == "yes" { f.insert(.tollBackward) }
        self = f
    }

    /// Whether the way is a toll road in the direction travelled (`forward`: along the way).
    @inlinable public func toll(forward: Bool) -> Bool { contains(forward ? .tollForward : .tollBackward) }
}
