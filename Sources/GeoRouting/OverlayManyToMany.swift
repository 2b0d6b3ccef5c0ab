// Distance tables over the routing overlay: bucket many-to-many (Knopp et al.)
// on CRP's multi-level cells. For each destination a backward search relative
// to that destination alone (BackwardOverlaySearch) leaves, at every state it
// settles, a bucket entry: (destination, cost from the state on). Then for each
// source a forward search relative to that source alone — TurnSearch's states
// and turn model, crossing a cell that holds none of the source's candidates in
// one step per exit at the highest level whose cell holds none — scans the
// buckets of every state it settles: cell = min over states of forward cost +
// bucket cost.
//
// Why exact: every sum is a real path's cost (the forward cost counts the
// state's own edge and the turn onto it, the bucket the turns and edges
// after), so no cell is too cheap. And the shortest path always passes a state
// both searches see with their exact costs: where it steps from nodes nearer
// (by overlay level) to the source to nodes nearer to the destination, it
// crosses a border at least as high as both of those levels, and a forward
// search relative to the source sees every state that crosses a border at or
// above its head's level (a boundary of a level-ℓ cell is one of every lower
// level too: the cells nest), the backward one every state at or above its
// tail's level. That state is a plain directed edge (it crosses a leaf border,
// and no via-way restriction's progress does: OverlayPartition keeps them in
// one leaf). The one state whose continuation is special — a source exactly at
// a node, which sets off in any direction with no turn (TurnSearch's rule) — is
// never met through buckets: its targets on the edges out of that node and at
// the node itself are checked directly, and everything farther is met beyond it.
//
// Each label carries the weight (seconds plus the prices of roads for local
// access only), the seconds and the metres of its path; a cell crossing adds
// the seconds and metres the overlay keeps beside each weight, so the table is
// the duration and distance of the minimum-weight path, as Router.route
// reports them, without unpacking any path.
import Foundation
import GeoBase
import GeoRoads

struct OverlayManyToMany {
    let rules: TraversalRules
    let costs: TurnCosts
    let overlay: RouteOverlay
    let block: Int
    private var backward: BackwardOverlaySearch
    private let turns: TurnTable
    private let stateBase: Int
    private var space = SearchSpace()
    /// Metres of each forward label's path, by label index.
    private var metres: [Double] = []

    /// A table search on the graph's overlay, or nil when it cannot use one (no overlay, no weights for
    /// the mode, not the fastest route with every restriction): then ManyToManySearch answers.
    init?(rules: TraversalRules) {
        guard let b = BackwardOverlaySearch(rules: rules) else { return nil }
        self.rules = rules
        backward = b
        costs = b.costs
        overlay = b.overlay
        block = b.block
        turns = rules.graph.turns(rules.mode)
        stateBase = 2 * rules.graph.edgeCount
    }

    /// The buckets: per search state, the destinations reached from it and how. Entries are sorted by state;
    /// `start` has where each state's entries begin, and they run while `state` is that state.
    private struct Buckets {
        var start: [Int: Int32] = [:]
        var state: [Int32] = [], group: [Int32] = [], cost: [Double] = [], seconds: [Double] = [], metres: [Double] = []
    }

    /// For each source (one point's candidates) and each group of `groups` (another point's), the cheapest
    /// path from any of the first to any of the second, or nil when none is reachable; an empty group is
    /// never reached. `cells[i][j]` as ManyToManySearch.run(from: sources[i], to: groups)[j].
    mutating func run(from sources: [[Candidate]], to groups: [[Candidate]]) -> [[ManyToManySearch.Cell?]] {
        let buckets = fill(groups)
        var targetsByEdge: [Int: [(group: Int, target: Candidate)]] = [:]
        var groupsAtNode: [Int: [Int]] = [:]
        for (g, list) in groups.enumerated() {
            for t in list {
                targetsByEdge[t.edge, default: []].append((g, t))
                if t.offset <= 0 { groupsAtNode[t.from, default: []].append(g) }
                else if t.offset >= t.length { groupsAtNode[t.to, default: []].append(g) }
            }
        }
        let reachable = groups.indices.filter { !groups[$0].isEmpty }
        return sources.map { search(from: $0, groups.count, reachable, buckets, targetsByEdge, groupsAtNode) }
    }

