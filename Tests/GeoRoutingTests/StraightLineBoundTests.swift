// The route search's A* potential never overestimates (it is at most the
// great-circle distance, also across the antimeridian) and is consistent (it
// changes between two points by no more than their distance), so A* stays
// exact; and it is tight enough to guide the search (within 2 % of the
// distance in a city-sized band).
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRouting

struct StraightLineBoundTests {
    private func point(_ rng: inout SplitMix64, lat: ClosedRange<Double>, lon: ClosedRange<Double>) -> Coordinate {
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        return Coordinate(lat: lat.lowerBound + unit() * (lat.upperBound - lat.lowerBound),
                          lon: lon.lowerBound + unit() * (lon.upperBound - lon.lowerBound))
    }

    /// The bound at `c` read as the index stores coordinates (1e-7 degrees).
    private func at(_ b: StraightLineBound, _ c: Coordinate) -> Double { b.cost(from: FixedCoordinate(c)) }

    @Test(arguments: [(40.0...56.0, -5.0...25.0), (59.5...60.5, 24.0...26.0), (64.0...70.0, 175.0...185.0), ((-48.0)...(-34.0), 165.0...179.0)])
    func neverOverestimatesAndIsConsistent(_ lat: ClosedRange<Double>, _ lon: ClosedRange<Double>) {
        var rng = SplitMix64(seed: 5)
        let band = max(abs(lat.lowerBound), abs(lat.upperBound))
        for _ in 0..<200 {
            var t = point(&rng, lat: lat, lon: lon)
            if t.lon > 180 { t.lon -= 360 }
            let bound = StraightLineBound(band: band, targets: [t], perMetre: 1)
            for _ in 0..<20 {
                var u = point(&rng, lat: lat, lon: lon), v = u
                if u.lon > 180 { u.lon -= 360 }
                // A neighbour a few hundred metres away (a road's length), and a far point.
                v = Coordinate(lat: min(lat.upperBound, u.lat + Double(rng.next() % 400) * 1e-5),
                               lon: u.lon + Double(rng.next() % 400) * 1e-5)
                if v.lon > 180 { v.lon -= 360 }
                let fu = FixedCoordinate(u).coordinate, fv = FixedCoordinate(v).coordinate
                #expect(at(bound, u) <= fu.distance(to: t) + 1e-6, "\(u) → \(t): \(at(bound, u)) m over \(fu.distance(to: t)) m")
                #expect(at(bound, u) - at(bound, v) <= fu.distance(to: fv) + 1e-6, "inconsistent between \(u) and \(v)")
            }
        }
    }

    @Test func isTightInACity() {
        var rng = SplitMix64(seed: 9)
        for _ in 0..<200 {
            let t = point(&rng, lat: 47.0...47.3, lon: 9.4...9.7), u = point(&rng, lat: 47.0...47.3, lon: 9.4...9.7)
            let d = FixedCoordinate(u).coordinate.distance(to: t)
            let b = StraightLineBound(band: 47.3, targets: [t], perMetre: 1)
            #expect(at(b, u) >= 0.98 * d - 1)
        }
        // No target: no bound.
        #expect(StraightLineBound(band: 47, targets: [], perMetre: 1).cost(from: FixedCoordinate(lat: 0, lon: 0)) == 0)
    }
}
