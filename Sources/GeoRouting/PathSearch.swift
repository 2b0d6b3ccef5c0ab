// Bounded Dijkstra between positions on edges for the map matcher. Costs are
// the rules' (for matching: metres, pushed metres counted triple) and every
// label also carries the judged metres its path has run, so the search can
// give up beyond a length bound: a route much longer than the line between
// two fixes is not what the traveller did. `tree` grows the search from one
// node (the matcher caches these per node: consecutive points share edges);
// `path` searches from one edge position to another and returns the path
// itself, to draw the final route. Barrier nodes end a branch: a route may
// stop at a barrier but not pass it. A target a little behind the source on
// the same edge counts as reached (`backtrack` metres): GPS noise makes a slow
// rider appear to step back along a oneway street.
import Foundation

/// How a path between two edge positions runs.
struct EdgePath {
    var cost: Double
    /// Source and target on the same edge and no node passed.
    var direct: Bool
    /// Whole edges traversed between the source edge and the target edge.
    var steps: [(edge: Int, reversed: Bool)]
    /// Left the source edge through its last node (along the way) rather than its first.
    var leavesForward: Bool
    /// Entered the target edge through its first node (and so travels it along the way).
    var entersForward: Bool
}

struct PathSearch {
    let rules: TraversalRules
    private var space = SearchSpace()
    /// (node, target index, cost and metres still to go on the target edge, enters it along the way).
    private var targetEntries: [(node: Int, target: Int, add: Double, metres: Double, forward: Bool)] = []

    init(rules: TraversalRules) {
        self.rules = rules
    }

    private static let leftForward: Int32 = -1, leftBackward: Int32 = -2

    /// The cheapest path from `source` to `target` within `bound` metres, or nil.
    mutating func path(from source: Candidate, to target: Candidate, bound: Double, backtrack: Double) -> EdgePath? {
        let direct = directPath(source, target, backtrack: backtrack, bound: bound)
        var best = [direct ?? (.infinity, .infinity)]
        let via = search(from: source, to: [target], bound: bound, best: &best)
        guard best[0].cost.isFinite else { return nil }
        guard let (node, entersForward) = via else {
            let forward = target.offset >= source.offset
            return EdgePath(cost: best[0].cost, direct: true, steps: [], leavesForward: forward, entersForward: forward)
        }
        // Walk the labels back to the source edge.
        var steps: [(edge: Int, reversed: Bool)] = []
        var n = node
        var leavesForward = true
        var budget = space.count + 1
        while let l = space.label(n), budget > 0 {
            budget -= 1
            if l.via < 0 { leavesForward = l.via == PathSearch.leftForward; break }
            let e = Int(l.via >> 1), reversed = l.via & 1 == 1
            steps.append((e, reversed))
            let ed = rules.graph.edge(e)
            n = reversed ? ed.to : ed.from
        }
        return EdgePath(cost: best[0].cost, direct: false, steps: steps.reversed(), leavesForward: leavesForward,
                        entersForward: entersForward)
    }

    /// Every node within `bound` metres of `node` by cheapest paths, into `space` (the map matcher keeps
    /// these per node and recycles the spaces, so growing a tree allocates nothing once warmed up).
    func tree(from node: Int, bound: Double, into space: inout SearchSpace) {
        space.reset()
        space.relax(node, cost: 0, key: 0, via: PathSearch.leftForward, isStart: true, distance: 0)
        while let (n, label, _) = space.popMin() {
            if rules.blocks(node: n) { continue }
            expand(n, label, bound: bound, into: &space)
        }
    }

    /// Relaxes the edges the mode may take out of `n`, as far as `bound` judged metres.
    @inline(__always) private func expand(_ n: Int, _ label: NodeLabel, bound: Double, into space: inout SearchSpace) {
        let graph = rules.graph
        graph.forEachAdjacent(n) { e, reversed in
            let ed = graph.edge(e)
            let profile = graph.profile(ed.profile)
            guard rules.allows(profile, forward: !reversed) else { return }
            let metres = label.distance + rules.judged(metres: ed.length, profile, forward: !reversed)
            guard metres <= bound else { return }
            let c = label.cost + rules.cost(metres: ed.length, profile, forward: !reversed)
            space.relax(reversed ? ed.from : ed.to, cost: c, key: c,
                        via: Int32(truncatingIfNeeded: e << 1 | (reversed ? 1 : 0)), distance: metres)
        }
    }

