// Builds the road graph while the importer streams: highway and ferry ways
// are kept as node-id lists with a compact per-way profile; at the end, nodes
// where ways meet, end or carry a barrier become graph nodes (Hilbert-ordered
// for locality), the points between them become edge geometry, and a uniform
// grid over the edge segments is laid down for nearest-road look-ups.
import Foundation

public struct BuiltGraph: Sendable {
    public var bytes: [UInt8]
    public var nodeCount: Int
    public var edgeCount: Int
}

public final class RoadGraphBuilder: RoadNetworkSink {
    private var refs: [Int64] = []
    private var wayRefEnds: [Int] = []
    private var wayProfiles: [UInt32] = []
    private var profiles: [WayProfile] = []
    private var profileIndex: [WayProfile: UInt32] = [:]
    private var barriers: [Int64: UInt8] = [:]

    public init() {}

    public func addBarrier(nodeID: Int64, tags: [String: String]) {
        let b = AccessRules.barrierBlocks(tags)
        if b != 0 { barriers[nodeID] = b }
    }

    public func addWay(id: Int64, refs wayRefs: ArraySlice<Int64>, tags: [String: String]) {
        guard wayRefs.count >= 2, let p = AccessRules.profile(tags) else { return }
        var index = profileIndex[p]
        if index == nil {
            index = UInt32(profiles.count)
            profiles.append(p)
            profileIndex[p] = index
        }
        refs.append(contentsOf: wayRefs)
        wayRefEnds.append(refs.count)
        wayProfiles.append(index!)
    }

    public func build(nodes store: inout NodeStore) -> BuiltGraph {
        // 1. Resolve coordinates; a missing node splits its way.
        var coords = [FixedCoordinate?](repeating: nil, count: refs.count)
        for i in refs.indices { coords[i] = store.coordinate(of: refs[i]) }
        // 2. Junctions: way ends, nodes used more than once, barriers, and nodes next to gaps.
        var uses: [Int64: UInt8] = [:]
        var forced = Set<Int64>()
        var start = 0
        for end in wayRefEnds {
            for i in start..<end where coords[i] != nil {
                let id = refs[i]
                uses[id] = min(2, uses[id, default: 0] + 1)
                let isEnd = i == start || i == end - 1 || coords[i - 1] == nil || coords[i + 1] == nil
                // Very long ways are cut so no edge has more than RoadGraphFormat.maxShapePoints shape points.
                let cut = (i - start) % (RoadGraphFormat.maxShapePoints / 2) == 0
                if isEnd || cut || barriers[id] != nil { forced.insert(id) }
            }
            start = end
        }
        var junctionIDs: [Int64] = []
        for (id, n) in uses where n >= 2 || forced.contains(id) { junctionIDs.append(id) }
        var box = FixedBoundingBox.empty
        var junctionCoord: [Int64: FixedCoordinate] = [:]
        start = 0
        for end in wayRefEnds {
            for i in start..<end { if let c = coords[i] { box.extend(c); junctionCoord[refs[i]] = c } }
            start = end
        }
        junctionIDs = junctionIDs.map { (HilbertOrder.key(junctionCoord[$0]!, in: box), $0) }
            .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1)
        var nodeIndex: [Int64: UInt32] = [:]
        nodeIndex.reserveCapacity(junctionIDs.count)
        for (i, id) in junctionIDs.enumerated() { nodeIndex[id] = UInt32(i) }

        // 3. Edges between consecutive junctions along each way.
        struct Edge { var from: UInt32; var to: UInt32; var profile: UInt32; var length: Float; var shapeStart: UInt32 }
        var edges: [Edge] = []
        var shapes: [FixedCoordinate] = []
        start = 0
        for (w, end) in wayRefEnds.enumerated() {
            var from: UInt32?
            var fromCoord = FixedCoordinate(lat: 0, lon: 0)
            var length = 0.0
            var prev: FixedCoordinate?
            var shapeStart = shapes.count
            for i in start..<end {
                guard let c = coords[i] else { from = nil; prev = nil; continue }
                if let p = prev { length += p.coordinate.distance(to: c.coordinate) }
                prev = c
                if let n = nodeIndex[refs[i]] {
                    if let f = from, !(f == n && length == 0) {
                        edges.append(Edge(from: f, to: n, profile: wayProfiles[w], length: Float(length), shapeStart: UInt32(shapeStart)))
                    } else if from != nil {
                        shapes.removeSubrange(shapeStart...)
                    }
                    from = n
                    fromCoord = c
                    length = 0
                    shapeStart = shapes.count
                } else if from != nil {
                    shapes.append(c)
                }
            }
            _ = fromCoord
            if shapes.count > shapeStart { shapes.removeSubrange(shapeStart...) }
            start = end
        }
        // 4. CSR adjacency.
        var layout = RoadGraphFormat.Layout()
        layout.nodeCount = junctionIDs.count
        layout.edgeCount = edges.count
        layout.profileCount = profiles.count
        layout.shapeCount = shapes.count
        var degree = [UInt32](repeating: 0, count: junctionIDs.count + 1)
        for e in edges { degree[Int(e.from)] += 1; degree[Int(e.to)] += 1 }
        var adjStart = [UInt32](repeating: 0, count: junctionIDs.count + 1)
        for i in 0..<junctionIDs.count { adjStart[i + 1] = adjStart[i] + degree[i] }
        var fill = adjStart
        var adj = [UInt32](repeating: 0, count: edges.count * 2)
        for (i, e) in edges.enumerated() {
            adj[Int(fill[Int(e.from)])] = UInt32(i) << 1
            fill[Int(e.from)] += 1
            adj[Int(fill[Int(e.to)])] = UInt32(i) << 1 | 1
            fill[Int(e.to)] += 1
        }
        // 5. Grid over segments.
        let grid = EdgeGridBuilder(box: box, edgeCount: edges.count)
        var cells = [[UInt32]](repeating: [], count: grid.rows * grid.cols)
        for (i, e) in edges.enumerated() {
            var pts = [junctionCoord[junctionIDs[Int(e.from)]]!]
            let shapeEnd = i + 1 < edges.count ? Int(edges[i + 1].shapeStart) : shapes.count
            pts.append(contentsOf: shapes[Int(e.shapeStart)..<max(Int(e.shapeStart), shapeEnd)])
            pts.append(junctionCoord[junctionIDs[Int(e.to)]]!)
            var last = -1
            for s in 1..<pts.count {
                for cell in grid.cells(from: pts[s - 1], to: pts[s]) where cell != last {
                    if cells[cell].last != UInt32(i) { cells[cell].append(UInt32(i)) }
                    last = cell
                }
            }
        }
        layout.rows = grid.rows
        layout.cols = grid.cols
        layout.gridEntryCount = cells.reduce(0) { $0 + $1.count }
        var names = ByteWriter()
        var nameOffsets: [String: Int] = [:]
        for p in profiles where nameOffsets[p.name] == nil {
            nameOffsets[p.name] = names.count
            names.string(p.name)
        }
        layout.namesLength = names.count

