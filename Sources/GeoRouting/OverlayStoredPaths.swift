// Reading a step across a cell from the paths the overlay stores (RouteOverlay+Paths) instead of
// searching the cell: a leaf's streets, or a higher cell's boundaries one level down. What is read
// must also add up to the weight's metres, so a damaged file's path that happens to reach its exit
// is searched again rather than followed.
import Foundation
import GeoBase
import GeoRoads

extension OverlayCellSearch {
    /// The streets of the leaf step from boundary `from` to `to` (exit `j` of leaf `cell`) as the overlay
    /// stores them, or nil when it stores none for it.
    func storedStreets(from: Int, to: Int, cell: Int, exit j: Int) -> [DirectedEdge]? {
        guard let pathBlock, let k = weightIndex(from: from, level: 1, cell: cell, exit: j) else { return nil }
        let choices = overlay.storedPath(pathBlock: pathBlock, k)
        guard !choices.isEmpty, let streets = OverlayPathCode.decode(choices, after: overlay.directedEdge(ofBoundary: from),
                                                                      to: overlay.directedEdge(ofBoundary: to), in: rules.graph)
        else { return nil }
        let metres = streets.reduce(0) { $0 + rules.graph.edge(Int($1 >> 1)).length }
        return fits(metres, k) ? streets : nil
    }

    /// The boundaries one level down that the level-`level` step from `from` to `to` (exit `j` of `cell`)
    /// passes, exclusive of both, as the overlay stores them; nil when it stores none for it.
    func storedCells(from: Int, to: Int, level: Int, cell: Int, exit j: Int) -> [Int]? {
        guard let pathBlock, let k = weightIndex(from: from, level: level, cell: cell, exit: j) else { return nil }
        let nibbles = overlay.storedPath(pathBlock: pathBlock, k)
        guard !nibbles.isEmpty, let chain = overlay.cellChain(nibbles, from: from, to: to, level: level, in: rules.graph)
        else { return nil }
        // The steps' metres, one level down.
        var metres = 0.0, previous = from
        for b in chain {
            let sub = overlay.cell(leaf: overlay.leaf(rules.graph.head(overlay.directedEdge(ofBoundary: previous))), level: level - 1)
            guard let e = overlay.position(of: b, level: level - 1, cell: sub, exits: true),
                  let w = weightIndex(from: previous, level: level - 1, cell: sub, exit: e) else { return nil }
            metres += Double(overlay.metres(block: block, w))
            previous = b
        }
        return fits(metres, k) ? Array(chain.dropLast()) : nil
    }

    /// The float index of the weight from entry boundary `from` to exit `j` of cell `cell` of `level`.
    private func weightIndex(from: Int, level: Int, cell: Int, exit j: Int) -> Int? {
        guard let i = overlay.position(of: from, level: level, cell: cell, exits: false) else { return nil }
        let m = overlay.boundaries(level: level, cell: cell, exits: true).count
        return j < m ? overlay.matrixStart(level: level, cell: cell) + i * m + j : nil
    }

    /// Whether `metres` is the length the overlay gives weight `k`'s path (to float precision).
    private func fits(_ metres: Double, _ k: Int) -> Bool {
        let expected = Double(overlay.metres(block: block, k))
        return abs(metres - expected) <= 0.5 + 1e-5 * expected
    }

    /// After `search` from boundary `b` in a level-`level` cell (level ≥ 2), the nibbles of the path to each
    /// exit (empty where there is none, or it cannot be said), as the overlay stores them.
    func foundCellChoices(from b: Int, level: Int, cell: Int) -> [[UInt8]] {
        let exits = overlay.boundaries(level: level, cell: cell, exits: true)
        return exits.indices.map { k in
            let j = k - exits.lowerBound
            guard let chain = foundChain(exit: j) else { return [] }
            return overlay.cellChoices(chain + [overlay.item(level: level, exits: true, k)], from: b, level: level, in: rules.graph) ?? []
        }
    }
}
