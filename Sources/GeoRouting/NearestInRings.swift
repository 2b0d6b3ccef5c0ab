// The nearest usable roads to a point, reading the edge grid ring by ring
// around it: after each ring, nothing unread can be nearer than the distance
// to the edge of the block read so far, so the search stops as soon as what
// it needs lies within that distance. A point on a street reads a cell or
// two; a point out at sea reads a block just wider than its distance to the
// shore (the fixed 50 → 200 → 800 → 3 200 m boxes this replaces read all of
// Monaco's roads, several times, for a point a kilometre off its coast).
import Foundation
import GeoBase
import GeoRoads

extension CandidateSearch {
    /// The usable edges nearest `point`, nearest first and one per place (as `candidates`
    /// gives them), at most `limit`: every one within `slack` metres of the `need`-th nearest
    /// place; fewer than `need` only when no more lie within `maxRadius`.
    mutating func nearestInRings(to point: Coordinate, need: Int, slack: Double, maxRadius: Double,
                                 limit: Int) -> [Candidate] {
        guard point.isValid, need > 0, limit > 0, maxRadius > 0 else { return [] }
        let graph = self.graph
        let (rows, cols) = graph.gridSize
        let fixedPoint = FixedCoordinate(point)
        let (r0, c0) = graph.gridCell(of: fixedPoint)
        let projection = LocalProjection(origin: point)
        // Evaluated within the whole search radius, so an edge read early is measured once for all.
        let box = FixedBoundingBox(BoundingBox(around: point, meters: maxRadius))
        let metresPerLat = MetresPerDegree.latitude * 1e-7
        let metresPerLon = MetresPerDegree.longitude(atLatitude: point.lat) * 1e-7
        let grid = graph.gridBlock(rows: 0...(rows - 1), cols: 0...(cols - 1))
        let restricts = rule?.restrictsDirection == true
        var seen = Set<Int>()
        var found: [Candidate] = []
        var ring = 0
        while true {
            visitRing(ring, row: r0, col: c0) { e in
                guard seen.insert(e).inserted,
                      let c = candidate(onEdge: e, point: point, projection: projection, within: maxRadius, box: box) else { return }
                found.append(c)
            }
            // What is left unread lies in the grid's strips beyond the block's four sides: nothing
            // there is nearer than the nearest strip (a point outside the grid is as far from them).
            let block = graph.gridBlock(rows: (r0 - ring)...(r0 + ring), cols: (c0 - ring)...(c0 + ring))
            var bound = Double.infinity
            func strip(_ minLat: Int64, _ maxLat: Int64, _ minLon: Int64, _ maxLon: Int64) {
                let lat = Int64(fixedPoint.lat), lon = Int64(fixedPoint.lon)
                let dy = Double(max(minLat - lat, 0, lat - maxLat)) * metresPerLat
                let dx = Double(max(minLon - lon, 0, lon - maxLon)) * metresPerLon
                bound = min(bound, (dx * dx + dy * dy).squareRoot())
            }
            if r0 - ring > 0 { strip(grid.minLat, block.minLat, grid.minLon, grid.maxLon) }
            if r0 + ring < rows - 1 { strip(block.maxLat, grid.maxLat, grid.minLon, grid.maxLon) }
            if c0 - ring > 0 { strip(grid.minLat, grid.maxLat, grid.minLon, block.minLon) }
            if c0 + ring < cols - 1 { strip(grid.minLat, grid.maxLat, block.maxLon, grid.maxLon) }
            if found.count >= need {
                // Counted in distinct places: the edges meeting at a junction are one.
                let places = CandidateSearch.distinct(found, limit: need, onEdges: restricts)
                if places.count == need {
                    let reach = places[need - 1].position.distance + slack
                    if reach <= bound || bound >= maxRadius {
                        return CandidateSearch.distinct(found.filter { $0.position.distance <= min(reach, maxRadius) }, limit: limit,
                                                       onEdges: restricts)
                    }
                }
            }
            if bound >= maxRadius {
                return CandidateSearch.distinct(found.filter { $0.position.distance <= maxRadius }, limit: limit, onEdges: restricts)
            }
            ring += 1
        }
    }

    /// Every cell at Chebyshev distance `ring` from (`row`, `col`) (cells outside the grid give nothing).
    private func visitRing(_ ring: Int, row: Int, col: Int, _ body: (Int) -> Void) {
        let graph = self.graph
        if ring == 0 { graph.edges(inCellRow: row, col: col, body); return }
        for c in (col - ring)...(col + ring) {
            graph.edges(inCellRow: row - ring, col: c, body)
            graph.edges(inCellRow: row + ring, col: c, body)
        }
        for r in (row - ring + 1)...(row + ring - 1) {
            graph.edges(inCellRow: r, col: col - ring, body)
            graph.edges(inCellRow: r, col: col + ring, body)
        }
    }
}
