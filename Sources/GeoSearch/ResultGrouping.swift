// Grouped map pins: results whose points lie within a distance of a group's
// first (best) member join that group, in ranking order, so the best result
// anchors each cluster.
import GeoBase

enum ResultGrouping {
    static func group(_ results: [SearchResult], within meters: Double) -> [ResultGroup] {
        var groups: [(anchor: Coordinate, members: [Int], box: BoundingBox, sumLat: Double, sumLon: Double)] = []
        for (i, r) in results.enumerated() {
            if let g = groups.firstIndex(where: { $0.anchor.distance(to: r.coordinate) <= meters }) {
                groups[g].members.append(i)
                groups[g].box.extend(r.coordinate)
                groups[g].sumLat += r.coordinate.lat
                groups[g].sumLon += r.coordinate.lon
            } else {
                groups.append((r.coordinate, [i], BoundingBox(r.coordinate), r.coordinate.lat, r.coordinate.lon))
            }
        }
        return groups.map { g in
            let n = Double(g.members.count)
            return ResultGroup(coordinate: Coordinate(lat: g.sumLat / n, lon: g.sumLon / n), members: g.members, bbox: g.box)
        }
    }
}
