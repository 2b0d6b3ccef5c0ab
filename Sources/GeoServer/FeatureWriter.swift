// Writes /features' FeatureCollection straight into bytes. Built as a tree of
// JSONValue, a zoomed-in city (thousands of features, tens of thousands of
// positions, each its own little array) took most of the request's time, and
// the page's base map asks for one with every move. The text is the same as
// GeoJSONWriter's: members in the same order, coordinates with at most 7
// decimals and no trailing zeros, properties through JSONValue.
import GeoBase
import GeoFrontEnd
import GeoTracks

enum FeatureWriter {
    /// `{"type":"FeatureCollection","features":[…],"truncated":…}`.
    static func collection(_ features: [GeoJSONFeature], truncated: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + features.count * 200)
        append("{\"type\":\"FeatureCollection\",\"features\":[", to: &out)
        for (k, f) in features.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            append("{\"type\":\"Feature\",", to: &out)
            if let id = f.id {
                append("\"id\":", to: &out)
                id.write(to: &out)
                out.append(UInt8(ascii: ","))
            }
            append("\"geometry\":", to: &out)
            if let g = f.geometry { write(g, to: &out) } else { append("null", to: &out) }
            append(",\"properties\":", to: &out)
            JSONValue.object(f.properties).write(to: &out)
            out.append(UInt8(ascii: "}"))
        }
        append("],\"truncated\":", to: &out)
        append(truncated ? "true}" : "false}", to: &out)
        return out
    }

    static func write(_ g: GeoJSONGeometry, to out: inout [UInt8]) {
        switch g {
        case .point(let c):
            append("{\"type\":\"Point\",\"coordinates\":", to: &out)
            position(c, to: &out)
        case .lineString(let line):
            append("{\"type\":\"LineString\",\"coordinates\":", to: &out)
            positions(line, to: &out)
        case .multiLineString(let lines):
            append("{\"type\":\"MultiLineString\",\"coordinates\":", to: &out)
            rings(lines, to: &out)
        case .polygon(let lines):
            append("{\"type\":\"Polygon\",\"coordinates\":", to: &out)
            rings(lines, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    private static func rings(_ lines: [[Coordinate]], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (k, line) in lines.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            positions(line, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func positions(_ line: [Coordinate], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (k, c) in line.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            position(c, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func position(_ c: Coordinate, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        number(c.lon, to: &out)
        out.append(UInt8(ascii: ","))
        number(c.lat, to: &out)
        out.append(UInt8(ascii: "]"))
    }

    /// `x` rounded to 7 decimals, as JSONValue.coordinate writes it: from the integer of
    /// 1e-7 units, so no double is ever printed.
    static func number(_ x: Double, to out: inout [UInt8]) {
        let scaled = (x * 1e7).rounded()
        guard scaled.magnitude < 1e15 else {
            JSONValue.coordinate(x).write(to: &out)   // NaN, infinities, absurd values: the general way
            return
        }
        JSONValue.writeSevenDecimals(Int64(scaled), to: &out)
    }

    @inline(__always) private static func append(_ s: StaticString, to out: inout [UInt8]) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }
}
