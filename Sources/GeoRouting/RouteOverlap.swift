// How well a matched line covers a true route and vice versa, the accuracy
// measure of the map-matching tests and benchmark (the same definition as
// scripts/peers/route_overlap.py): both lines are cut into pieces of at most
// 2 m; recall is the share of the true line's length whose pieces lie within
// `tolerance` (10 m) of the matched line, precision the share of the matched
// line's length within tolerance of the true line.
import Foundation
import GeoBase

public struct RouteOverlap: Sendable, Equatable {
    public var recall: Double
    public var precision: Double
    public var trueLength: Double
    public var matchedLength: Double

    /// Compares polylines given as lists of parts (a match with breaks has several).
    public init(truth: [[Coordinate]], matched: [[Coordinate]], tolerance: Double = 10, step: Double = 2) {
        let all = (truth + matched).joined()
        guard let origin = all.first else {
            self.init(recall: 0, precision: 0, trueLength: 0, matchedLength: 0)
            return
        }
        let proj = LocalProjection(origin: origin)
        let t = RouteOverlap.pieces(truth, proj, step), m = RouteOverlap.pieces(matched, proj, step)
        let tl = t.reduce(0) { $0 + $1.length }, ml = m.reduce(0) { $0 + $1.length }
        let cell = max(tolerance, step)
        let recall = tl > 0 ? RouteOverlap.covered(t, by: RouteGrid(RouteOverlap.pieces(matched, proj, cell), cell: cell), tolerance) / tl : 0
        let precision = ml > 0 ? RouteOverlap.covered(m, by: RouteGrid(RouteOverlap.pieces(truth, proj, cell), cell: cell), tolerance) / ml : 0
        self.init(recall: recall, precision: precision, trueLength: tl, matchedLength: ml)
    }

    public init(recall: Double, precision: Double, trueLength: Double, matchedLength: Double) {
        self.recall = recall
        self.precision = precision
        self.trueLength = trueLength
        self.matchedLength = matchedLength
    }

    struct Piece {
        var ax, ay, bx, by: Double
        var length: Double
    }

    static func pieces(_ lines: [[Coordinate]], _ proj: LocalProjection, _ step: Double) -> [Piece] {
        var out: [Piece] = []
        for line in lines {
            let xy = line.filter(\.isValid).map(proj.project)
            for (a, b) in zip(xy, xy.dropFirst()) {
                let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                guard d > 0 else { continue }
                let n = max(1, Int((d / step).rounded(.up)))
                for i in 0..<n {
                    let t0 = Double(i) / Double(n), t1 = Double(i + 1) / Double(n)
                    out.append(Piece(ax: a.x + (b.x - a.x) * t0, ay: a.y + (b.y - a.y) * t0,
                                     bx: a.x + (b.x - a.x) * t1, by: a.y + (b.y - a.y) * t1, length: d / Double(n)))
                }
            }
        }
        return out
    }

    static func covered(_ pieces: [Piece], by grid: RouteGrid, _ tolerance: Double) -> Double {
        var sum = 0.0
        for p in pieces where grid.within(x: (p.ax + p.bx) / 2, y: (p.ay + p.by) / 2, tolerance) { sum += p.length }
        return sum
    }
}

/// Pieces of a line bucketed in square cells, for "is this point within tolerance of the line".
struct RouteGrid {
    let cell: Double
    var buckets: [Int64: [RouteOverlap.Piece]] = [:]

    init(_ pieces: [RouteOverlap.Piece], cell: Double) {
        self.cell = cell
        for p in pieces {
            for cx in Int(floor(min(p.ax, p.bx) / cell))...Int(floor(max(p.ax, p.bx) / cell)) {
                for cy in Int(floor(min(p.ay, p.by) / cell))...Int(floor(max(p.ay, p.by) / cell)) {
                    buckets[RouteGrid.key(cx, cy), default: []].append(p)
                }
            }
        }
    }

    static func key(_ x: Int, _ y: Int) -> Int64 { Int64(x) << 32 ^ Int64(UInt32(truncatingIfNeeded: y)) }

    func within(x: Double, y: Double, _ tolerance: Double) -> Bool {
        let cx = Int(floor(x / cell)), cy = Int(floor(y / cell))
        for dx in -1...1 {
            for dy in -1...1 {
                for p in buckets[RouteGrid.key(cx + dx, cy + dy)] ?? [] where
                    PlanarGeometry.segmentDistance(px: x, py: y, ax: p.ax, ay: p.ay, bx: p.bx, by: p.by).distance <= tolerance {
                    return true
                }
            }
        }
        return false
    }
}
