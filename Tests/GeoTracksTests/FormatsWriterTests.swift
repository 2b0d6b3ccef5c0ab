// GPX and GeoJSON writers: schema element order, escaping, number and time
// forms, and round trips through our own readers. FormatsXMLProbe (expat)
// is shared with the SVG tests to check well-formedness.
import CExpat
import Foundation
import Testing
@testable import GeoBase
@testable import GeoTracks

/// Parses XML with expat and lists its elements in document order.
final class FormatsXMLProbe {
    struct Element {
        var name: String
        var attributes: [String: String]
        var parent: Int?  // index into the element list
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    static func parse(_ text: String) throws -> [Element] {
        let probe = FormatsXMLProbe()
        let parser = XML_ParserCreate(nil)!
        defer { XML_ParserFree(parser) }
        XML_SetUserData(parser, Unmanaged.passUnretained(probe).toOpaque())
        XML_SetElementHandler(parser, { ud, name, atts in
            let p = Unmanaged<FormatsXMLProbe>.fromOpaque(ud!).takeUnretainedValue()
            var attributes: [String: String] = [:]
            var i = 0
            while let atts, let k = atts[i], let v = atts[i + 1] { attributes[String(cString: k)] = String(cString: v); i += 2 }
            p.elements.append(Element(name: String(cString: name!), attributes: attributes, parent: p.open.last))
            p.open.append(p.elements.count - 1)
        }, { ud, _ in
            _ = Unmanaged<FormatsXMLProbe>.fromOpaque(ud!).takeUnretainedValue().open.popLast()
        })
        XML_SetCharacterDataHandler(parser, { ud, s, len in
            let p = Unmanaged<FormatsXMLProbe>.fromOpaque(ud!).takeUnretainedValue()
            guard let last = p.open.last else { return }
            let buf = UnsafeRawBufferPointer(start: s, count: Int(len))
            p.elements[last].text += String(decoding: buf, as: UTF8.self)
        })
        let bytes = Array(text.utf8)
        let status = bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { XML_Parse(parser, $0.baseAddress, Int32($0.count), 1) }
        }
        if status == XML_STATUS_ERROR {
            throw InputError(file: "probe", line: Int(XML_GetCurrentLineNumber(parser)),
                             column: Int(XML_GetCurrentColumnNumber(parser)),
                             message: String(cString: XML_ErrorString(XML_GetErrorCode(parser))))
        }
        return probe.elements
    }

    /// Names of the children of element `index`, in order.
    static func children(_ elements: [Element], of index: Int) -> [String] {
        elements.filter { $0.parent == index }.map(\.name)
    }
}

private func pt(_ lat: Double, _ lon: Double, _ time: String? = nil, ele: Double? = nil) -> TrackPoint {
    TrackPoint(coordinate: Coordinate(lat: lat, lon: lon), time: time.map(formatsDate), elevation: ele)
}

private let matched = Track(name: "Matched <route> & more", segments: [
    [pt(51.5, 12.25, "2019-01-02T08:25:47Z", ele: 100.25), pt(51.123456789, -0.000000049, "2019-01-02T08:25:48.125Z")],
    [pt(-33.9, 151.2, ele: -3)],
])
private let original = Track(name: "input", segments: [[pt(51.50001, 12.25002), pt(51.1234, 0.0001, "2019-01-02T08:25:49Z")]])

@Test func gpxWriterFollowsTheSchemaOrder() throws {
    let writer = GPXWriter(creator: "geoindex test", name: "Match \"1\"", desc: "a < b", time: formatsDate("2020-05-06T07:08:09Z"))
    let text = writer.string(tracks: [matched, original], trackDescriptions: ["matched", nil], routes: [original])
    #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\" creator=\"geoindex test\""))
    #expect(text.contains("xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\""))
    #expect(text.contains("<trkpt lat=\"51.5000000\" lon=\"12.2500000\"><ele>100.25</ele><time>2019-01-02T08:25:47Z</time></trkpt>"))
    #expect(text.contains("<trkpt lat=\"51.1234568\" lon=\"-0.0000000\"><time>2019-01-02T08:25:48.125Z</time></trkpt>") == false)
    #expect(text.contains("<trkpt lat=\"51.1234568\" lon=\"0.0000000\"><time>2019-01-02T08:25:48.125Z</time></trkpt>"))
    #expect(text.contains("<trkpt lat=\"-33.9000000\" lon=\"151.2000000\"><ele>-3</ele></trkpt>"))
    #expect(text.contains("<trkpt lat=\"51.5000100\" lon=\"12.2500200\"/>"))
    #expect(text.contains("<name>Matched &lt;route&gt; &amp; more</name>"))

    let elements = try FormatsXMLProbe.parse(text)
    let root = 0
    #expect(elements[root].name == "gpx")
    #expect(FormatsXMLProbe.children(elements, of: root) == ["metadata", "rte", "trk", "trk"])
    let metadata = elements.firstIndex { $0.name == "metadata" }!
    #expect(FormatsXMLProbe.children(elements, of: metadata) == ["name", "desc", "time", "bounds"])
    #expect(elements[metadata + 1].text == "Match \"1\"" && elements[metadata + 2].text == "a < b")
    let bounds = elements.first { $0.name == "bounds" }!
    #expect(bounds.attributes == ["minlat": "-33.9000000", "minlon": "0.0000000", "maxlat": "51.5000100", "maxlon": "151.2000000"])
    let tracks = elements.indices.filter { elements[$0].name == "trk" }
    #expect(FormatsXMLProbe.children(elements, of: tracks[0]) == ["name", "desc", "trkseg", "trkseg"])
    #expect(FormatsXMLProbe.children(elements, of: tracks[1]) == ["name", "trkseg"])
    for i in elements.indices where elements[i].name == "trkpt" || elements[i].name == "rtept" {
        let children = FormatsXMLProbe.children(elements, of: i)
        #expect(children == children.sorted { ($0 == "ele" ? 0 : 1) < ($1 == "ele" ? 0 : 1) })  // ele before time
    }
    #expect(FormatsXMLProbe.children(elements, of: elements.firstIndex { $0.name == "rte" }!) == ["name", "rtept", "rtept"])
}