    /// One backward search per group, its settled states into the buckets.
    private mutating func fill(_ groups: [[Candidate]]) -> Buckets {
        var state: [Int32] = [], group: [Int32] = [], cost: [Double] = [], seconds: [Double] = [], metres: [Double] = []
        for (g, list) in groups.enumerated() where !list.isEmpty {
            backward.run(to: list) { s, c, t, m in
                state.append(Int32(truncatingIfNeeded: s)); group.append(Int32(g))
                cost.append(c); seconds.append(t); metres.append(m)
            }
        }
        let order = state.indices.sorted { state[$0] < state[$1] }
        var b = Buckets()
        b.state = order.map { state[$0] }
        b.group = order.map { group[$0] }
        b.cost = order.map { cost[$0] }
        b.seconds = order.map { seconds[$0] }
        b.metres = order.map { metres[$0] }
        for k in b.state.indices where k == 0 || b.state[k - 1] != b.state[k] { b.start[Int(b.state[k])] = Int32(k) }
        return b
    }

    @inline(__always) private func edge(ofState s: Int) -> DirectedEdge {
        s < stateBase ? DirectedEdge(s) : turns.prefixes[s - stateBase].last!
    }

    @inline(__always) private mutating func relax(_ state: Int, cost: Double, seconds: Double, metres m: Double, via: Int32,
                                                  isStart: Bool = false, arc: UInt8 = 0) {
        guard let i = space.relax(state, cost: cost, key: cost, via: via, isStart: isStart, distance: seconds, arc: arc) else { return }
        if metres.count <= i { metres += [Double](repeating: 0, count: max(256, i + 1 - metres.count)) }
        metres[i] = m
    }

