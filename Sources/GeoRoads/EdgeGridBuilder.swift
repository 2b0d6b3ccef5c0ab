// The road graph's uniform grid over edge segments (for nearest-road look-ups
// by the map matcher): its geometry, and the CSR lists of edges per cell.
// Built with a counting sort — one pass counts each edge once per cell its
// segments' boxes touch, a second pass fills the lists — so it needs one
// start array and one entry array, never a list object per cell (8 million
// cells at most would otherwise mean 8 million allocations).
import Foundation
import GeoBase

/// The grid's geometry: cells of roughly 110 m (the map matcher looks 25–100 m around each
/// point), fewer when the area is huge.
package struct EdgeGridBuilder {
    package let minLat: Int32, minLon: Int32, cellLat: Int32, cellLon: Int32
    package let rows: Int, cols: Int

    package init(box: FixedBoundingBox, edgeCount: Int) {
        guard !box.isEmpty else {
            minLat = 0; minLon = 0; cellLat = 1; cellLon = 1; rows = 1; cols = 1
            return
        }
        let midLat = Double(box.minLat + (box.maxLat - box.minLat) / 2) / 1e7
        var cLat = 0.001 * 1e7
        var cLon = cLat / MetresPerDegree.cosine(midLat)
        let spanLat = Double(Int64(box.maxLat) - Int64(box.minLat)) + 1
        let spanLon = Double(Int64(box.maxLon) - Int64(box.minLon)) + 1
        // At most 8 cells per edge (and 8M cells): 32 bytes per edge at worst, small beside its geometry.
        let maxCells = Double(min(8_000_000, max(1, edgeCount * 8)))
        while (spanLat / cLat).rounded(.up) * (spanLon / cLon).rounded(.up) > maxCells { cLat *= 1.5; cLon *= 1.5 }
        minLat = box.minLat
        minLon = box.minLon
        cellLat = Int32(min(cLat, 1.8e9))
        cellLon = Int32(min(cLon, 1.8e9))
        rows = max(1, Int((spanLat / Double(cellLat)).rounded(.up)))
        cols = max(1, Int((spanLon / Double(cellLon)).rounded(.up)))
    }

    var cellCount: Int { rows * cols }

    func cell(_ p: FixedCoordinate) -> (Int, Int) {
        let r = Int((Int64(p.lat) - Int64(minLat)) / Int64(cellLat))
        let c = Int((Int64(p.lon) - Int64(minLon)) / Int64(cellLon))
        return (max(0, min(rows - 1, r)), max(0, min(cols - 1, c)))
    }

    /// Cells touched by the bounding box of segment a–b, row by row.
    func cells(from a: FixedCoordinate, to b: FixedCoordinate) -> [Int] {
        var out: [Int] = []
        forEachCell(from: a, to: b) { out.append($0) }
        return out
    }

    @inline(__always) func forEachCell(from a: FixedCoordinate, to b: FixedCoordinate, _ body: (Int) -> Void) {
        let (r0, c0) = cell(a), (r1, c1) = cell(b)
        for r in min(r0, r1)...max(r0, r1) { for c in min(c0, c1)...max(c0, c1) { body(r * cols + c) } }
    }

    /// The CSR grid: `start` (cells + 1 offsets) and `entries` (edge ids, ascending within a cell).
    /// `edgePoints(i, into:)` puts edge i's points (ends and shape) into the array it is given.
    package func lists(edgeCount: Int, edgePoints: (Int, inout [FixedCoordinate]) -> Void) -> (start: [UInt32], entries: [UInt32]) {
        var start = [UInt32](repeating: 0, count: cellCount + 1)
        var points: [FixedCoordinate] = []
        var touched: [Int] = []
        // The distinct cells of edge i, ascending.
        func cellsOf(_ i: Int) {
            points.removeAll(keepingCapacity: true)
            touched.removeAll(keepingCapacity: true)
            edgePoints(i, &points)
            for s in 1..<points.count { forEachCell(from: points[s - 1], to: points[s]) { touched.append($0) } }
            if touched.count > 1 {
                touched.sort()
                var n = 1
                for j in 1..<touched.count where touched[j] != touched[n - 1] {
                    touched[n] = touched[j]
                    n += 1
                }
                touched.removeLast(touched.count - n)
            }
        }
        // Counts per cell, then running sums: start[c] is where cell c ends. Filling the edges in
        // reverse order while stepping each cell's end back leaves start[c] where the cell begins,
        // with its edges ascending — no second offset array.
        for i in 0..<edgeCount {
            cellsOf(i)
            for c in touched { start[c] += 1 }
        }
        for c in 1..<max(1, cellCount) { start[c] += start[c - 1] }
        start[cellCount] = start[cellCount - 1]
        var entries = [UInt32](repeating: 0, count: Int(start[cellCount]))
        for i in stride(from: edgeCount - 1, through: 0, by: -1) {
            cellsOf(i)
            for c in touched {
                start[c] -= 1
                entries[Int(start[c])] = UInt32(i)
            }
        }
        return (start, entries)
    }
}
