// Alternative routes between two points, as the literature defines them
// (Abraham, Delling, Goldberg, Werneck: "Alternative routes in road
// networks") and OSRM offers them: via-node paths s → v → t that differ
// enough from the primary and from each other, are not much slower, and are
// sensible (locally a shortest path, no detour that turns back). Via nodes
// come from ViaNodeCandidates, best score first; each is checked exactly:
// the two halves are searched with the router's own search (overlay, turns,
// restrictions), the second continuing from the edge the first arrived by,
// the joined path is walked again (EdgePathWalk), and only then are the
// limits of AlternativeRules applied to its true weight.
import GeoRoads

/// How different and how good an alternative route must be (docs/ROUTING.md, "Alternative routes").
public struct AlternativeRules: Sendable, Equatable {
    /// An alternative weighs at most (1 + stretch) × the primary route's weight.
    public var stretch = 0.25
    /// An alternative shares at most this fraction of the metres of the shorter of it and the primary,
    /// and of it and every alternative before it.
    public var sharing = 0.8
    /// Local optimality (the T-test): the part of an alternative around its via node that weighs this fraction
    /// of the primary's weight (half before the via node, half after) is itself a best route.
    public var localOptimality = 0.25
    /// How many via-node candidates are checked exactly, at most (each costs three searches).
    public var candidates = 16

    public init() {}

    /// The most alternatives a request may ask for (OSRM's `--max-alternatives`, 3 by default).
    public static let maxCount = 3
}

struct AlternativeRoutes {
    let rules: TraversalRules
    let limits: AlternativeRules
    private var search: TurnSearch

    init(rules: TraversalRules, limits: AlternativeRules, useOverlay: Bool) {
        self.rules = rules
        self.limits = limits
        search = TurnSearch(rules: rules, useOverlay: useOverlay)
    }

    /// A path from the source to the target with its walk (its true weight and the nodes it passes).
    struct Found {
        var path: EdgePath
        var walk: EdgePathWalk
        var via: Int
    }

    /// Up to `count` alternatives to `primary` (the best path from `s` to `t`), lightest first.
    mutating func find(from s: Candidate, to t: Candidate, primary: EdgePath, count: Int) -> [Found] {
        guard count > 0, !primary.direct, let first = EdgePathWalk(primary, from: s, to: t, rules: rules), first.cost > 0 else { return [] }
        let limit = first.cost * (1 + limits.stretch)
        var chosen = [first]
        var out: [Found] = []
        var checked = 0, looked = 0
        let candidates = ViaNodeCandidates(rules: rules, from: s, to: t, limit: limit)
        for via in candidates.vias {
            guard out.count < count, checked < limits.candidates, looked < 16 * limits.candidates else { break }
            looked += 1
            // A node some chosen route passes gives that route again; so, nearly, does a tree path that shares
            // too much with one, and one that turns back or loops would not be kept.
            if chosen.contains(where: { w in w.nodes.contains { $0.node == via.node } }) { continue }
            guard let tree = candidates.treePath(through: via.node) else { continue }
            let treeLength = tree.values.reduce(0, +)
            if chosen.contains(where: { AlternativeRoutes.shared(tree, $0.metres) > limits.sharing * min(treeLength, $0.length) }) { continue }
            checked += 1
            guard let f = through(via.node, from: s, to: t), f.walk.cost <= limit, f.walk.cost >= first.cost,
                  chosen.allSatisfy({ AlternativeRoutes.shared(f.walk, $0) <= limits.sharing * min(f.walk.length, $0.length) }),
                  locallyOptimal(f, from: s, to: t, window: limits.localOptimality * first.cost / 2) else { continue }
            chosen.append(f.walk)
            out.append(f)
        }
        return out.sorted { $0.walk.cost < $1.walk.cost }
    }