    /// The forward search of one source, meeting the buckets.
    private mutating func search(from sources: [Candidate], _ groupCount: Int, _ reachable: [Int], _ buckets: Buckets,
                                 _ targetsByEdge: [Int: [(group: Int, target: Candidate)]],
                                 _ groupsAtNode: [Int: [Int]]) -> [ManyToManySearch.Cell?] {
        space.reset()
        let graph = rules.graph, o = overlay
        var cells = [ManyToManySearch.Cell?](repeating: nil, count: groupCount)
        var best = [Double](repeating: .infinity, count: groupCount)
        // The search may stop once nothing cheaper than every reachable group's best is left.
        var bound = reachable.isEmpty ? -Double.infinity : Double.infinity
        var unreached = reachable.count, boundIsStale = false
        @inline(__always) func offer(_ g: Int, _ w: Double, _ s: Double, _ m: Double) {
            guard w < best[g] else { return }
            if best[g] == .infinity { unreached -= 1 }
            best[g] = w
            cells[g] = ManyToManySearch.Cell(weight: w, duration: s, distance: m)
            if unreached == 0 { boundIsStale = true }
        }
        // Source and target on the same edge: along it without passing a node.
        for s in sources {
            for (g, t) in targetsByEdge[s.edge] ?? [] {
                let d = t.offset - s.offset
                let along = d >= 0
                guard (along && (s.forward || d == 0)) || (!along && s.backward) else { continue }
                offer(g, rules.cost(metres: abs(d), s.profile, forward: along), abs(d) / rules.speed(s.profile, forward: along), abs(d))
            }
        }
        // Start states: the source's edge driven to one of its ends (as ManyToManySearch).
        var leaves: [Int] = []
        for (i, s) in sources.enumerated() {
            leaves += [o.leaf(s.from), o.leaf(s.to)]
            let entry = s.offset <= 0 || s.offset >= s.length ? costs.entryWeight(s.profile) : 0
            if s.forward || s.offset >= s.length {
                let m = max(0, s.length - s.offset)
                let c = rules.cost(metres: m, s.profile, forward: true) + (s.offset <= 0 ? entry : 0)
                relax(2 * s.edge, cost: c, seconds: m / rules.speed(s.profile, forward: true), metres: m,
                      via: Int32(-1 - 2 * i), isStart: true)
            }
            if s.backward || s.offset <= 0 {
                let c = rules.cost(metres: s.offset, s.profile, forward: false) + (s.offset >= s.length ? entry : 0)
                relax(2 * s.edge + 1, cost: c, seconds: s.offset / rules.speed(s.profile, forward: false), metres: s.offset,
                      via: Int32(-2 - 2 * i), isStart: true)
            }
        }
        leaves = Array(Set(leaves))

        while let (li, key) = space.popMinIndex() {
            if boundIsStale {
                bound = reachable.reduce(-Double.infinity) { max($0, best[$1]) }
                boundIsStale = false
            }
            if key >= bound { break }
            let label = space.labels[li]
            let state = Int(label.node), cost = label.cost, seconds = label.distance, here = metres[li]
            let arrived = edge(ofState: state)
            let inEdge = graph.edge(Int(arrived >> 1))
            let n = arrived & 1 == 1 ? inEdge.from : inEdge.to
            // A source exactly at this node sets off from it: no turn is taken, any way out is open.
            let setsOff = label.isStart && cost == 0
            if setsOff {
                for g in groupsAtNode[n] ?? [] { offer(g, cost, seconds, here) }
            } else if let k = buckets.start[state] {
                var k = Int(k)
                let s32 = Int32(truncatingIfNeeded: state)
                while k < buckets.state.count && buckets.state[k] == s32 {
                    offer(Int(buckets.group[k]), cost + buckets.cost[k], seconds + buckets.seconds[k], here + buckets.metres[k])
                    k += 1
                }
            }
            if state < stateBase {
                let tail = arrived & 1 == 1 ? inEdge.to : inEdge.from
                let level = OverlayQuery.level(o, tail: tail, head: n, endpoints: leaves)
                if level > 0 {
                    // Into a cell that holds no candidate of the source: to each of its exits in one step.
                    if let b = o.boundary(of: arrived) {
                        o.forEachExit(level: level, cell: o.cell(leaf: o.leaf(n), level: level), from: b, block: block) { exit, w, k in
                            let c = cost + Double(w)
                            guard c < bound else { return }
                            relax(Int(o.directedEdge(ofBoundary: exit)), cost: c, seconds: seconds + Double(o.seconds(block: block, k)),
                                  metres: here + Double(o.metres(block: block, k)), via: Int32(truncatingIfNeeded: state), arc: UInt8(level))
                        }
                    }
                    continue
                }
            }
            if rules.blocks(node: n) && !setsOff { continue }
            let inProfile = graph.profile(inEdge.profile)
            let prefix = state < stateBase ? Int32(-1) : Int32(state - stateBase)
            let checkTurns = graph.hasTurnRestriction(n)
            let exits = costs.exits(at: n, arrivedBy: arrived)
            for (out, profile) in exits.list {
                let alongWay = out & 1 == 0
                if out == arrived ^ 1 && !exits.deadEnd && !setsOff { continue }
                var next: Int32 = -1
                if checkTurns {
                    guard let p = turns.step(prefix: prefix, last: arrived, next: out) else { continue }
                    next = p
                }
                let turn = setsOff ? (weight: costs.entryWeight(profile), seconds: 0.0)
                    : costs.turn(at: n, from: arrived, to: out, roads: exits.roads, inProfile, profile)
                let e = Int(out >> 1)
                let base = cost + turn.weight, baseSeconds = seconds + turn.seconds
                let speed = rules.speed(profile, forward: alongWay)
                if setsOff {
                    // The targets on this edge, set off to from the source's node (buckets assume a turn).
                    for (g, t) in targetsByEdge[e] ?? [] {
                        guard alongWay ? (t.forward || t.offset <= 0) : (t.backward || t.offset >= t.length) else { continue }
                        let part = alongWay ? t.offset : max(0, t.length - t.offset)
                        offer(g, base + rules.cost(metres: part, profile, forward: alongWay), baseSeconds + part / speed, here + part)
                    }
                }
                let ed = graph.edge(e)
                let c = base + rules.cost(metres: ed.length, profile, forward: alongWay)
                guard c < bound else { continue }
                relax(next >= 0 ? stateBase + Int(next) : Int(out), cost: c, seconds: baseSeconds + ed.length / speed,
                      metres: here + ed.length, via: Int32(truncatingIfNeeded: state))
            }
        }
        return cells
    }
}
