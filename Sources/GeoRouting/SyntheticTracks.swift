// Seeded synthetic test tracks for the map-matching tests and benchmark: true
// routes from our own router between random graph nodes, then a GPS-like
// recording of each (a fix every 20 m, Gaussian noise σ = 5 m per axis, 4 s
// apart) or a drawn-like line (corners cut by smoothing, wandering 20–40 m
// off the road, no times). Same seed, same tracks, on every machine (the
// generator is GeoBase's SplitMix64).
import Foundation
import GeoBase
import GeoRoads

public enum SyntheticTracks {
    /// Road classes a truth route may not use: ways some engines let a bicycle use and others do not
    /// (footways, steps, paths, ferries…), so the truth is a route every engine agrees is rideable.
    static let avoided: Set<RoadClass> = [.footway, .pedestrian, .steps, .path, .track, .bridleway, .ferry, .corridor,
                                          .platform, .busway]

    /// `count` fastest routes between random nodes, each `minLength`–`maxLength` metres long, that
    /// keep to ordinary roads, ridden (no stretch pushed against a oneway). Fewer when the graph has no such routes.
    package static func randomRoutes(graph: RoadGraph, mode: TravelMode, count: Int, minLength: Double, maxLength: Double,
                                    rng: inout SplitMix64) -> [Route] {
        guard graph.nodeCount > 1 else { return [] }
        let router = Router(graph: graph)
        var routes: [Route] = []
        var attempts = 0
        while routes.count < count && attempts < count * 200 {
            attempts += 1
            let a = graph.coordinate(ofNode: Int.random(in: 0..<graph.nodeCount, using: &rng)).coordinate
            let b = graph.coordinate(ofNode: Int.random(in: 0..<graph.nodeCount, using: &rng)).coordinate
            let straight = a.distance(to: b)
            guard straight >= minLength * 0.5, straight <= maxLength * 0.9 else { continue }
            guard let r = try? router.route(waypoints: [a, b], mode: mode, type: .fastest),
                  r.distance >= minLength, r.distance <= maxLength,
                  r.waypoints.allSatisfy({ $0.distance < 1 }),
                  !r.segment.streets.contains(where: { avoided.contains($0.roadClass) || $0.pushed }) else { continue }
            routes.append(r)
        }
        return routes
    }

    /// Points every `spacing` metres along `line`, each moved by Gaussian noise of σ = `noise` metres per axis.
    package static func gpsLike(_ line: [Coordinate], spacing: Double = 20, noise: Double = 5,
                               rng: inout SplitMix64) -> [Coordinate] {
        guard let origin = line.first else { return [] }
        let proj = LocalProjection(origin: origin)
        return resample(line.map(proj.project), every: spacing).map {
            proj.unproject(x: $0.x + noise * rng.gaussian(), y: $0.y + noise * rng.gaussian())
        }
    }

    /// A finger drawing of `line`: a wandering sideways offset of 20–40 m (amplitude per track), corners
    /// cut by a moving average over ~60 m, a point every 25–35 m.
    package static func drawnLike(_ line: [Coordinate], rng: inout SplitMix64) -> [Coordinate] {
        guard let origin = line.first else { return [] }
        let proj = LocalProjection(origin: origin)
        let fine = resample(line.map(proj.project), every: 5)
        guard fine.count > 2 else { return fine.map { proj.unproject(x: $0.x, y: $0.y) } }
        let amplitude = Double.random(in: 20...40, using: &rng)
        let wavelength = Double.random(in: 300...700, using: &rng)
        let phase = Double.random(in: 0..<(2 * .pi), using: &rng)
        var shifted: [(x: Double, y: Double)] = []
        for i in fine.indices {
            let a = fine[max(0, i - 1)], b = fine[min(fine.count - 1, i + 1)]
            let dx = b.x - a.x, dy = b.y - a.y
            let len = max(1e-9, (dx * dx + dy * dy).squareRoot())
            let off = amplitude * sin(2 * .pi * Double(i) * 5 / wavelength + phase)
            shifted.append((fine[i].x - dy / len * off, fine[i].y + dx / len * off))
        }
        // Moving average over 13 samples (60 m): a finger rounds every corner.
        let w = 6
        var smooth: [(x: Double, y: Double)] = []
        for i in shifted.indices {
            let lo = max(0, i - w), hi = min(shifted.count - 1, i + w)
            var sx = 0.0, sy = 0.0
            for k in lo...hi { sx += shifted[k].x; sy += shifted[k].y }
            smooth.append((sx / Double(hi - lo + 1), sy / Double(hi - lo + 1)))
        }
        var out = [smooth[0]]
        var next = Double.random(in: 25...35, using: &rng), walked = 0.0
        for i in 1..<smooth.count {
            walked += hypot(smooth[i].x - smooth[i - 1].x, smooth[i].y - smooth[i - 1].y)
            if walked >= next {
                out.append(smooth[i])
                walked = 0
                next = Double.random(in: 25...35, using: &rng)
            }
        }
        if walked > 5 { out.append(smooth[smooth.count - 1]) }
        return out.map { proj.unproject(x: $0.x, y: $0.y) }
    }

    /// Points every `step` metres along a projected polyline (first and last included).
    static func resample(_ xy: [(x: Double, y: Double)], every step: Double) -> [(x: Double, y: Double)] {
        guard var prev = xy.first else { return [] }
        var out = [prev]
        var carry = 0.0
        for p in xy.dropFirst() {
            var d = hypot(p.x - prev.x, p.y - prev.y)
            while carry + d >= step {
                let t = (step - carry) / d
                prev = (prev.x + (p.x - prev.x) * t, prev.y + (p.y - prev.y) * t)
                out.append(prev)
                d = hypot(p.x - prev.x, p.y - prev.y)
                carry = 0
            }
            carry += d
            prev = p
        }
        if carry > step / 4 { out.append(prev) }
        return out
    }
}
