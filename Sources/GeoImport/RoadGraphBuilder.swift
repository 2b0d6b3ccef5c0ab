// Builds the road graph while the importer streams: highway and ferry ways
// are kept as compact node-id lists with a per-way profile; at the end, nodes
// where ways meet, end or carry a barrier become graph nodes (Hilbert-ordered
// for locality), the points between them become edge geometry, and a uniform
// grid over the edge segments is laid down for nearest-road look-ups.
//
// Memory is bounded by the road network, not the file: way refs are stored
// as zig-zag varint differences (about 2.5 bytes a ref instead of 8), and the
// build works on sorted arrays — the distinct road node ids, ascending, with a
// flag byte and a coordinate each — instead of dictionaries keyed by node id.
// The build runs in two steps so the importer can free the node store between
// them: `resolve(nodes:)` looks up each road node's coordinate once (in id
// order, which the node store walks fastest), `assemble()` does the rest.
import Foundation
import GeoBase
import GeoOSM
import GeoRoads

public struct BuiltGraph: Sendable {
    public var bytes: [UInt8]
    public var nodeCount: Int
    public var edgeCount: Int
}

public final class RoadGraphBuilder: RoadNetworkSink {
    /// Per way: varint profile, varint ref count, then zig-zag varint differences from the previous ref.
    /// A GrowableRegion, so it grows without copies (see there).
    private var wayStream: GrowableRegion? = try! GrowableRegion(backing: .memory, reservation: 1 << 38)
    private var wayCount = 0
    private var refCount = 0
    private var lastRef: Int64 = 0
    private var profiles: [WayProfile] = []
    private var profileIndex: [WayProfile: UInt32] = [:]
    /// Barrier nodes in file order (ascending in sorted files) and the modes they stop.
    private var barrierIDs: [Int64] = []
    private var barrierModes: [UInt8] = []
    /// OSM ids of the stored ways, in stream order (restrictions name their ways by id).
    private var wayIDs: [Int64] = []
    /// Nodes tagged highway=traffic_signals.
    private var signalIDs: [Int64] = []
    /// Turn restriction relations, compiled once the edges exist.
    private var relations: [RestrictionRelation] = []

    // After resolve(): the distinct road node ids, ascending, and per id its flags and coordinate.
    private var nodeIDs: [Int64] = []
    private var flags: [UInt8] = []
    private var coords: [FixedCoordinate] = []
    private var resolved = false

    /// Flag bits per road node; bits 3–5 hold the barrier modes, bit 6 traffic signals.
    static let hasCoordinate: UInt8 = 1, usedTwice: UInt8 = 2, forced: UInt8 = 4, signals: UInt8 = 64

    public init() {}

    public func addBarrier(nodeID: Int64, tags: [String: String]) {
        let b = AccessRules.barrierBlocks(tags).rawValue
        if b != 0 {
            barrierIDs.append(nodeID)
            barrierModes.append(b)
        }
    }

    public func addSignals(nodeID: Int64) { signalIDs.append(nodeID) }

    public func addRestriction(id: Int64, tags: [String: String], members: [(type: OSMMemberType, ref: Int64, role: String)]) {
        guard let rule = RestrictionRules.interpret(tags) else { return }
        var from: [Int64] = [], to: [Int64] = [], viaNode: Int64?, viaWays: [Int64] = []
        for m in members {
            switch (m.role, m.type) {
            case ("from", .way): from.append(m.ref)
            case ("to", .way): to.append(m.ref)
            case ("via", .node): viaNode = m.ref
            case ("via", .way): viaWays.append(m.ref)
            default: continue
            }
        }
        guard !from.isEmpty, !to.isEmpty, (viaNode == nil) != viaWays.isEmpty else { return }
        relations.append(RestrictionRelation(only: rule.only, modes: rule.modes, from: from,
                                             via: viaNode.map { .node($0) } ?? .ways(viaWays), to: to))
    }

    public func addWay(id: Int64, refs wayRefs: ArraySlice<Int64>, tags: [String: String]) {
        guard wayRefs.count >= 2, let p = AccessRules.profile(tags) else { return }
        var index = profileIndex[p]
        if index == nil {
            index = UInt32(profiles.count)
            profiles.append(p)
            profileIndex[p] = index
        }
        guard let stream = wayStream else { return }
        stream.appendVarint(UInt64(index!))
        stream.appendVarint(UInt64(wayRefs.count))
        for r in wayRefs {
            stream.appendVarint(NodeStore.zigzag(r &- lastRef))
            lastRef = r
        }
        wayIDs.append(id)
        wayCount += 1
        refCount += wayRefs.count
    }

    /// Bytes held while the file streams by (for the memory report).
    public var memoryBytes: Int { (wayStream?.count ?? 0) + barrierIDs.capacity * 9 + nodeIDs.capacity * 17 }

    public func build(nodes store: inout NodeStore) -> BuiltGraph {
        resolve(nodes: store)
        return assemble()
    }

