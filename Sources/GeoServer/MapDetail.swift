// How /features fits its geometry to the zoom a map draws it at (`zoom=`):
// points that move a line by less than half a pixel are left out, the rest
// rounded to the decimals a pixel needs, and what shrinks below a pixel is
// dropped. A zoomed-in city is then about half the bytes it was with every
// point at 7 decimals, which a page must fetch and parse before it draws.
import Foundation
import GeoBase
import GeoFrontEnd

struct MapDetail {
    /// Degrees of longitude (and, scaled by the cosine of the latitude, of latitude) per pixel,
    /// in 1e-7° units (256-pixel tiles at this zoom).
    let unitsPerPixel: Double
    /// Coordinates are rounded to multiples of this many 1e-7° units.
    let step: Int32

    init(zoom: Int) {
        unitsPerPixel = 360 / (256 * pow(2, Double(zoom))) * FixedCoordinate.scale
        // The fewest decimals that keep the rounding within about a quarter of a pixel, 6 at
        // most (0.1 m: finer than any map needs).
        let decimals = min(6, max(1, Int((log10(256 * pow(2, Double(zoom)) / 180)).rounded(.up))))
        var s: Int32 = 1
        for _ in decimals..<7 { s *= 10 }
        step = s
    }

    func rounded(_ c: FixedCoordinate) -> FixedCoordinate {
        FixedCoordinate(lat: round(c.lat), lon: round(c.lon))
    }

    private func round(_ v: Int32) -> Int32 {
        guard step > 1 else { return v }
        let s = Int64(step), x = Int64(v)
        let q = (x >= 0 ? x + s / 2 : x - s / 2) / s
        return Int32(clamping: q * s)
    }

    /// A line thinned to half a pixel and rounded, without repeated points; nil when less than
    /// two points are left (a line shorter than the rounding).
    func line(_ points: [FixedCoordinate]) -> [FixedCoordinate]? {
        let out = thinned(points)
        return out.count >= 2 ? out : nil
    }

    /// A closed ring thinned and rounded; nil when it no longer encloses anything (fewer than
    /// four points, the last repeating the first).
    func ring(_ points: [FixedCoordinate]) -> [FixedCoordinate]? {
        let out = thinned(points)
        return out.count >= 4 && out.first == out.last ? out : nil
    }

    /// Douglas–Peucker with a tolerance of half a pixel, measured in pixels of the Mercator map
    /// (a degree of latitude spans 1/cos(latitude) times the pixels of a degree of longitude),
    /// then the kept points rounded and repeats removed.
    private func thinned(_ points: [FixedCoordinate]) -> [FixedCoordinate] {
        guard points.count > 2 else { return dedup(points.map(rounded)) }
        let latitude = Double(points[0].lat) / FixedCoordinate.scale * .pi / 180
        let sx = 1 / unitsPerPixel, sy = 1 / (unitsPerPixel * max(0.01, cos(latitude)))
        let xs = points.map { Double($0.lon) * sx }, ys = points.map { Double($0.lat) * sy }
        // Half a pixel, squared.
        let keep = DouglasPeucker.kept(count: points.count, tolerance: 0.5 * 0.5) { PlanarGeometry.segmentDistanceSquared(xs, ys, $0, $1, $2) }
        var out: [FixedCoordinate] = []
        out.reserveCapacity(points.count)
        for (i, p) in points.enumerated() where keep[i] { out.append(rounded(p)) }
        return dedup(out)
    }

    private func dedup(_ points: [FixedCoordinate]) -> [FixedCoordinate] {
        var out: [FixedCoordinate] = []
        out.reserveCapacity(points.count)
        for p in points where p != out.last { out.append(p) }
        return out
    }

    /// Whether a box is smaller than a pixel on both sides (too small to see).
    func isBelowAPixel(_ box: FixedBoundingBox) -> Bool {
        Double(Int64(box.maxLon) - Int64(box.minLon)) < unitsPerPixel && Double(Int64(box.maxLat) - Int64(box.minLat)) < unitsPerPixel
    }
}
