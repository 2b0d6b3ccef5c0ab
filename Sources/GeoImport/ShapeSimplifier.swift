// Douglas–Peucker simplification (GeoBase's DouglasPeucker) of map shapes in fixed 1e-7° coordinates:
// a point stays when leaving it out would move the outline by more than the
// tolerance. Distances are measured in a local plane (longitude scaled by the
// cosine of the latitude), so a tolerance in metres means the same everywhere.
// Lines keep their ends; rings keep at least three distinct points (four with
// the closing one), so a small building stays a polygon, and a ring of four
// distinct points is kept whole (a rectangle never becomes a triangle). Every way of a map
// layer passes through here, so the simplifier keeps its work arrays from one
// call to the next instead of allocating them per way.
import Foundation
import GeoBase

struct ShapeSimplifier {
    /// 1e-7° of latitude per metre.
    static let unitsPerMetre = 1e7 / MetresPerDegree.latitude

    // Work arrays, grown when a longer outline comes and otherwise reused: the first `count`
    // entries are the current outline's (no append or removeAll per point and call).
    private var points: [FixedCoordinate] = []
    private var xs: [Double] = []
    private var ys: [Double] = []
    private var keep: [Bool] = []
    private var count = 0
    private var stack: [(Int, Int)] = []

    /// The points of `line` without consecutive repeats, simplified; nil when fewer than two remain.
    mutating func line(_ line: [FixedCoordinate], tolerance metres: Double) -> [FixedCoordinate]? {
        load(line)
        let n = count
        guard n >= 2 else { return nil }
        guard n > 2 else { return kept(n, all: true) }
        keep[0] = true
        keep[n - 1] = true
        mark(0, n - 1, tolerance: metres)
        return kept(n)
    }

    /// A ring given as its distinct points (a repeated closing point is dropped), simplified;
    /// nil when it has fewer than three distinct points.
    mutating func ring(_ ring: [FixedCoordinate], tolerance metres: Double) -> [FixedCoordinate]? {
        if ring.count <= 5 {
            // At most four corners (and the closing point): four corners stay four, since a simpler
            // outline of a small building would be a triangle. Most buildings end here.
            var out: [FixedCoordinate] = []
            out.reserveCapacity(ring.count)
            for p in ring where out.last != p { out.append(p) }
            if out.count > 1 && out.first == out.last { out.removeLast() }
            return out.count >= 3 ? out : nil
        }
        load(ring)
        if count > 1 && points[0] == points[count - 1] { count -= 1 }
        let n = count
        guard n >= 3 else { return nil }
        guard n > 4 else { return kept(n, all: true) }
        // Split at the point farthest from the first: two lines that both keep their ends. The
        // first point is repeated at index n to close the second one.
        var far = 1
        var best = -1.0
        for i in 1..<n {
            let d = xs[i] * xs[i] + ys[i] * ys[i]
            if d > best { best = d; far = i }
        }
        reserve(n + 1)
        xs[n] = 0
        ys[n] = 0
        keep[0] = true
        keep[far] = true
        mark(0, far, tolerance: metres)
        mark(far, n, tolerance: metres)
        if keep[0..<n].lazy.filter({ $0 }).count < 3 {
            // Everything lies near the line from the first to the farthest point: keep the point
            // farthest from it, so the ring stays an area.
            var third = far == 1 ? 2 : 1
            var d3 = -1.0
            for i in 1..<n where i != far {
                let d = distanceSquared(i, 0, far)
                if d > d3 { d3 = d; third = i }
            }
            keep[third] = true
        }
        return kept(n)
    }

    /// Twice the signed area in the plane of `ring` (distinct points): positive counter-clockwise.
    static func signedArea(_ ring: [FixedCoordinate]) -> Double {
        guard let first = ring.first else { return 0 }
        var a = 0.0
        for i in 0..<ring.count {
            let p = ring[i], q = ring[(i + 1) % ring.count]
            let px = Double(Int64(p.lon) - Int64(first.lon)), py = Double(Int64(p.lat) - Int64(first.lat))
            let qx = Double(Int64(q.lon) - Int64(first.lon)), qy = Double(Int64(q.lat) - Int64(first.lat))
            a += px * qy - qx * py
        }
        return a
    }

    /// The points without consecutive repeats into `points`, projected into `xs`/`ys` (metres
    /// scaled to 1e-7° of latitude, from the first point), none marked kept; `count` of them.
    private mutating func load(_ input: [FixedCoordinate]) {
        count = 0
        guard let origin = input.first else { return }
        reserve(input.count + 1)
        let lonScale = MetresPerDegree.cosine(Double(origin.lat) / 1e7)
        var n = 0
        for p in input where n == 0 || points[n - 1] != p {
            points[n] = p
            xs[n] = Double(Int64(p.lon) - Int64(origin.lon)) * lonScale
            ys[n] = Double(Int64(p.lat) - Int64(origin.lat))
            keep[n] = false
            n += 1
        }
        count = n
    }

    /// Room for `n` entries in every work array.
    private mutating func reserve(_ n: Int) {
        guard points.count < n else { return }
        let size = max(n, 2 * points.count, 64)
        points = Array(repeating: FixedCoordinate(lat: 0, lon: 0), count: size)
        xs = Array(repeating: 0, count: size)
        ys = Array(repeating: 0, count: size)
        keep = Array(repeating: false, count: size)
    }

    /// The kept points among the first `n` (all of them with `all`).
    private func kept(_ n: Int, all: Bool = false) -> [FixedCoordinate] {
        var out: [FixedCoordinate] = []
        out.reserveCapacity(all ? n : min(n, 64))
        for i in 0..<n where all || keep[i] { out.append(points[i]) }
        return out
    }

    /// Squared distance from point `p` to the segment from point `a` to point `b`.
    @inline(__always) private func distanceSquared(_ p: Int, _ a: Int, _ b: Int) -> Double {
        PlanarGeometry.segmentDistanceSquared(xs, ys, p, a, b)
    }

    /// Marks in `keep` the points strictly between `a` and `b` that Douglas–Peucker keeps.
    private mutating func mark(_ a: Int, _ b: Int, tolerance metres: Double) {
        guard b - a > 1 else { return }
        let limit = (metres * ShapeSimplifier.unitsPerMetre) * (metres * ShapeSimplifier.unitsPerMetre)
        let xs = xs, ys = ys
        DouglasPeucker.mark(from: a, to: b, tolerance: limit, keep: &keep, stack: &stack) {
            PlanarGeometry.segmentDistanceSquared(xs, ys, $0, $1, $2)
        }
    }
}
