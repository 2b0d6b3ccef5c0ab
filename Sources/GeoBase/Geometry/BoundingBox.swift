// An axis-aligned box in degrees (GeoJSON/Photon order: minlon, minlat, maxlon,
// maxlat) and its fixed-point twin, used for map windows, landmark extents and
// the quadtree.
import Foundation

public struct BoundingBox: Hashable, Sendable, Codable {
    public var minLon: Double
    public var minLat: Double
    public var maxLon: Double
    public var maxLat: Double

    public init(minLon: Double, minLat: Double, maxLon: Double, maxLat: Double) {
        self.minLon = minLon
        self.minLat = minLat
        self.maxLon = maxLon
        self.maxLat = maxLat
    }

    /// The box of a single point.
    public init(_ c: Coordinate) {
        self.init(minLon: c.lon, minLat: c.lat, maxLon: c.lon, maxLat: c.lat)
    }

    /// A box reaching `meters` in every direction from `center` (the "location hint area").
    public init(around center: Coordinate, meters: Double) {
        let dLat = meters / MetresPerDegree.latitude
        let dLon = meters / MetresPerDegree.longitude(atLatitude: center.lat)
        self.init(minLon: max(-180, center.lon - dLon), minLat: max(-90, center.lat - dLat),
                  maxLon: min(180, center.lon + dLon), maxLat: min(90, center.lat + dLat))
    }

    public var center: Coordinate {
        Coordinate(lat: (minLat + maxLat) / 2, lon: (minLon + maxLon) / 2)
    }

    public func contains(_ c: Coordinate) -> Bool {
        c.lat >= minLat && c.lat <= maxLat && c.lon >= minLon && c.lon <= maxLon
    }

    public func intersects(_ o: BoundingBox) -> Bool {
        !(o.minLon > maxLon || o.maxLon < minLon || o.minLat > maxLat || o.maxLat < minLat)
    }

    public mutating func extend(_ c: Coordinate) {
        minLon = Swift.min(minLon, c.lon)
        minLat = Swift.min(minLat, c.lat)
        maxLon = Swift.max(maxLon, c.lon)
        maxLat = Swift.max(maxLat, c.lat)
    }

    public mutating func extend(_ b: BoundingBox) {
        minLon = Swift.min(minLon, b.minLon)
        minLat = Swift.min(minLat, b.minLat)
        maxLon = Swift.max(maxLon, b.maxLon)
        maxLat = Swift.max(maxLat, b.maxLat)
    }

    /// Distance in metres from `c` to the nearest point of the box (0 inside).
    public func distance(from c: Coordinate) -> Double {
        let nearest = Coordinate(lat: Swift.min(Swift.max(c.lat, minLat), maxLat),
                                 lon: Swift.min(Swift.max(c.lon, minLon), maxLon))
        return c.distance(to: nearest)
    }

    /// `[minlon, minlat, maxlon, maxlat]`, the GeoJSON bbox array.
    public var array: [Double] { [minLon, minLat, maxLon, maxLat] }
}

/// A box in 1e-7 degree units, as stored in index files; arguments in the same order as
/// `BoundingBox` (longitude first).
public struct FixedBoundingBox: Hashable, Sendable {
    public var minLon: Int32
    public var minLat: Int32
    public var maxLon: Int32
    public var maxLat: Int32

    public init(minLon: Int32, minLat: Int32, maxLon: Int32, maxLat: Int32) {
        self.minLon = minLon
        self.minLat = minLat
        self.maxLon = maxLon
        self.maxLat = maxLat
    }

    public init(_ p: FixedCoordinate) {
        self.init(minLon: p.lon, minLat: p.lat, maxLon: p.lon, maxLat: p.lat)
    }

    /// An inverted box that any `extend` replaces.
    public static let empty = FixedBoundingBox(minLon: .max, minLat: .max, maxLon: .min, maxLat: .min)

    public var isEmpty: Bool { minLat > maxLat || minLon > maxLon }

    @inlinable public func contains(_ p: FixedCoordinate) -> Bool {
        p.lat >= minLat && p.lat <= maxLat && p.lon >= minLon && p.lon <= maxLon
    }

    /// Whether the boxes share at least a point.
    @inlinable public func intersects(_ b: FixedBoundingBox) -> Bool {
        !(b.maxLat < minLat || b.minLat > maxLat || b.maxLon < minLon || b.minLon > maxLon)
    }

    public mutating func extend(_ p: FixedCoordinate) {
        if p.lat < minLat { minLat = p.lat }
        if p.lat > maxLat { maxLat = p.lat }
        if p.lon < minLon { minLon = p.lon }
        if p.lon > maxLon { maxLon = p.lon }
    }

    public mutating func extend(_ b: FixedBoundingBox) {
        guard !b.isEmpty else { return }
        if b.minLat < minLat { minLat = b.minLat }
        if b.maxLat > maxLat { maxLat = b.maxLat }
        if b.minLon < minLon { minLon = b.minLon }
        if b.maxLon > maxLon { maxLon = b.maxLon }
    }

    public var center: FixedCoordinate {
        FixedCoordinate(lat: Int32((Int64(minLat) + Int64(maxLat)) / 2),
                        lon: Int32((Int64(minLon) + Int64(maxLon)) / 2))
    }

    public var boundingBox: BoundingBox {
        BoundingBox(minLon: Double(minLon) / 1e7, minLat: Double(minLat) / 1e7,
                    maxLon: Double(maxLon) / 1e7, maxLat: Double(maxLat) / 1e7)
    }

    public init(_ b: BoundingBox) {
        self.init(minLon: Int32((b.minLon * 1e7).rounded(.down)), minLat: Int32((b.minLat * 1e7).rounded(.down)),
                  maxLon: Int32((b.maxLon * 1e7).rounded(.up)), maxLat: Int32((b.maxLat * 1e7).rounded(.up)))
    }
}
