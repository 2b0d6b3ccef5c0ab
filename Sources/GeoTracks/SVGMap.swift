// Draws a map match or a route as an SVG picture a person can judge at a
// glance: grey roads underneath, the input track dashed in orange with its
// fixes as dots, the route as a wide translucent blue band (so the road under
// it stays visible), A/B and numbered via markers, road-name labels along the
// route, a legend, a scale bar and the OSM attribution. Legend, scale bar and
// labels are placed so that they hide none of it (SVGMapPlacement). Output is
// deterministic: fixed drawing order and every number written with one decimal.
import Foundation
import GeoBase

public struct SVGMap: Sendable {
    public typealias Road = (points: [Coordinate], name: String?, major: Bool)
    public typealias NamedStretch = (points: [Coordinate], name: String)

    /// Background roads; major ones are drawn wider and darker.
    public var roads: [Road]
    /// The input track(s), one array per segment; none for a planned route.
    public var tracks: [[Coordinate]]
    /// The matched or planned route, one array per segment.
    public var route: [[Coordinate]]
    /// Intermediate stops of a planned route, marked 1, 2, … in order.
    public var vias: [Coordinate]
    /// What the legend calls the route ("matched route", "route").
    public var routeCaption: String
    /// Named stretches of the route to label. When nil they are derived from the
    /// named `roads` the route runs along.
    public var routeNames: [NamedStretch]?
    public var width: Int
    /// Shown as the SVG <title> (tooltip, accessibility).
    public var title: String?

    public init(roads: [Road] = [], tracks: [[Coordinate]] = [], route: [[Coordinate]] = [], vias: [Coordinate] = [],
                routeCaption: String = "matched route", routeNames: [NamedStretch]? = nil, width: Int = 1000,
                title: String? = nil) {
        self.roads = roads
        self.tracks = tracks
        self.route = route
        self.vias = vias
        self.routeCaption = routeCaption
        self.routeNames = routeNames
        self.width = width
        self.title = title
    }

    static let trackColour = "#e8590c"
    static let routeColour = "#1565c0"

