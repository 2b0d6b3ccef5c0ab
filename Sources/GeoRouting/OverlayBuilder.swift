// Makes the routing overlay at build time (`geoindex build`): partition the
// graph (OverlayPartition), list each cell's entries and exits per level, lay
// out the section (RouteOverlay, docs/FORMAT.md), then fill in every mode's
// weights level by level, cells of one level in parallel — the leaf cells
// from the graph itself, each higher level from the one below
// (OverlayCellSearch), each weight with the seconds and metres of its path
// (what distance tables add up) and the path it stands for (RouteOverlay+Paths). Only the fastest route of each mode has weights: the
// shortest route, and a search that ignores the rules (map matching), run on
// the graph alone.
import Foundation
import GeoBase
import GeoRoads
import Synchronization

public enum OverlayBuilder {
    /// The overlay section for `graph`, or nil when the graph is too small to gain from one. `leafSize`:
    /// nodes per leaf cell, about (by default `OverlayPartition.leafSize(nodeCount:)`; tests make small
    /// cells on small graphs).
    /// `paths`: whether to store each weight's path (nil: where they keep the overlay within half the
    /// graph's bytes).
    public static func section(for graph: RoadGraph, modes: [TravelMode] = TravelMode.allCases,
                               leafSize: Int? = nil, paths storing: Bool? = nil) -> [UInt8]? {
        let leafSize = leafSize ?? OverlayPartition.leafSize(nodeCount: graph.nodeCount)
        guard let shape = OverlayPartition.shape(nodeCount: graph.nodeCount, leafSize: leafSize) else { return nil }
        let leaf = OverlayPartition.leaves(of: graph, leafBits: shape.leafBits)
        var bytes = layout(graph, shape, leaf, modes: modes)
        let paths = customize(graph, &bytes)
        // The paths where they keep the overlay within half the graph's bytes (a large graph's, whose long
        // routes they make fast); else version 2, whose steps are searched (a small graph's few large leaves
        // have long paths, and its short routes cross few cells).
        let stored = withPaths(bytes, paths)
        return storing ?? (stored.count <= graph.view.count / 2) ? stored : withoutPaths(bytes)
    }

    /// `bytes` (a laid-out overlay) as version 2: without its stored paths.
    static func withoutPaths(_ bytes: [UInt8]) -> [UInt8] {
        let storage = GraphStorage(bytes)
        guard let o = RouteOverlay(view: storage.view, nodeCount: Int(storage.view.u32(4)), edgeCount: Int(storage.view.u32(8))),
              let first = TravelMode.allCases.first(where: { o.modes.contains(TravelModes($0)) }),
              let start = o.pathBlock(first) else {
            preconditionFailure("the overlay layout just written does not read back")
        }
        var old = Array(bytes[..<start])
        old.replaceSubrange(0..<4, with: withUnsafeBytes(of: UInt32(2).littleEndian, Array.init))
        return old
    }

    /// `bytes` (a laid-out overlay) with its stored paths replaced by `paths` (per mode with weights, one
    /// per weight).
    static func withPaths(_ bytes: [UInt8], _ paths: [[[UInt8]]]) -> [UInt8] {
        let storage = GraphStorage(bytes)
        guard let o = RouteOverlay(view: storage.view, nodeCount: Int(storage.view.u32(4)), edgeCount: Int(storage.view.u32(8))),
              let first = TravelMode.allCases.first(where: { o.modes.contains(TravelModes($0)) }),
              let start = o.pathBlock(first) else {
            preconditionFailure("the overlay layout just written does not read back")
        }
        return Array(bytes[..<start]) + RouteOverlay.pathsSection(paths, weights: o.weightCount)
    }

    /// The section with every weight still zero. A cell that is not `crossable(level, cell)` lists no entries
    /// and no exits, so no search crosses it by its weights (OverlayQuery): a composed overlay's cell of a region
    /// without an overlay (OverlayComposer).
    static func layout(_ graph: RoadGraph, _ shape: OverlayPartition.Shape, _ leaf: [UInt32], modes: [TravelMode],
                       crossable: (_ level: Int, _ cell: Int) -> Bool = { _, _ in true }) -> [UInt8] {
        var cuts: [UInt32] = []
        for e in 0..<graph.edgeCount {
            let ed = graph.edge(e)
            if leaf[ed.from] != leaf[ed.to] { cuts.append(UInt32(e)) }
        }
        func split(_ a: UInt32, _ b: UInt32) -> Int {
            RouteOverlay.splitLevel(Int(a), Int(b), levels: shape.levels, bitsPerLevel: shape.bitsPerLevel)
        }
        var w = ByteWriter()
        var levelBytes = ByteWriter()
        var weightCount = 0
        for level in 1...shape.levels {
            let cells = 1 << (shape.leafBits - shape.bitsPerLevel * (level - 1))
            let shift = UInt32(shape.bitsPerLevel * (level - 1))
            var entries = [[UInt32]](repeating: [], count: cells), exits = [[UInt32]](repeating: [], count: cells)
            for (k, e) in cuts.enumerated() {
                let ed = graph.edge(Int(e))
                let a = leaf[ed.from], b = leaf[ed.to]
                guard split(a, b) >= level else { continue }
                // Along the way (boundary 2k): from a's cell into b's; against it (2k + 1): the reverse.
                if crossable(level, Int(a >> shift)) {
                    exits[Int(a >> shift)].append(UInt32(2 * k)); entries[Int(a >> shift)].append(UInt32(2 * k + 1))
                }
                if crossable(level, Int(b >> shift)) {
                    entries[Int(b >> shift)].append(UInt32(2 * k)); exits[Int(b >> shift)].append(UInt32(2 * k + 1))
                }
            }
            for lists in [entries, exits] {
                var start: UInt32 = 0
                levelBytes.u32(0)
                for l in lists { start += UInt32(l.count); levelBytes.u32(start) }
                for l in lists { for b in l { levelBytes.u32(b) } }
            }
            levelBytes.u32(UInt32(weightCount))
            for c in 0..<cells {
                weightCount += entries[c].count * exits[c].count
                levelBytes.u32(UInt32(weightCount))
            }
        }
        let modeSet = modes.reduce(into: TravelModes()) { $0.insert(TravelModes($1)) }
        w.u32(RouteOverlay.version)
        for v in [graph.nodeCount, graph.edgeCount, shape.levels, shape.bitsPerLevel, shape.leafBits, cuts.count,
                  Int(modeSet.rawValue), weightCount] { w.u32(UInt32(v)) }
        while w.count < RouteOverlay.headerSize { w.u8(0) }
        for l in leaf { w.u32(l) }
        for c in cuts { w.u32(c) }
        var out = w.bytes + levelBytes.bytes
        let modeCount = TravelMode.allCases.filter { modeSet.contains($0) }.count
        out += [UInt8](repeating: 0, count: 4 * RouteOverlay.arraysPerMode * weightCount * modeCount)
        // No path stored yet (customize finds them, withPaths stores them).
        out += RouteOverlay.pathsSection([[[UInt8]]](repeating: [[UInt8]](repeating: [], count: weightCount), count: modeCount),
                                         weights: weightCount)
        return out
    }

