// How many metres a degree spans, in one place. Local planar work (box
// padding, projections, simplification tolerances, ranking distances, grid
// cells) measures degrees in metres on the same sphere as the haversine
// distances (`Coordinate.earthRadius`), so a distance measured in a local
// projection and one measured between two points agree: 111 195 m a degree of
// latitude, that times the cosine of the latitude for longitude, the cosine
// floored so that anything made near a pole stays finite. (Two constants were
// used before, 111 320 and 111 195, with three floors.)
import Foundation

public enum MetresPerDegree {
    /// Of latitude, and of longitude on the equator: 111 195.08 m.
    public static let latitude = Coordinate.earthRadius * .pi / 180
    /// The least cosine of a latitude used (89.4°): beyond it a degree of longitude counts as
    /// 1 113 m.
    public static let cosineFloor = 0.01

    /// The cosine of `lat` degrees, floored at `cosineFloor`.
    @inlinable @inline(__always)
    public static func cosine(_ lat: Double) -> Double { max(cosineFloor, cos(lat * .pi / 180)) }

    /// Of longitude at `lat` degrees.
    @inlinable @inline(__always)
    public static func longitude(atLatitude lat: Double) -> Double { latitude * cosine(lat) }
}
