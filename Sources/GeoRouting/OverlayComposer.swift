// The routing overlay of several regions' graphs joined into one (RoadGraph.merged), made from
// the regions' own overlays when they are joined, in memory: each region's cells keep their levels
// and weights, renumbered into the merged graph's nodes, edges and boundaries, the region's number
// above its own cell numbers. A cell's weights are copied only where the merge left it as its
// region had it ("clean"): every node of it is the merged graph's node of that region (no other
// region's copy of it was kept instead), with exactly that region's edges (none gained from
// another region or a cut way, none dropped as a repeat), the same barrier, signals and turn
// restrictions, and the same neighbours' positions. Then the cell's streets, its ways in and out
// and every turn inside it are the region's, so its entry-to-exit weights are still exact
// (docs/ROUTING.md). Every other cell of a region with an overlay — the border band where the
// regions meet, and the cells above it — gets its weights searched again on the joined graph, as
// `geoindex build` would (OverlayBuilder.customize, for those cells only: CRP's customization of
// a changed part), so a route crosses the band by weights too. A copied cell keeps its stored
// paths, said again in the merged graph's edges and cells. Cells of a region without an
// overlay, and levels above a region's own, list no entries: the search walks their streets
// (OverlayQuery).
import Foundation
import GeoBase
import GeoRoads

public enum OverlayComposer {
    /// `graphs` joined into one graph (RoadGraph.merged), with the overlay composed from theirs when
    /// they have overlays of one shape (else without one: routes are then searched street by street).
    public static func merged(_ graphs: [RoadGraph]) -> RoadGraph {
        if graphs.count == 1 { return graphs[0] }
        let (graph, origins) = RoadGraph.mergedWithOrigins(graphs)
        guard let bytes = section(for: graph, regions: graphs, origins: origins) else { return graph }
        return graph.withOverlay(bytes)
    }

    /// The composed overlay's bytes (OVLY's layout), or nil when no region has a usable overlay.
    static func section(for graph: RoadGraph, regions: [RoadGraph], origins: RoadGraphMerge) -> [UInt8]? {
        guard let plan = Plan(regions) else { return nil }
        let leaves = OverlayCleanCells(graph: graph, regions: regions, origins: origins, usable: plan.overlays)
        // The merged leaf of a node: its owner's region number above that region's leaf number.
        let leaf = (0..<graph.nodeCount).map { m -> UInt32 in
            let (r, n) = leaves.owner[m]
            return UInt32(r) << UInt32(plan.regionShift) | UInt32(plan.overlays[r]?.leaf(n) ?? 0)
        }
        let clean = leaves.cleanCells(levels: plan.shape.levels, bitsPerLevel: plan.shape.bitsPerLevel)
        // A cell the merge left as its region had it.
        func unchanged(_ level: Int, _ cell: Int) -> Bool {
            let shift = plan.regionShift - plan.shape.bitsPerLevel * (level - 1)
            let r = cell >> shift, low = cell & (1 << shift - 1)
            guard r < regions.count, level <= clean[r].count else { return false }
            return low < clean[r][level - 1].count && clean[r][level - 1][low]
        }
        // A cell with weights: one of a region with an overlay, at a level that overlay has.
        func weighed(_ level: Int, _ cell: Int) -> Bool {
            let shift = plan.regionShift - plan.shape.bitsPerLevel * (level - 1), r = cell >> max(0, shift)
            return shift >= 0 && r < regions.count && plan.overlays[r].map { level <= $0.levels } == true
        }
        let layout = OverlayBuilder.layout(graph, plan.shape, leaf, modes: plan.modes, crossable: weighed)
        guard var (bytes, paths) = fill(layout, graph: graph, regions: regions, plan: plan, origins: origins, copied: unchanged)
        else { return nil }
        let changed = (1...plan.shape.levels).map { level in
            (0..<(1 << (plan.shape.leafBits - plan.shape.bitsPerLevel * (level - 1)))).map { weighed(level, $0) && !unchanged(level, $0) }
        }
        // The leaf paths: copied with their cells, found again with the rest.
        let found = OverlayBuilder.customize(graph, &bytes, only: changed)
        for (m, mode) in found.enumerated() { for (k, p) in mode.enumerated() where !p.isEmpty { paths[m][k] = p } }
        return OverlayBuilder.withPaths(bytes, paths)
    }

