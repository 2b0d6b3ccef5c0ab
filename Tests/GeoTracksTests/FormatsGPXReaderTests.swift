// GPX reading: 1.0/1.1/no namespace, segments and several tracks, routes,
// times and elevations, namespaced extensions ignored, and every error case
// with its message and position. Also holds the small helpers the other
// Formats tests share.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRouting
@testable import GeoTracks

func formatsRead(_ text: String, name: String = "in.gpx", maxPoints: Int = TrackReader.defaultMaxPoints) throws -> Track {
    try TrackReader.read(data: Array(text.utf8), name: name, maxPoints: maxPoints)
}

/// The InputError reading `text` produces (records an issue when there is none).
func formatsError(_ text: String, name: String = "in.gpx", maxPoints: Int = TrackReader.defaultMaxPoints,
                  sourceLocation: SourceLocation = #_sourceLocation) -> InputError? {
    do {
        let t = try formatsRead(text, name: name, maxPoints: maxPoints)
        Issue.record("expected an error, read \(t.pointCount) points", sourceLocation: sourceLocation)
    } catch let e as InputError {
        return e
    } catch {
        Issue.record("not an InputError: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

func formatsDate(_ iso: String) -> Date { TrackTime.parse(iso)! }

private let gpx11 = """
<?xml version="1.0" encoding="UTF-8"?>
<gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="test"
     xmlns:gh="https://graphhopper.com/public/schema/gpx/1.1">
  <metadata><name>Document</name><time>2020-01-01T00:00:00Z</time></metadata>
  <wpt lat="1" lon="2"><name>a waypoint</name><time>2001-01-01T00:00:00Z</time></wpt>
  <trk>
    <name>Morning &amp; ride</name>
    <trkseg>
      <trkpt lat="51.5" lon="12.25"><ele>100.5</ele><time>2019-01-02T08:25:47Z</time></trkpt>
      <trkpt lat=" 51.501 " lon="12.251"><time>2019-01-02T08:25:48.250Z</time>
        <extensions><gh:time>999</gh:time><time>not a time</time><ele>x</ele></extensions></trkpt>
    </trkseg>
    <trkseg></trkseg>
    <trkseg>
      <trkpt lat="51.502" lon="12.252"><time>2019-01-02T10:25:49+02:00</time><gh:ele>7</gh:ele></trkpt>
    </trkseg>
  </trk>
  <rte><rtept lat="0" lon="0"/></rte>
  <trk><name>second</name><trkseg><trkpt lat="-33.5" lon="-70.25"/></trkseg></trk>
</gpx>
"""

@Test func gpx11TracksAndSegments() throws {
    let t = try formatsRead(gpx11)
    #expect(t.name == "Morning & ride")
    #expect(t.segments.map(\.count) == [2, 1, 1])  // the empty trkseg is dropped, both trk kept, rte ignored
    let p = t.points
    #expect(p[0] == TrackPoint(coordinate: Coordinate(lat: 51.5, lon: 12.25), time: formatsDate("2019-01-02T08:25:47Z"), elevation: 100.5))
    #expect(p[0].time?.timeIntervalSince1970 == 1_546_417_547)
    #expect(p[1].coordinate == Coordinate(lat: 51.501, lon: 12.251))
    #expect(p[1].time?.timeIntervalSince1970 == 1_546_417_548.25)
    #expect(p[1].elevation == nil)  // <ele> inside <extensions> is not the point's
    #expect(p[2].time?.timeIntervalSince1970 == 1_546_417_549)  // +02:00 applied
    #expect(p[2].elevation == nil)
    #expect(p[3] == TrackPoint(coordinate: Coordinate(lat: -33.5, lon: -70.25)))
}

@Test func gpx10AndNoNamespace() throws {
    let v10 = """
    <?xml version="1.0"?>
    <gpx version="1.0" creator="x" xmlns="http://www.topografix.com/GPX/1/0">
    <name>Old style</name>
    <trk><trkseg>
    <trkpt lat="41.0119089" lon="29.08910865"><ele>12</ele><time>2015-01-01T11:35:02Z</time><speed>3.2</speed></trkpt>
    <trkpt lat="41.0118916" lon="29.0892053"><time>2015-01-01T11:35:03Z</time></trkpt>
    </trkseg></trk>
    </gpx>
    """
    let t = try formatsRead(v10)
    #expect(t.name == "Old style")
    #expect(t.pointCount == 2 && t.hasTimes)
    #expect(t.points[0].elevation == 12)
    #expect(t.points[1].time == formatsDate("2015-01-01T11:35:03Z"))

    let bare = "<gpx><trk><name> Plain </name><trkseg><trkpt lat='1.5' lon='2.5'/><trkpt lat='1.6' lon='2.6'/></trkseg></trk></gpx>"
    let b = try formatsRead(bare)
    #expect(b.name == "Plain")
    #expect(b.coordinateSegments == [[Coordinate(lat: 1.5, lon: 2.5), Coordinate(lat: 1.6, lon: 2.6)]])

    // Prefixed GPX elements are GPX too: what counts is the namespace, not the prefix.
    let prefixed = "<g:gpx xmlns:g='http://www.topografix.com/GPX/1/1'><g:trk><g:trkseg><g:trkpt lat='3' lon='4'/></g:trkseg></g:trk></g:gpx>"
    #expect(try formatsRead(prefixed).points.first?.coordinate == Coordinate(lat: 3, lon: 4))
}

@Test func gpxRoutesWhenThereIsNoTrack() throws {
    let text = """
    <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="t">
      <wpt lat="9" lon="9"/>
      <rte><name>Route one</name><rtept lat="10" lon="20"><ele>5</ele></rtept><rtept lat="10.5" lon="20.5"/></rte>
      <rte><rtept lat="11" lon="21"><time>2020-02-29T23:59:59.5-01:30</time></rtept></rte>
    </gpx>
    """
    let t = try formatsRead(text)
    #expect(t.name == "Route one")
    #expect(t.segments.map(\.count) == [2, 1])
    #expect(t.points[0].elevation == 5)
    #expect(t.points[2].time == formatsDate("2020-03-01T01:29:59.5Z"))
}

@Test func gpxTimeFormats() {
    let base = 1_546_417_547.0  // 2019-01-02T08:25:47Z
    let same = ["2019-01-02T08:25:47Z", "2019-01-02T08:25:47", "2019-01-02T09:25:47+01:00", "2019-01-02T03:25:47-0500",
                "2019-01-02 08:25:47Z", " 2019-01-02T08:25:47.000Z\n", "2019-01-02t08:25:47z", "2019-01-02T10:25:47+02"]
    for s in same { #expect(TrackTime.parse(s)?.timeIntervalSince1970 == base, "\(s)") }
    #expect(TrackTime.parse("2019-01-02T08:25:47.123456789Z")!.timeIntervalSince1970 - base - 0.123456789 < 1e-6)
    #expect(abs(TrackTime.parse("1970-01-01T00:00:00.001Z")!.timeIntervalSince1970 - 0.001) < 1e-6)  // Date counts from 2001
    for bad in ["", "2019-13-01T00:00:00Z", "2019-02-29T00:00:00Z", "2019-01-02T24:00:00Z", "2019-01-02", "yesterday",
                "2019-01-02T08:25:47ZZ", "2019-01-02T08:25:47.Z", "2019-1-02T08:25:47Z"] {
        #expect(TrackTime.parse(bad) == nil, "\(bad)")
    }
    #expect(TrackTime.parse("2020-02-29T12:00:00Z") != nil)
    #expect(TrackTime.format(Date(timeIntervalSince1970: base)) == "2019-01-02T08:25:47Z")
    #expect(TrackTime.format(Date(timeIntervalSince1970: base + 0.25)) == "2019-01-02T08:25:47.250Z")
    #expect(TrackTime.format(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
    #expect(TrackTime.format(formatsDate("2000-02-29T23:59:59Z")) == "2000-02-29T23:59:59Z")
}

@Test func gpxNoTrackErrorsSayWhatWasThere() {
    let header = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\">"
    var e = formatsError(header + "\n<wpt lat=\"1\" lon=\"2\"/>\n<wpt lat=\"1\" lon=\"3\"/>\n</gpx>")
    #expect(e?.message == "no track found: the file has only waypoints (2 wpt, no trk or rte)")
    #expect(e?.line == 1 && e?.column == 1)
    e = formatsError(header + "\n</gpx>")
    #expect(e?.message == "no track found: the GPX file has no trk, rte or wpt element")
    e = formatsError(header + "\n  <trk><name>x</name></trk>\n</gpx>")
    #expect(e?.message == "no track found: the trk has no trkseg, so no track points")
    #expect(e?.line == 2 && e?.column == 3)
    e = formatsError(header + "\n<trk>\n <trkseg>\n </trkseg>\n</trk><wpt lat='1' lon='1'/></gpx>")
    #expect(e?.message == "no track found: the trkseg has no trkpt; its 1 wpt waypoint is not a track")
    #expect(e?.line == 3 && e?.column == 2)
    e = formatsError(header + "<rte><name>r</name></rte></gpx>")
    #expect(e?.message == "no track found: the rte has no rtept")
    e = formatsError("<?xml version=\"1.0\"?>\n<osm version=\"0.6\"/>")
    #expect(e?.message == "not a GPX file: the root element is <osm>, expected <gpx>")
    #expect(e?.line == 2)
}

@Test func gpxMalformedXMLReportsExpatPosition() {
    var e = formatsError("<gpx>\n<trk>\n  <trkseg></trk>\n</gpx>")
    #expect(e?.message == "malformed XML: mismatched tag")
    #expect(e?.line == 3 && e?.column == 13)
    #expect(e?.file == "in.gpx")
    #expect(e?.description == "in.gpx:3:13: malformed XML: mismatched tag")
    e = formatsError("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/>")
    #expect(e?.message.hasPrefix("malformed XML: ") == true)
    e = formatsError("<gpx>&bogus;</gpx>")
    #expect(e?.message == "malformed XML: undefined entity")
    #expect(e?.line == 1 && e?.column == 6)
    e = formatsError("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>\u{0}")
    #expect(e?.message.hasPrefix("malformed XML") == true)
}

@Test func gpxEntityDeclarationsAreRefused() {
    // "Billion laughs": refused at the first declaration (expat's amplification limit once stopped it later).
    var doc = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n<!ENTITY l0 \"ha\">\n"
    for i in 1...12 { doc += "<!ENTITY l\(i) \"" + String(repeating: "&l\(i - 1);", count: 10) + "\">\n" }
    doc += "]>\n<gpx><trk><name>&l12;</name></trk></gpx>"
    let e = formatsError(doc)
    #expect(e?.message == "entity declarations are not allowed in GPX files" && e?.line == 3, "\(String(describing: e))")
    // One harmless entity is refused as well, and an external one is never fetched.
    for declaration in ["<!ENTITY x \"Ride\">", "<!ENTITY x SYSTEM \"file:///etc/hostname\">"] {
        let one = "<?xml version=\"1.0\"?><!DOCTYPE gpx [\(declaration)]>" +
            "<gpx><trk><name>&x;</name><trkseg><trkpt lat=\"1\" lon=\"1\"/><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>"
        #expect(formatsError(one)?.message == "entity declarations are not allowed in GPX files", "\(declaration)")
    }
    // A DOCTYPE without declarations, as some exporters write, is fine.
    let plain = "<?xml version=\"1.0\"?><!DOCTYPE gpx><gpx><trk><trkseg><trkpt lat=\"1\" lon=\"1\"/><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>"
    #expect((try? formatsRead(plain))?.pointCount == 2)
}

@Test func gpxBadPointsNameTheirLine() {
    let head = "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
    let tail = "\n</trkseg></trk></gpx>"
    let cases: [(String, String)] = [
        ("<trkpt lon=\"2\"/>", "<trkpt> has no lat attribute"),
        ("<trkpt lat=\"2\"/>", "<trkpt> has no lon attribute"),
        ("<trkpt lat=\"abc\" lon=\"2\"/>", "<trkpt> has an invalid lat \"abc\": not a number"),
        ("<trkpt lat=\"NaN\" lon=\"2\"/>", "<trkpt> has an invalid lat \"NaN\": not a number"),
        ("<trkpt lat=\"1\" lon=\"inf\"/>", "<trkpt> has an invalid lon \"inf\": not a number"),
        ("<trkpt lat=\"1e400\" lon=\"2\"/>", "<trkpt> has a non-finite latitude (inf)"),
        ("<trkpt lat=\"95.5\" lon=\"2\"/>", "<trkpt> has latitude 95.5 out of range (must be between -90 and 90)"),
        ("<trkpt lat=\"5\" lon=\"-180.5\"/>", "<trkpt> has longitude -180.5 out of range (must be between -180 and 180)"),
        ("<trkpt lat=\"5\" lon=\"5\"><time>2019-02-30T00:00:00Z</time></trkpt>",
         "invalid time \"2019-02-30T00:00:00Z\": expected ISO 8601 such as 2019-01-02T08:25:47Z"),
        ("<trkpt lat=\"5\" lon=\"5\"><ele>high</ele></trkpt>", "invalid ele \"high\": expected a number of metres"),
    ]
    for (point, message) in cases {
        let e = formatsError(head + "<trkpt lat=\"0\" lon=\"0\"/>\n  " + point + tail, name: "bad.gpx")
        #expect(e?.message == message)
        #expect(e?.line == 3, "\(point)")
        #expect(e?.file == "bad.gpx")
    }
    let e = formatsError(head + "<trkpt lat=\"0\" lon=\"0\"/>\n  <trkpt lat=\"5\" lon=\"5\">\n<time>x</time></trkpt>" + tail)
    #expect(e?.line == 4 && e?.column == 1)
}

@Test func gpxPointLimit() throws {
    let pts = (0..<5).map { "<trkpt lat=\"\($0)\" lon=\"0\"/>" }.joined(separator: "\n")
    let text = "<gpx><trk><trkseg>\n" + pts + "\n</trkseg></trk></gpx>"
    #expect(try formatsRead(text, maxPoints: 5).pointCount == 5)
    let e = formatsError(text, maxPoints: 4)
    #expect(e?.message == "too many points: the limit is 4 track points")
    #expect(e?.line == 6)
}

@Test func emptyAndCompressedInput() {
    #expect(formatsError("")?.message == "empty input: no track data (0 bytes)")
    #expect(formatsError(" \n\t\r\n")?.message == "empty input: the file contains only whitespace")
    let gz: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00]
    #expect(throws: InputError(file: "x.gpx.gz", offset: 0, message: "the file is gzip-compressed; decompress it first (gunzip)")) {
        try TrackReader.read(data: gz, name: "x.gpx.gz")
    }
}

@Test func sniffingIgnoresExtensions() throws {
    #expect(TrackReader.sniff(Array("\u{FEFF}  <gpx/>".utf8)) == .gpx)
    #expect(TrackReader.sniff(Array("\n{\"type\":1}".utf8)) == .geoJSON)
    #expect(TrackReader.sniff(Array("lat,lon".utf8)) == .csv)
    #expect(TrackReader.sniff(Array(" \n ".utf8)) == nil)
    // A GPX named .csv is still GPX.
    let t = try formatsRead("<gpx><trk><trkseg><trkpt lat='1' lon='2'/></trkseg></trk></gpx>", name: "track.csv")
    #expect(t.pointCount == 1)
}

@Test func readPathStreamsAndReportsMissingFiles() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    // Larger than one read chunk, so the GPX is fed to expat in pieces.
    var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
    for i in 0..<30_000 { text += "<trkpt lat=\"\(Double(i) / 1000 - 10)\" lon=\"\(Double(i) / 2000)\"><time>2019-01-02T08:25:47Z</time></trkpt>\n" }
    text += "</trkseg></trk></gpx>\n"
    let file = dir.appendingPathComponent("big.data")
    try Data(text.utf8).write(to: file)
    let t = try TrackReader.read(path: file.path)
    #expect(t.pointCount == 30_000)
    #expect(t.points.last?.coordinate == Coordinate(lat: 19.999, lon: 14.9995))
    let missing = dir.appendingPathComponent("nope.gpx").path
    #expect(throws: InputError(file: missing, message: "cannot open: No such file or directory")) {
        try TrackReader.read(path: missing)
    }
    #expect(throws: InputError(file: dir.path, message: "is a directory, not a file")) {
        try TrackReader.read(path: dir.path)
    }
    let csv = dir.appendingPathComponent("t.txt")
    try Data("lat,lon\n1,2\n".utf8).write(to: csv)
    #expect(try TrackReader.read(path: csv.path).points == [TrackPoint(coordinate: Coordinate(lat: 1, lon: 2))])
}
