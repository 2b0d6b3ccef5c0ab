// The search machinery on its own: bidirectional A* must find exactly the
// costs of a plain Dijkstra (town, all node pairs; Monaco, random pairs when
// the shared data is there), the search space's hash table and heap must
// behave, and a corrupted road graph may give wrong answers but must never
// crash or hang the router, the matcher or the picture.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport
@testable import GeoTracks

/// Textbook Dijkstra from node `a` to node `b` on directed edges (the reference for the router's
/// costs and turn model): a label per edge arrived by (and via-way restriction progress), the mode's
/// turn restrictions, a U-turn only where no other way out is
/// allowed, and the price of entering a road for local access only from an open one. Returns the
/// travel time (fastest) or length (shortest) of the path of least search cost.
private func referenceCost(_ rules: TraversalRules, from a: Int, to b: Int) -> Double? {
    let graph = rules.graph
    let costs = TurnCosts(rules: rules)
    let turns = graph.turns(rules.mode)
    // A state: the directed edge arrived by and the via-way progress (TurnTable); (search cost, reported value).
    struct State: Hashable { var edge: UInt32; var prefix: Int32 }
    var open: [State: (Double, Double)] = [:]
    var done = Set<State>()
    func head(_ d: UInt32) -> Int { let e = graph.edge(Int(d >> 1)); return d & 1 == 1 ? e.from : e.to }
    func value(_ d: UInt32) -> Double {
        let e = graph.edge(Int(d >> 1)), p = graph.profile(e.profile)
        return rules.type == .fastest ? e.length / rules.speed(p, forward: d & 1 == 0) : e.length
    }
    func edgeCost(_ d: UInt32) -> Double {
        let e = graph.edge(Int(d >> 1))
        return rules.cost(metres: e.length, graph.profile(e.profile), forward: d & 1 == 0)
    }
    graph.forEachAdjacent(a) { e, reversed in
        let d = UInt32(e) << 1 | (reversed ? 1 : 0)
        guard rules.allows(graph.profile(graph.edge(e).profile), forward: !reversed) else { return }
        let c = edgeCost(d) + costs.entryWeight(graph.profile(graph.edge(e).profile))
        let s = State(edge: d, prefix: -1)
        if c < open[s]?.0 ?? .infinity { open[s] = (c, value(d)) }
    }
    while let (s, (c, v)) = open.min(by: { $0.value.0 < $1.value.0 }) {
        open[s] = nil
        done.insert(s)
        let d = s.edge
        let n = head(d)
        if n == b { return v }
        if rules.blocks(node: n) { continue }
        let inProfile = graph.profile(graph.edge(Int(d >> 1)).profile)
        let exits = costs.exits(at: n, arrivedBy: d)
        for (out, p) in exits.list {
            if out == d ^ 1 && !exits.deadEnd { continue }
            guard let prefix = turns.step(prefix: s.prefix, last: d, next: out) else { continue }
            let next = State(edge: out, prefix: prefix)
            guard !done.contains(next) else { continue }
            let c2 = c + costs.weight(at: n, from: d, to: out, roads: exits.roads, inProfile, p) + edgeCost(out)
            let turnTime = rules.type == .fastest ? costs.duration(at: n, from: d, to: out, roads: exits.roads) : 0
            if c2 < open[next]?.0 ?? .infinity { open[next] = (c2, v + turnTime + value(out)) }
        }
    }
    return nil
}

@Suite struct RoutingGraphTests {
    static var town: String { TestData.sample("town.osm") }

