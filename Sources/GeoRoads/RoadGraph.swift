// Read access to the road graph section of an open index (layout in
// RoadGraphFormat). Opening checks that the arrays the counts promise fit in
// the section; every later read is bounds-checked, and ids read from the file
// are clamped to their tables, so corrupt data can misroute but not crash.
import GeoBase

public struct RoadEdge: Sendable {
    public let index: Int
    public let from: Int
    public let to: Int
    public let profile: Int
    public let length: Double

    @inlinable init(index: Int, from: Int, to: Int, profile: Int, length: Double) {
        self.index = index
        self.from = from
        self.to = to
        self.profile = profile
        self.length = length
    }
}

public struct RoadProfile: Sendable {
    public let roadClass: RoadClass
    public let access: RoadAccess
    /// km/h per mode along the way (car, bicycle, foot) and against it.
    public let speeds: (UInt8, UInt8, UInt8)
    public let backwardSpeeds: (UInt8, UInt8, UInt8)
    /// Modes for which the way is for local access only (see WayProfile.restricted).
    public let restricted: TravelModes
    /// Directions in which a cyclist pushes.
    public let pushed: RoadAccess
    public let nameOffset: Int
    public let refOffset: Int
    public let pronunciationOffset: Int
    /// Part of a roundabout (`junction=roundabout|circular`).
    public let junction: RoadJunction
    /// Tunnel, and toll per direction (OSRM's classes `tunnel` and `toll`).
    public let flags: RoadFlags

    @inlinable init(roadClass: RoadClass, access: RoadAccess, speeds: (UInt8, UInt8, UInt8), backwardSpeeds: (UInt8, UInt8, UInt8),
                    restricted: TravelModes, pushed: RoadAccess, nameOffset: Int, refOffset: Int, pronunciationOffset: Int,
                    junction: RoadJunction, flags: RoadFlags) {
        self.roadClass = roadClass
        self.access = access
        self.speeds = speeds
        self.backwardSpeeds = backwardSpeeds
        self.restricted = restricted
        self.pushed = pushed
        self.nameOffset = nameOffset
        self.refOffset = refOffset
        self.pronunciationOffset = pronunciationOffset
        self.junction = junction
        self.flags = flags
    }

    /// Whether the way is a tunnel (`tunnel` set and not "no").
    @inlinable public var tunnel: Bool { flags.contains(.tunnel) }

    /// Whether the way is a toll road in that direction (`forward`: along the way).
    @inlinable public func toll(forward: Bool) -> Bool { flags.toll(forward: forward) }

    @inlinable public func allows(_ mode: TravelMode, forward: Bool) -> Bool {
        access.allows(mode, forward: forward)
    }

    /// km/h of `mode` along the way (`forward`) or against it.
    @inlinable public func speed(_ mode: TravelMode, forward: Bool) -> Double {
        let s = forward ? speeds : backwardSpeeds
        switch mode {
        case .car: return Double(s.0)
        case .bicycle: return Double(s.1)
        case .foot: return Double(s.2)
        }
    }

    /// Whether a cyclist pushes in that direction.
    @inlinable public func isPushed(forward: Bool) -> Bool { pushed.allows(.bicycle, forward: forward) }
}

public struct RoadGraph: Sendable {
    // Read in the router's and matcher's inner loops: inlinable into them across the module boundary.
    @usableFromInline package let view: ByteView
    /// Keeps the memory the view points into alive for as long as any copy of the graph exists.
    let owner: (any Sendable & AnyObject)?
    /// The turn restrictions binding each mode (indexed by TravelMode.rawValue).
    let turnTables: [TurnTable]
    @usableFromInline package let layout: RoadGraphFormat.Layout
    /// The routing overlay prepared at build time (RouteOverlay), nil when the index has none or it does
    /// not fit this graph: routes are then searched on the graph alone.
    public var overlay: RouteOverlay? { overlayStore?.overlay }
    /// One reference for the overlay and what keeps its bytes alive, so copying the graph (as every
    /// search's rules do) retains one object more, not several.
    private var overlayStore: OverlayStore?

