// Draws a map match as an SVG picture a person can judge at a glance: grey
// roads underneath, the input track dashed in orange with its fixes as dots,
// the matched route as a wide translucent blue band (so the road under it
// stays visible), A/B markers, road-name labels along the route, a scale bar
// and the OSM attribution. Output is deterministic: fixed drawing order and
// every number written with one decimal.
import Foundation
import GeoBase

public struct SVGMap: Sendable {
    public typealias Road = (points: [Coordinate], name: String?, major: Bool)
    public typealias NamedStretch = (points: [Coordinate], name: String)

    /// Background roads; major ones are drawn wider and darker.
    public var roads: [Road]
    /// The input track(s), one array per segment.
    public var tracks: [[Coordinate]]
    /// The matched route, one array per segment.
    public var route: [[Coordinate]]
    /// Named stretches of the route to label. When nil they are derived from the
    /// named `roads` the route runs along.
    public var routeNames: [NamedStretch]?
    public var width: Int
    /// Shown as the SVG <title> (tooltip, accessibility).
    public var title: String?

    public init(roads: [Road] = [], tracks: [[Coordinate]] = [], route: [[Coordinate]] = [],
                routeNames: [NamedStretch]? = nil, width: Int = 1000, title: String? = nil) {
        self.roads = roads
        self.tracks = tracks
        self.route = route
        self.routeNames = routeNames
        self.width = width
        self.title = title
    }

    static let trackColour = "#e8590c"
    static let routeColour = "#1565c0"

    public func render() -> String {
        let fit = MercatorFit(box: viewBox(), width: width)
        let w = fit.width, h = fit.height
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\""
        svg += " font-family=\"Helvetica, Arial, sans-serif\">\n"
        if let title { svg += "<title>\(MarkupText.escape(title))</title>\n" }
        svg += "<rect id=\"background\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"#f6f4ef\"/>\n"

        svg += "<g id=\"roads\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for major in [false, true] {
            svg += major ? "<g stroke=\"#b4b4b4\" stroke-width=\"4.5\">\n" : "<g stroke=\"#d2d2d2\" stroke-width=\"2\">\n"
            for road in roads where road.major == major {
                if let line = polyline(road.points, fit, clip: true) { svg += line }
            }
            svg += "</g>\n"
        }
        svg += "</g>\n"

        svg += "<g id=\"track\" fill=\"none\" stroke=\"\(SVGMap.trackColour)\" stroke-width=\"2.5\" stroke-dasharray=\"7 5\""
        svg += " stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for segment in tracks { if let line = polyline(segment, fit, clip: false) { svg += line } }
        svg += "</g>\n"
        // Individual fixes show sampling gaps and outliers; skipped for huge tracks.
        if tracks.reduce(0, { $0 + $1.count }) <= 5000 {
            svg += "<g id=\"track-points\" fill=\"\(SVGMap.trackColour)\">\n"
            for c in tracks.joined() where c.isValid {
                let p = fit.project(c)
                svg += "<circle cx=\"\(f(p.x))\" cy=\"\(f(p.y))\" r=\"2.5\"/>\n"
            }
            svg += "</g>\n"
        }

        svg += "<g id=\"route\" fill=\"none\" stroke=\"\(SVGMap.routeColour)\" stroke-opacity=\"0.55\" stroke-width=\"7\""
        svg += " stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for segment in route { if let line = polyline(segment, fit, clip: false) { svg += line } }
        svg += "</g>\n"

