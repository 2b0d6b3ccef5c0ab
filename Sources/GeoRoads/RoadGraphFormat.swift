// Layout of the road graph section (GRPH). A 64-byte header: u32 version,
// the seven u32 counts of the arrays (nodes, edges, profiles, shapes, grid rows, grid
// cols, grid entries), i32 grid origin lat/lon and cell size lat/lon, u32 names
// length, then u8 fastest km/h for car/bicycle/foot (bytes 52–54; 0 = unknown),
// u32 stub count (byte 56), zero padding. Then fixed-size arrays whose positions
// follow from the counts:
//   nodes        nodeCount × (i32 lat, i32 lon), Hilbert-ordered
//   barriers     nodeCount × u8 (modes a barrier stops, a TravelModes set: car 1, bicycle 2, foot 4), padded to 4
//   adjStart     (nodeCount + 1) × u32  — CSR offsets into adj
//   adj          2·edgeCount × u32      — edge << 1 | 1 when traversed against the way's direction
//   edges        edgeCount × 20 bytes   — from u32, to u32, profile u32, length f32 (m), shapeStart u32
//   profiles     profileCount × 12      — class u8, access u8 (mode m forward bit 2m, backward 2m + 1: RoadAccess(byte:)),
//                                         speed car/bicycle/foot u8, pad u8, pad u16, name offset u32
//   shapes       shapeCount × (i32, i32) — points between an edge's end nodes, edge by edge
//   gridStart    (rows·cols + 1) × u32  — uniform grid over edge segments, CSR
//   gridEdges    gridEntryCount × u32
//   names        varint-length UTF-8 strings, padded to 8
//   osmIDs       nodeCount × i64        — each node's OSM id, so graphs of neighbouring regions join
//   stubs        stubCount × 24         — node u32, profile u32, OSM id of the left-out neighbour i64,
//                                         forward u8 (in the way's direction), pad ×7: where the
//                                         extract cut a way (joined to the neighbour's region)
// Version 2 added osmIDs and stubs.
@usableFromInline package enum RoadGraphFormat {
    @usableFromInline package static let version: UInt32 = 2
    @usableFromInline package static let headerSize = 64
    @usableFromInline package static let edgeSize = 20
    @usableFromInline package static let profileSize = 12
    @usableFromInline package static let stubSize = 24
    /// No edge has more shape points (the builder cuts longer ways), so a reader can cap every range.
    @usableFromInline package static let maxShapePoints = 1 << 16

    @frozen @usableFromInline package struct Layout {
        @inlinable package init() {}
        @usableFromInline package var nodeCount = 0, edgeCount = 0, profileCount = 0, shapeCount = 0
        @usableFromInline package var rows = 0, cols = 0, gridEntryCount = 0, namesLength = 0, stubCount = 0

        @inlinable package var nodes: Int { RoadGraphFormat.headerSize }
        @inlinable package var barriers: Int { nodes + nodeCount * 8 }
        @inlinable package var adjStart: Int { barriers + (nodeCount + 3) / 4 * 4 }
        @inlinable package var adj: Int { adjStart + (nodeCount + 1) * 4 }
        @inlinable package var edges: Int { adj + edgeCount * 8 }
        @inlinable package var profiles: Int { edges + edgeCount * RoadGraphFormat.edgeSize }
        @inlinable package var shapes: Int { profiles + profileCount * RoadGraphFormat.profileSize }
        @inlinable package var gridStart: Int { shapes + shapeCount * 8 }
        @inlinable package var gridEdges: Int { gridStart + (rows * cols + 1) * 4 }
        @inlinable package var names: Int { gridEdges + gridEntryCount * 4 }
        @inlinable package var osmIDs: Int { (names + namesLength + 7) & ~7 }
        @inlinable package var stubs: Int { osmIDs + nodeCount * 8 }
        @inlinable package var total: Int { stubs + stubCount * RoadGraphFormat.stubSize }
    }
}
