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
    private let turns: TurnTable
    private let stateBase: Int
    private var space = SearchSpace()
    /// Seconds (turns included, no prices) and metres of each label's path, by label index.
    private var extra: [(seconds: Double, metres: Double)] = []
    /// The ways out of the node being expanded, refilled per node (TurnCosts.Exits).
    private var exits = TurnCosts.Exits()

    /// A table search on the graph's overlay, or nil when it cannot use one (no overlay, no weights for
    /// the mode, not the fastest route with every restriction): then ManyToManySearch answers.
    init?(rules: TraversalRules) {
        guard let b = BackwardOverlaySearch(rules: rules) else { return nil }
        self.rules = rules
        costs = b.costs
        overlay = b.overlay
        block = b.block
        turns = rules.graph.turns(rules.mode)
        stateBase = 2 * rules.graph.edgeCount
    }

    /// One bucket entry: from `state` on, group `group` is reached at `cost` (with those seconds and metres).
    private struct Entry {
        var state: Int32, group: Int32
        var cost: Double, seconds: Double, metres: Double
    }

    /// The buckets: entries sorted by state (then group); `start` has where each state's entries begin, and
    /// they run while the entry's state is that state.
    private struct Buckets {
        var start: [Int: Int32] = [:]
        var entries: [Entry] = []
    }

    /// For each source (one point's candidates) and each group of `groups` (another point's), the cheapest
    /// path from any of the first to any of the second, or nil when none is reachable; an empty group is
    /// never reached. `cells[i][j]` as ManyToManySearch.run(from: sources[i], to: groups)[j]. The backward
    /// searches, then the forward ones, are shared out among the processor's cores (each search is
    /// independent of the others; the answer does not depend on how they are shared).
    mutating func run(from sources: [[Candidate]], to groups: [[Candidate]]) -> [[ManyToManySearch.Cell?]] {
        let rules = self.rules
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, OverlayManyToMany.maxWorkers))
        // Backward: one search per group, each group's settled states as entries.
        let parts = OverlayManyToMany.parallel(groups.count, workers: workers, make: { BackwardOverlaySearch(rules: rules)! }) {
            (search: inout BackwardOverlaySearch, g: Int) -> [Entry] in
            var entries: [Entry] = []
            guard !groups[g].isEmpty else { return entries }
            search.run(to: groups[g]) { s, c, t, m in
                entries.append(Entry(state: Int32(truncatingIfNeeded: s), group: Int32(g), cost: c, seconds: t, metres: m))
            }
            return entries
        }
        var b = Buckets()
        b.entries = parts.flatMap { $0 }
        b.entries.sort { ($0.state, $0.group) < ($1.state, $1.group) }
        for k in b.entries.indices where k == 0 || b.entries[k - 1].state != b.entries[k].state {
            b.start[Int(b.entries[k].state)] = Int32(k)
        }
        let buckets = b
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
        let byEdge = targetsByEdge, atNode = groupsAtNode, count = groups.count
        // Forward: one search per source, meeting the buckets.
        return OverlayManyToMany.parallel(sources.count, workers: workers, make: { OverlayManyToMany(rules: rules)! }) {
            (search: inout OverlayManyToMany, i: Int) in
            search.search(from: sources[i], count, reachable, buckets, byEdge, atNode)
        }
    }

    /// Threads a table uses at most.
    static let maxWorkers = 8

    /// `body(&state, k)` for every k in 0..<count, shared out among `workers` threads that each make their
    /// own `state` (a search's scratch memory); the results in the order of k.
    private static func parallel<State, Result>(_ count: Int, workers: Int, make: () -> State,
                                                _ body: (inout State, Int) -> Result) -> [Result] {
        guard workers > 1, count > 1 else {
            var state = make()
            return (0..<count).map { body(&state, $0) }
        }
        let out = ResultSlots<Result>(count)
        defer { out.free() }
        withoutActuallyEscaping(make) { make in
            withoutActuallyEscaping(body) { body in
                let work = UncheckedWork(make: make, body: body)
                DispatchQueue.concurrentPerform(iterations: min(workers, count)) { w in
                    var state = work.make()
                    for k in stride(from: w, to: count, by: min(workers, count)) { out.put(k, work.body(&state, k)) }
                }
            }
        }
        return out.results()
    }

    @inline(__always) private func edge(ofState s: Int) -> DirectedEdge {
        s < stateBase ? DirectedEdge(s) : turns.prefixes[s - stateBase].last!
    }

    /// Lowers a state's label; its seconds and metres are worked out only when it was lowered.
    @inline(__always) private mutating func relax(_ state: Int, cost: Double, seconds: @autoclosure () -> Double,
                                                  metres m: @autoclosure () -> Double, via: Int32, isStart: Bool = false, arc: UInt8 = 0) {
        guard let i = space.relax(state, cost: cost, key: cost, via: via, isStart: isStart, arc: arc) else { return }
        if extra.count <= i { extra += [(Double, Double)](repeating: (0, 0), count: max(256, i + 1 - extra.count)) }
        extra[i] = (seconds(), m())
    }

    /// The forward search of one source, meeting the buckets.
    private mutating func search(from sources: [Candidate], _ groupCount: Int, _ reachable: [Int], _ buckets: Buckets,
                                 _ targetsByEdge: [Int: [(group: Int, target: Candidate)]],
                                 _ groupsAtNode: [Int: [Int]]) -> [ManyToManySearch.Cell?] {
        space.reset()
        // Local copies: `relax` changes `self` while its arguments are worked out.
        let rules = self.rules, costs = self.costs, graph = rules.graph, o = overlay, block = self.block
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
            let state = Int(label.node), cost = label.cost, seconds = extra[li].seconds, here = extra[li].metres
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
                while k < buckets.entries.count, buckets.entries[k].state == s32 {
                    let e = buckets.entries[k]
                    offer(Int(e.group), cost + e.cost, seconds + e.seconds, here + e.metres)
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
            costs.fill(&exits, at: n, arrivedBy: arrived)
            for (out, profile) in exits.list {
                let alongWay = out & 1 == 0
                if out == arrived ^ 1 && !exits.deadEnd && !setsOff { continue }
                var next: Int32 = -1
                if checkTurns {
                    guard let p = turns.step(prefix: prefix, last: arrived, next: out) else { continue }
                    next = p
                }
                let turn = setsOff ? (weight: costs.entryWeight(profile), seconds: 0.0)
                    : costs.turn(&exits, at: n, to: out, inProfile, profile)
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

/// Where the workers of `OverlayManyToMany.parallel` put their results: each slot written by one thread.
private final class ResultSlots<Result>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Result?>
    private let count: Int

    init(_ count: Int) {
        self.count = count
        slots = .allocate(capacity: max(1, count))
        slots.initialize(repeating: nil, count: count)
    }

    func put(_ k: Int, _ r: Result) { slots[k] = r }
    func results() -> [Result] { (0..<count).map { slots[$0]! } }
    func free() {
        slots.deinitialize(count: count)
        slots.deallocate()
    }
}

/// The closures of one parallel run, handed to the workers (each worker calls them on its own state only).
private struct UncheckedWork<State, Result>: @unchecked Sendable {
    let make: () -> State
    let body: (inout State, Int) -> Result
}
