// The polygon atan2 that turn costs use agrees with libm's within 0.001° all
// round the circle, on the axes, and for vectors of any length.
import Foundation
import Testing
@testable import GeoBase

@Suite struct PlanarAngleTests {
    @Test func agreesWithLibmAllRound() {
        var worst = 0.0
        for k in 0...72_000 {
            let a = -Double.pi + 2 * Double.pi * Double(k) / 72_000
            for r in [1e-6, 1.0, 3e4] {
                let y = r * sin(a), x = r * cos(a)
                var d = abs(PlanarGeometry.atan2Degrees(y, x) - atan2(y, x) * 180 / .pi)
                if d > 180 { d = 360 - d }  // ±180 are one direction
                worst = max(worst, d)
            }
        }
        #expect(worst < 0.001, "off by \(worst)°")
        #expect(PlanarGeometry.atan2Degrees(0, 0) == 0)
        #expect(PlanarGeometry.atan2Degrees(1, 0) == 90 && PlanarGeometry.atan2Degrees(-1, 0) == -90)
        #expect(PlanarGeometry.atan2Degrees(0, -1) == 180 && PlanarGeometry.atan2Degrees(0, 1) == 0)
    }
}
