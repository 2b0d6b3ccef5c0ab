// Where SVGMap puts what it draws over the map, so that nothing hides the
// result a reader came to see: the legend and the scale bar take the first
// corner where they cover none of the route, the track or the markers (a band
// below the map when no corner is free), and each street label the first spot
// along its street where it meets no marker, box or earlier label. Candidates
// are tried in a fixed order, so the same input gives the same picture.
import Foundation

/// The legend's and the scale bar's boxes, and the band below the map.
struct SVGDecorLayout {
    static let attributionText = "© OpenStreetMap contributors"

    var legend: SVGBox
    var scale: SVGBox
    /// Height added below the map for what fits in no corner (0: none).
    var band: Double

    /// The attribution, right-aligned on the picture's bottom edge.
    static func attributionBox(width: Int, height: Double) -> SVGBox {
        let w = SVGTextSize.width(attributionText, fontSize: 10) + 3  // + its white halo
        return SVGBox(x: Double(width) - 6 - w, y: height - 6 - 11.5, width: w + 1.5, height: 15)
    }

    init(width: Int, mapHeight: Int, legend legendSize: (width: Double, height: Double),
         scale scaleSize: (width: Double, height: Double), obstacles: SVGObstacles) {
        let w = Double(width), h = Double(mapHeight)
        let map = SVGBox(x: 0, y: 0, width: w, height: h)
        let attribution = SVGDecorLayout.attributionBox(width: width, height: h)
        var taken = [attribution]
        /// Top-left, top-right, bottom-left, bottom-right (above the attribution).
        func corners(_ s: (width: Double, height: Double)) -> [SVGBox] {
            [SVGBox(x: 8, y: 8, width: s.width, height: s.height),
             SVGBox(x: w - 8 - s.width, y: 8, width: s.width, height: s.height),
             SVGBox(x: 8, y: h - 10 - s.height, width: s.width, height: s.height),
             SVGBox(x: w - 8 - s.width, y: attribution.y - 4 - s.height, width: s.width, height: s.height)]
        }
        func free(_ box: SVGBox) -> Bool {
            map.contains(box) && !taken.contains { $0.intersects(box) } && !obstacles.blocked(box)
        }
        let legendSpot = corners(legendSize).first(where: free)
        if let legendSpot { taken.append(legendSpot) }
        let s = corners(scaleSize)
        let scaleSpot = [s[2], s[3], s[0], s[1]].first(where: free)

        // The rest goes left to right in a band below the map, wrapping when
        // the width runs out, and the attribution gets a line of its own
        // when the last row would reach it.
        var x = 8.0, y = h + 8, rowHeight = 0.0, bottom = h
        func inBand(_ size: (width: Double, height: Double)) -> SVGBox {
            if x > 8 && x + size.width > w - 8 { x = 8; y += rowHeight + 8; rowHeight = 0 }
            let box = SVGBox(x: x, y: y, width: size.width, height: size.height)
            x += size.width + 12
            rowHeight = max(rowHeight, size.height)
            bottom = max(bottom, box.maxY)
            return box
        }
        legend = legendSpot ?? inBand(legendSize)
        scale = scaleSpot ?? inBand(scaleSize)
        if bottom > h {
            var total = bottom + 8
            let placed = [legend, scale].filter { $0.y >= h }
            if placed.contains(where: { $0.intersects(SVGDecorLayout.attributionBox(width: width, height: total)) }) { total += 16 }
            band = total - h
        } else {
            band = 0
        }
    }
}

/// Street labels placed one by one, each clear of everything placed before.
struct SVGLabelPlacer {
    static let fontSize = 12.0
    /// Baseline offsets from the street line: above it, then below it.
    static let sides: [Double] = [-7, 16]
    /// Where along the street to try, as fractions of its length.
    static let fractions: [Double] = [0.5, 0.35, 0.65, 0.2, 0.8]

    /// Labels stay inside this box (the map).
    let bounds: SVGBox
    /// Markers, legend, scale bar, attribution and the labels placed so far.
    private(set) var taken: [SVGQuad]

    init(bounds: SVGBox, avoiding: [SVGQuad]) {
        self.bounds = bounds
        taken = avoiding
    }

    /// The box `text` covers when drawn at `p` turned by `degrees` with baseline offset `dy`:
    /// cap height and accents above the baseline, descenders below, plus the white halo.
    static func box(_ text: String, at p: (x: Double, y: Double), degrees: Double, dy: Double) -> SVGQuad {
        let halfWidth = SVGTextSize.width(text, fontSize: fontSize) / 2 + 2
        return SVGQuad(at: p, degrees: degrees, x0: -halfWidth, x1: halfWidth,
                       y0: dy - 0.95 * fontSize - 1.75, y1: dy + 0.3 * fontSize + 1.75)
    }

    /// Claims the first free spot for `text` along the pixel line `px`: the
    /// point, the text's angle (never upside down) and the baseline offset;
    /// nil when the line is too short to label or every spot collides.
    mutating func place(_ text: String, along px: [(x: Double, y: Double)]) -> (x: Double, y: Double, angle: Double, dy: Double)? {
        let lengths = zip(px, px.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        let total = lengths.reduce(0, +)
        guard total >= 24 else { return nil }
        for fraction in SVGLabelPlacer.fractions {
            guard let (x, y, angle) = SVGLabelPlacer.point(at: total * fraction, px, lengths) else { continue }
            for dy in SVGLabelPlacer.sides {
                let quad = SVGLabelPlacer.box(text, at: (x, y), degrees: angle, dy: dy)
                if bounds.contains(quad.bounds) && !taken.contains(where: { $0.intersects(quad) }) {
                    taken.append(quad)
                    return (x, y, angle, dy)
                }
            }
        }
        return nil
    }

    /// The point `distance` pixels along the line and its direction there,
    /// turned so text never reads upside down.
    private static func point(at distance: Double, _ px: [(x: Double, y: Double)], _ lengths: [Double]) -> (Double, Double, Double)? {
        var walked = 0.0
        for (i, l) in lengths.enumerated() where l > 0 {
            if walked + l >= distance {
                let t = (distance - walked) / l
                let a = px[i], b = px[i + 1]
                var angle = atan2(b.y - a.y, b.x - a.x) * 180 / .pi
                if angle > 90 { angle -= 180 } else if angle <= -90 { angle += 180 }
                return (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, angle)
            }
            walked += l
        }
        return nil
    }
}
