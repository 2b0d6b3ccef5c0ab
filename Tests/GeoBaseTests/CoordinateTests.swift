// Distances and fixed-point round trips of the geo value types.
import Testing
@testable import GeoBase

@Test func haversineMatchesKnownDistance() {
    // Monaco Casino to Monaco Palace: about 1.1 km.
    let casino = Coordinate(lat: 43.7394, lon: 7.4282)
    let palace = Coordinate(lat: 43.7314, lon: 7.4198)
    let d = casino.distance(to: palace)
    #expect(abs(d - 1110) < 40, "got \(d)")
}

@Test func fixedPointRoundTrip() {
    let c = Coordinate(lat: -33.8688197, lon: 151.2092955)
    let f = FixedCoordinate(c)
    #expect(f.lat == -338688197 && f.lon == 1512092955)
    #expect(abs(f.coordinate.lat - c.lat) < 1e-9)
}