    final class OverlayStore: Sendable {
        let overlay: RouteOverlay
        /// Keeps an overlay made in memory alive (the index's overlay lives in the index's mapping).
        let owner: (any Sendable & AnyObject)?
        init(_ overlay: RouteOverlay, owner: (any Sendable & AnyObject)?) { self.overlay = overlay; self.owner = owner }
    }
    @inlinable public var nodeCount: Int { layout.nodeCount }
    @inlinable public var edgeCount: Int { layout.edgeCount }
    @usableFromInline let gridMinLat: Int32, gridMinLon: Int32, cellLat: Int32, cellLon: Int32
    /// Byte offsets of the arrays, worked out once (the layout's computed properties add up on every call).
    @usableFromInline let nodesAt: Int, flagsAt: Int, adjStartAt: Int, adjAt: Int, edgesAt: Int, profilesAt: Int, shapesAt: Int,
        gridStartAt: Int, gridEdgesAt: Int, namesAt: Int

    /// The fastest speed any edge has for `mode`, in km/h (255 when the file does not say).
    public func maxSpeed(_ mode: TravelMode) -> Double {
        let v = view.u8(52 + mode.rawValue)
        return v == 0 ? 255 : Double(v)
    }

    /// The graph in `view`; `owner` must keep the bytes alive (the index's MappedFile).
    public init?(view: ByteView, owner: (any Sendable & AnyObject)? = nil, overlay: ByteView = .empty) {
        guard view.count >= RoadGraphFormat.headerSize, view.u32(0) == RoadGraphFormat.version else { return nil }
        var l = RoadGraphFormat.Layout()
        let limit = UInt32(Int32.max / 64)
        let counts = (1...7).map { view.u32($0 * 4) }
        guard counts.allSatisfy({ $0 <= limit }) else { return nil }
        l.nodeCount = Int(counts[0]); l.edgeCount = Int(counts[1]); l.profileCount = Int(counts[2])
        l.shapeCount = Int(counts[3]); l.rows = Int(counts[4]); l.cols = Int(counts[5]); l.gridEntryCount = Int(counts[6])
        l.namesLength = Int(view.u32(48))
        l.stubCount = Int(view.u32(56))
        l.restrictionCount = Int(view.u32(60))
        l.turnEdgeCount = Int(view.u32(64))
        guard l.namesLength <= view.count, l.stubCount <= Int(limit), l.restrictionCount <= Int(limit), l.turnEdgeCount <= Int(limit), l.rows >= 1, l.cols >= 1, l.rows * l.cols <= Int(limit),
              l.total == view.count else { return nil }
        gridMinLat = view.i32(32)
        gridMinLon = view.i32(36)
        cellLat = max(1, view.i32(40))
        cellLon = max(1, view.i32(44))
        layout = l
        self.view = view
        self.owner = owner
        nodesAt = l.nodes; flagsAt = l.nodeFlags; adjStartAt = l.adjStart; adjAt = l.adj; edgesAt = l.edges
        let restrictions = RoadGraph.readRestrictions(view, l)
        turnTables = TravelMode.allCases.map { m in TurnTable(restrictions.filter { $0.modes.contains(m) }) }
        profilesAt = l.profiles; shapesAt = l.shapes; gridStartAt = l.gridStart; gridEdgesAt = l.gridEdges; namesAt = l.names
        overlayStore = overlay.count == 0 ? nil : RouteOverlay(view: overlay, nodeCount: l.nodeCount, edgeCount: l.edgeCount)
            .map { OverlayStore($0, owner: nil) }
    }

    /// Why `init(view:)` refuses a section of another graph format version, naming both versions
    /// (as the index's own version check does); nil when the version is this program's.
    public static func versionMismatch(_ view: ByteView) -> String? {
        guard view.count >= 4 else { return "the road graph section is too short for its header" }
        let v = view.u32(0)
        guard v != RoadGraphFormat.version else { return nil }
        let relation = v > RoadGraphFormat.version ? "newer than" : "older than"
        return "road graph format version \(v) is \(relation) the version this program reads (\(RoadGraphFormat.version)); rebuild the index with `geoindex build`"
    }

    /// The same graph with the overlay in `bytes` (made in memory), or without one when they do not fit it.
    public func withOverlay(_ bytes: [UInt8]) -> RoadGraph {
        var g = self
        let storage = GraphStorage(bytes)
        g.overlayStore = RouteOverlay(view: storage.view, nodeCount: nodeCount, edgeCount: edgeCount).map { OverlayStore($0, owner: storage) }
        return g
    }

    /// The turn restrictions that bind `mode`.
    public func turns(_ mode: TravelMode) -> TurnTable { turnTables[mode.rawValue] }