    /// Fills in the weights of every mode the section has, level by level; with `only` (per level from 1,
    /// per cell), the cells it marks alone (the others keep the weights they have: a composed overlay's
    /// cells copied from their regions). Returns the paths of the weights it found, per mode with weights
    /// (empty for the others, and in a leaf that needs the general search).
    @discardableResult
    static func customize(_ graph: RoadGraph, _ bytes: inout [UInt8], only: [[Bool]]? = nil) -> [[[UInt8]]] {
        let storage = GraphStorage(bytes)
        guard let overlay = RouteOverlay(view: storage.view, nodeCount: graph.nodeCount, edgeCount: graph.edgeCount) else {
            preconditionFailure("the overlay layout just written does not read back")
        }
        let memory = WeightMemory(base: storage.mutableBase)
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var leafNodes = [[Int]](repeating: [], count: 1 << overlay.leafBits)
        for n in 0..<graph.nodeCount { leafNodes[overlay.leaf(n)].append(n) }
        let nodesOfLeaf = leafNodes
        var paths: [[[UInt8]]] = []
        for mode in TravelMode.allCases {
            guard let block = overlay.weightBlock(mode) else { continue }
            let found = Mutex([[UInt8]](repeating: [], count: overlay.weightCount))
            for level in 1...overlay.levels {
                let cells = 1 << (overlay.leafBits - overlay.bitsPerLevel * (level - 1))
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    guard var search = OverlayCellSearch(graph: graph, overlay: overlay, mode: mode) else { return }
                    var scratch = OverlayLeafGraph.Scratch()
                    var mine: [(Int, [UInt8])] = []
                    defer { found.withLock { for (k, p) in mine { $0[k] = p } } }
                    for cell in stride(from: worker, to: cells, by: workers) where only?[level - 1][cell] ?? true {
                        let entries = overlay.boundaries(level: level, cell: cell, exits: false)
                        let m = overlay.boundaries(level: level, cell: cell, exits: true).count
                        let start = overlay.matrixStart(level: level, cell: cell)
                        // Leaf cells on their small graph (turn costs worked out once), unless a via-way
                        // restriction needs the general search.
                        let leafGraph = level == 1 && m > 0 ? OverlayLeafGraph(cell: cell, nodes: nodesOfLeaf[cell], search: search) : nil
                        for (i, k) in entries.enumerated() {
                            let b = overlay.item(level: level, exits: false, k)
                            let row: (cost: [Double], seconds: [Double], metres: [Double], paths: [[UInt8]])
                            if let leafGraph {
                                let none = [Double](repeating: .infinity, count: m)
                                row = leafGraph.state(of: overlay.directedEdge(ofBoundary: b))
                                    .map { leafGraph.costs(from: $0, exitCount: m, scratch: &scratch) }
                                    ?? (none, none, none, [[UInt8]](repeating: [], count: m))
                            } else {
                                search.search(from: b, level: level, cell: cell)
                                // (A leaf that needs the general search keeps its paths unsaid: they carry states.)
                                let paths = level > 1 ? search.foundCellChoices(from: b, level: level, cell: cell)
                                                      : [[UInt8]](repeating: [], count: m)
                                row = (search.found, search.foundSeconds, search.foundMetres, paths)
                            }
                            // The weights, then their seconds, then metres (RouteOverlay.seconds, .metres).
                            func store(_ array: Int, _ k: Int, _ v: Double) {
                                memory.base.storeBytes(of: Float(v).bitPattern.littleEndian,
                                                       toByteOffset: block + 4 * (array * overlay.weightCount + k), as: UInt32.self)
                            }
                            for j in 0..<m {
                                let k = start + i * m + j
                                store(0, k, row.cost[j])
                                store(1, k, row.seconds[j])
                                store(2, k, row.metres[j])
                                if row.cost[j].isFinite, !row.paths[j].isEmpty { mine.append((k, row.paths[j])) }
                            }
                        }
                    }
                }
            }
            paths.append(found.withLock { $0 })
        }
        bytes = [UInt8](UnsafeRawBufferPointer(start: UnsafeRawPointer(memory.base), count: storage.view.count))
        return paths
    }

    /// The section's bytes while the weights are written: each cell's matrix by one worker only.
    private struct WeightMemory: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
    }
}
