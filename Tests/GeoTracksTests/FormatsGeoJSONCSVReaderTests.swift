// GeoJSON and CSV track reading: the accepted shapes and headers, times, and
// the error messages with line/column for bad input.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoTracks

@Test func geoJSONLineStringAndFeature() throws {
    let line = #"{"type":"LineString","coordinates":[[12.25,51.5,100],[12.26,51.51],[12.27,51.52,null]]}"#
    let t = try formatsRead(line, name: "l.geojson")
    #expect(t.name == nil)
    #expect(t.segments.count == 1)
    #expect(t.points[0] == TrackPoint(coordinate: Coordinate(lat: 51.5, lon: 12.25), elevation: 100))
    #expect(t.points[2].elevation == nil)

    let feature = """
    {"type": "Feature", "properties": {"name": "Evening run",
      "coordTimes": ["2019-01-02T08:25:47Z", "2019-01-02T08:25:48.5+00:00"]},
     "geometry": {"type": "LineString", "coordinates": [[1, 2], [1.5, 2.5]]}}
    """
    let f = try formatsRead(feature)
    #expect(f.name == "Evening run")
    #expect(f.points.map(\.time) == [formatsDate("2019-01-02T08:25:47Z"), formatsDate("2019-01-02T08:25:48.5Z")])
}

