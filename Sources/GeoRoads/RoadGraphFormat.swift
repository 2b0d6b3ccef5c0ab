// Layout of the road graph section (GRPH). An 80-byte header: u32 version,
// the seven u32 counts of the arrays (nodes, edges, profiles, shapes, grid rows, grid
// cols, grid entries), i32 grid origin lat/lon and cell size lat/lon, u32 names
// length, then u8 fastest km/h for car/bicycle/foot (bytes 52–54; 0 = unknown),
// u32 stub count (byte 56), u32 turn restriction count (60), u32 turn edge count
// (64), zero padding. Then fixed-size arrays whose positions follow from the counts:
//   nodes        nodeCount × (i32 lat, i32 lon), Hilbert-ordered
//   nodeFlags    nodeCount × u8: bits 0–2 the modes a barrier stops (a TravelModes set: car 1,
//                bicycle 2, foot 4), bit 3 traffic signals, bit 4 a turn restriction passes the
//                node (the search looks the turn up only there); padded to 4
//   adjStart     (nodeCount + 1) × u32  — CSR offsets into adj
//   adj          2·edgeCount × u32      — edge << 1 | 1 when traversed against the way's direction
//   edges        edgeCount × 20 bytes   — from u32, to u32, profile u32, length f32 (m), shapeStart u32
//   profiles     profileCount × 24      — class u8, access u8 (mode m forward bit 2m, backward 2m + 1: RoadAccess(byte:)),
//                                         km/h car/bicycle/foot along the way u8 ×3, against it u8 ×3,
//                                         restricted modes u8 (TravelModes: access=destination,
//                                         private…: entered only to reach a place on it), pushed u8
//                                         (RoadAccess byte: directions a cyclist walks), junction u8
//                                         (RoadJunction: 1 roundabout, 2 circular), flags u8 (RoadFlags:
//                                         bit 0 tunnel, bit 1 toll along the way, bit 2 toll against it),
//                                         name, ref, name:pronunciation offsets u32 ×3
//   shapes       shapeCount × (i32, i32) — points between an edge's end nodes, edge by edge
//   gridStart    (rows·cols + 1) × u32  — uniform grid over edge segments, CSR
//   gridEdges    gridEntryCount × u32
//   names        varint-length UTF-8 strings, padded to 8
//   osmIDs       nodeCount × i64        — each node's OSM id, so graphs of neighbouring regions join
//   shapeIDs     shapeCount × i64       — each shape point's OSM node id, parallel to shapes (OSRM's
//                                         `nodes` annotation names every point of a route)
//   stubs        stubCount × 24         — node u32, profile u32, OSM id of the left-out neighbour i64,
//                                         forward u8 (in the way's direction), pad ×7: where the
//                                         extract cut a way (joined to the neighbour's region)
//   restrictions restrictionCount × 8   — first turn edge u32, edge count u8 (2 = via a node, more =
//                                         via ways), modes u8 (TravelModes bound), pad u16; sorted by
//                                         their edge sequences
//   turnEdges    turnEdgeCount × u32    — directed edges (edge << 1 | 1 against the way), restriction
//                                         by restriction: a sequence the modes may not drive in full
// Version 2 added osmIDs and stubs; version 3 the node flags beyond barriers, per-direction
// speeds, restricted and pushed directions, ref and pronunciation, and the turn restrictions;
// version 4 the profile's junction byte (roundabouts, for turn-by-turn guidance); version 5 the profile's
// flags byte (tunnel, toll per direction) in place of its padding, and the shape points' OSM ids.
@usableFromInline package enum RoadGraphFormat {
    @usableFromInline package static let version: UInt32 = 5
    @usableFromInline package static let headerSize = 80
    @usableFromInline package static let edgeSize = 20
    @usableFromInline package static let profileSize = 24
    @usableFromInline package static let restrictionSize = 8
    /// Longest restriction stored: from, up to 6 via ways' edges, to.
    @usableFromInline package static let maxTurnEdges = 16
    /// Node flag bits beyond the barrier modes (bits 0–2).
    @usableFromInline package static let signalsFlag: UInt8 = 8, turnFlag: UInt8 = 16
    @usableFromInline package static let stubSize = 24
    /// No edge has more shape points (the builder cuts longer ways), so a reader can cap every range.
    @usableFromInline package static let maxShapePoints = 1 << 16

    @frozen @usableFromInline package struct Layout {
        @inlinable package init() {}
        @usableFromInline package var nodeCount = 0, edgeCount = 0, profileCount = 0, shapeCount = 0
        @usableFromInline package var rows = 0, cols = 0, gridEntryCount = 0, namesLength = 0, stubCount = 0
        @usableFromInline package var restrictionCount = 0, turnEdgeCount = 0

        @inlinable package var nodes: Int { RoadGraphFormat.headerSize }
        @inlinable package var nodeFlags: Int { nodes + nodeCount * 8 }
        @inlinable package var adjStart: Int { nodeFlags + (nodeCount + 3) / 4 * 4 }
        @inlinable package var adj: Int { adjStart + (nodeCount + 1) * 4 }
        @inlinable package var edges: Int { adj + edgeCount * 8 }
        @inlinable package var profiles: Int { edges + edgeCount * RoadGraphFormat.edgeSize }
        @inlinable package var shapes: Int { profiles + profileCount * RoadGraphFormat.profileSize }
        @inlinable package var gridStart: Int { shapes + shapeCount * 8 }
        @inlinable package var gridEdges: Int { gridStart + (rows * cols + 1) * 4 }
        @inlinable package var names: Int { gridEdges + gridEntryCount * 4 }
        @inlinable package var osmIDs: Int { (names + namesLength + 7) & ~7 }
        @inlinable package var shapeIDs: Int { osmIDs + nodeCount * 8 }
        @inlinable package var stubs: Int { shapeIDs + shapeCount * 8 }
        @inlinable package var restrictions: Int { stubs + stubCount * RoadGraphFormat.stubSize }
        @inlinable package var turnEdges: Int { restrictions + restrictionCount * RoadGraphFormat.restrictionSize }
        @inlinable package var total: Int { turnEdges + turnEdgeCount * 4 }
    }
}
