// Serialises a road graph into the GRPH layout (RoadGraphFormat) from plain
// arrays: junction nodes with their coordinates, barrier modes and OSM ids,
// edges with their shape points, way profiles, and the stubs left where an
// extract cut a way. The import's builder and the merger of several regions'
// graphs both produce their graph through it, so there is one writer of the
// format.
import GeoBase

/// A graph's content before serialisation.
package struct RoadGraphParts {
    package struct Edge {
        package var from: UInt32
        package var to: UInt32
        package var profile: UInt32
        package var length: Float
        /// Index of the edge's first shape point in `shapes`; its points run to the next edge's start.
        package var shapeStart: UInt32

        package init(from: UInt32, to: UInt32, profile: UInt32, length: Float, shapeStart: UInt32) {
            self.from = from
            self.to = to
            self.profile = profile
            self.length = length
            self.shapeStart = shapeStart
        }
    }

    /// Where an extract cut a way: the way went on from junction `node` to the OSM node
    /// `neighbor`, which the extract left out (`forward`: in the way's direction).
    package struct Stub: Hashable {
        package var node: UInt32
        package var profile: UInt32
        package var neighbor: Int64
        package var forward: Bool

        package init(node: UInt32, profile: UInt32, neighbor: Int64, forward: Bool) {
            self.node = node
            self.profile = profile
            self.neighbor = neighbor
            self.forward = forward
        }
    }

    package var nodes: [FixedCoordinate] = []
    /// Per node, the modes a barrier there stops.
    package var barriers: [TravelModes] = []
    /// Per node, its OSM id (0 when unknown).
    package var osmIDs: [Int64] = []
    package var edges: [Edge] = []
    package var shapes: [FixedCoordinate] = []
    /// Per shape point, its OSM node id (0 when unknown; empty: all unknown).
    package var shapeIDs: [Int64] = []
    package var profiles: [WayProfile] = []
    package var stubs: [Stub] = []
    /// Nodes with traffic signals (empty, or one flag per node).
    package var signals: [Bool] = []
    /// Turn restrictions, in any order (the writer sorts them and drops repeats).
    package var restrictions: [TurnRestriction] = []
    /// The area the edge grid covers.
    package var box = FixedBoundingBox.empty

    package init() {}
}