    /// Which regions' overlays are composed, and the merged overlay's shape.
    struct Plan {
        var shape: OverlayPartition.Shape
        /// The overlay of each region taken (nil: its cells are all walked).
        var overlays: [RouteOverlay?]
        var modes: [TravelMode]
        /// Bits of a region's own leaf number in a merged leaf number.
        var regionShift: Int

        init?(_ regions: [RoadGraph]) {
            // One cell width (each level 2^bits cells of the one below) and the modes every overlay has.
            guard let bits = regions.lazy.compactMap(\.overlay).first?.bitsPerLevel else { return nil }
            overlays = regions.map { $0.overlay.flatMap { $0.bitsPerLevel == bits ? $0 : nil } }
            let present = overlays.compactMap { $0 }
            modes = TravelMode.allCases.filter { m in present.allSatisfy { $0.modes.contains(TravelModes(m)) } }
            guard !modes.isEmpty else { return nil }
            regionShift = present.map(\.leafBits).max()!
            let regionBits = Int.bitWidth - (regions.count - 1).leadingZeroBitCount
            guard regionShift + regionBits <= 24 else { return nil }
            shape = OverlayPartition.Shape(levels: present.map(\.levels).max()!, bitsPerLevel: bits,
                                           leafBits: regionShift + regionBits)
        }
    }

    /// The layout with each `copied` cell's weights copied from its region's matrix, entry and exit
    /// matched by their edge (nil when one has no counterpart: the overlays do not fit their graphs), and
    /// the stored paths of the copied cells, said again in the merged graph's edges and cells (per mode).
    private static func fill(_ layout: [UInt8], graph: RoadGraph, regions: [RoadGraph], plan: Plan, origins: RoadGraphMerge,
                             copied: (_ level: Int, _ cell: Int) -> Bool) -> (bytes: [UInt8], paths: [[[UInt8]]])? {
        let storage = GraphStorage(layout)
        guard let o = RouteOverlay(view: storage.view, nodeCount: graph.nodeCount, edgeCount: graph.edgeCount) else { return nil }
        var paths = [[[UInt8]]](repeating: [[UInt8]](repeating: [], count: o.weightCount), count: plan.modes.count)
        // Per merged edge, the edge of the region that brought it.
        var localEdge = [UInt32](repeating: .max, count: graph.edgeCount)
        for (r, map) in origins.edges.enumerated() {
            for (e, m) in map.enumerated() where origins.edgeRegion[Int(m)] == Int32(r) && localEdge[Int(m)] == .max {
                localEdge[Int(m)] = UInt32(e)
            }
        }
        let base = storage.mutableBase
        for level in 1...o.levels {
            let shift = plan.regionShift - o.bitsPerLevel * (level - 1)
            for cell in 0..<(1 << (o.leafBits - o.bitsPerLevel * (level - 1))) {
                let entries = o.boundaries(level: level, cell: cell, exits: false), exits = o.boundaries(level: level, cell: cell, exits: true)
                guard !entries.isEmpty || !exits.isEmpty, copied(level, cell) else { continue }
                guard let region = plan.overlays[cell >> shift] else { return nil }
                let low = cell & (1 << shift - 1)
                // The region's position of each merged entry and exit.
                func positions(_ range: Range<Int>, exits: Bool) -> [Int]? {
                    guard region.boundaries(level: level, cell: low, exits: exits).count == range.count else { return nil }
                    var out: [Int] = []
                    for k in range {
                        let d = o.directedEdge(ofBoundary: o.item(level: level, exits: exits, k))
                        let e = localEdge[Int(d >> 1)]
                        guard e != .max, let b = region.boundary(of: e << 1 | d & 1),
                              let p = region.position(of: b, level: level, cell: low, exits: exits) else { return nil }
                        out.append(p)
                    }
                    return out
                }
                guard let rows = positions(entries, exits: false), let cols = positions(exits, exits: true) else { return nil }
                let from = region.matrixStart(level: level, cell: low), to = o.matrixStart(level: level, cell: cell)
                let r = cell >> shift
                for (m, mode) in plan.modes.enumerated() {
                    if let block = region.pathBlock(mode) {
                        for (i, row) in rows.enumerated() {
                            for (j, col) in cols.enumerated() {
                                paths[m][to + i * cols.count + j] = copiedPath(
                                    region.storedPath(pathBlock: block, from + row * cols.count + col),
                                    from: o.directedEdge(ofBoundary: o.item(level: 1, exits: false, entries.lowerBound + i)),
                                    to: o.directedEdge(ofBoundary: o.item(level: 1, exits: true, exits.lowerBound + j)),
                                    level: level, region: regions[r], edges: origins.edges[r], localEdge: localEdge, graph: graph, o: o)
                            }
                        }
                    }
                    guard let source = region.weightBlock(mode), let target = o.weightBlock(mode) else { return nil }
                    for (i, row) in rows.enumerated() {
                        for (j, col) in cols.enumerated() {
                            // The weight, then its seconds and metres (RouteOverlay.seconds, .metres).
                            let k = from + row * cols.count + col, at = to + i * cols.count + j
                            for (array, v) in [region.weight(block: source, k), region.seconds(block: source, k),
                                               region.metres(block: source, k)].enumerated() {
                                base.storeBytes(of: v.bitPattern.littleEndian, toByteOffset: target + 4 * (array * o.weightCount + at),
                                                as: UInt32.self)
                            }
                        }
                    }
                }
            }
        }
        return ([UInt8](UnsafeRawBufferPointer(start: UnsafeRawPointer(base), count: storage.view.count)), paths)
    }