    /// Step 1: the distinct road nodes, how often each is used, and their coordinates. After this
    /// the node store is no longer needed.
    public func resolve(nodes store: NodeStore) {
        var ids = [Int64]()
        ids.reserveCapacity(refCount)
        forEachWay { _, refs in ids.append(contentsOf: refs) }
        ids.sort()
        // Distinct ids; a repeated one is used twice (a junction, or a loop's closing node).
        var unique = 0
        var twice = [Bool](repeating: false, count: ids.count)
        for i in ids.indices {
            if unique > 0 && ids[i] == ids[unique - 1] {
                twice[unique - 1] = true
            } else {
                ids[unique] = ids[i]
                unique += 1
            }
        }
        nodeIDs = ids.withUnsafeBufferPointer { Array($0[0..<unique]) }
        ids = []
        flags = twice.withUnsafeBufferPointer { b in b[0..<unique].map { $0 ? RoadGraphBuilder.usedTwice : 0 } }
        twice = []
        coords = [FixedCoordinate](repeating: FixedCoordinate(lat: 0, lon: 0), count: unique)
        for u in 0..<unique {
            if let c = store.coordinate(of: nodeIDs[u]) {
                coords[u] = c
                flags[u] |= RoadGraphBuilder.hasCoordinate
            }
        }
        // Barriers: the last tagging of a node wins, as when read into a dictionary.
        for (k, id) in barrierIDs.enumerated() {
            if let u = position(of: id) { flags[u] = flags[u] & 0b111 | barrierModes[k] << 3 }
        }
        barrierIDs = []
        barrierModes = []
        // Traffic signals become graph nodes too (bit 6), so a route's time can count them.
        for id in signalIDs {
            if let u = position(of: id) { flags[u] |= RoadGraphBuilder.signals }
        }
        resolved = true
    }

    /// Step 2: junctions, edges, the stubs where the extract cut a way, and the serialised section.
    public func assemble() -> BuiltGraph {
        precondition(resolved, "resolve(nodes:) first")
        // Junctions: way ends, nodes used more than once, barriers, and nodes next to gaps.
        var wayNodes: [Int] = []
        forEachWay { _, refs in
            wayNodes.removeAll(keepingCapacity: true)
            for r in refs { wayNodes.append(position(of: r)!) }
            let n = wayNodes.count
            for i in 0..<n where has(wayNodes[i], RoadGraphBuilder.hasCoordinate) {
                let isEnd = i == 0 || i == n - 1 || !has(wayNodes[i - 1], RoadGraphBuilder.hasCoordinate)
                    || !has(wayNodes[i + 1], RoadGraphBuilder.hasCoordinate)
                // Very long ways are cut so no edge has more than RoadGraphFormat.maxShapePoints shape points.
                let cut = i % (RoadGraphFormat.maxShapePoints / 2) == 0
                if isEnd || cut || flags[wayNodes[i]] >> 3 != 0 { flags[wayNodes[i]] |= RoadGraphBuilder.forced }
            }
        }
        var parts = RoadGraphParts()
        for u in nodeIDs.indices where has(u, RoadGraphBuilder.hasCoordinate) { parts.box.extend(coords[u]) }
        var order: [(key: UInt32, u: UInt32)] = []
        for u in nodeIDs.indices where has(u, RoadGraphBuilder.hasCoordinate)
            && flags[u] & (RoadGraphBuilder.usedTwice | RoadGraphBuilder.forced) != 0 {
            order.append((HilbertOrder.key(coords[u], in: parts.box), UInt32(u)))
        }
        // Ties by node id: u follows id order.
        order.sort { $0.key != $1.key ? $0.key < $1.key : $0.u < $1.u }
        let junctions = order.map(\.u)
        order = []
        var nodeIndex = [UInt32](repeating: .max, count: nodeIDs.count)
        for (j, u) in junctions.enumerated() { nodeIndex[Int(u)] = UInt32(j) }

        // Edges between consecutive junctions along each way; a stub where the way runs on into
        // nodes the extract left out (a neighbouring region has them).
        var stubs = Set<RoadGraphParts.Stub>()
        var wanted = Set<Int64>()
        for r in relations {
            wanted.formUnion(r.from)
            wanted.formUnion(r.to)
            if case .ways(let w) = r.via { wanted.formUnion(w) }
        }
        var runs: [Int64: WayRun] = [:]
        var wayNumber = -1
        forEachWay { profile, refs in
            wayNumber += 1
            let keepRun = wanted.contains(wayIDs[wayNumber])
            var run = WayRun()
            var from: UInt32?
            var length = 0.0
            var prev: FixedCoordinate?
            var shapeStart = parts.shapes.count
            for (i, r) in refs.enumerated() {
                let u = position(of: r)!
                guard has(u, RoadGraphBuilder.hasCoordinate) else {
                    if let p = i > 0 ? position(of: refs[i - 1]) : nil, has(p, RoadGraphBuilder.hasCoordinate) {
                        stubs.insert(RoadGraphParts.Stub(node: nodeIndex[p], profile: profile, neighbor: r, forward: true))
                    }
                    from = nil; prev = nil; continue
                }
                if i > 0, let p = position(of: refs[i - 1]), !has(p, RoadGraphBuilder.hasCoordinate) {
                    stubs.insert(RoadGraphParts.Stub(node: nodeIndex[u], profile: profile, neighbor: refs[i - 1], forward: false))
                }
                let c = coords[u]
                if let p = prev { length += p.coordinate.distance(to: c.coordinate) }
                prev = c
                let n = nodeIndex[u]
                if n != .max {
                    if let f = from, !(f == n && length == 0) {
                        if keepRun { run.edges.append(UInt32(parts.edges.count)); run.nodes.append(n) }
                        parts.edges.append(RoadGraphParts.Edge(from: f, to: n, profile: profile, length: Float(length),
                                                               shapeStart: UInt32(shapeStart)))
                    } else if from != nil {
                        parts.shapes.removeSubrange(shapeStart...)
                        parts.shapeIDs.removeSubrange(shapeStart...)
                    } else if keepRun {
                        if !run.nodes.isEmpty { run.edges.append(nil) }
                        run.nodes.append(n)
                    }
                    from = n
                    length = 0
                    shapeStart = parts.shapes.count
                } else if from != nil {
                    parts.shapes.append(c)
                    parts.shapeIDs.append(r)
                }
            }
            if parts.shapes.count > shapeStart {
                parts.shapes.removeSubrange(shapeStart...)
                parts.shapeIDs.removeSubrange(shapeStart...)
            }
            if keepRun && !run.nodes.isEmpty { runs[wayIDs[wayNumber]] = run }
        }
        wayStream = nil
        wayIDs = []
        parts.restrictions = compileRestrictions(runs: runs, edges: parts.edges, nodeIndex: nodeIndex)
        var signals = [Bool](repeating: false, count: junctions.count)
        for id in signalIDs {
            if let u = position(of: id), nodeIndex[u] != .max { signals[Int(nodeIndex[u])] = true }
        }
        signalIDs = []
        parts.signals = signals
        parts.nodes = junctions.map { coords[Int($0)] }
        parts.barriers = junctions.map { TravelModes(rawValue: flags[Int($0)] >> 3 & 7) }
        parts.osmIDs = junctions.map { nodeIDs[Int($0)] }
        // Stubs in a stable order (node, then neighbour), so the same input gives the same bytes.
        parts.stubs = stubs.sorted { ($0.node, $0.neighbor, $0.profile) < ($1.node, $1.neighbor, $1.profile) }
        parts.profiles = profiles
        nodeIDs = []
        flags = []
        coords = []
        let bytes = RoadGraphWriter.serialize(parts)
        return BuiltGraph(bytes: bytes, nodeCount: parts.nodes.count, edgeCount: parts.edges.count)
    }

