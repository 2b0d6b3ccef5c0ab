// Several regions' road graphs joined into one network, so a route or a track
// that crosses from one extract into the next is found as if the extracts were
// one. Nodes with the same OSM id are the same node (extracts cut with
// osmium's complete_ways or smart strategies share the ways that cross their
// border, and those ways' nodes); a way the extract cut (osmium's simple
// strategy) left a stub naming the node beyond the cut, which joins it to the
// region that has that node. Edges present in both regions (the shared border
// ways) are kept once. The routing and matching code then sees one graph.
// Which region each merged node and edge came from is kept beside it
// (RoadGraphMerge), for the routing overlay composed from the regions' own.
import GeoBase

extension RoadGraph {
    /// One graph of all `graphs`, joined where they share OSM nodes or a cut way.
    public static func merged(_ graphs: [RoadGraph]) -> RoadGraph {
        if graphs.count == 1 { return graphs[0] }
        return mergedWithOrigins(graphs).graph
    }

    /// The merged graph and where its nodes and edges came from.
    package static func mergedWithOrigins(_ graphs: [RoadGraph]) -> (graph: RoadGraph, origins: RoadGraphMerge) {
        let (parts, origins) = RoadGraphMerger.merge(graphs)
        let storage = GraphStorage(RoadGraphWriter.serialize(parts))
        // The bytes were just written by the one writer of the format: they always read back.
        return (RoadGraph(view: storage.view, owner: storage)!, origins)
    }
}

/// How the regions' graphs map into the merged one.
package struct RoadGraphMerge {
    /// Per region, the merged node of each of its nodes.
    package var nodes: [[UInt32]] = []
    /// Per region, the merged edge of each of its edges (a shared one: the copy kept).
    package var edges: [[UInt32]] = []
    /// Per merged edge, the region whose edge it is (the first copy), or -1 for an edge that joins a cut way.
    package var edgeRegion: [Int32] = []
}

/// Owns the bytes of a graph (or an overlay) made in memory.
package final class GraphStorage: @unchecked Sendable {
    package let view: ByteView
    private let base: UnsafeMutableRawPointer
    /// The bytes, for the one writer that fills them in place (the overlay's weights) before any reader.
    package var mutableBase: UnsafeMutableRawPointer { base }

    package init(_ bytes: [UInt8]) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 8)
        bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        base = memory
        view = ByteView(base: UnsafeRawPointer(memory), count: bytes.count)
    }

    deinit { base.deallocate() }
}

enum RoadGraphMerger {
    /// The merged graph's content, and where it came from.
    static func merge(_ graphs: [RoadGraph]) -> (RoadGraphParts, RoadGraphMerge) {
        var parts = RoadGraphParts()
        var origins = RoadGraphMerge()
        // Nodes: one per OSM id; nodes without an id (0) are never shared.
        var nodeOf: [Int64: UInt32] = [:]
        var mapped: [[UInt32]] = []
        for g in graphs {
            var map = [UInt32](repeating: 0, count: g.nodeCount)
            for n in 0..<g.nodeCount {
                let id = g.osmID(ofNode: n)
                if id != 0, let existing = nodeOf[id] {
                    map[n] = existing
                    parts.barriers[Int(existing)].formUnion(g.barrier(n))
                    continue
                }
                let k = UInt32(parts.nodes.count)
                map[n] = k
                parts.nodes.append(g.coordinate(ofNode: n))
                parts.barriers.append(g.barrier(n))
                parts.osmIDs.append(id)
                if id != 0 { nodeOf[id] = k }
                parts.box.extend(g.coordinate(ofNode: n))
            }
            mapped.append(map)
        }
        origins.nodes = mapped
        // Profiles: equal ones shared.
        var profileOf: [WayProfile: UInt32] = [:]
        func profile(_ g: RoadGraph, _ p: Int) -> UInt32 {
            let rp = g.profile(p)
            let wp = WayProfile(roadClass: rp.roadClass, access: rp.access, speeds: [rp.speeds.0, rp.speeds.1, rp.speeds.2],
                                backwardSpeeds: [rp.backwardSpeeds.0, rp.backwardSpeeds.1, rp.backwardSpeeds.2],
                                restricted: rp.restricted, pushed: rp.pushed, name: g.name(ofProfile: rp),
                                ref: g.ref(ofProfile: rp), pronunciation: g.pronunciation(ofProfile: rp), junction: rp.junction,
                                flags: rp.flags)
            if let k = profileOf[wp] { return k }
            let k = UInt32(parts.profiles.count)
            parts.profiles.append(wp)
            profileOf[wp] = k
            return k
        }
        // Edges, each once: the same way in two regions gives the same ends, profile and shape.
        struct EdgeKey: Hashable { var from, to, profile: UInt32; var shape: [FixedCoordinate] }
        var seen = Set<EdgeKey>()
        var signalNodes = Set<UInt32>()
        var edgeOf: [EdgeKey: UInt32] = [:]
        for (k, g) in graphs.enumerated() {
            var edgeMap = [UInt32](repeating: 0, count: g.edgeCount)
            for e in 0..<g.edgeCount {
                let edge = g.edge(e)
                let shape = g.shape(ofEdge: e).map(g.shapePoint)
                let key = EdgeKey(from: mapped[k][edge.from], to: mapped[k][edge.to], profile: profile(g, edge.profile), shape: shape)
                guard seen.insert(key).inserted else { edgeMap[e] = edgeOf[key]!; continue }
                edgeOf[key] = UInt32(parts.edges.count)
                edgeMap[e] = UInt32(parts.edges.count)
                origins.edgeRegion.append(Int32(k))
                parts.edges.append(RoadGraphParts.Edge(from: key.from, to: key.to, profile: key.profile, length: Float(edge.length),
                                                       shapeStart: UInt32(parts.shapes.count)))
                parts.shapes.append(contentsOf: shape)
                parts.shapeIDs.append(contentsOf: g.shape(ofEdge: e).map(g.osmID(ofShapePoint:)))
            }
            // Turn restrictions follow their edges (a restriction on a shared border edge is kept once).
            for r in g.turnRestrictions {
                parts.restrictions.append(TurnRestriction(edges: r.edges.map { edgeMap[Int($0 >> 1)] << 1 | $0 & 1 }, modes: r.modes))
            }
            for n in 0..<g.nodeCount where g.hasSignals(n) { signalNodes.insert(mapped[k][n]) }
            origins.edges.append(edgeMap)
        }
        parts.signals = (0..<parts.nodes.count).map { signalNodes.contains(UInt32($0)) }
        // Cut ways: the stub's node joins the node beyond the cut when another region has it.
        for (k, g) in graphs.enumerated() {
            for s in 0..<g.stubCount {
                let stub = g.stub(s)
                guard let other = nodeOf[stub.neighbor] else { continue }
                let here = mapped[k][stub.node]
                guard here != other else { continue }
                let (from, to) = stub.forward ? (here, other) : (other, here)
                let key = EdgeKey(from: from, to: to, profile: profile(g, stub.profile), shape: [])
                guard seen.insert(key).inserted else { continue }
                let length = parts.nodes[Int(from)].coordinate.distance(to: parts.nodes[Int(to)].coordinate)
                origins.edgeRegion.append(-1)
                parts.edges.append(RoadGraphParts.Edge(from: from, to: to, profile: key.profile, length: Float(length),
                                                       shapeStart: UInt32(parts.shapes.count)))
            }
        }
        return (parts, origins)
    }
}