    /// A region's stored path for the merged level-`level` step from directed edge `from` to `to`, read in
    /// the region's graph and overlay (its streets, or its boundaries one level down), each taken to the
    /// merged edge that stands for it, and said again in the merged graph and its overlay `o` (empty when
    /// any of that fails: the step is then searched).
    private static func copiedPath(_ nibbles: [UInt8], from: DirectedEdge, to: DirectedEdge, level: Int, region: RoadGraph,
                                   edges: [UInt32], localEdge: [UInt32], graph: RoadGraph, o: RouteOverlay) -> [UInt8] {
        let local = { (d: DirectedEdge) -> DirectedEdge? in
            let e = localEdge[Int(d >> 1)]
            return e == .max ? nil : e << 1 | d & 1
        }
        let merged = { (d: DirectedEdge) -> DirectedEdge? in
            Int(d >> 1) < edges.count ? edges[Int(d >> 1)] << 1 | d & 1 : nil
        }
        guard !nibbles.isEmpty, let ro = region.overlay, let a = local(from), let b = local(to) else { return [] }
        if level == 1 {
            guard let streets = OverlayPathCode.decode(nibbles, after: a, to: b, in: region) else { return [] }
            let mapped = streets.compactMap(merged)
            guard mapped.count == streets.count, let out = OverlayPathCode.encode(mapped, after: from, in: graph),
                  OverlayPathCode.decode(out, after: from, to: to, in: graph) != nil else { return [] }
            return out
        }
        guard let ra = ro.boundary(of: a), let rb = ro.boundary(of: b),
              let chain = ro.cellChain(nibbles, from: ra, to: rb, level: level, in: region),
              let start = o.boundary(of: from) else { return [] }
        let mapped = chain.compactMap { merged(ro.directedEdge(ofBoundary: $0)).flatMap(o.boundary(of:)) }
        guard mapped.count == chain.count, let out = o.cellChoices(mapped, from: start, level: level, in: graph) else { return [] }
        return out
    }
}