@Test func geoJSONFeatureCollectionWithMixedGeometries() throws {
    let text = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"name": "start"}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
      {"type": "Feature", "properties": {"name": "Trip", "times": [[1546417547, 1546417548], [1546417549000]]},
       "geometry": {"type": "MultiLineString", "coordinates": [[[10, 50], [10.1, 50.1]], [[10.2, 50.2]]]}},
      {"type": "Feature", "properties": null, "geometry": null},
      {"type": "Feature", "properties": {"name": "other", "coordTimes": [null, "2019-01-02T08:25:47Z"]},
       "geometry": {"type": "GeometryCollection", "geometries": [{"type": "LineString", "coordinates": [[11, 51], [11.1, 51.1]]}]}}
    ]}
    """
    let t = try formatsRead(text)
    #expect(t.name == "Trip")
    #expect(t.segments.map(\.count) == [2, 1, 2])
    #expect(t.segments[0][1].time?.timeIntervalSince1970 == 1_546_417_548)
    #expect(t.segments[1][0].time?.timeIntervalSince1970 == 1_546_417_549)  // milliseconds recognised
    #expect(t.segments[2][0].time == nil)  // times of a GeometryCollection are not guessed at
    // Flat time list spread over a MultiLineString.
    let flat = #"{"type":"Feature","properties":{"coordTimes":[1,2,3]},"geometry":{"type":"MultiLineString","coordinates":[[[1,1],[2,2]],[[3,3]]]}}"#
    #expect(try formatsRead(flat).segments.map { $0.map { $0.time!.timeIntervalSince1970 } } == [[1, 2], [3]])
}

@Test func geoJSONErrors() {
    var e = formatsError(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}},{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}},{"type":"Feature","geometry":{"type":"Polygon","coordinates":[]},"properties":{}}]}"#)
    #expect(e?.message == "no track found: the GeoJSON has no LineString or MultiLineString, only 2 Point, 1 Polygon")
    e = formatsError(#"{"type":"FeatureCollection","features":[]}"#)
    #expect(e?.message == "no track found: the FeatureCollection has no features")
    e = formatsError(#"{"type":"LineString","coordinates":[]}"#)
    #expect(e?.message == "no track found: the GeoJSON has no LineString or MultiLineString, only 1 line without coordinates")

    let pretty = """
    {
      "type": "LineString",
      "coordinates": [
        [10, 50],
        [10, 95.5]
      ]
    }
    """
    e = formatsError(pretty, name: "track.json")
    #expect(e?.message == "point at coordinates[1] has latitude 95.5 out of range (must be between -90 and 90)")
    #expect(e?.line == 5 && e?.column == 5 && e?.file == "track.json")

    e = formatsError("{\n  \"type\": \"LineString\",\n  \"coordinates\": [[1, 2], [3 4]]\n}")
    #expect(e?.message == "malformed JSON: unexpected '4', expected ',' or ']'")
    #expect(e?.line == 3 && e?.column == 30)

    e = formatsError(#"{"type":"LineString","coordinates":[[1,2],"x"]}"#)
    #expect(e?.message == "position at coordinates[1] must be [lon, lat] numbers, found \"x\"")
    #expect(e?.line == 1 && e?.column == 43)
    e = formatsError(#"{"type":"Feature","properties":{"coordTimes":["2019-01-02T08:25:47Z"]},"geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}"#)
    #expect(e?.message == "properties.coordTimes has 1 times but the geometry has 2 points")
    e = formatsError(#"{"type":"Feature","properties":{"coordTimes":["later", "2019-01-02T08:25:47Z"]},"geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}"#)
    #expect(e?.message == "invalid time \"later\" at properties.coordTimes[0]: expected ISO 8601 text or unix seconds")
    #expect(e?.column == 47)
    e = formatsError(#"{"type":"Circle","radius":3}"#)
    #expect(e?.message == "unsupported GeoJSON type \"Circle\"")
    e = formatsError(#"[[1,2],[3,4]]"#)
    #expect(e?.message == "expected a GeoJSON object (LineString, MultiLineString, Feature or FeatureCollection), found an array")
    e = formatsError(#"{"coordinates":[[1,2]]}"#)
    #expect(e?.message == "GeoJSON object without a \"type\" member at (root)")
    let deep = String(repeating: #"{"type":"GeometryCollection","geometries":["#, count: 40) + String(repeating: "]}", count: 40)
    #expect(formatsError(deep)?.message == "GeoJSON objects nested too deeply")
    let many = #"{"type":"LineString","coordinates":[[1,2],[3,4],[5,6]]}"#
    #expect(formatsError(many, maxPoints: 2)?.message == "too many points: the limit is 2 track points")
}

@Test func csvHeadersAndSeparators() throws {
    let comma = "lat,lon,time\n51.5,12.25,2019-01-02T08:25:47Z\n\n51.6,12.35,2019-01-02T08:25:48.5Z\n"
    let t = try formatsRead(comma, name: "a.csv")
    #expect(t.name == nil && t.segments.count == 1)
    #expect(t.points == [TrackPoint(coordinate: Coordinate(lat: 51.5, lon: 12.25), time: formatsDate("2019-01-02T08:25:47Z")),
                         TrackPoint(coordinate: Coordinate(lat: 51.6, lon: 12.35), time: formatsDate("2019-01-02T08:25:48.5Z"))])

    // Semicolons, other column names and order, decimal commas, unix seconds, CRLF.
    let semi = "\u{FEFF}Timestamp; Longitude ;LATITUDE;Altitude\r\n1546417547;12,25;51,5;99,5\r\n  \r\n1546417548.5;12,3;51,6;\r\n"
    let s = try formatsRead(semi)
    #expect(s.points.map(\.coordinate) == [Coordinate(lat: 51.5, lon: 12.25), Coordinate(lat: 51.6, lon: 12.3)])
    #expect(s.points.map(\.time) == [Date(timeIntervalSince1970: 1_546_417_547), Date(timeIntervalSince1970: 1_546_417_548.5)])
    #expect(s.points.map(\.elevation) == [99.5, nil])

    let tab = "name\tlng\tlat\n\"Start, here\"\t-0.1\t-33.9\nend\t-0.2\t-34\n"
    #expect(try formatsRead(tab).points.map(\.coordinate) == [Coordinate(lat: -33.9, lon: -0.1), Coordinate(lat: -34, lon: -0.2)])
    let quoted = "\"id\",\"latitude\",\"long\"\n\"a \"\"b\"\"\",\"1.5\",\"2.5\"\n"
    #expect(try formatsRead(quoted).points.map(\.coordinate) == [Coordinate(lat: 1.5, lon: 2.5)])
    let crOnly = "lat,lon\r1,2\r3,4\r"
    #expect(try formatsRead(crOnly).pointCount == 2)
}

@Test func csvErrors() {
    var e = formatsError("51.5,12.25\n51.6,12.35\n", name: "p.csv")
    #expect(e?.message == "the first line looks like data, not a header: a CSV track needs a header line naming its lat and lon columns")
    #expect(e?.line == 1 && e?.file == "p.csv")
    e = formatsError("\n\nlatitude,x,y\n1,2,3\n")
    #expect(e?.message == "CSV header has no longitude column (expected lat/latitude and lon/lng/long/longitude); found \"latitude\", \"x\", \"y\"")
    #expect(e?.line == 3)
    e = formatsError("lat,lon\n1,2\n3,abc\n")
    #expect(e?.message == "longitude \"abc\" is not a number")
    #expect(e?.line == 3 && e?.column == 3)
    e = formatsError("lat,lon\n1,2\n\n91,2\n")
    #expect(e?.message == "point has latitude 91.0 out of range (must be between -90 and 90)")
    #expect(e?.line == 4 && e?.column == 1)
    e = formatsError("lat;lon\n1;2\nnan;2\n")
    #expect(e?.message == "latitude \"nan\" is not a number")
    #expect(e?.line == 3)
    e = formatsError("lat,lon,time\n1,2\n")
    #expect(e?.message == "expected at least 3 fields as named in the header, found 2")
    #expect(e?.line == 2)
    e = formatsError("lat,lon,time\n1,2,tomorrow\n")
    #expect(e?.message == "invalid time \"tomorrow\": expected ISO 8601 such as 2019-01-02T08:25:47Z or unix seconds")
    #expect(e?.line == 2 && e?.column == 5)
    e = formatsError("lat,lon\n1,\n")
    #expect(e?.message == "empty longitude")
    e = formatsError("lat,lon\n\"1,2\n")
    #expect(e?.message == "unterminated quoted field")
    e = formatsError("lat,lon\n  \n", name: "h.csv")
    #expect(e?.message == "no track found: the CSV has a header but no data rows")
    #expect(e?.line == 1)
    e = formatsError("lat,lon\n1,2\n3,4\n5,6\n", maxPoints: 2)
    #expect(e?.message == "too many points: the limit is 2 track points")
    #expect(e?.line == 4)
    e = formatsError("lat,lon\n0x10,2\n")
    #expect(e?.message == "latitude \"0x10\" is not a number")
}

@Test func numberScanAgreesWithSwift() {
    var state: UInt64 = 12345
    func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 16 }
    for _ in 0..<20_000 {
        let intPart = Int(next() % 400) - 200
        let fracDigits = Int(next() % 18)
        var text = "\(intPart)"
        if fracDigits > 0 { text += "." + (0..<fracDigits).map { _ in String(next() % 10) }.joined() }
        if next() % 5 == 0 { text += "e\(Int(next() % 40) - 20)" }
        #expect(NumberScan.double(ArraySlice(text.utf8)) == Double(text), "\(text)")
    }
    for (text, value) in [(" 12.5 ", 12.5), ("+3", 3.0), ("-0.0000001", -1e-7), ("1e400", Double.infinity)] {
        #expect(NumberScan.double(ArraySlice(text.utf8)) == value, "\(text)")
    }
    // Decimal only: no hexadecimal, no spelled-out infinities or NaN (Swift's own parser takes them).
    for bad in ["", " ", "1.2.3", "abc", "1e", "--1", "1,5", "0x2B", "0x1p5", "-0X10", "inf", "-Infinity", "nan", "NaN",
                "12345678901234567890.5x", "1e5e5"] {
        #expect(NumberScan.double(ArraySlice(bad.utf8)) == nil, "\(bad)")
    }
}
