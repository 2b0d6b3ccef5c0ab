// SVGMap: the picture is well-formed XML (checked with expat), has every
// layer a reviewer needs, labels each road name along the route once,
// escapes text, and renders byte-identically every time.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoTracks

private func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(lat: lat, lon: lon) }

/// A small town: a main street east-west, a side street going north, and a
/// far-away road that must be clipped. The route follows main street and then
/// the side street, sharing their vertices as a matched route does.
private func sampleMap() -> SVGMap {
    let main = [c(48.1000, 11.5000), c(48.1000, 11.5050), c(48.1000, 11.5100), c(48.1000, 11.5150)]
    let side = [c(48.1000, 11.5150), c(48.1030, 11.5150), c(48.1060, 11.5150)]
    let other = [c(48.0998, 11.5000), c(48.0998, 11.5150)]
    let roads: [SVGMap.Road] = [
        (points: main, name: "Hauptstraße", major: true),
        (points: side, name: "Gasse <A> & \"B\"", major: false),
        (points: [c(48.1060, 11.5150), c(48.1080, 11.5150)], name: "Hauptstraße", major: true),  // same name again
        (points: other, name: "Parallelweg", major: false),
        (points: [c(10, 10), c(10.1, 10.1)], name: "Far away", major: true),
    ]
    let track = [[c(48.10005, 11.5001), c(48.09998, 11.5049), c(48.10003, 11.5102), c(48.1002, 11.5149), c(48.1031, 11.5152), c(48.1059, 11.5149)]]
    let route = [main + side.dropFirst()]
    return SVGMap(roads: roads, tracks: track, route: route, title: "match & check")
}

@Test func svgMapIsWellFormedAndComplete() throws {
    let svg = sampleMap().render()
    let elements = try FormatsXMLProbe.parse(svg)
    let root = elements[0]
    #expect(root.name == "http://www.w3.org/2000/svg svg" || root.name == "svg")
    #expect(root.attributes["width"] == "1000")
    let height = Int(root.attributes["height"]!)!
    #expect(height >= 400 && height <= 1500)
    #expect(root.attributes["viewBox"] == "0 0 1000 \(height)")
    func group(_ id: String) -> Int? { elements.firstIndex { $0.attributes["id"] == id } }
    for id in ["background", "roads", "track", "track-points", "route", "labels", "markers", "start", "end", "scale-bar", "legend", "attribution"] {
        #expect(group(id) != nil, "missing \(id)")
    }
    // Layer order: roads under the track under the route under the labels.
    #expect(group("roads")! < group("track")! && group("track")! < group("route")! && group("route")! < group("labels")!)
    #expect(elements[group("track")!].attributes["stroke-dasharray"] != nil)
    #expect(elements[group("route")!].attributes["stroke-opacity"] == "0.55")
    let polylines = elements.filter { $0.name == "polyline" }
    #expect(polylines.count == 4 + 1 + 1 + 1)  // four roads (far one clipped), track, route, scale bar
    #expect(elements.filter { $0.name == "circle" }.count == 6 + 2)  // track fixes + A/B
    #expect(elements[group("start")! + 2].text == "A" && elements[group("end")! + 2].text == "B")
    let start = elements[group("start")! + 1].attributes
    #expect(start["fill"] == "#2e7d32")

    // One label per distinct name on the route; the parallel road is not on it.
    let labels = elements.filter { $0.name == "text" && $0.parent == group("labels") }.map(\.text)
    #expect(labels == ["Hauptstraße", "Gasse <A> & \"B\""])
    #expect(svg.contains("Gasse &lt;A&gt; &amp; &quot;B&quot;"))
    #expect(elements.contains { $0.name == "title" && $0.text == "match & check" })
    #expect(elements[group("attribution")!].text == "© OpenStreetMap contributors")
    let scale = elements.first { $0.parent == group("scale-bar") && $0.name == "text" }!.text
    #expect(["100 m", "200 m", "500 m"].contains(scale), "\(scale)")

    // Numbers carry exactly one decimal.
    for p in polylines {
        for pair in p.attributes["points"]!.split(separator: " ") {
            for n in pair.split(separator: ",") { #expect(n.wholeMatch(of: /-?\d+\.\d/) != nil, "\(n)") }
        }
    }
    #expect(svg == sampleMap().render())
}

@Test func svgMapExplicitLabelsAndScale() throws {
    var map = sampleMap()
    map.routeNames = [(points: [c(48.1, 11.5), c(48.1, 11.515)], name: "Given"), (points: [c(48.1, 11.5), c(48.1, 11.51)], name: "Given")]
    map.width = 600
    let elements = try FormatsXMLProbe.parse(map.render())
    let labelGroup = elements.firstIndex { $0.attributes["id"] == "labels" }
    #expect(elements.filter { $0.parent == labelGroup }.map(\.text) == ["Given"])
    let label = elements.first { $0.parent == labelGroup }!
    #expect(label.attributes["transform"] == "rotate(0.0 \(label.attributes["x"]!) \(label.attributes["y"]!))")
    #expect(elements[0].attributes["width"] == "600")

    #expect(SVGScaleBar.length(metresPerPixel: 1, maxPixels: 200).label == "200 m")
    #expect(SVGScaleBar.length(metresPerPixel: 2.6, maxPixels: 200).label == "500 m")
    #expect(SVGScaleBar.length(metresPerPixel: 7, maxPixels: 200).label == "1 km")
    #expect(SVGScaleBar.length(metresPerPixel: 30, maxPixels: 200).label == "5 km")
    #expect(SVGScaleBar.length(metresPerPixel: 0.4, maxPixels: 200).label == "50 m")
    let bar = SVGScaleBar.length(metresPerPixel: 7, maxPixels: 200)
    #expect(abs(bar.pixels - 1000 / 7) < 1e-9)
}

@Test func svgMapDegenerateInputs() throws {
    // Nothing at all, a single point, and a very tall track all render valid pictures.
    let empty = try FormatsXMLProbe.parse(SVGMap().render())
    #expect(empty[0].attributes["width"] == "1000")
    let single = SVGMap(tracks: [[c(0, 0)]]).render()
    #expect(try FormatsXMLProbe.parse(single).contains { $0.attributes["id"] == "start" })
    let tall = try FormatsXMLProbe.parse(SVGMap(tracks: [[c(40, 10), c(41, 10)]]).render())
    #expect(tall[0].attributes["height"] == "1500")
    let wide = try FormatsXMLProbe.parse(SVGMap(route: [[c(40, 10), c(40, 12)]]).render())
    #expect(wide[0].attributes["height"] == "400")
    // Invalid coordinates are skipped rather than producing NaN in the output.
    let odd = SVGMap(tracks: [[c(.nan, 1), c(40, 10), c(40.01, 10.01)]]).render()
    #expect(!odd.contains("nan") && !odd.contains("inf"))
}
