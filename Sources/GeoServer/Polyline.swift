// Google's encoded polyline, as OSRM uses it for coordinates in URLs and for
// geometries in answers: (lat, lon) pairs as deltas of values rounded to
// 10^-precision degrees (5 for `polyline`, 6 for `polyline6`), zig-zag coded
// in 5-bit chunks offset by 63. Decoding is hostile-input reading: any
// malformed string is nil, never a crash.
import GeoBase
import GeoFrontEnd

enum Polyline {
    static func encode(_ points: [Coordinate], precision: Int = 5) -> String {
        let factor = precision == 6 ? 1e6 : 1e5
        var out: [UInt8] = []
        out.reserveCapacity(points.count * 8)
        var lastLat = 0, lastLon = 0
        for p in points {
            let lat = Int((p.lat * factor).rounded()), lon = Int((p.lon * factor).rounded())
            append(lat - lastLat, to: &out)
            append(lon - lastLon, to: &out)
            lastLat = lat
            lastLon = lon
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(_ delta: Int, to out: inout [UInt8]) {
        var v = delta < 0 ? ~(delta << 1) : delta << 1
        while v >= 0x20 {
            out.append(UInt8((0x20 | (v & 0x1F)) + 63))
            v >>= 5
        }
        out.append(UInt8(v + 63))
    }

    /// The points of `text`, or nil when it is not a well-formed polyline (or lies out of range).
    static func decode(_ text: Substring, precision: Int = 5, maxPoints: Int = 100_000) -> [Coordinate]? {
        let factor = precision == 6 ? 1e6 : 1e5
        var points: [Coordinate] = []
        var lat = 0, lon = 0
        var bytes = Array(text.utf8)[...]
        func next() -> Int? {
            var result = 0, shift = 0
            while let b = bytes.popFirst() {
                guard b >= 63, b <= 126, shift <= 30 else { return nil }
                let chunk = Int(b) - 63
                result |= (chunk & 0x1F) << shift
                shift += 5
                if chunk < 0x20 { return result & 1 == 1 ? ~(result >> 1) : result >> 1 }
            }
            return nil
        }
        while !bytes.isEmpty {
            guard points.count < maxPoints, let dLat = next(), let dLon = next() else { return nil }
            lat += dLat
            lon += dLon
            let c = Coordinate(lat: Double(lat) / factor, lon: Double(lon) / factor)
            guard c.isValid else { return nil }
            points.append(c)
        }
        return points
    }
}