        svg += labels(fit)
        svg += markers(fit)
        svg += scaleBar(fit)
        svg += legend()
        svg += "<text id=\"attribution\" x=\"\(w - 6)\" y=\"\(h - 6)\" font-size=\"10\" text-anchor=\"end\" fill=\"#555555\""
        svg += " stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">© OpenStreetMap contributors</text>\n"
        svg += "</svg>\n"
        return svg
    }

    /// The union of track and route; the roads only when both are empty.
    private func viewBox() -> BoundingBox {
        var box: BoundingBox?
        func add(_ lines: [[Coordinate]]) {
            for c in lines.joined() where c.isValid {
                if box == nil { box = BoundingBox(c) } else { box!.extend(c) }
            }
        }
        add(tracks)
        add(route)
        if box == nil { add(roads.map(\.points)) }
        return box ?? BoundingBox(Coordinate(lat: 0, lon: 0))
    }

    private func f(_ v: Double) -> String { MarkupText.fixed(v, 1) }

    /// A <polyline> with repeated pixels removed, or nil when fewer than two
    /// distinct pixels remain (or, with `clip`, when it lies wholly outside).
    private func polyline(_ points: [Coordinate], _ fit: MercatorFit, clip: Bool) -> String? {
        var coords: [String] = []
        var last = ""
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for c in points where c.isValid {
            let p = fit.project(c)
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            let pair = f(p.x) + "," + f(p.y)
            if pair != last { coords.append(pair); last = pair }
        }
        guard coords.count >= 2 else { return nil }
        if clip && (maxX < -20 || minX > Double(fit.width) + 20 || maxY < -20 || minY > Double(fit.height) + 20) { return nil }
        return "<polyline points=\"" + coords.joined(separator: " ") + "\"/>\n"
    }

    private func labels(_ fit: MercatorFit) -> String {
        let stretches = routeNames ?? SVGRouteNames.stretches(roads: roads, route: route)
        var seen = Set<String>()
        var out = "<g id=\"labels\" font-size=\"12\" fill=\"#1a1a1a\" stroke=\"#ffffff\" stroke-width=\"3.5\""
        out += " stroke-linejoin=\"round\" paint-order=\"stroke\" text-anchor=\"middle\">\n"
        for stretch in stretches where !stretch.name.isEmpty && !seen.contains(stretch.name) {
            guard let (x, y, angle) = middle(of: stretch.points, fit) else { continue }
            seen.insert(stretch.name)
            out += "<text x=\"\(f(x))\" y=\"\(f(y))\" dy=\"-7\" transform=\"rotate(\(f(angle)) \(f(x)) \(f(y)))\">"
            out += MarkupText.escape(stretch.name) + "</text>\n"
        }
        return out + "</g>\n"
    }

    /// The pixel point halfway along `points` and the direction there, turned
    /// so text never reads upside down; nil for stretches too short to label.
    private func middle(of points: [Coordinate], _ fit: MercatorFit) -> (Double, Double, Double)? {
        let px = points.filter(\.isValid).map(fit.project)
        let lengths = zip(px, px.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        let total = lengths.reduce(0, +)
        guard total >= 24 else { return nil }
        var walked = 0.0
        for (i, l) in lengths.enumerated() where l > 0 {
            if walked + l >= total / 2 {
                let t = (total / 2 - walked) / l
                let a = px[i], b = px[i + 1]
                var angle = atan2(b.y - a.y, b.x - a.x) * 180 / .pi
                if angle > 90 { angle -= 180 } else if angle <= -90 { angle += 180 }
                return (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, angle)
            }
            walked += l
        }
        return nil
    }

    private func markers(_ fit: MercatorFit) -> String {
        let lines = route.contains { $0.contains(where: \.isValid) } ? route : tracks
        let valid = lines.joined().filter(\.isValid)
        guard let first = valid.first, let last = valid.last else { return "" }
        var out = "<g id=\"markers\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\">\n"
        for (c, colour, letter, id) in [(first, "#2e7d32", "A", "start"), (last, "#c62828", "B", "end")] {
            let p = fit.project(c)
            out += "<g id=\"\(id)\"><circle cx=\"\(f(p.x))\" cy=\"\(f(p.y))\" r=\"10\" fill=\"\(colour)\" stroke=\"#ffffff\" stroke-width=\"2\"/>"
            out += "<text x=\"\(f(p.x))\" y=\"\(f(p.y + 4.2))\" fill=\"#ffffff\">\(letter)</text></g>\n"
        }
        return out + "</g>\n"
    }

    private func scaleBar(_ fit: MercatorFit) -> String {
        let bar = SVGScaleBar.length(metresPerPixel: fit.metresPerPixel, maxPixels: min(200, Double(fit.width) * 0.2))
        let x0 = 16.0, y = Double(fit.height) - 18, x1 = x0 + bar.pixels
        var out = "<g id=\"scale-bar\" stroke=\"#333333\" stroke-width=\"2\" fill=\"none\">\n"
        // A pale plate keeps the bar readable where it overlaps the drawing.
        out += "<rect x=\"\(f(x0 - 8))\" y=\"\(f(y - 22))\" width=\"\(f(x1 - x0 + 16))\" height=\"30.0\" rx=\"4\""
        out += " fill=\"#ffffff\" fill-opacity=\"0.75\" stroke=\"none\"/>\n"
        out += "<polyline points=\"\(f(x0)),\(f(y - 5)) \(f(x0)),\(f(y)) \(f(x1)),\(f(y)) \(f(x1)),\(f(y - 5))\"/>\n"
        out += "<text x=\"\(f((x0 + x1) / 2))\" y=\"\(f(y - 6))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#333333\""
        out += " stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(bar.label)</text>\n"
        return out + "</g>\n"
    }

    private func legend() -> String {
        var out = "<g id=\"legend\" font-size=\"11\" fill=\"#333333\">\n"
        out += "<rect x=\"8\" y=\"8\" width=\"132\" height=\"44\" rx=\"4\" fill=\"#ffffff\" fill-opacity=\"0.85\" stroke=\"#cccccc\"/>\n"
        out += "<line x1=\"16\" y1=\"22\" x2=\"44\" y2=\"22\" stroke=\"\(SVGMap.trackColour)\" stroke-width=\"2.5\" stroke-dasharray=\"7 5\"/>\n"
        out += "<text x=\"52\" y=\"26\">input track</text>\n"
        out += "<line x1=\"16\" y1=\"39\" x2=\"44\" y2=\"39\" stroke=\"\(SVGMap.routeColour)\" stroke-opacity=\"0.55\" stroke-width=\"7\"/>\n"
        out += "<text x=\"52\" y=\"43\">matched route</text>\n"
        return out + "</g>\n"
    }
}