    /// The box the edge grid covers: the road network's extent.
    public var extent: BoundingBox {
        FixedBoundingBox(minLon: gridMinLon, minLat: gridMinLat,
                         maxLon: Int32(clamping: Int64(gridMinLon) + Int64(cellLon) * Int64(layout.cols)),
                         maxLat: Int32(clamping: Int64(gridMinLat) + Int64(cellLat) * Int64(layout.rows))).boundingBox
    }

    @inlinable @inline(__always) public func coordinate(ofNode n: Int) -> FixedCoordinate {
        let o = nodesAt + n * 8
        return FixedCoordinate(lat: view.i32(o), lon: view.i32(o + 4))
    }

    /// The modes a barrier at node `n` stops (none for most nodes).
    @inlinable @inline(__always) public func barrier(_ n: Int) -> TravelModes { TravelModes(rawValue: view.u8(flagsAt + n) & 7) }

    /// Whether node `n` has traffic signals.
    @inlinable @inline(__always) public func hasSignals(_ n: Int) -> Bool { view.u8(flagsAt + n) & RoadGraphFormat.signalsFlag != 0 }

    /// Whether a turn restriction passes node `n` (only there does a turn need looking up).
    @inlinable @inline(__always) public func hasTurnRestriction(_ n: Int) -> Bool { view.u8(flagsAt + n) & RoadGraphFormat.turnFlag != 0 }

    /// Adjacent edge entries of node `n`: (edge index, traversed against the way's direction).
    @inlinable @inline(__always) public func forEachAdjacent(_ n: Int, _ body: (Int, Bool) -> Void) {
        guard n >= 0, n < layout.nodeCount else { return }
        let a = Int(view.u32(adjStartAt + n * 4)), b = Int(view.u32(adjStartAt + n * 4 + 4))
        guard a <= b, b <= layout.edgeCount * 2 else { return }
        for k in a..<b {
            let v = view.u32(adjAt + k * 4)
            let e = Int(v >> 1)
            if e < layout.edgeCount { body(e, v & 1 == 1) }
        }
    }

    /// How many edges meet at node `n` (any mode).
    @inlinable public func degree(of n: Int) -> Int {
        guard n >= 0, n < layout.nodeCount else { return 0 }
        let a = Int(view.u32(adjStartAt + n * 4)), b = Int(view.u32(adjStartAt + n * 4 + 4))
        return a <= b && b <= layout.edgeCount * 2 ? b - a : 0
    }

    @inlinable @inline(__always) public func edge(_ e: Int) -> RoadEdge {
        let o = edgesAt + e * RoadGraphFormat.edgeSize
        let len = Float(bitPattern: view.u32(o + 12))
        return RoadEdge(index: e, from: min(Int(view.u32(o)), max(0, layout.nodeCount - 1)),
                        to: min(Int(view.u32(o + 4)), max(0, layout.nodeCount - 1)),
                        profile: min(Int(view.u32(o + 8)), max(0, layout.profileCount - 1)),
                        length: len.isFinite && len >= 0 ? Double(len) : 0)
    }