    func compareWithDijkstra(_ graph: RoadGraph, pairs: [(Int, Int)], modes: [TravelMode], types: [RouteType]) {
        let router = Router(graph: graph)
        var compared = 0
        for mode in modes {
            for type in types {
                let rules = TraversalRules(graph: graph, mode: mode, type: type)
                for (a, b) in pairs where a != b && !rules.blocks(node: a) && !rules.blocks(node: b) {
                    let pa = graph.coordinate(ofNode: a).coordinate, pb = graph.coordinate(ofNode: b).coordinate
                    // Only nodes the mode can use, and where every snapped candidate is the node itself (a road
                    // passing within the snapping slack would be another start the reference does not have).
                    var finder = CandidateSearch(rules: rules)
                    let near = finder.nearest(to: pa, maxRadius: router.maxSnapDistance), nearB = finder.nearest(to: pb, maxRadius: router.maxSnapDistance)
                    guard !near.isEmpty, !nearB.isEmpty,
                          (near + nearB).allSatisfy({ $0.position.distance < 0.01 }) else { continue }
                    let expected = referenceCost(rules, from: a, to: b)
                    let route = try? router.route(waypoints: [pa, pb], mode: mode, type: type)
                    // When the nodes are not connected the router may try roads a little farther away.
                    let exact = route.map { r in r.waypoints.allSatisfy { $0.distance < 0.01 } } ?? true
                    let got = exact ? route.map { type == .fastest ? $0.duration : $0.distance } : nil
                    if !exact { #expect(expected == nil, "\(mode) \(type) \(a)→\(b): moved a waypoint though connected") }
                    if let e = expected, let g = got {
                        #expect(abs(e - g) <= 1e-6 * max(1, e) + 0.01, "\(mode) \(type) \(a)→\(b): \(g) vs \(e)")
                    } else {
                        #expect(expected == nil && got == nil, "\(mode) \(type) \(a)→\(b): \(String(describing: got)) vs \(String(describing: expected))")
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > pairs.count / 2)
    }

    @Test func bidirectionalAStarFindsTheOptimumOnEveryTownPair() throws {
        let graph = try TestData.graph(of: Self.town)
        let n = graph.nodeCount
        let pairs = (0..<n).flatMap { a in (0..<n).map { (a, $0) } }
        compareWithDijkstra(graph, pairs: pairs, modes: [.car, .bicycle, .foot], types: [.fastest, .shortest])
    }

    @Test(.sharedData("osrm/monaco.osm.gz")) func bidirectionalAStarFindsTheOptimumOnMonaco() throws {
        let osm = try #require(TestData.shared("osrm/monaco.osm.gz"))
        let graph = try TestData.graph(of: osm)
        var rng = SplitMix64(seed: 5)
        let pairs = (0..<40).map { _ in (Int.random(in: 0..<graph.nodeCount, using: &rng), Int.random(in: 0..<graph.nodeCount, using: &rng)) }
        compareWithDijkstra(graph, pairs: pairs, modes: [.car, .bicycle], types: [.fastest])
    }

    @Test func searchSpaceKeepsLabelsAndPopsInOrder() {
        var space = SearchSpace(capacity: 4)
        var rng = SplitMix64(seed: 9)
        for round in 0..<3 {
            space.reset()
            var expected: [Int: Double] = [:]
            for _ in 0..<2000 {
                let node = Int.random(in: 0..<5000, using: &rng), cost = Double.random(in: 0..<100, using: &rng)
                if space.relax(node, cost: cost, key: cost, via: 0) != nil { expected[node] = cost } else { #expect(cost >= expected[node]!) }
            }
            var last = -1.0
            var popped = 0
            while let (n, label, key) = space.popMin() {
                #expect(key >= last, "round \(round)")
                #expect(label.cost == expected[n])
                last = key
                popped += 1
            }
            #expect(popped == expected.count)
            #expect(space.label(expected.keys.first!)?.settled == true)
            #expect(space.label(123_456) == nil)
        }
    }

    @Test func corruptGraphsNeverCrashOrHang() throws {
        let index = try LandmarkIndex(path: try TestData.indexPath(of: Self.town))
        let section = try #require(index.sections[.graph])
        let original = Array(index.file.view.bytes(section.offset, section.length))
        let ride = Array(try MatchSamplesTests.track("town-ride.gpx").points.prefix(25))
        var rng = SplitMix64(seed: 77)
        var opened = 0
        for round in 0..<150 {
            var bytes = original
            let flips = round < 50 ? 1 : Int.random(in: 2...40, using: &rng)
            for _ in 0..<flips {
                // Mostly the header and the arrays' first bytes (counts, offsets), sometimes anywhere.
                let i = round % 3 == 0 ? Int.random(in: 0..<min(64, bytes.count), using: &rng) : Int.random(in: 0..<bytes.count, using: &rng)
                bytes[i] = round % 2 == 0 ? UInt8.random(in: 0...255, using: &rng) : bytes[i] ^ 0x80
            }
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 8)
            defer { buffer.deallocate() }
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
            guard let graph = RoadGraph(view: ByteView(base: buffer, count: bytes.count)) else { continue }
            opened += 1
            let a = Coordinate(lat: 46.195, lon: 6.795), b = Coordinate(lat: 46.205, lon: 6.805)
            for mode in TravelMode.allCases { _ = try? Router(graph: graph).route(waypoints: [a, b], mode: mode) }
            let r = MapMatcher(graph: graph).match(Track(segments: [ride]))
            _ = RouteOutput.json(r, input: Track(segments: [ride])).jsonBytes()
            _ = RouteSVG.render(r, input: Track(segments: [ride]), graph: graph, width: 300)
        }
        #expect(opened > 50, "most corruptions leave a graph that opens (and is then used)")
    }
}
