// Reads an SVG picture back (through FormatsXMLProbe) into what the collision
// tests judge: the legend's, scale bar's and attribution's boxes, the markers,
// the street labels as turned boxes, and the route and track lines. Its
// geometry is written apart from the drawing code on purpose, and measures
// text a little smaller than the drawing does, so a failure means a visible
// overlap and not a disagreement between two estimates.
import Foundation
import Testing

struct SVGPictureProbe {
    typealias Point = (x: Double, y: Double)
    struct Box { var x0, y0, x1, y1: Double }
    struct Marker { var id: String; var x, y, r: Double; var text: String }
    struct Label { var text: String; var x, y, dy, angle: Double }

    var width = 0.0, height = 0.0
    var legend: Box?
    var scale: Box?
    var attribution: Box?
    /// The band below the map, when the picture has one.
    var margin: Box?
    var legendTexts: [String] = []
    var markers: [Marker] = []
    var labels: [Label] = []
    var route: [[Point]] = []
    var track: [[Point]] = []
    var ids: Set<String> = []

    init(_ svg: String) throws {
        let e = try FormatsXMLProbe.parse(svg)
        func num(_ i: Int, _ k: String) -> Double { Double(e[i].attributes[k] ?? "") ?? .nan }
        func inside(_ i: Int, _ group: String) -> Bool {
            var p = e[i].parent
            while let q = p { if e[q].attributes["id"] == group { return true }; p = e[q].parent }
            return false
        }
        func points(_ i: Int) -> [Point] {
            (e[i].attributes["points"] ?? "").split(separator: " ").map {
                let v = $0.split(separator: ",").map { Double($0)! }
                return (v[0], v[1])
            }
        }
        width = num(0, "width")
        height = num(0, "height")
        for i in e.indices {
            if let id = e[i].attributes["id"] { ids.insert(id) }
            let box = { Box(x0: num(i, "x"), y0: num(i, "y"), x1: num(i, "x") + num(i, "width"), y1: num(i, "y") + num(i, "height")) }
            switch e[i].name {
            case "rect" where inside(i, "legend"): legend = box()
            case "rect" where inside(i, "scale-bar"): scale = box()
            case "rect" where e[i].attributes["id"] == "margin": margin = box()
            case "text" where inside(i, "legend"): legendTexts.append(e[i].text)
            case "text" where e[i].attributes["id"] == "attribution":
                // Right-aligned 10 px text, 0.5 em a character.
                let w = Double(e[i].text.count) * 5
                attribution = Box(x0: num(i, "x") - w, y0: num(i, "y") - 8, x1: num(i, "x"), y1: num(i, "y") + 2)
            case "text" where inside(i, "labels"):
                let rotate = e[i].attributes["transform"]!.dropFirst("rotate(".count).split(separator: " ")
                labels.append(Label(text: e[i].text, x: num(i, "x"), y: num(i, "y"), dy: num(i, "dy"), angle: Double(rotate[0])!))
            case "circle" where inside(i, "markers"):
                let id = e[e[i].parent!].attributes["id"]!
                let text = e.first { $0.parent == e[i].parent && $0.name == "text" }?.text ?? ""
                markers.append(Marker(id: id, x: num(i, "cx"), y: num(i, "cy"), r: num(i, "r"), text: text))
            case "polyline" where inside(i, "route"): route.append(points(i))
            case "polyline" where inside(i, "track"): track.append(points(i))
            default: break
            }
        }
    }

    // MARK: geometry

