// The A* potential of a route search: a lower bound of the cost from a node to
// the nearest target. The bound is the distance in a flat map of the graph's
// latitude band (metres north–south as on the sphere, east–west shrunk by the
// smallest cosine of latitude in the band, longitudes wrapping round), over
// the mode's top speed. Inside the band every road is at least that long (the
// sphere's metric there is no shorter than the flat one), and the flat
// distance is a metric, so the bound is consistent: A* settles each node once
// with its true cost, as plain Dijkstra would. It costs a square root where
// the great-circle distance cost a sine, a cosine and an arcsine per node
// reached, which was a tenth of a long route's time.
import Foundation
import GeoBase
import GeoRoads

struct StraightLineBound {
    /// Each target in radians, latitude and longitude.
    private let targets: [(lat: Double, lon: Double)]
    /// The smallest cosine of latitude in the band.
    private let shrink: Double
    /// Cost per metre of the cheapest possible road (1 / top speed; 1 for the shortest route).
    private let perMetre: Double

    init(graph: RoadGraph, targets points: [Coordinate], rules: TraversalRules) {
        let box = graph.extent
        self.init(band: max(abs(box.minLat), abs(box.maxLat)), targets: points, perMetre: rules.lowerBound(metres: 1))
    }

    /// The bound for points within `band` degrees of the equator (and the targets, wherever they are).
    init(band: Double, targets points: [Coordinate], perMetre: Double) {
        var widest = band
        for p in points { widest = max(widest, abs(p.lat)) }
        // A little beyond the band: a great circle between two points in it bulges towards the pole.
        shrink = cos(min(90, widest + 0.01) * .pi / 180)
        targets = points.map { ($0.lat * .pi / 180, $0.lon * .pi / 180) }
        self.perMetre = perMetre
    }

    /// The lower bound of the cost from a point at `c` to the nearest target (0 with no target).
    @inline(__always) func cost(from c: FixedCoordinate) -> Double {
        let lat = Double(c.lat) * (.pi / 180e7), lon = Double(c.lon) * (.pi / 180e7)
        var nearest = Double.infinity
        for t in targets {
            var dl = abs(lon - t.lon)
            if dl > .pi { dl = 2 * .pi - dl }
            let dx = dl * shrink, dy = lat - t.lat
            nearest = min(nearest, dx * dx + dy * dy)
        }
        return nearest.isFinite ? nearest.squareRoot() * Coordinate.earthRadius * perMetre : 0
    }
}