    /// The forbidden edge sequences of the restriction relations whose ways the graph has.
    private func compileRestrictions(runs: [Int64: WayRun], edges: [RoadGraphParts.Edge], nodeIndex: [UInt32]) -> [TurnRestriction] {
        guard !relations.isEmpty else { return [] }
        let graphNode: (Int64) -> UInt32? = { id in
            guard let u = self.position(of: id), nodeIndex[u] != .max else { return nil }
            return nodeIndex[u]
        }
        // Every node where a restricted path may turn: the ends of the ways' runs (and via nodes).
        var viaNodes = Set<UInt32>()
        for run in runs.values { viaNodes.formUnion(run.nodes) }
        let compiler = TurnRestrictionCompiler(runs: runs, edges: edges, node: graphNode, viaNodes: viaNodes)
        var out: [TurnRestriction] = []
        for r in relations { out += compiler.compile(r) }
        relations = []
        return out
    }

    @inline(__always) private func has(_ u: Int, _ flag: UInt8) -> Bool { flags[u] & flag != 0 }

    /// Index of `id` in the sorted distinct road node ids.
    private func position(of id: Int64) -> Int? {
        var lo = 0, hi = nodeIDs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if nodeIDs[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < nodeIDs.count && nodeIDs[lo] == id ? lo : nil
    }

    /// Decodes the stored ways in order: profile and refs (the refs array is reused between calls).
    private func forEachWay(_ body: (UInt32, [Int64]) -> Void) {
        guard let stream = wayStream else { return }
        var refs: [Int64] = []
        var i = 0
        var last: Int64 = 0
        stream.withBytes(0..<stream.count) { s in
            func next() -> UInt64 {
                var shift: UInt64 = 0, v: UInt64 = 0
                while true {
                    let b = s[i]
                    i += 1
                    v |= UInt64(b & 0x7F) << shift
                    if b < 0x80 { return v }
                    shift += 7
                }
            }
            for _ in 0..<wayCount {
                let profile = UInt32(next())
                let n = Int(next())
                refs.removeAll(keepingCapacity: true)
                for _ in 0..<n {
                    last = last &+ NodeStore.unzigzag(next())
                    refs.append(last)
                }
                body(profile, refs)
            }
        }
    }
}
