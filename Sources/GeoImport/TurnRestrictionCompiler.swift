// Turns OSM `type=restriction` relations into the forbidden directed-edge
// sequences the graph stores (TurnRestriction). Relations arrive while the
// file streams, after the ways they name, so they are kept as OSM ids
// (`RestrictionRelation`) and compiled once the graph's edges exist: each way
// named by a restriction is known as its run of graph nodes and edges, a via
// node is where the from and to ways touch it, via ways are walked between the
// nodes where consecutive members meet. `no_*` gives the sequence from → via →
// to; `only_*` gives one sequence for every other way out of the last via node
// (U-turn included). A relation whose members do not fit together (a missing
// way, a via node off the from way, a via way that does not touch the next
// member) is left out, as OSRM and GraphHopper do.
import GeoRoads

/// A restriction as read from the file.
struct RestrictionRelation {
    enum Via { case node(Int64), ways([Int64]) }
    var only: Bool
    var modes: TravelModes
    var from: [Int64]
    var via: Via
    var to: [Int64]
}

/// One way of the graph as a run of nodes: edge k runs from nodes[k] to nodes[k + 1] (or nil where
/// the way had a gap).
struct WayRun {
    var nodes: [UInt32] = []
    var edges: [UInt32?] = []
}

struct TurnRestrictionCompiler {
    /// Ways named by restrictions, by OSM id.
    let runs: [Int64: WayRun]
    /// Graph node of an OSM node id.
    let node: (Int64) -> UInt32?
    /// Edges of the graph (from, to), to list the ways out of a node.
    let edges: [RoadGraphParts.Edge]
    let adjacency: [UInt32: [UInt32]]

    init(runs: [Int64: WayRun], edges: [RoadGraphParts.Edge], node: @escaping (Int64) -> UInt32?, viaNodes: Set<UInt32>) {
        self.runs = runs
        self.node = node
        self.edges = edges
        var adj: [UInt32: [UInt32]] = [:]
        for (i, e) in edges.enumerated() {
            if viaNodes.contains(e.from) { adj[e.from, default: []].append(UInt32(i) << 1) }
            if viaNodes.contains(e.to) { adj[e.to, default: []].append(UInt32(i) << 1 | 1) }
        }
        adjacency = adj
    }

    /// Directed edges of a way that arrive at `n`.
    func arriving(_ way: WayRun, at n: UInt32) -> [DirectedEdge] {
        var out: [DirectedEdge] = []
        for (k, e) in way.edges.enumerated() {
            guard let e else { continue }
            if way.nodes[k + 1] == n { out.append(e << 1) }
            if way.nodes[k] == n { out.append(e << 1 | 1) }
        }
        return out
    }

    /// Directed edges of a way that leave `n`.
    func leaving(_ way: WayRun, at n: UInt32) -> [DirectedEdge] { arriving(way, at: n).map { $0 ^ 1 } }

    /// The directed edges along `way` from node `a` to node `b`, or nil when the way does not join them.
    func walk(_ way: WayRun, from a: UInt32, to b: UInt32) -> [DirectedEdge]? {
        guard let i = way.nodes.firstIndex(of: a), let j = way.nodes.firstIndex(of: b), i != j else { return nil }
        var out: [DirectedEdge] = []
        if i < j {
            for k in i..<j { guard let e = way.edges[k] else { return nil }; out.append(e << 1) }
        } else {
            for k in stride(from: i - 1, through: j, by: -1) { guard let e = way.edges[k] else { return nil }; out.append(e << 1 | 1) }
        }
        return out
    }

    /// Nodes two ways share, ends first.
    func meeting(_ a: WayRun, _ b: WayRun) -> [UInt32] {
        let other = Set(b.nodes)
        let shared = a.nodes.filter(other.contains)
        let ends = Set([a.nodes.first, a.nodes.last, b.nodes.first, b.nodes.last].compactMap { $0 })
        return shared.filter(ends.contains) + shared.filter { !ends.contains($0) }
    }

    /// The forbidden sequences of one relation; empty when it cannot be resolved.
    func compile(_ r: RestrictionRelation) -> [TurnRestriction] {
        var out: [TurnRestriction] = []
        for f in r.from {
            for t in r.to {
                guard let from = runs[f], let to = runs[t] else { continue }
                for (prefix, last) in approaches(from: from, via: r.via, to: to) {
                    let allowed = leaving(to, at: last)
                    let exits: [DirectedEdge]
                    if r.only {
                        // Every other way out of the last via node, turning back included.
                        exits = (adjacency[last] ?? []).filter { !allowed.contains($0) }
                    } else if f == t, case .node = r.via {
                        // no_u_turn on one way: only turning back along the edge come by.
                        exits = allowed.filter { $0 == prefix[0] ^ 1 }
                    } else {
                        exits = allowed
                    }
                    for x in exits { out.append(TurnRestriction(edges: prefix + [x], modes: r.modes)) }
                }
            }
        }
        return out
    }

    /// Each way into the restriction: the directed edges from the from way's last edge through the via
    /// members, and the node where the to way begins.
    func approaches(from: WayRun, via: RestrictionRelation.Via, to: WayRun) -> [([DirectedEdge], UInt32)] {
        switch via {
        case .node(let id):
            // The from and to ways must end at the via node (OSRM ignores a restriction whose ways run on
            // through it: which side is meant is then a guess).
            guard let v = node(id), from.nodes.first == v || from.nodes.last == v, to.nodes.first == v || to.nodes.last == v else { return [] }
            return arriving(from, at: v).map { ([$0], v) }
        case .ways(let ids):
            let vias = ids.compactMap { runs[$0] }
            guard vias.count == ids.count, !vias.isEmpty else { return [] }
            guard let start = meeting(from, vias[0]).first else { return [] }
            var path: [DirectedEdge] = []
            var at = start
            for (k, w) in vias.enumerated() {
                let next = k + 1 < vias.count ? vias[k + 1] : to
                guard let end = meeting(w, next).first(where: { $0 != at }), let steps = walk(w, from: at, to: end) else { return [] }
                path += steps
                at = end
            }
            return arriving(from, at: start).map { ([$0] + path, at) }
        }
    }
}
