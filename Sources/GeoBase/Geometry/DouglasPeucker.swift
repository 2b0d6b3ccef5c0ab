// Douglas–Peucker line simplification, one loop for every simplifier (the map
// shapes of an import in ShapeSimplifier, the overview geometry of an OSRM
// answer): a point stays when leaving it out would move the line by more than
// the tolerance. Each caller keeps its own plane and distance (squared 1e-7°
// units, metres), since they decide exactly which points stay.

public enum DouglasPeucker {
    /// Marks in `keep` the points strictly between `first` and `last` that Douglas–Peucker
    /// keeps: the point farthest from the chord (the first of equals) when it lies farther than
    /// `tolerance`, then the same on either side of it. `distance(p, a, b)` is how far point `p`
    /// lies from the segment from `a` to `b`, in the unit of `tolerance`. `stack` is work space,
    /// kept by callers that simplify many lines.
    @inlinable
    public static func mark(from first: Int, to last: Int, tolerance: Double, keep: inout [Bool],
                            stack: inout [(Int, Int)], distance: (_ point: Int, _ from: Int, _ to: Int) -> Double) {
        stack.removeAll(keepingCapacity: true)
        stack.append((first, last))
        while let (s, e) = stack.popLast() {
            guard e - s > 1 else { continue }
            var worst = s
            var worstDistance = -1.0
            for i in (s + 1)..<e {
                let d = distance(i, s, e)
                if d > worstDistance { worstDistance = d; worst = i }
            }
            guard worstDistance > tolerance else { continue }
            keep[worst] = true
            stack.append((s, worst))
            stack.append((worst, e))
        }
    }

    /// Which of `count` points stay: both ends, and what `mark` keeps between them.
    @inlinable
    public static func kept(count: Int, tolerance: Double, distance: (_ point: Int, _ from: Int, _ to: Int) -> Double) -> [Bool] {
        var keep = [Bool](repeating: false, count: count)
        guard count > 0 else { return keep }
        keep[0] = true
        keep[count - 1] = true
        var stack: [(Int, Int)] = []
        mark(from: 0, to: count - 1, tolerance: tolerance, keep: &keep, stack: &stack, distance: distance)
        return keep
    }
}

extension PlanarGeometry {
    /// Squared distance from point `p` to the segment from point `a` to point `b`, the points
    /// given by their coordinates in `xs` and `ys` (any plane unit).
    @inlinable @inline(__always)
    public static func segmentDistanceSquared(_ xs: [Double], _ ys: [Double], _ p: Int, _ a: Int, _ b: Int) -> Double {
        let ax = xs[a], ay = ys[a]
        let dx = xs[b] - ax, dy = ys[b] - ay
        let px = xs[p] - ax, py = ys[p] - ay
        let len2 = dx * dx + dy * dy
        var t = 0.0
        if len2 > 0 { t = max(0, min(1, (px * dx + py * dy) / len2)) }
        let cx = t * dx - px, cy = t * dy - py
        return cx * cx + cy * cy
    }
}