    static func overlap(_ a: Box, _ b: Box) -> Bool { a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

    static func distance(_ p: Point, _ b: Box) -> Double {
        hypot(max(b.x0 - p.x, 0, p.x - b.x1), max(b.y0 - p.y, 0, p.y - b.y1))
    }

    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y, l = dx * dx + dy * dy
        let t = l == 0 ? 0 : min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l))
        return hypot(p.x - a.x - t * dx, p.y - a.y - t * dy)
    }

    /// Distance from the segment a–b to the box: 0 when it crosses it, else
    /// the least of the endpoint-to-box and corner-to-segment distances.
    static func distance(_ a: Point, _ b: Point, _ box: Box) -> Double {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        var crosses = true
        for (p, q) in [(-dx, a.x - box.x0), (dx, box.x1 - a.x), (-dy, a.y - box.y0), (dy, box.y1 - a.y)] {
            if p == 0 { if q < 0 { crosses = false } } else if p < 0 { t0 = max(t0, q / p) } else { t1 = min(t1, q / p) }
        }
        if crosses && t0 <= t1 { return 0 }
        let corners: [Point] = [(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)]
        return min(distance(a, box), distance(b, box), corners.map { distance($0, a, b) }.min()!)
    }

    /// Distance from a polyline to a box.
    static func distance(_ line: [Point], _ box: Box) -> Double {
        if line.count == 1 { return distance(line[0], box) }
        return zip(line, line.dropFirst()).map { distance($0, $1, box) }.min() ?? .infinity
    }

    /// The label's text as corners: 0.5 em a character, cap height above the
    /// baseline, a fifth of an em below, turned about (x, y).
    static func corners(_ l: Label) -> [Point] {
        let w = Double(l.text.count) * 6, a = l.angle * .pi / 180
        return [(-w / 2, l.dy - 9), (w / 2, l.dy - 9), (w / 2, l.dy + 2.4), (-w / 2, l.dy + 2.4)].map {
            (l.x + $0.0 * cos(a) - $0.1 * sin(a), l.y + $0.0 * sin(a) + $0.1 * cos(a))
        }
    }

    static func corners(_ b: Box) -> [Point] { [(b.x0, b.y0), (b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y1)] }

    /// Separating axes: two convex polygons overlap unless some edge normal separates them.
    static func overlap(_ p: [Point], _ q: [Point]) -> Bool {
        for poly in [p, q] {
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let n = (x: a.y - b.y, y: b.x - a.x)
                let s = p.map { $0.x * n.x + $0.y * n.y }, t = q.map { $0.x * n.x + $0.y * n.y }
                if s.max()! <= t.min()! || t.max()! <= s.min()! { return false }
            }
        }
        return true
    }

    /// Whether a disc reaches into a label (its centre brought into the label's frame).
    static func overlap(_ m: Marker, _ l: Label) -> Bool {
        let a = -l.angle * .pi / 180, dx = m.x - l.x, dy = m.y - l.y
        let u = dx * cos(a) - dy * sin(a), v = dx * sin(a) + dy * cos(a)
        let w = Double(l.text.count) * 3
        return hypot(max(-w - u, 0, u - w), max(l.dy - 9 - v, 0, v - l.dy - 2.4)) < m.r
    }

    // MARK: the checks

    /// Records every collision the issue forbids, naming the picture.
    func expectNoCollisions(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        func fail(_ what: String) { Issue.record("\(name): \(what)", sourceLocation: sourceLocation) }
        let boxes = [("legend", legend), ("scale bar", scale), ("attribution", attribution)].compactMap { n, b in b.map { (n, $0) } }
        for (i, (n1, b1)) in boxes.enumerated() {
            for (n2, b2) in boxes[(i + 1)...] where SVGPictureProbe.overlap(b1, b2) { fail("\(n1) overlaps \(n2)") }
        }
        for (n, b) in boxes where n != "attribution" {
            for line in route where SVGPictureProbe.distance(line, b) < 3.5 { fail("\(n) covers the route") }
            for line in track where SVGPictureProbe.distance(line, b) < 2.5 { fail("\(n) covers the input track") }
            for m in markers where SVGPictureProbe.distance((m.x, m.y), b) < m.r { fail("\(n) covers marker \(m.id)") }
        }
        for (i, l) in labels.enumerated() {
            let c = SVGPictureProbe.corners(l)
            for other in labels[(i + 1)...] where SVGPictureProbe.overlap(c, SVGPictureProbe.corners(other)) {
                fail("label \"\(l.text)\" overlaps label \"\(other.text)\"")
            }
            for m in markers where SVGPictureProbe.overlap(m, l) { fail("label \"\(l.text)\" covers marker \(m.id)") }
            for (n, b) in boxes where SVGPictureProbe.overlap(c, SVGPictureProbe.corners(b)) { fail("label \"\(l.text)\" overlaps the \(n)") }
        }
    }
}
