// Which of the regions' overlay cells the merge of their graphs left unchanged, so that the
// composed overlay (OverlayComposer) may cross them by their weights, and which region each
// merged node is counted in. A node is unchanged when its merged node is its alone in its region
// and has exactly its region's edges (the region brought every one, none was dropped as another's
// repeat, none was added by another region or a cut way), the same barrier, signals and
// restriction flag, the same position and neighbours' positions, and no turn restriction through
// it that its region lacks. A leaf cell is clean when all its nodes are unchanged and it holds
// each of them: a node in two regions' cells is held by the first region whose cell is wholly
// unchanged and not yet beaten to any of its nodes, else by the first region that has it. A
// higher cell is clean when all its leaves are.
import GeoBase
import GeoRoads

struct OverlayCleanCells {
    /// Per merged node, the region holding it and its node there.
    private(set) var owner: [(region: Int, node: Int)]
    /// Per region, per leaf cell of its overlay: clean (empty for a region whose overlay is not used).
    private(set) var cleanLeaves: [[Bool]]
    private let overlays: [RouteOverlay?]

    init(graph: RoadGraph, regions: [RoadGraph], origins: RoadGraphMerge, usable overlays: [RouteOverlay?]) {
        self.overlays = overlays
        var intact: [[Bool]] = []
        var leafNodes: [[[Int]]] = []
        for (r, g) in regions.enumerated() {
            guard let o = overlays[r] else { intact.append([]); leafNodes.append([]); continue }
            let same = Self.unchangedNodes(graph: graph, region: g, index: r, origins: origins)
            var cells = [Bool](repeating: true, count: 1 << o.leafBits), nodes = [[Int]](repeating: [], count: 1 << o.leafBits)
            for n in 0..<g.nodeCount {
                if !same[n] { cells[o.leaf(n)] = false }
                nodes[o.leaf(n)].append(n)
            }
            intact.append(cells)
            leafNodes.append(nodes)
        }
        // Holders: whole unchanged cells first, in region order, then every node left.
        var owner = [(region: Int, node: Int)](repeating: (-1, 0), count: graph.nodeCount)
        for r in regions.indices {
            for (c, nodes) in leafNodes[r].enumerated() where intact[r][c] {
                guard nodes.allSatisfy({ owner[Int(origins.nodes[r][$0])].region < 0 }) else { continue }
                for n in nodes { owner[Int(origins.nodes[r][n])] = (r, n) }
            }
        }
        for r in regions.indices {
            for (n, m) in origins.nodes[r].enumerated() where owner[Int(m)].region < 0 { owner[Int(m)] = (r, n) }
        }
        var clean = intact
        for r in regions.indices {
            guard let o = overlays[r] else { continue }
            for (n, m) in origins.nodes[r].enumerated() where owner[Int(m)] != (r, n) { clean[r][o.leaf(n)] = false }
        }
        self.owner = owner
        cleanLeaves = clean
    }

    /// Per region, per level of its overlay (1 = leaves), per cell: clean.
    func cleanCells(levels: Int, bitsPerLevel: Int) -> [[[Bool]]] {
        cleanLeaves.enumerated().map { r, leaves -> [[Bool]] in
            guard let o = overlays[r] else { return [] }
            return (1...min(levels, o.levels)).map { level in
                var cells = [Bool](repeating: true, count: 1 << (o.leafBits - bitsPerLevel * (level - 1)))
                for (leaf, ok) in leaves.enumerated() where !ok { cells[o.cell(leaf: leaf, level: level)] = false }
                return cells
            }
        }
    }

    /// Per node of region `index` (graph `g`), whether the merged graph has it as the region had it.
    private static func unchangedNodes(graph: RoadGraph, region g: RoadGraph, index r: Int, origins: RoadGraphMerge) -> [Bool] {
        let map = origins.nodes[r], edgeMap = origins.edges[r]
        var copies = [UInt8](repeating: 0, count: graph.nodeCount)
        for m in map { copies[Int(m)] = copies[Int(m)] &+ 1 }
        let touched = restrictionChanges(graph: graph, region: g, edgeMap: edgeMap)
        func degree(_ graph: RoadGraph, _ n: Int) -> Int {
            var k = 0
            graph.forEachAdjacent(n) { _, _ in k += 1 }
            return k
        }
        return (0..<g.nodeCount).map { n in
            let m = Int(map[n])
            guard copies[m] == 1, !touched.contains(m), g.coordinate(ofNode: n) == graph.coordinate(ofNode: m),
                  g.barrier(n) == graph.barrier(m), g.hasSignals(n) == graph.hasSignals(m),
                  g.hasTurnRestriction(n) == graph.hasTurnRestriction(m), degree(g, n) == degree(graph, m) else { return false }
            var same = true
            graph.forEachAdjacent(m) { e, _ in if origins.edgeRegion[e] != Int32(r) { same = false } }
            g.forEachAdjacent(n) { e, reversed in
                let ed = g.edge(e)
                let other = reversed ? ed.from : ed.to
                let me = graph.edge(Int(edgeMap[e]))
                // Its own edge, kept as it was (not another copy), and the neighbour where it was.
                if origins.edgeRegion[Int(edgeMap[e])] != Int32(r) || me.from != Int(map[ed.from]) || me.to != Int(map[ed.to])
                    || g.coordinate(ofNode: other) != graph.coordinate(ofNode: Int(map[other])) { same = false }
            }
            return same
        }
    }

    /// The merged nodes on a turn restriction of the merged graph that region `g` does not have.
    private static func restrictionChanges(graph: RoadGraph, region g: RoadGraph, edgeMap: [UInt32]) -> Set<Int> {
        let own = Set(g.turnRestrictions.map { TurnRestriction(edges: $0.edges.map { edgeMap[Int($0 >> 1)] << 1 | $0 & 1 }, modes: $0.modes) })
        var touched = Set<Int>()
        for t in graph.turnRestrictions where !own.contains(t) {
            for d in t.edges {
                let e = graph.edge(Int(d >> 1))
                touched.insert(e.from)
                touched.insert(e.to)
            }
        }
        return touched
    }
}