    @inlinable public func profile(_ p: Int) -> RoadProfile {
        // The 24 bytes as three words (three bounds checks, not thirteen: searches read a profile per edge).
        let o = profilesAt + p * RoadGraphFormat.profileSize
        let a = view.u64(o), b = view.u64(o + 8), c = view.u64(o + 16)
        @inline(__always) func byte(_ w: UInt64, _ i: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: w >> (8 * i)) }
        return RoadProfile(roadClass: RoadClass(rawValue: byte(a, 0)) ?? .other, access: RoadAccess(byte: byte(a, 1)),
                           speeds: (byte(a, 2), byte(a, 3), byte(a, 4)),
                           backwardSpeeds: (byte(a, 5), byte(a, 6), byte(a, 7)),
                           restricted: TravelModes(rawValue: byte(b, 0) & 7), pushed: RoadAccess(byte: byte(b, 1)),
                           nameOffset: Int(UInt32(truncatingIfNeeded: b >> 32)), refOffset: Int(UInt32(truncatingIfNeeded: c)),
                           pronunciationOffset: Int(UInt32(truncatingIfNeeded: c >> 32)),
                           junction: RoadJunction(rawValue: byte(b, 2)) ?? .none,
                           flags: RoadFlags(rawValue: byte(b, 3) & RoadFlags.known))
    }

    @inlinable public func name(ofProfile p: RoadProfile) -> String { string(at: p.nameOffset) }

    /// The road's `ref` ("A 8;E 80"), "" when it has none.
    @inlinable public func ref(ofProfile p: RoadProfile) -> String { string(at: p.refOffset) }

    /// The road's `name:pronunciation`, "" when it has none.
    @inlinable public func pronunciation(ofProfile p: RoadProfile) -> String { string(at: p.pronunciationOffset) }

    @inlinable func string(at offset: Int) -> String {
        var o = namesAt + offset
        guard offset >= 0, offset < layout.namesLength else { return "" }
        return view.string(&o) ?? ""
    }

    /// Whether the profile's road has a name, without decoding it (the name's length comes first).
    @inlinable public func isNamed(_ p: RoadProfile) -> Bool {
        p.nameOffset < layout.namesLength && view.u8(namesAt + p.nameOffset) != 0
    }

    /// Points between the edge's end nodes, in way order.
    @inlinable public func shape(ofEdge e: Int) -> Range<Int> {
        let o = edgesAt + e * RoadGraphFormat.edgeSize
        let start = min(Int(view.u32(o + 16)), layout.shapeCount)
        let end = e + 1 < layout.edgeCount ? min(Int(view.u32(o + 16 + RoadGraphFormat.edgeSize)), layout.shapeCount) : layout.shapeCount
        // A corrupt file cannot make one edge as long as the whole shape table.
        return start..<max(start, min(end, start + RoadGraphFormat.maxShapePoints))
    }

    @inlinable @inline(__always) public func shapePoint(_ i: Int) -> FixedCoordinate {
        let o = shapesAt + i * 8
        return FixedCoordinate(lat: view.i32(o), lon: view.i32(o + 4))
    }

    /// The full geometry of an edge in way order (end nodes included).
    @inlinable public func geometry(ofEdge e: Int) -> [FixedCoordinate] {
        let ed = edge(e)
        var pts = [coordinate(ofNode: ed.from)]
        for i in shape(ofEdge: e) { pts.append(shapePoint(i)) }
        pts.append(coordinate(ofNode: ed.to))
        return pts
    }

    /// Edges whose segments may pass within the box.
    @inlinable public func edges(near box: FixedBoundingBox, _ body: (Int) -> Void) {
        let rows = layout.rows, cols = layout.cols
        func row(_ lat: Int32) -> Int { max(0, min(rows - 1, Int((Int64(lat) - Int64(gridMinLat)) / Int64(cellLat)))) }
        func col(_ lon: Int32) -> Int { max(0, min(cols - 1, Int((Int64(lon) - Int64(gridMinLon)) / Int64(cellLon)))) }
        let r0 = row(box.minLat), r1 = row(box.maxLat), c0 = col(box.minLon), c1 = col(box.maxLon)
        guard r0 <= r1, c0 <= c1 else { return }
        for r in r0...r1 {
            for c in c0...c1 { edges(inCellRow: r, col: c, body) }
        }
    }

    public var profileCount: Int { layout.profileCount }

    /// The OSM id of node `n` (0 when unknown), so the graphs of neighbouring regions can be joined.
    public func osmID(ofNode n: Int) -> Int64 {
        guard n >= 0, n < layout.nodeCount else { return 0 }
        return view.i64(layout.osmIDs + n * 8)
    }

    /// The OSM node id of shape point `i` (0 when unknown or out of range).
    @inlinable public func osmID(ofShapePoint i: Int) -> Int64 {
        guard i >= 0, i < layout.shapeCount else { return 0 }
        return view.i64(layout.shapeIDs + i * 8)
    }

    /// The OSM node ids of an edge's points in way order, end nodes included (parallel to `geometry(ofEdge:)`).
    public func osmIDs(ofEdge e: Int) -> [Int64] {
        let ed = edge(e)
        var ids = [osmID(ofNode: ed.from)]
        for i in shape(ofEdge: e) { ids.append(osmID(ofShapePoint: i)) }
        ids.append(osmID(ofNode: ed.to))
        return ids
    }

    /// How many ways the extract cut at this graph's nodes (see `stub(_:)`).
    public var stubCount: Int { layout.stubCount }

    /// A way cut by the extract: it went on from `node` to the OSM node `neighbor`, which is
    /// not in this graph (`forward`: in the way's direction).
    public func stub(_ k: Int) -> (node: Int, profile: Int, neighbor: Int64, forward: Bool) {
        let o = layout.stubs + k * RoadGraphFormat.stubSize
        return (min(Int(view.u32(o)), max(0, layout.nodeCount - 1)), min(Int(view.u32(o + 4)), max(0, layout.profileCount - 1)),
                view.i64(o + 8), view.u8(o + 16) != 0)
    }
}
