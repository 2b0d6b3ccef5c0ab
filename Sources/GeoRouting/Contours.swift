// Iso-lines of a reach field (ReachField.values: the signed distance to what
// is reached in time) as closed rings: marching squares over the grid
// (a crossing on each grid edge whose ends lie either side of the level, its
// place interpolated; a saddle cell decided by its centre), each piece
// oriented with the reached side on its left so the pieces link into rings
// that are counter-clockwise around reached areas and clockwise around holes.
// The field's border is unreachable, so every ring closes. Then polygons:
// each hole goes to the outer ring around it, specks smaller than `minArea`
// are dropped, pieces smaller than `denoise` × the largest too (Valhalla's
// denoise), and each ring is simplified by Douglas–Peucker within `tolerance`
// (Valhalla's generalize), kept as it was where simplifying would make it
// cross itself.
import Foundation
import GeoBase

typealias PlanePoint = (x: Double, y: Double)

enum Contours {
    /// The closed rings where `values` (one per grid point of `field`, row by row) cross 0 (last point = first).
    static func rings(_ field: ReachField, values: [Double]) -> [[PlanePoint]] {
        let cols = field.columns, rows = field.rows
        guard cols >= 2, rows >= 2 else { return [] }
        let level = 0.0
        @inline(__always) func value(_ i: Int, _ j: Int) -> Double { values[j * cols + i] }
        @inline(__always) func inside(_ i: Int, _ j: Int) -> Bool { value(i, j) <= level }
        // Grid edge ids: horizontal (i,j)–(i+1,j) = 2·(j·cols + i), vertical (i,j)–(i,j+1) = 2·(j·cols + i) + 1.
        @inline(__always) func hEdge(_ i: Int, _ j: Int) -> Int { 2 * (j * cols + i) }
        @inline(__always) func vEdge(_ i: Int, _ j: Int) -> Int { 2 * (j * cols + i) + 1 }
        func crossing(_ id: Int) -> PlanePoint {
            let k = id >> 1, i = k % cols, j = k / cols
            let (i2, j2) = id & 1 == 0 ? (i + 1, j) : (i, j + 1)
            let a = value(i, j), b = value(i2, j2)
            // Never exactly at a grid point: two crossings there would make a ring touch itself.
            let f = a == b ? 0.5 : max(1e-6, min(1 - 1e-6, (level - a) / (b - a)))
            let p = field.point(i, j), q = field.point(i2, j2)
            return (p.x + f * (q.x - p.x), p.y + f * (q.y - p.y))
        }
        // Each segment goes from the crossing where the reached side is left to where it is entered again.
        var next: [Int: Int] = [:]
        for j in 0..<(rows - 1) {
            for i in 0..<(cols - 1) {
                // Corners counter-clockwise from the south-west, and the grid edge from each to the next.
                let corners = [inside(i, j), inside(i + 1, j), inside(i + 1, j + 1), inside(i, j + 1)]
                if corners[0] == corners[1] && corners[1] == corners[2] && corners[2] == corners[3] { continue }
                let sides = [hEdge(i, j), vEdge(i + 1, j), hEdge(i, j + 1), vEdge(i, j)]
                // The crossings counter-clockwise; at each, whether the reached side is left behind.
                var order: [(side: Int, leaves: Bool)] = []
                for s in 0..<4 where corners[s] != corners[(s + 1) % 4] { order.append((s, corners[s])) }
                if order.count == 2 {
                    let out = order.first { $0.leaves }!.side, back = order.first { !$0.leaves }!.side
                    next[sides[out]] = sides[back]
                    continue
                }
                // A saddle: the centre decides whether the two reached corners join through it.
                let centre = (value(i, j) + value(i + 1, j) + value(i + 1, j + 1) + value(i, j + 1)) / 4
                let joined = centre <= level
                for (k, c) in order.enumerated() where c.leaves {
                    // Joined: cut off the unreached corner that follows; apart: the reached corner before.
                    let partner = joined ? order[(k + 1) % 4] : order[(k + 3) % 4]
                    next[sides[c.side]] = sides[partner.side]
                }
            }
        }
        // Link the segments into rings, in a fixed order (the smallest edge id first).
        var rings: [[PlanePoint]] = []
        var used = Set<Int>()
        for start in next.keys.sorted() where !used.contains(start) {
            var ring: [PlanePoint] = []
            var id = start
            while !used.contains(id), let n = next[id] {
                used.insert(id)
                ring.append(crossing(id))
                id = n
            }
            guard id == start, ring.count >= 3 else { continue }
            ring.append(ring[0])
            rings.append(ring)
        }
        return rings
    }

    /// Twice the signed area of a closed ring (positive counter-clockwise), in the plane's units squared.
    static func signedArea(_ ring: [PlanePoint]) -> Double {
        var a = 0.0
        for k in 0..<(ring.count - 1) { a += ring[k].x * ring[k + 1].y - ring[k + 1].x * ring[k].y }
        return a / 2
    }

