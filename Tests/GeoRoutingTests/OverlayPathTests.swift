// The routing overlay's stored paths (OVLY version 3): every weight with a
// path has it stored (a leaf's streets, a higher cell's cells one level
// down), it joins the entry to the exit inside the cell and is as long as the
// weight's metres say; a composed overlay keeps the paths of
// the cells it copies; an overlay of version 2 (no paths) still routes, as the
// same overlay with paths does; and damaged paths never break a route.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

struct OverlayPathTests {
    /// Checks every stored path of `graph`'s overlay against its weight (it leads from the entry to the exit,
    /// inside the cell, and adds up to the weight's metres); returns per level how many weights have a path
    /// (finite weight) and how many of those are stored.
    static func checkPaths(_ graph: RoadGraph) throws -> [(weights: Int, stored: Int)] {
        let o = try #require(graph.overlay)
        var counts = [(weights: Int, stored: Int)](repeating: (0, 0), count: o.levels)
        for mode in TravelMode.allCases {
            guard let block = o.weightBlock(mode), let paths = o.pathBlock(mode),
                  let search = OverlayCellSearch(graph: graph, overlay: o, mode: mode) else { continue }
            for level in 1...o.levels {
                for cell in 0..<(1 << (o.leafBits - o.bitsPerLevel * (level - 1))) {
                    let entries = o.boundaries(level: level, cell: cell, exits: false), exits = o.boundaries(level: level, cell: cell, exits: true)
                    for (i, a) in entries.enumerated() {
                        for (j, b) in exits.enumerated() {
                            let k = o.matrixStart(level: level, cell: cell) + i * exits.count + j
                            let nibbles = o.storedPath(pathBlock: paths, k)
                            guard o.weight(block: block, k).isFinite else {
                                #expect(nibbles.isEmpty, "a path stored where there is none")
                                continue
                            }
                            counts[level - 1].weights += 1
                            guard !nibbles.isEmpty else { continue }
                            counts[level - 1].stored += 1
                            let from = o.item(level: level, exits: false, a), to = o.item(level: level, exits: true, b)
                            if level == 1 {
                                let streets = try #require(search.storedStreets(from: from, to: to, cell: cell, exit: j),
                                                           "\(mode.name) leaf \(cell): the stored path is not its weight's")
                                for d in streets.dropLast() { #expect(o.leaf(graph.head(d)) == cell) }
                            } else {
                                let chain = try #require(search.storedCells(from: from, to: to, level: level, cell: cell, exit: j),
                                                         "\(mode.name) level \(level) cell \(cell): the stored path is not its weight's")
                                for x in chain {
                                    #expect(o.cell(leaf: o.leaf(graph.head(o.directedEdge(ofBoundary: x))), level: level) == cell)
                                }
                            }
                        }
                    }
                }
            }
        }
        return counts
    }

    @Test func everyWeightHasItsPath() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        let overlaid = graph.withOverlay(try #require(OverlayBuilder.section(for: graph, leafSize: 2, paths: true)))
        let counts = try Self.checkPaths(overlaid)
        #expect(counts.count >= 2 && counts.allSatisfy { $0.weights > 100 }, "\(counts)")
        // Only a leaf where a via-way restriction begins keeps its paths unsaid.
        for (level, c) in counts.enumerated() {
            #expect(Double(c.stored) >= 0.9 * Double(c.weights), "level \(level + 1): \(c.stored) of \(c.weights) paths stored")
        }
    }

    @Test func theCodeSaysAPathAndReadsItBack() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        // A walk of the graph: from an edge, always the last way on that is not back (back at a dead end).
        var start = DirectedEdge(0), path: [DirectedEdge] = []
        var at = graph.head(start)
        for _ in 0..<20 {
            var next: DirectedEdge?
            let back = (path.last ?? start) ^ 1
            graph.forEachAdjacent(at) { e, reversed in
                let d = DirectedEdge(e) << 1 | (reversed ? 1 : 0)
                if d != back || next == nil { next = d }
            }
            guard let d = next else { break }
            path.append(d)
            at = graph.head(d)
        }
        #expect(path.count >= 5)
        let choices = try #require(OverlayPathCode.encode(path, after: start, in: graph))
        #expect(choices.count == path.count)
        #expect(OverlayPathCode.decode(choices, after: start, to: path.last!, in: graph) == path)
        // Ending elsewhere, or a choice beyond a node's edges: not a path.
        #expect(OverlayPathCode.decode(choices, after: start, to: path.first!, in: graph) == nil)
        #expect(OverlayPathCode.decode(choices + [15], after: start, to: path.last!, in: graph) == nil)
        start ^= 1
        #expect(OverlayPathCode.encode(path, after: start, in: graph) == nil, "a path that does not leave where it starts")
    }

    @Test func aComposedOverlayKeepsTheCopiedCellsPaths() throws {
        let regions = try ComposedOverlayTests.regions(TestData.sample("town.osm"), name: "town-paths", at: 6.8,
                                                       overlap: 0.002, leafSize: 2, paths: true)
        let joined = OverlayComposer.merged(regions)
        let counts = try Self.checkPaths(joined)
        #expect(counts.count >= 2 && counts[0].weights > 200, "\(counts)")
        for (level, c) in counts.enumerated() {
            #expect(Double(c.stored) >= 0.9 * Double(c.weights), "level \(level + 1): \(c.stored) of \(c.weights) paths stored")
        }
    }

    /// The overlay's bytes without its paths, as version 2 has them.
    static func version2(_ bytes: [UInt8], graph: RoadGraph) throws -> [UInt8] {
        let o = try #require(graph.withOverlay(bytes).overlay)
        let start = try #require(o.pathBlock(.car))
        var old = Array(bytes[..<start])
        old[0] = 2
        return old
    }

    @Test func aVersion2OverlayStillRoutes() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        let bytes = try #require(OverlayBuilder.section(for: graph, leafSize: 4, paths: true))
        let old = graph.withOverlay(try Self.version2(bytes, graph: graph))
        let o = try #require(old.overlay)
        #expect(o.pathBlock(.car) == nil)
        let (routes, crossed) = try RouteOverlayTests.compare(overlaid: old, pairs: 60, seed: 3)
        #expect(routes > 100 && crossed > 60)
    }

    /// Paths are stored where the overlay with them stays within half the graph's bytes, else left out
    /// (version 2); asked for, they are stored whatever the size.
    /// The overlay's version (its first u32).
    private static func version(_ bytes: [UInt8]) -> UInt32 {
        bytes.prefix(4).enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// The sample town's cells are tiny beside its graph: with paths its overlay is more than half the
    /// graph's bytes, so they are left out (version 2) unless asked for.
    @Test func pathsOverHalfTheGraphAreLeftOut() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        for leafSize in [2, 4, 8] {
            let chosen = try #require(OverlayBuilder.section(for: graph, leafSize: leafSize))
            let forced = try #require(OverlayBuilder.section(for: graph, leafSize: leafSize, paths: true))
            #expect(forced.count > graph.view.count / 2)
            #expect(Self.version(chosen) == 2 && Self.version(forced) == 3 && chosen.count < forced.count)
            #expect(try #require(graph.withOverlay(chosen).overlay).pathBlock(.car) == nil)
        }
    }

    /// Andorra's overlay with its paths is well within half its graph: they are kept.
    @Test(.sharedData("andorra.osm.pbf")) func pathsWithinHalfTheGraphAreKept() throws {
        let graph = try TestData.graph(of: try #require(TestData.shared("andorra.osm.pbf")))
        let chosen = try #require(OverlayBuilder.section(for: graph))
        #expect(Self.version(chosen) == 3 && chosen.count <= graph.view.count / 2)
        #expect(try #require(graph.withOverlay(chosen).overlay).pathBlock(.car) != nil)
    }

    @Test func damagedPathsNeverBreakARoute() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        var bytes = try #require(OverlayBuilder.section(for: graph, leafSize: 4, paths: true))
        let o = try #require(graph.withOverlay(bytes).overlay)
        // Every nibble of every mode's paths at random (the starts stay well-formed).
        var rng = SplitMix64(seed: 99)
        for mode in TravelMode.allCases {
            let block = try #require(o.pathBlock(mode))
            let nibbles = block + 4 * (o.weightCount + 1)
            let count = RouteOverlay.nibbleBytes(Int(bytes[block + 4 * o.weightCount ..< block + 4 * o.weightCount + 4]
                .enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }))
            for k in nibbles..<(nibbles + count) { bytes[k] = UInt8(truncatingIfNeeded: rng.next()) }
        }
        let hostile = graph.withOverlay(bytes)
        #expect(hostile.overlay != nil)
        // Routes still cost what they cost (the weights are intact) and their streets join up.
        let (routes, _) = try RouteOverlayTests.compare(overlaid: hostile, pairs: 40, seed: 8)
        #expect(routes > 60)
    }
}
