// Geometry behind SVGMap: the Web Mercator fit of the picture, the round
// length of the scale bar, and finding which named roads the matched route
// runs along (for labels). Kept apart from the drawing code so each is short.
import Foundation
import GeoBase

/// Web Mercator projection fitted to a box, in picture pixels.
struct MercatorFit {
    static let earthRadius = 6_378_137.0  // the Web Mercator sphere
    static let maxLatitude = 85.05112878

    let width: Int
    let height: Int
    let scale: Double  // pixels per world unit (the world is 1×1)
    let originX: Double
    let originY: Double

    static func worldX(_ lon: Double) -> Double { (lon + 180) / 360 }

    static func worldY(_ lat: Double) -> Double {
        let phi = min(maxLatitude, max(-maxLatitude, lat)) * .pi / 180
        return (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2
    }

    /// Fits `box` with `padding` (a fraction of the span) on every side. The
    /// height follows the box's aspect ratio within 0.4–1.5 × width; spans under
    /// `minimumMetres` are widened so a single point is not magnified endlessly.
    init(box: BoundingBox, width: Int, padding: Double = 0.08, minimumMetres: Double = 200) {
        let x0 = MercatorFit.worldX(box.minLon), x1 = MercatorFit.worldX(box.maxLon)
        let y0 = MercatorFit.worldY(box.maxLat), y1 = MercatorFit.worldY(box.minLat)
        let centerLat = min(MercatorFit.maxLatitude, max(-MercatorFit.maxLatitude, (box.minLat + box.maxLat) / 2))
        let minSpan = minimumMetres / (2 * .pi * MercatorFit.earthRadius * max(0.01, cos(centerLat * .pi / 180)))
        let dx = max(x1 - x0, minSpan) * (1 + 2 * padding)
        let dy = max(y1 - y0, minSpan) * (1 + 2 * padding)
        self.width = max(100, width)
        let h = (Double(self.width) * dy / dx).rounded()
        height = Int(min(Double(self.width) * 1.5, max(Double(self.width) * 0.4, h)))
        scale = min(Double(self.width) / dx, Double(height) / dy)
        originX = (x0 + x1) / 2 - Double(self.width) / 2 / scale
        originY = (y0 + y1) / 2 - Double(height) / 2 / scale
    }

    func project(_ c: Coordinate) -> (x: Double, y: Double) {
        ((MercatorFit.worldX(c.lon) - originX) * scale, (MercatorFit.worldY(c.lat) - originY) * scale)
    }

    /// Ground metres per pixel at the vertical middle of the picture.
    var metresPerPixel: Double {
        let yWorld = originY + Double(height) / 2 / scale
        let lat = atan(sinh(.pi * (1 - 2 * yWorld))) * 180 / .pi
        return 2 * .pi * MercatorFit.earthRadius * cos(lat * .pi / 180) / scale
    }
}

enum SVGScaleBar {
    /// The longest 1/2/5 × 10^k metres that fits in `maxPixels`, with its label.
    static func length(metresPerPixel: Double, maxPixels: Double) -> (metres: Double, pixels: Double, label: String) {
        let limit = max(1, metresPerPixel * maxPixels)
        var magnitude = pow(10, floor(log10(limit)))
        var best = magnitude
        for step in [1.0, 2.0, 5.0] where step * magnitude <= limit { best = step * magnitude }
        if best < 1 { magnitude = 1; best = 1 }
        let label = best >= 1000 ? "\(MarkupText.fixed(best / 1000, 3, trimZeros: true)) km" : "\(Int(best)) m"
        return (best, best / metresPerPixel, label)
    }
}

enum SVGRouteNames {
    /// Stretches of named roads that the route runs along: runs of at least two
    /// consecutive road vertices that are also route vertices (within 1.5 m), as
    /// a matched route is made of road geometry. One stretch per name, the longest.
    static func stretches(roads: [SVGMap.Road], route: [[Coordinate]]) -> [SVGMap.NamedStretch] {
        var grid: [Int64: [Coordinate]] = [:]
        func cell(_ c: Coordinate) -> (Int64, Int64) { (Int64((c.lat * 1e5).rounded(.down)), Int64((c.lon * 1e5).rounded(.down))) }
        func key(_ a: Int64, _ b: Int64) -> Int64 { a &* 40_000_000 &+ b }
        for line in route { for c in line where c.isValid { let (a, b) = cell(c); grid[key(a, b), default: []].append(c) } }
        func onRoute(_ c: Coordinate) -> Bool {
            guard c.isValid else { return false }
            let (a, b) = cell(c)
            for da in -1...1 { for db in -1...1 {
                if let list = grid[key(a + Int64(da), b + Int64(db))], list.contains(where: { $0.distance(to: c) <= 1.5 }) {
                    return true
                }
            } }
            return false
        }
        var best: [String: (points: [Coordinate], metres: Double)] = [:]
        var order: [String] = []
        for road in roads {
            guard let name = road.name, !name.isEmpty else { continue }
            var run: [Coordinate] = []
            func close() {
                defer { run = [] }
                guard run.count >= 2 else { return }
                let metres = zip(run, run.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
                if best[name] == nil { order.append(name) }
                if metres > best[name]?.metres ?? -1 { best[name] = (run, metres) }
            }
            for p in road.points {
                if onRoute(p) { run.append(p) } else { close() }
            }
            close()
        }
        return order.map { (points: best[$0]!.points, name: $0) }
    }
}