        // 6. Serialise.
        var w = ByteWriter(capacity: layout.total)
        for v in [RoadGraphFormat.version, UInt32(layout.nodeCount), UInt32(layout.edgeCount), UInt32(layout.profileCount),
                  UInt32(layout.shapeCount), UInt32(layout.rows), UInt32(layout.cols), UInt32(layout.gridEntryCount)] { w.u32(v) }
        w.i32(grid.minLat)
        w.i32(grid.minLon)
        w.i32(grid.cellLat)
        w.i32(grid.cellLon)
        w.u32(UInt32(layout.namesLength))
        // Fastest speed per mode, so A* potentials can be tight (0 in files written before this field).
        for m in TravelMode.allCases { w.u8(profiles.map { $0.speeds[m.rawValue] }.max() ?? 0) }
        while w.count < RoadGraphFormat.headerSize { w.u8(0) }
        for id in junctionIDs { let c = junctionCoord[id]!; w.i32(c.lat); w.i32(c.lon) }
        for id in junctionIDs { w.u8(barriers[id] ?? 0) }
        w.align(to: 4)
        for v in adjStart { w.u32(v) }
        for v in adj { w.u32(v) }
        for e in edges { w.u32(e.from); w.u32(e.to); w.u32(e.profile); w.u32(e.length.bitPattern); w.u32(e.shapeStart) }
        for p in profiles {
            w.u8(p.roadClass.rawValue)
            w.u8(p.access)
            for s in p.speeds { w.u8(s) }
            w.u8(0)
            w.u16(0)
            w.u32(UInt32(nameOffsets[p.name]!))
        }
        for s in shapes { w.i32(s.lat); w.i32(s.lon) }
        var acc: UInt32 = 0
        for c in cells { w.u32(acc); acc += UInt32(c.count) }
        w.u32(acc)
        for c in cells { for e in c { w.u32(e) } }
        w.append(contentsOf: names.bytes)
        precondition(w.count == layout.total)
        return BuiltGraph(bytes: w.bytes, nodeCount: layout.nodeCount, edgeCount: layout.edgeCount)
    }
}

/// The uniform grid's geometry: cells of roughly 110 m (the map matcher looks 25–100 m around each
/// point), fewer when the area is huge.
struct EdgeGridBuilder {
    let minLat: Int32, minLon: Int32, cellLat: Int32, cellLon: Int32
    let rows: Int, cols: Int

    init(box: FixedBoundingBox, edgeCount: Int) {
        guard !box.isEmpty else {
            minLat = 0; minLon = 0; cellLat = 1; cellLon = 1; rows = 1; cols = 1
            return
        }
        let midLat = Double(box.minLat + (box.maxLat - box.minLat) / 2) / 1e7
        var cLat = 0.001 * 1e7
        var cLon = cLat / max(0.05, cos(midLat * .pi / 180))
        let spanLat = Double(Int64(box.maxLat) - Int64(box.minLat)) + 1
        let spanLon = Double(Int64(box.maxLon) - Int64(box.minLon)) + 1
        // At most 8 cells per edge (and 8M cells): 32 bytes per edge at worst, small beside its geometry.
        let maxCells = Double(min(8_000_000, max(1, edgeCount * 8)))
        while (spanLat / cLat).rounded(.up) * (spanLon / cLon).rounded(.up) > maxCells { cLat *= 1.5; cLon *= 1.5 }
        minLat = box.minLat
        minLon = box.minLon
        cellLat = Int32(min(cLat, 1.8e9))
        cellLon = Int32(min(cLon, 1.8e9))
        rows = max(1, Int((spanLat / Double(cellLat)).rounded(.up)))
        cols = max(1, Int((spanLon / Double(cellLon)).rounded(.up)))
    }

    func cell(_ p: FixedCoordinate) -> (Int, Int) {
        let r = Int((Int64(p.lat) - Int64(minLat)) / Int64(cellLat))
        let c = Int((Int64(p.lon) - Int64(minLon)) / Int64(cellLon))
        return (max(0, min(rows - 1, r)), max(0, min(cols - 1, c)))
    }

    /// Cells touched by the bounding box of segment a–b.
    func cells(from a: FixedCoordinate, to b: FixedCoordinate) -> [Int] {
        let (r0, c0) = cell(a), (r1, c1) = cell(b)
        var out: [Int] = []
        for r in min(r0, r1)...max(r0, r1) { for c in min(c0, c1)...max(c0, c1) { out.append(r * cols + c) } }
        return out
    }
}
