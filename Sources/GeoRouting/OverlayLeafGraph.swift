// A leaf cell's streets as a small graph, for the build: one state per
// directed edge arriving at a node of the cell, and per state its ways on
// with each turn's cost, seconds and metres worked out once (TurnCosts'
// angles and bearings are what the weights' searches spent most of their time
// on, once per entry).
// The searches from the cell's entries then run on plain arrays, and give the
// path to each exit as the choices the overlay stores (OverlayPathCode). A cell where
// a via-way restriction begins needs the search states that remember its
// progress: it has no such graph (nil), and the general search does it.
import Foundation
import GeoBase
import GeoRoads

struct OverlayLeafGraph {
    /// The directed edge of each state.
    let states: [DirectedEdge]
    /// Arcs of state i: `first[i]..<first[i + 1]`; a target ≥ 0 is a state, −1 − k the cell's k-th exit.
    private let first: [Int32]
    private let target: [Int32]
    private let cost: [Double]
    /// Seconds and metres of each arc (the turn and the edge after it).
    private let seconds: [Double], metres: [Double]
    /// Per arc: the state it leaves, and the position of its edge among its node's edges (a stored
    /// path's choice; 255 when four bits cannot say it).
    private let source: [Int32], slot: [UInt8]

    /// The graph of leaf `cell` (its nodes `nodes`) under `search`'s rules, or nil when a via-way
    /// restriction begins in it.
    init?(cell: Int, nodes: [Int], search s: OverlayCellSearch) {
        let graph = s.rules.graph, o = s.overlay, rules = s.rules, costs = s.costs
        let turns = graph.turns(rules.mode)
        var index: [DirectedEdge: Int32] = [:], states: [DirectedEdge] = []
        var first: [Int32] = [0], target: [Int32] = [], cost: [Double] = [], seconds: [Double] = [], metres: [Double] = []
        var source: [Int32] = [], slot: [UInt8] = []
        for n in nodes {
            graph.forEachAdjacent(n) { e, reversed in
                let arriving = (DirectedEdge(e) << 1 | (reversed ? 1 : 0)) ^ 1
                guard rules.allows(graph.profile(graph.edge(e).profile), forward: arriving & 1 == 0),
                      index[arriving] == nil else { return }
                index[arriving] = Int32(states.count)
                states.append(arriving)
            }
        }
        for (i, d) in states.enumerated() {
            defer { first.append(Int32(target.count)) }
            let inEdge = graph.edge(Int(d >> 1))
            let n = d & 1 == 1 ? inEdge.from : inEdge.to
            if rules.blocks(node: n) { continue }
            let inProfile = graph.profile(inEdge.profile)
            let checkTurns = graph.hasTurnRestriction(n)
            var exits = costs.exits(at: n, arrivedBy: d)
            for (out, profile) in exits.list {
                if out == d ^ 1 && !exits.deadEnd { continue }
                if checkTurns {
                    guard let p = turns.step(prefix: -1, last: d, next: out) else { continue }
                    if p >= 0 { return nil }
                }
                let ed = graph.edge(Int(out >> 1))
                let alongWay = out & 1 == 0
                let head = alongWay ? ed.to : ed.from
                let turn = costs.turn(&exits, at: n, to: out, inProfile, profile)
                let c = turn.weight + rules.cost(metres: ed.length, profile, forward: alongWay)
                if o.leaf(head) != cell {
                    guard let b = o.boundary(of: out), let k = o.position(of: b, level: 1, cell: cell, exits: true) else { continue }
                    target.append(Int32(-1 - k))
                } else {
                    guard let j = index[out] else { continue }
                    target.append(j)
                }
                cost.append(c)
                seconds.append(turn.seconds + ed.length / rules.speed(profile, forward: alongWay))
                metres.append(ed.length)
                source.append(Int32(i))
                slot.append(graph.slot(of: out, at: n).map { $0 < 16 ? UInt8($0) : 255 } ?? 255)
            }
        }
        self.index = index
        self.states = states
        self.first = first
        self.target = target
        self.cost = cost
        self.seconds = seconds
        self.metres = metres
        self.source = source
        self.slot = slot
    }

    private let index: [DirectedEdge: Int32]

    /// The state of directed edge `d`, if it arrives in the cell.
    func state(of d: DirectedEdge) -> Int? { index[d].map(Int.init) }

    /// Scratch arrays of the searches, one entry per state, reused from one entry to the next.
    struct Scratch {
        var dist: [Double] = [], seconds: [Double] = [], metres: [Double] = []
        /// The arc each state was last reached by.
        var arc: [Int32] = []
        var heap = CostHeap()
    }

    /// The best cost from state `start` to each of the cell's `exitCount` exits (infinity: none), with the
    /// seconds and metres of each such path and its choices (empty where there is none, or four bits
    /// cannot say one).
    func costs(from start: Int, exitCount: Int, scratch: inout Scratch)
        -> (cost: [Double], seconds: [Double], metres: [Double], paths: [[UInt8]]) {
        var found = [Double](repeating: .infinity, count: exitCount)
        var foundSeconds = found, foundMetres = found
        var foundArc = [Int32](repeating: -1, count: exitCount)
        if scratch.dist.count < states.count {
            scratch.dist = [Double](repeating: .infinity, count: states.count)
            scratch.seconds = [Double](repeating: 0, count: states.count)
            scratch.metres = scratch.seconds
            scratch.arc = [Int32](repeating: -1, count: states.count)
        }
        var touched: [Int32] = [Int32(start)]
        scratch.dist[start] = 0
        scratch.seconds[start] = 0
        scratch.metres[start] = 0
        scratch.heap.removeAll()
        scratch.heap.push(0, Int32(start))
        while let (c, s) = scratch.heap.pop() {
            guard c <= scratch.dist[Int(s)] else { continue }
            let t0 = scratch.seconds[Int(s)], m0 = scratch.metres[Int(s)]
            for a in Int(first[Int(s)])..<Int(first[Int(s) + 1]) {
                let next = c + cost[a], t = target[a]
                if t < 0 {
                    let k = Int(-1 - t)
                    if next < found[k] {
                        found[k] = next; foundSeconds[k] = t0 + seconds[a]; foundMetres[k] = m0 + metres[a]; foundArc[k] = Int32(a)
                    }
                } else if next < scratch.dist[Int(t)] {
                    if scratch.dist[Int(t)] == .infinity { touched.append(t) }
                    scratch.dist[Int(t)] = next
                    scratch.seconds[Int(t)] = t0 + seconds[a]
                    scratch.metres[Int(t)] = m0 + metres[a]
                    scratch.arc[Int(t)] = Int32(a)
                    scratch.heap.push(next, t)
                }
            }
        }
        let paths = foundArc.map { path(to: $0, from: start, arcs: scratch.arc) }
        for t in touched { scratch.dist[Int(t)] = .infinity }
        return (found, foundSeconds, foundMetres, paths)
    }

    /// The choices of the path from state `start` that ends with arc `last` (each state reached by
    /// `arcs[state]`); empty when there is none or one choice is beyond four bits.
    private func path(to last: Int32, from start: Int, arcs: [Int32]) -> [UInt8] {
        var out: [UInt8] = [], a = Int(last)
        while a >= 0 {
            guard slot[a] < 16, out.count <= states.count else { return [] }
            out.append(slot[a])
            let s = Int(source[a])
            if s == start { return out.reversed() }
            a = Int(arcs[s])
        }
        return []
    }
}