package enum RoadGraphWriter {
    /// The GRPH section's bytes.
    package static func serialize(_ g: RoadGraphParts) -> [UInt8] {
        var layout = RoadGraphFormat.Layout()
        layout.nodeCount = g.nodes.count
        layout.edgeCount = g.edges.count
        layout.profileCount = g.profiles.count
        layout.shapeCount = g.shapes.count
        layout.stubCount = g.stubs.count
        let restrictions = Array(Set(g.restrictions.filter { $0.edges.count >= 2 && $0.edges.count <= RoadGraphFormat.maxTurnEdges
            && $0.edges.allSatisfy { Int($0 >> 1) < g.edges.count } && !$0.modes.isEmpty })).sorted()
        layout.restrictionCount = restrictions.count
        layout.turnEdgeCount = restrictions.reduce(0) { $0 + $1.edges.count }
        // Node flags: barrier modes, signals, and the nodes a restricted turn passes.
        var flags = g.barriers.map { $0.rawValue & 7 }
        for (n, on) in g.signals.enumerated() where on && n < flags.count { flags[n] |= RoadGraphFormat.signalsFlag }
        for r in restrictions {
            for d in r.edges.dropLast() {
                let e = g.edges[Int(d >> 1)]
                let head = d & 1 == 1 ? e.from : e.to
                flags[Int(head)] |= RoadGraphFormat.turnFlag
            }
        }
        // CSR adjacency: each edge listed at both ends, `edge << 1 | 1` at its end node.
        var adjStart = [UInt32](repeating: 0, count: g.nodes.count + 1)
        for e in g.edges { adjStart[Int(e.from) + 1] += 1; adjStart[Int(e.to) + 1] += 1 }
        for i in 0..<g.nodes.count { adjStart[i + 1] += adjStart[i] }
        var fill = adjStart
        var adj = [UInt32](repeating: 0, count: g.edges.count * 2)
        for (i, e) in g.edges.enumerated() {
            adj[Int(fill[Int(e.from)])] = UInt32(i) << 1
            fill[Int(e.from)] += 1
            adj[Int(fill[Int(e.to)])] = UInt32(i) << 1 | 1
            fill[Int(e.to)] += 1
        }
        fill = []
        // Grid over segments.
        let grid = EdgeGridBuilder(box: g.box, edgeCount: g.edges.count)
        let cells = grid.lists(edgeCount: g.edges.count) { i, pts in
            let e = g.edges[i]
            pts.append(g.nodes[Int(e.from)])
            let shapeEnd = i + 1 < g.edges.count ? Int(g.edges[i + 1].shapeStart) : g.shapes.count
            pts.append(contentsOf: g.shapes[Int(e.shapeStart)..<max(Int(e.shapeStart), shapeEnd)])
            pts.append(g.nodes[Int(e.to)])
        }
        layout.rows = grid.rows
        layout.cols = grid.cols
        layout.gridEntryCount = cells.entries.count
        var names = ByteWriter()
        var nameOffsets: [String: Int] = [:]
        for p in g.profiles {
            for n in [p.name, p.ref, p.pronunciation] where nameOffsets[n] == nil {
                nameOffsets[n] = names.count
                names.string(n)
            }
        }
        layout.namesLength = names.count

        var w = ByteWriter(capacity: layout.total)
        for v in [RoadGraphFormat.version, UInt32(layout.nodeCount), UInt32(layout.edgeCount), UInt32(layout.profileCount),
                  UInt32(layout.shapeCount), UInt32(layout.rows), UInt32(layout.cols), UInt32(layout.gridEntryCount)] { w.u32(v) }
        w.i32(grid.minLat)
        w.i32(grid.minLon)
        w.i32(grid.cellLat)
        w.i32(grid.cellLon)
        w.u32(UInt32(layout.namesLength))
        // Fastest speed per mode, so A* potentials can be tight.
        for m in TravelMode.allCases {
            w.u8(g.profiles.map { max($0.speeds[m.rawValue], $0.backwardSpeeds[m.rawValue]) }.max() ?? 0)
        }
        w.u8(0)
        w.u32(UInt32(layout.stubCount))
        w.u32(UInt32(layout.restrictionCount))
        w.u32(UInt32(layout.turnEdgeCount))
        while w.count < RoadGraphFormat.headerSize { w.u8(0) }
        for c in g.nodes { w.i32(c.lat); w.i32(c.lon) }
        for f in flags { w.u8(f) }
        w.align(to: 4)
        for v in adjStart { w.u32(v) }
        for v in adj { w.u32(v) }
        for e in g.edges { w.u32(e.from); w.u32(e.to); w.u32(e.profile); w.u32(e.length.bitPattern); w.u32(e.shapeStart) }
        for p in g.profiles {
            w.u8(p.roadClass.rawValue)
            w.u8(p.access.byte)
            for s in p.speeds { w.u8(s) }
            for s in p.backwardSpeeds { w.u8(s) }
            w.u8(p.restricted.rawValue)
            w.u8(p.pushed.byte)
            w.u8(p.junction.rawValue)
            w.u8(p.flags.rawValue)
            for n in [p.name, p.ref, p.pronunciation] { w.u32(UInt32(nameOffsets[n]!)) }
        }
        for s in g.shapes { w.i32(s.lat); w.i32(s.lon) }
        for v in cells.start { w.u32(v) }
        for e in cells.entries { w.u32(e) }
        w.append(contentsOf: names.bytes)
        w.align(to: 8)
        for id in g.osmIDs { w.i64(id) }
        precondition(g.shapeIDs.isEmpty || g.shapeIDs.count == g.shapes.count, "one OSM id per shape point")
        for k in 0..<g.shapes.count { w.i64(k < g.shapeIDs.count ? g.shapeIDs[k] : 0) }
        for s in g.stubs {
            w.u32(s.node)
            w.u32(s.profile)
            w.i64(s.neighbor)
            w.u8(s.forward ? 1 : 0)
            for _ in 0..<7 { w.u8(0) }
        }
        var first: UInt32 = 0
        for r in restrictions {
            w.u32(first)
            w.u8(UInt8(r.edges.count))
            w.u8(r.modes.rawValue)
            w.u16(0)
            first += UInt32(r.edges.count)
        }
        for r in restrictions { for d in r.edges { w.u32(d) } }
        precondition(w.count == layout.total)
        return w.bytes
    }
}