    /// Whether `p` lies inside the closed ring (even-odd rule).
    static func contains(_ ring: [PlanePoint], _ p: PlanePoint) -> Bool {
        var inside = false
        for k in 0..<(ring.count - 1) {
            let a = ring[k], b = ring[k + 1]
            if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) { inside.toggle() }
        }
        return inside
    }

    /// Rings grouped into polygons (outer ring first, then its holes), specks and, by `denoise`, small pieces
    /// dropped, each ring simplified within `tolerance`; the largest polygon first.
    static func polygons(_ rings: [[PlanePoint]], minArea: Double, denoise: Double, tolerance: Double) -> [[[PlanePoint]]] {
        let areas = rings.map(signedArea)
        var outers = rings.indices.filter { areas[$0] > 0 && areas[$0] >= minArea }
        outers.sort { areas[$0] > areas[$1] }
        guard let largest = outers.first.map({ areas[$0] }) else { return [] }
        outers = outers.filter { areas[$0] >= denoise * largest }
        // Each hole belongs to the smallest outer ring around it (kept or not: a hole of a dropped piece goes with it).
        let everyOuter = rings.indices.filter { areas[$0] > 0 }.sorted { areas[$0] < areas[$1] }
        let kept = Set(outers)
        var holes: [Int: [Int]] = [:]
        for h in rings.indices where areas[h] < 0 && -areas[h] >= minArea {
            if let o = everyOuter.first(where: { areas[$0] > -areas[h] && contains(rings[$0], rings[h][0]) }), kept.contains(o) {
                holes[o, default: []].append(h)
            }
        }
        return outers.map { o in
            ([rings[o]] + (holes[o] ?? []).map { rings[$0] }).map { simplified($0, tolerance: tolerance) }
        }
    }

    /// The closed ring simplified by Douglas–Peucker (from its first point and the point farthest from it), or
    /// as it was when the simplified ring would cross itself, turn over or fall below four points.
    static func simplified(_ ring: [PlanePoint], tolerance: Double) -> [PlanePoint] {
        guard tolerance > 0, ring.count > 4 else { return ring }
        let n = ring.count - 1
        var far = 0, farDistance = -1.0
        for k in 1..<n {
            let dx = ring[k].x - ring[0].x, dy = ring[k].y - ring[0].y
            if dx * dx + dy * dy > farDistance { farDistance = dx * dx + dy * dy; far = k }
        }
        var keep = [Bool](repeating: false, count: ring.count)
        keep[0] = true; keep[far] = true; keep[n] = true
        var stack: [(Int, Int)] = []
        let distance: (Int, Int, Int) -> Double = { p, a, b in
            PlanarGeometry.segmentDistance(px: ring[p].x, py: ring[p].y, ax: ring[a].x, ay: ring[a].y,
                                           bx: ring[b].x, by: ring[b].y).distance
        }
        DouglasPeucker.mark(from: 0, to: far, tolerance: tolerance, keep: &keep, stack: &stack, distance: distance)
        DouglasPeucker.mark(from: far, to: n, tolerance: tolerance, keep: &keep, stack: &stack, distance: distance)
        let out = ring.indices.filter { keep[$0] }.map { ring[$0] }
        guard out.count >= 4, (signedArea(out) > 0) == (signedArea(ring) > 0), isSimple(out) else { return ring }
        return out
    }

    /// Whether no two non-adjacent segments of the closed ring meet.
    static func isSimple(_ ring: [PlanePoint]) -> Bool {
        let n = ring.count - 1
        guard n >= 3 else { return false }
        for a in 0..<n {
            let p1 = ring[a], p2 = ring[a + 1]
            let minX = min(p1.x, p2.x), maxX = max(p1.x, p2.x), minY = min(p1.y, p2.y), maxY = max(p1.y, p2.y)
            for b in (a + 1)..<n where b != a + 1 && !(a == 0 && b == n - 1) {
                let q1 = ring[b], q2 = ring[b + 1]
                if max(q1.x, q2.x) < minX || min(q1.x, q2.x) > maxX || max(q1.y, q2.y) < minY || min(q1.y, q2.y) > maxY { continue }
                if segmentsMeet(p1, p2, q1, q2) { return false }
            }
        }
        return true
    }

    static func segmentsMeet(_ p1: PlanePoint, _ p2: PlanePoint, _ q1: PlanePoint, _ q2: PlanePoint) -> Bool {
        func orient(_ a: PlanePoint, _ b: PlanePoint, _ c: PlanePoint) -> Double { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
        let d1 = orient(q1, q2, p1), d2 = orient(q1, q2, p2), d3 = orient(p1, p2, q1), d4 = orient(p1, p2, q2)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        func onSegment(_ a: PlanePoint, _ b: PlanePoint, _ c: PlanePoint) -> Bool {
            min(a.x, b.x) <= c.x && c.x <= max(a.x, b.x) && min(a.y, b.y) <= c.y && c.y <= max(a.y, b.y)
        }
        return (d1 == 0 && onSegment(q1, q2, p1)) || (d2 == 0 && onSegment(q1, q2, p2))
            || (d3 == 0 && onSegment(p1, p2, q1)) || (d4 == 0 && onSegment(p1, p2, q2))
    }
}