@Test func gpxWriterOutputReadsBack() throws {
    let bytes = GPXWriter().write(tracks: [matched, original])
    let back = try TrackReader.read(data: bytes, name: "out.gpx")
    #expect(back.name == matched.name)
    let expected = (matched.segments + original.segments).map { seg in
        seg.map { p in
            TrackPoint(coordinate: Coordinate(lat: JSONValue.rounded7(p.coordinate.lat), lon: JSONValue.rounded7(p.coordinate.lon)),
                       time: p.time, elevation: p.elevation)
        }
    }
    #expect(back.segments.count == expected.count)
    for (a, b) in zip(back.segments.joined(), expected.joined()) {
        #expect(abs(a.coordinate.lat - b.coordinate.lat) < 1e-9 && abs(a.coordinate.lon - b.coordinate.lon) < 1e-9)
        #expect(a.elevation == b.elevation)
        #expect(a.time.map { ($0.timeIntervalSince1970 * 1000).rounded() } == b.time.map { ($0.timeIntervalSince1970 * 1000).rounded() })
    }
    // Routes only: read back from the rte elements.
    let routeOnly = GPXWriter(includeBounds: false).string(tracks: [], routes: [matched])
    #expect(!routeOnly.contains("<metadata>"))
    let r = try formatsRead(routeOnly)
    #expect(r.segments.map(\.count) == [2, 1] && r.name == matched.name)
}

@Test func gpxWriterEdgeValues() {
    #expect(GPXWriter.lon(180) == "-180.0000000")  // the XSD range is [-180, 180)
    #expect(GPXWriter.lon(179.99999999) == "-180.0000000")
    #expect(GPXWriter.lon(-12.5) == "-12.5000000")
    #expect(GPXWriter.lat(-0.00000001) == "0.0000000")
    #expect(MarkupText.escape("a\u{1}b\tc\"&<>\u{FFFE}") == "ab\tc&quot;&amp;&lt;&gt;")
    let empty = GPXWriter().string(tracks: [])
    #expect(empty.hasSuffix("gpx.xsd\">\n</gpx>\n"))
}

@Test func geoJSONWriterBuildsStableCollections() throws {
    let a = GeoJSONFeature(geometry: .point(Coordinate(lat: 51.123456789, lon: 12.5)),
                           properties: [("name", "A \"quoted\" name"), ("rank", 3), ("score", 0.5)], id: 7)
    let b = GeoJSONFeature(geometry: .lineString([Coordinate(lat: 1, lon: 2), Coordinate(lat: 3, lon: 4)]), properties: [("z", nil), ("a", true)])
    let c = GeoJSONFeature(geometry: .multiLineString([[Coordinate(lat: -1, lon: -2)], [Coordinate(lat: 5, lon: 6)]]))
    let fc = GeoJSONWriter.featureCollection([a, b, c])
    #expect(fc.jsonString() == #"{"type":"FeatureCollection","features":["#
        + #"{"type":"Feature","id":7,"geometry":{"type":"Point","coordinates":[12.5,51.1234568]},"properties":{"name":"A \"quoted\" name","rank":3,"score":0.5}},"#
        + #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[2,1],[4,3]]},"properties":{"z":null,"a":true}},"#
        + #"{"type":"Feature","geometry":{"type":"MultiLineString","coordinates":[[[-2,-1]],[[6,5]]]},"properties":{}}]}"#)
    let withBox = GeoJSONWriter.featureCollection([b, c], bbox: true)
    #expect(withBox["bbox"] == [-2, -1, 6, 5])
    #expect(withBox["features"]?[0]?["bbox"] == [2, 1, 4, 3])
    #expect(withBox.objectValue?.map(\.0) == ["type", "bbox", "features"])
    #expect(GeoJSONFeature(geometry: nil).json().jsonString() == #"{"type":"Feature","geometry":null,"properties":{}}"#)
}

@Test func geoJSONTrackFeatureReadsBack() throws {
    let timed = Track(name: "timed", segments: [[pt(1, 2, "2019-01-02T08:25:47Z"), pt(1.5, 2.5, "2019-01-02T08:25:48.5Z")],
                                                 [pt(3, 4, "2019-01-02T08:26:00Z")]])
    let fc = GeoJSONWriter.featureCollection([GeoJSONFeature(track: timed, properties: [("source", "test")])])
    #expect(fc["features"]?[0]?["properties"]?.objectValue?.map(\.0) == ["name", "source", "coordTimes"])
    let back = try TrackReader.read(data: fc.jsonBytes(pretty: true), name: "t.geojson")
    #expect(back == timed)
    let single = GeoJSONFeature(track: Track(segments: [[pt(1, 2)]])).json()
    #expect(single.jsonString() == #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[2,1]]},"properties":{}}"#)
}
