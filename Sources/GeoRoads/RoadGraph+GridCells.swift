// The edge grid cell by cell, for searches that widen ring by ring around a
// point (the nearest road to a point out at sea is a kilometre away: a box
// grown by fixed steps would read every edge of a small country).
import GeoBase

extension RoadGraph {
    /// Rows and columns of the edge grid.
    public var gridSize: (rows: Int, cols: Int) { (layout.rows, layout.cols) }

    /// The cell holding `c`, clamped to the grid (a point outside it gets the nearest cell).
    public func gridCell(of c: FixedCoordinate) -> (row: Int, col: Int) {
        let r = (Int64(c.lat) - Int64(gridMinLat)) / Int64(cellLat)
        let k = (Int64(c.lon) - Int64(gridMinLon)) / Int64(cellLon)
        return (Int(max(0, min(Int64(layout.rows - 1), r))), Int(max(0, min(Int64(layout.cols - 1), k))))
    }

    /// The fixed-point box of cells `rows` × `cols` (bounds may lie outside the grid).
    public func gridBlock(rows: ClosedRange<Int>, cols: ClosedRange<Int>) -> (minLat: Int64, maxLat: Int64, minLon: Int64, maxLon: Int64) {
        (Int64(gridMinLat) + Int64(rows.lowerBound) * Int64(cellLat), Int64(gridMinLat) + Int64(rows.upperBound + 1) * Int64(cellLat),
         Int64(gridMinLon) + Int64(cols.lowerBound) * Int64(cellLon), Int64(gridMinLon) + Int64(cols.upperBound + 1) * Int64(cellLon))
    }

    /// Every edge with a segment whose box touches cell (`row`, `col`); nothing for a cell outside the grid.
    @inlinable public func edges(inCellRow row: Int, col: Int, _ body: (Int) -> Void) {
        guard row >= 0, row < layout.rows, col >= 0, col < layout.cols else { return }
        let cell = row * layout.cols + col
        let a = Int(view.u32(gridStartAt + cell * 4)), b = Int(view.u32(gridStartAt + cell * 4 + 4))
        guard a <= b, b <= layout.gridEntryCount else { return }
        for k in a..<b {
            let e = Int(view.u32(gridEdgesAt + k * 4))
            if e < layout.edgeCount { body(e) }
        }
    }
}
