// Small planar computations on short stretches of the Earth, in a local
// equirectangular projection (metres east/north of a reference point): polygon
// centroids, points half-way along lines, and point-to-segment distances. Good
// to well under a metre over the few kilometres a landmark or road spans.
import Foundation

public struct LocalProjection: Sendable {
    public let origin: Coordinate
    @usableFromInline let metersPerDegLat = MetresPerDegree.latitude
    @usableFromInline let metersPerDegLon: Double

    public init(origin: Coordinate) {
        self.origin = origin
        metersPerDegLon = MetresPerDegree.longitude(atLatitude: origin.lat)
    }

    @inlinable @inline(__always) public func project(_ c: Coordinate) -> (x: Double, y: Double) {
        ((c.lon - origin.lon) * metersPerDegLon, (c.lat - origin.lat) * metersPerDegLat)
    }

    @inlinable @inline(__always) public func unproject(x: Double, y: Double) -> Coordinate {
        Coordinate(lat: origin.lat + y / metersPerDegLat, lon: origin.lon + x / metersPerDegLon)
    }
}

public enum PlanarGeometry {
    /// The angle of the vector (x, y) from the x axis in degrees, −180…180, as `atan2(y, x)` gives it, to
    /// within 0.001°: a polynomial on the octant (a search takes one per turn it weighs, and libm's atan2
    /// was a tenth of a route's time). (0, 0) is 0.
    @inlinable @inline(__always)
    public static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let high = max(ax, ay)
        guard high > 0 else { return 0 }
        let t = min(ax, ay) / high, t2 = t * t
        // atan(t) on 0…1 (odd minimax polynomial of degree 9: error below 1e-5 rad).
        var r = ((((0.0208351 * t2 - 0.085133) * t2 + 0.180141) * t2 - 0.3302995) * t2 + 0.999866) * t
        if ay > ax { r = .pi / 2 - r }
        if x < 0 { r = .pi - r }
        if y < 0 { r = -r }
        return r * (180 / .pi)
    }

    /// Distance from p to segment ab and the parameter t in [0,1] of the nearest point.
    @inlinable @inline(__always)
    public static func segmentDistance(px: Double, py: Double, ax: Double, ay: Double, bx: Double, by: Double)
        -> (distance: Double, t: Double)
    {
        let dx = bx - ax, dy = by - ay
        let len2 = dx * dx + dy * dy
        var t = 0.0
        if len2 > 0 { t = max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) }
        let cx = ax + t * dx - px, cy = ay + t * dy - py
        return ((cx * cx + cy * cy).squareRoot(), t)
    }

    /// Area centroid of a closed ring (first point repeated or not); the vertex mean when degenerate.
    public static func centroid(ofRing ring: [FixedCoordinate]) -> FixedCoordinate? {
        guard let first = ring.first else { return nil }
        let proj = LocalProjection(origin: first.coordinate)
        var a = 0.0, cx = 0.0, cy = 0.0
        let pts = ring.map { proj.project($0.coordinate) }
        for i in 0..<pts.count {
            let p = pts[i], q = pts[(i + 1) % pts.count]
            let cross = p.x * q.y - q.x * p.y
            a += cross
            cx += (p.x + q.x) * cross
            cy += (p.y + q.y) * cross
        }
        if abs(a) < 1e-6 {
            let mx = pts.reduce(0) { $0 + $1.x } / Double(pts.count)
            let my = pts.reduce(0) { $0 + $1.y } / Double(pts.count)
            return FixedCoordinate(proj.unproject(x: mx, y: my))
        }
        return FixedCoordinate(proj.unproject(x: cx / (3 * a), y: cy / (3 * a)))
    }

    /// The point half-way along a line by length.
    public static func midpoint(ofLine line: [FixedCoordinate]) -> FixedCoordinate? {
        guard let first = line.first else { return nil }
        guard line.count > 1 else { return first }
        var lengths: [Double] = []
        var total = 0.0
        for i in 1..<line.count {
            let d = line[i - 1].coordinate.distance(to: line[i].coordinate)
            lengths.append(d)
            total += d
        }
        var remaining = total / 2
        for i in 1..<line.count {
            let d = lengths[i - 1]
            if remaining <= d, d > 0 {
                let t = remaining / d
                let a = line[i - 1], b = line[i]
                return FixedCoordinate(lat: Int32(Double(a.lat) + t * Double(b.lat - a.lat)),
                                       lon: Int32(Double(a.lon) + t * Double(b.lon - a.lon)))
            }
            remaining -= d
        }
        return line.last
    }

    /// Length of a polyline in metres.
    public static func length(_ line: [FixedCoordinate]) -> Double {
        guard line.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<line.count { total += line[i - 1].coordinate.distance(to: line[i].coordinate) }
        return total
    }
}