    typealias End = (node: Int, cost: Double, metres: Double, forward: Bool)

    /// Where a path from `c` may leave its edge: to each end the mode may travel to, with the cost and
    /// judged metres of the way there; `forward` = through the edge's last node.
    func exits(_ c: Candidate) -> [End] {
        var out: [End] = []
        if c.forward || c.offset >= c.length {
            let m = max(0, c.length - c.offset)
            out.append((c.to, rules.cost(metres: m, c.profile, forward: true), rules.judged(metres: m, c.profile, forward: true), true))
        }
        if c.backward || c.offset <= 0 {
            out.append((c.from, rules.cost(metres: c.offset, c.profile, forward: false),
                        rules.judged(metres: c.offset, c.profile, forward: false), false))
        }
        return out
    }

    /// Where a path may enter `c`'s edge, with what is still to go from there; `forward` = through its first node.
    func entries(_ c: Candidate) -> [End] {
        var out: [End] = []
        if c.forward || c.offset <= 0 {
            out.append((c.from, rules.cost(metres: c.offset, c.profile, forward: true),
                        rules.judged(metres: c.offset, c.profile, forward: true), true))
        }
        if c.backward || c.offset >= c.length {
            let m = max(0, c.length - c.offset)
            out.append((c.to, rules.cost(metres: m, c.profile, forward: false), rules.judged(metres: m, c.profile, forward: false), false))
        }
        return out
    }

    /// Cost and length along the shared edge when source and target are on the same one.
    func directPath(_ s: Candidate, _ t: Candidate, backtrack: Double, bound: Double) -> (cost: Double, distance: Double)? {
        guard s.edge == t.edge else { return nil }
        let d = t.offset - s.offset
        let judged = rules.judged(metres: abs(d), s.profile, forward: d >= 0)
        guard judged <= bound else { return nil }
        if d >= 0 { return s.forward || d == 0 ? (rules.cost(metres: d, s.profile, forward: true), judged) : nil }
        if s.backward || -d <= backtrack { return (rules.cost(metres: -d, s.profile, forward: false), judged) }
        return nil
    }

    /// Runs the search, lowering `best`; returns the entry (node, enters forward) of the last target's best path
    /// when the search improved on what `best` held.
    @discardableResult
    private mutating func search(from source: Candidate, to targets: [Candidate], bound: Double,
                                 best: inout [(cost: Double, distance: Double)]) -> (Int, Bool)? {
        space.reset()
        targetEntries.removeAll(keepingCapacity: true)
        for (j, t) in targets.enumerated() {
            for e in entries(t) { targetEntries.append((e.node, j, e.cost, e.metres, e.forward)) }
        }
        for e in exits(source) where e.metres <= bound {
            space.relax(e.node, cost: e.cost, key: e.cost, via: e.forward ? PathSearch.leftForward : PathSearch.leftBackward,
                        isStart: true, distance: e.metres)
        }
        var found: (Int, Bool)?
        var worst = best.reduce(0) { max($0, $1.cost) }
        while let (n, label, _) = space.popMin() {
            let d = label.cost
            let blocked = rules.blocks(node: n)
            for entry in targetEntries where entry.node == n {
                guard !(blocked && entry.metres > 0) else { continue }
                let total = d + entry.add, metres = label.distance + entry.metres
                if total < best[entry.target].cost && metres <= bound {
                    best[entry.target] = (total, metres)
                    if entry.target == targets.count - 1 { found = (n, entry.forward) }
                    worst = best.reduce(0) { max($0, $1.cost) }
                }
            }
            // Every target settled: no cheaper path can come from a node costing more than all of them.
            if worst <= d { break }
            if blocked { continue }
            expand(n, label, bound: bound, into: &space)
        }
        return found
    }
}