    /// The best path from `s` through node `v` to `t` that goes straight on through `v` (no U-turn
    /// there), or nil when there is none or it breaks a rule (a loop, a forbidden turn at `v`).
    mutating func through(_ v: Int, from s: Candidate, to t: Candidate) -> Found? {
        guard let at = nodeCandidate(v), let a = search.route(from: [s], to: [at]), !a.path.direct, let by = a.arrivedBy,
              Int(by >> 1) != t.edge, let on = nodeCandidate(arrivingBy: by),
              let b = search.route(from: [on], to: [t], continuing: by), !b.path.direct else { return nil }
        let path = EdgePath(cost: a.path.cost + b.path.cost, direct: false, steps: a.path.steps + b.path.steps,
                            leavesForward: a.path.leavesForward, entersForward: b.path.entersForward)
        // No edge and no node twice: a loop, or a detour that comes back the way it went.
        let edges = path.steps.map(\.edge) + [s.edge] + (t.edge != s.edge ? [t.edge] : [])
        guard Set(edges).count == edges.count, let walk = EdgePathWalk(path, from: s, to: t, rules: rules),
              Set(walk.nodes.map(\.node)).count == walk.nodes.count else { return nil }
        return Found(path: path, walk: walk, via: v)
    }

    /// The T-test: the stretch of `f` from `window` before its via node to `window` after it (or the
    /// ends) weighs no more than the best route between its ends (within the overlay's single-precision
    /// rounding).
    mutating func locallyOptimal(_ f: Found, from s: Candidate, to t: Candidate, window: Double) -> Bool {
        let nodes = f.walk.nodes
        guard let i = nodes.firstIndex(where: { $0.node == f.via }) else { return false }
        let at = nodes[i].cost
        let a = nodes[...i].last { $0.cost <= at - window }
        let b = nodes[i...].first { $0.cost >= at + window }
        let sub = (b?.cost ?? f.walk.cost) - (a?.cost ?? 0)
        let sources: [Candidate], targets: [Candidate]
        if let a {
            guard let c = nodeCandidate(arrivingBy: a.arrivedBy) else { return false }
            sources = [c]
        } else {
            sources = [s]
        }
        if let b {
            guard let c = nodeCandidate(b.node) else { return false }
            targets = [c]
        } else {
            targets = [t]
        }
        guard let best = search.route(from: sources, to: targets, continuing: a?.arrivedBy) else { return false }
        return sub <= best.path.cost * (1 + 1e-5) + 1e-3
    }

    /// Metres two routes have in common.
    static func shared(_ a: EdgePathWalk, _ b: EdgePathWalk) -> Double { shared(a.metres, b.metres) }

    /// Metres two paths (metres on each edge) have in common.
    static func shared(_ a: [Int: Double], _ b: [Int: Double]) -> Double {
        a.reduce(0) { $0 + min($1.value, b[$1.key] ?? 0) }
    }

    /// A search end exactly at node `v`, on one of its edges (nil for a node without edges).
    private func nodeCandidate(_ v: Int) -> Candidate? {
        var found: (Int, Bool)?
        rules.graph.forEachAdjacent(v) { e, reversed in if found == nil { found = (e, reversed) } }
        guard let (e, reversed) = found else { return nil }
        return nodeCandidate(edge: e, atEnd: reversed)
    }

    /// The end of the directed edge `d`, as a position on it.
    private func nodeCandidate(arrivingBy d: DirectedEdge) -> Candidate? {
        nodeCandidate(edge: Int(d >> 1), atEnd: d & 1 == 0)
    }

    private func nodeCandidate(edge e: Int, atEnd: Bool) -> Candidate? {
        let graph = rules.graph
        let ed = graph.edge(e)
        let node = atEnd ? ed.to : ed.from
        // Neither direction open: the search may only stop at this end, never run along the edge from it.
        return Candidate(position: EdgePosition(edge: e, offset: atEnd ? ed.length : 0, coordinate: graph.coordinate(ofNode: node).coordinate,
                                                distance: 0),
                         from: ed.from, to: ed.to, length: ed.length, profile: graph.profile(ed.profile), forward: false, backward: false)
    }
}

extension EdgePathWalk {
    /// Metres of the whole path.
    var length: Double { metres.values.reduce(0, +) }
}
