// Geographic value types shared by every part of the toolchain: a WGS84 point
// in degrees, its fixed-point form as stored in index files (1e-7 degrees, the
// precision of OSM itself), and great-circle distances.
import Foundation

/// A WGS84 position in degrees. Latitude first, as people copy it from a map.
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    public var lat: Double
    public var lon: Double

    @inlinable public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }

    /// True when both parts are finite and inside the WGS84 range.
    public var isValid: Bool {
        lat.isFinite && lon.isFinite && abs(lat) <= 90 && abs(lon) <= 180
    }

    public var description: String {
        String(format: "%.7f,%.7f", lat, lon)
    }

    /// Great-circle distance in metres (haversine on a sphere of mean Earth radius).
    @inlinable public func distance(to other: Coordinate) -> Double {
        let p1 = lat * .pi / 180, p2 = other.lat * .pi / 180
        let dp = p2 - p1
        let dl = (other.lon - lon) * .pi / 180
        let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * Coordinate.earthRadius * asin(min(1, a.squareRoot()))
    }

    /// Initial bearing towards `other`, degrees clockwise from north in [0, 360) (turn
    /// instructions: the direction a road leaves and enters a junction).
    public func bearing(to other: Coordinate) -> Double {
        let p1 = lat * .pi / 180, p2 = other.lat * .pi / 180
        let dl = (other.lon - lon) * .pi / 180
        let y = sin(dl) * cos(p2)
        let x = cos(p1) * sin(p2) - sin(p1) * cos(p2) * cos(dl)
        let b = atan2(y, x) * 180 / .pi
        return b < 0 ? b + 360 : b
    }

    public static let earthRadius = 6_371_008.8
}

/// A position in 1e-7 degree units, the form stored in index files and node stores.
public struct FixedCoordinate: Hashable, Sendable {
    public var lat: Int32
    public var lon: Int32

    @inlinable public init(lat: Int32, lon: Int32) {
        self.lat = lat
        self.lon = lon
    }

    public init(_ c: Coordinate) {
        lat = Int32((c.lat * 1e7).rounded())
        lon = Int32((c.lon * 1e7).rounded())
    }

    @inlinable public var coordinate: Coordinate {
        Coordinate(lat: Double(lat) / 1e7, lon: Double(lon) / 1e7)
    }

    public static let scale = 1e7
}
