// Collision geometry for SVGMap's layout, in picture pixels: boxes (legend,
// scale bar, attribution), rotated boxes (street labels), and the drawing
// they must keep clear of (the route and track lines, the markers). SVG has
// no text measurement, so text size is estimated from the character count,
// generously, so that a label judged free really is.
import Foundation

/// An axis-aligned box in picture pixels, y downwards.
struct SVGBox: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }

    /// Overlap of the interiors: boxes that only touch do not collide.
    func intersects(_ o: SVGBox) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }

    func contains(_ o: SVGBox) -> Bool { o.x >= x && o.maxX <= maxX && o.y >= y && o.maxY <= maxY }

    /// Whether the segment a–b comes within `margin` of the box (Liang–Barsky
    /// clipping against the box grown by `margin`; a point when a == b).
    func touches(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), margin: Double) -> Bool {
        // Most segments of a long track are nowhere near: skip the clipping for them.
        if max(a.x, b.x) < x - margin || min(a.x, b.x) > maxX + margin
            || max(a.y, b.y) < y - margin || min(a.y, b.y) > maxY + margin { return false }
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.x - (x - margin)), (dx, maxX + margin - a.x), (-dy, a.y - (y - margin)), (dy, maxY + margin - a.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 > t1 { return false }
            }
        }
        return true
    }
}

/// A rotated rectangle (a street label's text), as its four corners in order.
struct SVGQuad {
    let corners: [(x: Double, y: Double)]

    init(_ box: SVGBox) {
        corners = [(box.x, box.y), (box.maxX, box.y), (box.maxX, box.maxY), (box.x, box.maxY)]
    }

    /// The local box `x0…x1 × y0…y1` turned by `degrees` about the origin, then moved to `at`
    /// (what SVG's `rotate(a x y)` does to text placed at x, y).
    init(at p: (x: Double, y: Double), degrees: Double, x0: Double, x1: Double, y0: Double, y1: Double) {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map { (p.x + $0.0 * c - $0.1 * s, p.y + $0.0 * s + $0.1 * c) }
    }

    var bounds: SVGBox {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return SVGBox(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Separating-axis test of two convex quadrilaterals: they are apart when
    /// some edge direction of either has their projections not overlapping.
    func intersects(_ o: SVGQuad) -> Bool {
        guard bounds.intersects(o.bounds) else { return false }
        for quad in [self, o] {
            for i in 0..<4 {
                let a = quad.corners[i], b = quad.corners[(i + 1) % 4]
                let axis = (x: a.y - b.y, y: b.x - a.x)  // the edge's normal
                func span(_ q: SVGQuad) -> (Double, Double) {
                    let d = q.corners.map { $0.x * axis.x + $0.y * axis.y }
                    return (d.min()!, d.max()!)
                }
                let (min1, max1) = span(self), (min2, max2) = span(o)
                if max1 <= min2 || max2 <= min1 { return false }
            }
        }
        return true
    }
}

/// What the legend, the scale bar and the labels must leave visible.
struct SVGObstacles {
    /// Pixel polylines with the half width of their stroke.
    var lines: [(points: [(x: Double, y: Double)], halfWidth: Double)] = []
    /// Markers: centre and radius including their white ring.
    var discs: [(x: Double, y: Double, r: Double)] = []

    /// Whether `box` (kept `gap` pixels away) covers any line or marker.
    func blocked(_ box: SVGBox, gap: Double = 2) -> Bool {
        for d in discs {
            let nx = min(max(d.x, box.x), box.maxX), ny = min(max(d.y, box.y), box.maxY)
            if hypot(d.x - nx, d.y - ny) < d.r + gap { return true }
        }
        for line in lines {
            let m = line.halfWidth + gap
            if line.points.count == 1, box.touches(line.points[0], line.points[0], margin: m) { return true }
            for (a, b) in zip(line.points, line.points.dropFirst()) where box.touches(a, b, margin: m) { return true }
        }
        return false
    }

    /// The markers as squares around their discs, for the label test.
    var discQuads: [SVGQuad] {
        discs.map { SVGQuad(SVGBox(x: $0.x - $0.r, y: $0.y - $0.r, width: 2 * $0.r, height: 2 * $0.r)) }
    }
}

enum SVGTextSize {
    /// Estimated advance of `text` in a sans-serif face: 0.6 em per character
    /// (Helvetica averages about 0.5 for names; capitals reach 0.72) and a full
    /// em for East Asian characters, which are square.
    static func width(_ text: String, fontSize: Double) -> Double {
        var ems = 0.0
        for ch in text {
            let v = ch.unicodeScalars.first!.value
            ems += (0x1100...0x11FF).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7AF).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) ? 1.0 : 0.6
        }
        return ems * fontSize
    }
}
