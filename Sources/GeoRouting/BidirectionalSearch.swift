// Point-to-point search for the router: bidirectional A* with the average
// potential p(v) = (πt(v) − πs(v)) / 2 (Ikeda et al.; Goldberg & Harrelson),
// where πt and πs are straight-line lower bounds to the target and from the
// source. Both searches then run Dijkstra on the same non-negative reduced
// costs, so the classic stop rule holds: once the two smallest keys add up to
// the best meeting cost μ, μ is optimal. Several start and end positions
// (edges equally near a waypoint) are handled as virtual super-source/-target.
// A barrier node ends a branch; two half-paths may meet there only when one of
// them starts or ends exactly at it.
import Foundation

struct BidirectionalSearch {
    let rules: TraversalRules
    private var forwardSpace = SearchSpace()
    private var backwardSpace = SearchSpace()
    /// Use the A* potential (off = plain bidirectional Dijkstra, for tests).
    var useHeuristic = true

    init(rules: TraversalRules) {
        self.rules = rules
    }

    struct Result {
        var source: Int
        var target: Int
        var path: EdgePath
    }

    /// The cheapest path from any of `sources` to any of `targets`, or nil when none exists.
    mutating func route(from sources: [Candidate], to targets: [Candidate]) -> Result? {
        forwardSpace.reset()
        backwardSpace.reset()
        let graph = rules.graph
        let sourcePoints = sources.map(\.position.coordinate), targetPoints = targets.map(\.position.coordinate)
        func potential(_ n: Int) -> Double {
            guard useHeuristic else { return 0 }
            let c = graph.coordinate(ofNode: n).coordinate
            let toTarget = targetPoints.map { c.distance(to: $0) }.min() ?? 0
            let fromSource = sourcePoints.map { c.distance(to: $0) }.min() ?? 0
            return (rules.lowerBound(metres: toTarget) - rules.lowerBound(metres: fromSource)) / 2
        }

        var best = Double.infinity
        var bestMeeting: Int?
        var bestDirect: (Int, Int)?
        for (i, s) in sources.enumerated() {
            for (j, t) in targets.enumerated() where s.edge == t.edge {
                let d = t.offset - s.offset
                guard (d >= 0 && (s.forward || d == 0)) || (d < 0 && s.backward) else { continue }
                let c = rules.cost(metres: abs(d), s.profile, forward: d >= 0)
                if c < best { best = c; bestDirect = (i, j) }
            }
        }
        // Start labels: via = -1 - (2·index + (0 through the edge's last node, 1 through its first)).
        func startVia(_ i: Int, _ throughLast: Bool) -> Int32 { Int32(-1 - (2 * i + (throughLast ? 0 : 1))) }
        func meetingAllowed(_ n: Int, _ f: NodeLabel, _ b: NodeLabel) -> Bool {
            !rules.blocks(node: n) || (f.isStart && f.cost == 0) || (b.isStart && b.cost == 0)
        }
        func check(_ n: Int) {
            guard let f = forwardSpace.label(n), let b = backwardSpace.label(n), f.cost + b.cost < best,
                  meetingAllowed(n, f, b) else { return }
            best = f.cost + b.cost
            bestMeeting = n
            bestDirect = nil
        }
        for (i, s) in sources.enumerated() {
            if s.forward || s.offset >= s.length {
                let c = rules.cost(metres: max(0, s.length - s.offset), s.profile, forward: true)
                forwardSpace.relax(s.to, cost: c, key: c + potential(s.to), via: startVia(i, true), isStart: true)
                check(s.to)
            }
            if s.backward || s.offset <= 0 {
                let c = rules.cost(metres: s.offset, s.profile, forward: false)
                forwardSpace.relax(s.from, cost: c, key: c + potential(s.from), via: startVia(i, false), isStart: true)
                check(s.from)
            }
        }
        for (j, t) in targets.enumerated() {
            if t.forward || t.offset <= 0 {
                let c = rules.cost(metres: t.offset, t.profile, forward: true)
                backwardSpace.relax(t.from, cost: c, key: c - potential(t.from), via: startVia(j, false), isStart: true)
                check(t.from)
            }
            if t.backward || t.offset >= t.length {
                let c = rules.cost(metres: max(0, t.length - t.offset), t.profile, forward: false)
                backwardSpace.relax(t.to, cost: c, key: c - potential(t.to), via: startVia(j, true), isStart: true)
                check(t.to)
            }
        }

        while !(forwardSpace.isHeapEmpty && backwardSpace.isHeapEmpty) {
            if forwardSpace.topCost + backwardSpace.topCost >= best { break }
            let forward = forwardSpace.topCost <= backwardSpace.topCost
            guard let (n, label, _) = forward ? forwardSpace.popMin() : backwardSpace.popMin() else { continue }
            if rules.blocks(node: n) { continue }
            graph.forEachAdjacent(n) { e, reversed in
                let ed = graph.edge(e)
                let profile = graph.profile(ed.profile)
                // Forward: travel n → other end (along the way unless `reversed`). Backward: travel other end → n.
                let alongWay = forward ? !reversed : reversed
                guard rules.allows(profile, forward: alongWay) else { return }
                let next = reversed ? ed.from : ed.to
                let c = label.cost + rules.cost(metres: ed.length, profile, forward: alongWay)
                let via = Int32(truncatingIfNeeded: e << 1 | (alongWay ? 0 : 1))
                if forward {
                    if forwardSpace.relax(next, cost: c, key: c + potential(next), via: via) { check(next) }
                } else {
                    if backwardSpace.relax(next, cost: c, key: c - potential(next), via: via) { check(next) }
                }
            }
        }
        guard best.isFinite else { return nil }
        if let (i, j) = bestDirect {
            let forward = targets[j].offset >= sources[i].offset
            return Result(source: i, target: j, path: EdgePath(cost: best, direct: true, steps: [], leavesForward: forward,
                                                              entersForward: forward))
        }
        guard let meeting = bestMeeting else { return nil }
        // Forward half: from the meeting node back to a source.
        var head: [(edge: Int, reversed: Bool)] = []
        var n = meeting
        var budget = forwardSpace.count + 1
        var source = 0, leavesForward = true
        while let l = forwardSpace.label(n), budget > 0 {
            budget -= 1
            if l.via < 0 { let k = Int(-1 - l.via); source = k / 2; leavesForward = k % 2 == 0; break }
            let e = Int(l.via >> 1), against = l.via & 1 == 1
            head.append((e, against))
            let ed = graph.edge(e)
            n = against ? ed.to : ed.from
        }
        // Backward half: from the meeting node on to a target.
        var tail: [(edge: Int, reversed: Bool)] = []
        n = meeting
        budget = backwardSpace.count + 1
        var target = 0, entersForward = true
        while let l = backwardSpace.label(n), budget > 0 {
            budget -= 1
            if l.via < 0 { let k = Int(-1 - l.via); target = k / 2; entersForward = k % 2 == 1; break }
            let e = Int(l.via >> 1), against = l.via & 1 == 1
            tail.append((e, against))
            let ed = graph.edge(e)
            n = against ? ed.from : ed.to
        }
        return Result(source: source, target: target,
                      path: EdgePath(cost: best, direct: false, steps: head.reversed() + tail,
                                     leavesForward: leavesForward, entersForward: entersForward))
    }
}
