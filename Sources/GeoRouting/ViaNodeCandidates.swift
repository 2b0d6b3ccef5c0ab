// Where alternative routes may pass: via nodes v for paths s → v → t, found
// as the literature's "plateau" method does (Abraham et al., "Alternative
// routes in road networks"; Cambridge Vehicle Information Technology's choice
// routing). One Dijkstra search grows a tree from s, another a tree into t,
// on the nodes with the edges' weights alone (turns and turn restrictions
// left out, so each cost is a lower bound of the true one and no node whose
// true detour is within the stretch bound is missed). A stretch of road both
// trees share is a plateau: the best path from s to it and from it to t run
// along it, so the path through it is locally good. The primary route is one
// plateau from s to t; each other plateau gives one candidate, its middle
// node, with the tree path's weight and the plateau's length for ranking;
// the trees' path through it lets the router skip, before any search, one
// that turns back or shares too much. The router checks every candidate it
// keeps again exactly (AlternativeRoutes).
import GeoRoads

struct ViaNodeCandidates {
    struct Via {
        /// The via node: the middle of its plateau.
        var node: Int
        /// Lower bound of the weight of the best path from s to t through it.
        var weight: Double
        /// Weight of the stretch both trees share there.
        var plateau: Double
    }

    let graph: RoadGraph
    let forward: Tree, backward: Tree
    /// The candidates whose weight is at most the limit, best score first (weight − plateau: a short
    /// detour along a long shared stretch ranks high).
    private(set) var vias: [Via] = []

    init(rules: TraversalRules, from s: Candidate, to t: Candidate, limit: Double) {
        graph = rules.graph
        forward = Tree(rules: rules, root: s, outward: true, limit: limit)
        backward = Tree(rules: rules, root: t, outward: false, limit: limit)
        vias = ViaNodeCandidates.find(forward, backward, nodeCount: graph.nodeCount, limit: limit)
    }

    /// The trees' path through `v`: the metres on each edge, or nil when it passes a node twice (it
    /// turns back at `v`, or loops): the exact path through `v` would too, or be another one.
    func treePath(through v: Int) -> [Int: Double]? {
        var metres: [Int: Double] = [:]
        var seen: Set<Int> = [v]
        for tree in [forward, backward] {
            var u = v
            while tree.parent[u] >= 0 {
                let e = Int(tree.parentEdge[u])
                u = Int(tree.parent[u])
                guard seen.insert(u).inserted else { return nil }
                metres[e] = Double(graph.edge(e).length)
            }
        }
        return metres
    }

    private static func find(_ forward: Tree, _ backward: Tree, nodeCount n: Int, limit: Double) -> [Via] {
        // The first node of each node's plateau, in the order the forward tree settled them (parents first).
        var start = [Int32](repeating: -1, count: n)
        for v in forward.order {
            let p = forward.parent[v]
            if p >= 0, backward.cost[v].isFinite, backward.next[Int(p)] == Int32(v), forward.parentEdge[v] == backward.nextEdge[Int(p)] {
                start[v] = start[Int(p)] >= 0 ? start[Int(p)] : p
            } else {
                start[v] = Int32(v)
            }
        }
        // Group each plateau's nodes; keep the ones within the bound.
        var plateaus: [Int32: [Int]] = [:]
        for v in forward.order where backward.cost[v].isFinite && forward.cost[v] + backward.cost[v] <= limit {
            plateaus[start[v], default: []].append(v)
        }
        var out: [Via] = []
        for (_, nodes) in plateaus {
            // The nodes come in forward order: the plateau runs from the first to the last.
            let first = nodes[0], last = nodes[nodes.count - 1]
            let length = forward.cost[last] - forward.cost[first]
            let mid = nodes.min { abs(forward.cost[$0] - (forward.cost[first] + length / 2)) < abs(forward.cost[$1] - (forward.cost[first] + length / 2)) }!
            out.append(Via(node: mid, weight: forward.cost[mid] + backward.cost[mid], plateau: length))
        }
        return out.sorted { ($0.weight - $0.plateau, $0.node) < ($1.weight - $1.plateau, $1.node) }
    }

    /// A shortest-path tree on the nodes, out of a position (`outward`) or into it, up to `limit`.
    struct Tree {
        var cost: [Double]
        /// The node before each node on its tree path (outward) — or after it (inward): see `next`.
        var parent: [Int32]
        var parentEdge: [Int32]
        /// Settled nodes in order of cost.
        var order: [Int] = []
        var next: [Int32] { parent }
        var nextEdge: [Int32] { parentEdge }

        init(rules: TraversalRules, root: Candidate, outward: Bool, limit: Double) {
            let graph = rules.graph
            cost = [Double](repeating: .infinity, count: graph.nodeCount)
            parent = [Int32](repeating: -1, count: graph.nodeCount)
            parentEdge = [Int32](repeating: -1, count: graph.nodeCount)
            var heap = CostHeap()
            var settled = [Bool](repeating: false, count: graph.nodeCount)
            // The root's edge, out of (or into) the position along it and against it.
            let r = root
            let toEnd = rules.cost(metres: max(0, r.length - r.offset), r.profile, forward: outward)
            let toStart = rules.cost(metres: r.offset, r.profile, forward: !outward)
            if outward ? r.forward || r.offset >= r.length : r.forward || r.offset <= 0 {
                let (node, c) = outward ? (r.to, toEnd) : (r.from, rules.cost(metres: r.offset, r.profile, forward: true))
                if c < cost[node] { cost[node] = c; heap.push(c, Int32(node)) }
            }
            if outward ? r.backward || r.offset <= 0 : r.backward || r.offset >= r.length {
                let (node, c) = outward ? (r.from, toStart) : (r.to, rules.cost(metres: max(0, r.length - r.offset), r.profile, forward: false))
                if c < cost[node] { cost[node] = c; heap.push(c, Int32(node)) }
            }
            while let (c, item) = heap.pop() {
                let u = Int(item)
                guard !settled[u], c <= limit else { if c > limit { break } else { continue } }
                settled[u] = true
                order.append(u)
                if rules.blocks(node: u) && c > 0 { continue }
                graph.forEachAdjacent(u) { e, reversed in
                    let ed = graph.edge(e)
                    let profile = graph.profile(ed.profile)
                    // Outward: leave u along the edge; inward: arrive at u along it from its other end.
                    let along = outward ? !reversed : reversed
                    guard rules.allows(profile, forward: along) else { return }
                    let w = reversed ? ed.from : ed.to
                    let nc = c + rules.cost(metres: ed.length, profile, forward: along)
                    guard nc < cost[w], nc <= limit else { return }
                    cost[w] = nc
                    parent[w] = Int32(u)
                    parentEdge[w] = Int32(e)
                    heap.push(nc, Int32(w))
                }
            }
        }
    }
}
