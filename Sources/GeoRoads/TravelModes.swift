// Sets of travel modes: one type for "which modes" wherever the code asks it
// (the modes a barrier stops, the modes that may travel a way in each
// direction), so no caller shifts bits by a mode's raw value. The graph file
// stores two layouts of such sets (docs/FORMAT.md): a barrier byte holds one
// set as it is; a profile's access byte interleaves the forward and backward
// sets. `RoadAccess` converts at that boundary, nowhere else.

/// A set of travel modes, one bit a mode: car 1, bicycle 2, foot 4 (the graph's barrier byte).
public struct TravelModes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    @inlinable public init(_ mode: TravelMode) { rawValue = UInt8(1) << UInt8(mode.rawValue) }

    public static let car = TravelModes(.car)
    public static let bicycle = TravelModes(.bicycle)
    public static let foot = TravelModes(.foot)
    public static let all: TravelModes = [.car, .bicycle, .foot]

    @inlinable public func contains(_ mode: TravelMode) -> Bool { rawValue & TravelModes(mode).rawValue != 0 }
}

/// Which modes may travel a way along its node order (`forward`) and against it (`backward`).
public struct RoadAccess: Hashable, Sendable {
    public var forward: TravelModes
    public var backward: TravelModes

    @inlinable public init(forward: TravelModes = [], backward: TravelModes = []) {
        self.forward = forward
        self.backward = backward
    }

    public var isEmpty: Bool { forward.isEmpty && backward.isEmpty }

    /// Only the directions of the modes in `modes`.
    public func intersection(_ modes: TravelModes) -> RoadAccess {
        RoadAccess(forward: forward.intersection(modes), backward: backward.intersection(modes))
    }

    @inlinable public func allows(_ mode: TravelMode, forward along: Bool) -> Bool {
        (along ? forward : backward).contains(mode)
    }

    /// The access byte of a profile in the graph file: mode m's forward bit is bit 2m, its backward bit 2m + 1.
    @inlinable public init(byte: UInt8) {
        // Mode m's forward bit 2m to bit m, its backward bit 2m + 1 to bit m (read per edge in searches).
        let f = (byte & 1) | ((byte >> 1) & 2) | ((byte >> 2) & 4)
        let b = ((byte >> 1) & 1) | ((byte >> 2) & 2) | ((byte >> 3) & 4)
        self.init(forward: TravelModes(rawValue: f), backward: TravelModes(rawValue: b))
    }

    /// The byte `init(byte:)` reads.
    public var byte: UInt8 {
        var v: UInt8 = 0
        for m in TravelMode.allCases {
            if forward.contains(m) { v |= UInt8(1) << UInt8(2 * m.rawValue) }
            if backward.contains(m) { v |= UInt8(1) << UInt8(2 * m.rawValue + 1) }
        }
        return v
    }
}