    public func render() -> String {
        let fit = MercatorFit(box: viewBox(), width: width)
        let marks = markers(fit)
        let bar = SVGScaleBar.length(metresPerPixel: fit.metresPerPixel, maxPixels: min(200, Double(fit.width) * 0.2))
        let rows = legendRows()
        let drawn = obstacles(fit, marks)
        let layout = SVGDecorLayout(width: fit.width, mapHeight: fit.height, legend: legendSize(rows),
                                    scale: (bar.pixels + 16, 30), obstacles: drawn)
        let w = fit.width, mapHeight = Double(fit.height), h = fit.height + Int(layout.band.rounded(.up))
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

        // A planned route has no input track: no empty layer, no legend row for it.
        if hasTrack {
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
        }

        svg += "<g id=\"route\" fill=\"none\" stroke=\"\(SVGMap.routeColour)\" stroke-opacity=\"0.55\" stroke-width=\"7\""
        svg += " stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for segment in route { if let line = polyline(segment, fit, clip: false) { svg += line } }
        svg += "</g>\n"

        if layout.band > 0 {
            // Covers the roads drawn past the map's lower edge.
            svg += "<rect id=\"margin\" x=\"0\" y=\"\(f(mapHeight))\" width=\"\(w)\" height=\"\(f(Double(h) - mapHeight))\""
            svg += " fill=\"#ffffff\" stroke=\"#cccccc\"/>\n"
        }
        let attribution = SVGDecorLayout.attributionBox(width: w, height: Double(h))
        svg += labels(fit, avoiding: drawn.discQuads + [SVGQuad(layout.legend), SVGQuad(layout.scale), SVGQuad(attribution)])
        svg += drawMarkers(marks)
        svg += scaleBar(bar, in: layout.scale)
        svg += legend(rows, in: layout.legend)
        svg += "<text id=\"attribution\" x=\"\(w - 6)\" y=\"\(h - 6)\" font-size=\"10\" text-anchor=\"end\" fill=\"#555555\""
        svg += " stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(SVGDecorLayout.attributionText)</text>\n"
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

    /// One label per street name, at the first stretch of that name with a free spot.
    private func labels(_ fit: MercatorFit, avoiding taken: [SVGQuad]) -> String {
        let stretches = routeNames ?? SVGRouteNames.stretches(roads: roads, route: route)
        var placer = SVGLabelPlacer(bounds: SVGBox(x: 0, y: 0, width: Double(fit.width), height: Double(fit.height)),
                                    avoiding: taken)
        var placed = Set<String>()
        var out = "<g id=\"labels\" font-size=\"12\" fill=\"#1a1a1a\" stroke=\"#ffffff\" stroke-width=\"3.5\""
        out += " stroke-linejoin=\"round\" paint-order=\"stroke\" text-anchor=\"middle\">\n"
        for stretch in stretches where !stretch.name.isEmpty && !placed.contains(stretch.name) {
            guard let (x, y, angle, dy) = placer.place(stretch.name, along: stretch.points.filter(\.isValid).map(fit.project))
            else { continue }
            placed.insert(stretch.name)
            out += "<text x=\"\(f(x))\" y=\"\(f(y))\" dy=\"\(f(dy))\" transform=\"rotate(\(f(angle)) \(f(x)) \(f(y)))\">"
            out += MarkupText.escape(stretch.name) + "</text>\n"
        }
        return out + "</g>\n"
    }

    /// A marker: its centre, its radius with the ring, what it says and its id.
    private typealias Marker = (x: Double, y: Double, r: Double, text: String, id: String)

    /// Numbered vias first, so that A and B are drawn over a via at the same place.
    private func markers(_ fit: MercatorFit) -> [Marker] {
        let lines = route.contains { $0.contains(where: \.isValid) } ? route : tracks
        let valid = lines.joined().filter(\.isValid)
        guard let first = valid.first, let last = valid.last else { return [] }
        var out: [Marker] = []
        for (i, c) in vias.enumerated() where c.isValid {
            let p = fit.project(c)
            out.append((p.x, p.y, 10.25, "\(i + 1)", "via-\(i + 1)"))
        }
        for (c, letter, id) in [(first, "A", "start"), (last, "B", "end")] {
            let p = fit.project(c)
            out.append((p.x, p.y, 11, letter, id))
        }
        return out
    }

    private func drawMarkers(_ marks: [Marker]) -> String {
        guard !marks.isEmpty else { return "" }
        var out = "<g id=\"markers\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\">\n"
        for m in marks {
            // A and B are filled green and red; vias are white rings in the route's colour.
            let via = m.id.hasPrefix("via")
            let circle = via ? "r=\"9\" fill=\"#ffffff\" stroke=\"\(SVGMap.routeColour)\" stroke-width=\"2.5\""
                : "r=\"10\" fill=\"\(m.id == "start" ? "#2e7d32" : "#c62828")\" stroke=\"#ffffff\" stroke-width=\"2\""
            out += "<g id=\"\(m.id)\"><circle cx=\"\(f(m.x))\" cy=\"\(f(m.y))\" \(circle)/>"
            out += "<text x=\"\(f(m.x))\" y=\"\(f(m.y + 4.2))\" fill=\"\(via ? SVGMap.routeColour : "#ffffff")\">\(m.text)</text></g>\n"
        }
        return out + "</g>\n"
    }

    /// The route, the track (with its fixes) and the markers, in pixels.
    private func obstacles(_ fit: MercatorFit, _ marks: [Marker]) -> SVGObstacles {
        var o = SVGObstacles(discs: marks.map { ($0.x, $0.y, $0.r) })
        for segment in route { o.lines.append((segment.filter(\.isValid).map(fit.project), 3.5)) }
        for segment in tracks { o.lines.append((segment.filter(\.isValid).map(fit.project), 2.5)) }
        return o
    }

    private func scaleBar(_ bar: (metres: Double, pixels: Double, label: String), in plate: SVGBox) -> String {
        let x0 = plate.x + 8, y = plate.y + 22, x1 = x0 + bar.pixels
        var out = "<g id=\"scale-bar\" stroke=\"#333333\" stroke-width=\"2\" fill=\"none\">\n"
        // A pale plate keeps the bar readable over roads.
        out += "<rect x=\"\(f(plate.x))\" y=\"\(f(plate.y))\" width=\"\(f(plate.width))\" height=\"\(f(plate.height))\" rx=\"4\""
        out += " fill=\"#ffffff\" fill-opacity=\"0.75\" stroke=\"none\"/>\n"
        out += "<polyline points=\"\(f(x0)),\(f(y - 5)) \(f(x0)),\(f(y)) \(f(x1)),\(f(y)) \(f(x1)),\(f(y - 5))\"/>\n"
        out += "<text x=\"\(f((x0 + x1) / 2))\" y=\"\(f(y - 6))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#333333\""
        out += " stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(bar.label)</text>\n"
        return out + "</g>\n"
    }

    private enum LegendRow { case track, route, via }

    /// Only what the picture shows: a route picture has no input track.
    private func legendRows() -> [LegendRow] {
        (hasTrack ? [.track] : []) + [.route] + (vias.isEmpty ? [] : [.via])
    }

    private var hasTrack: Bool { tracks.contains { $0.contains(where: \.isValid) } }

    private func caption(_ row: LegendRow) -> String {
        switch row {
        case .track: "input track"
        case .route: routeCaption
        case .via: "via point"
        }
    }

    private func legendSize(_ rows: [LegendRow]) -> (width: Double, height: Double) {
        let longest = rows.map { SVGTextSize.width(caption($0), fontSize: 11) }.max() ?? 0
        return (max(132, 52 + longest), 10 + 17 * Double(rows.count))
    }

    private func legend(_ rows: [LegendRow], in box: SVGBox) -> String {
        var out = "<g id=\"legend\" font-size=\"11\" fill=\"#333333\">\n"
        out += "<rect x=\"\(f(box.x))\" y=\"\(f(box.y))\" width=\"\(f(box.width))\" height=\"\(f(box.height))\" rx=\"4\""
        out += " fill=\"#ffffff\" fill-opacity=\"0.85\" stroke=\"#cccccc\"/>\n"
        for (i, row) in rows.enumerated() {
            let y = box.y + 14 + 17 * Double(i), x0 = box.x + 8, x1 = box.x + 36
            let line = "<line x1=\"\(f(x0))\" y1=\"\(f(y))\" x2=\"\(f(x1))\" y2=\"\(f(y))\" stroke="
            switch row {
            case .track: out += line + "\"\(SVGMap.trackColour)\" stroke-width=\"2.5\" stroke-dasharray=\"7 5\"/>\n"
            case .route: out += line + "\"\(SVGMap.routeColour)\" stroke-opacity=\"0.55\" stroke-width=\"7\"/>\n"
            case .via:
                out += "<circle cx=\"\(f((x0 + x1) / 2))\" cy=\"\(f(y))\" r=\"6\" fill=\"#ffffff\" stroke=\"\(SVGMap.routeColour)\""
                out += " stroke-width=\"2\"/>\n"
            }
            out += "<text x=\"\(f(box.x + 44))\" y=\"\(f(y + 4))\">\(MarkupText.escape(caption(row)))</text>\n"
        }
        return out + "</g>\n"
    }
}
