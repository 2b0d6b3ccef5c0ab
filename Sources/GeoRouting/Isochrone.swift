// Isochrones: the areas reachable from a point within given times, as
// Valhalla's isochrone service draws them. The start is snapped as the router
// snaps a waypoint (nearest road the mode may use, never a ferry, off a tiny
// piece of road onto a bigger one); ReachSearch times every road reached
// within the largest contour; the times are rasterised onto a grid whose cell
// follows the extent reached (points sampled along every edge, so a road
// counts between its nodes; a grid point far from every reached road stays
// unreachable); and Contours traces each time's iso-line with marching
// squares into closed rings. A plain value: safe to use from many threads.
import Foundation
import GeoBase
import GeoRoads

/// What an isochrone request asks for.
public struct IsochroneOptions: Sendable {
    public var mode: TravelMode
    /// Contour times in minutes, increasing.
    public var minutes: [Double]
    /// Drop the pieces of a contour smaller than this share of its largest piece (Valhalla's
    /// `denoise`, 0…1; 1 keeps the largest piece only).
    public var denoise = 1.0
    /// Douglas–Peucker tolerance in metres (Valhalla's `generalize`); nil: half a grid cell.
    public var generalize: Double?
    /// How far the start may be from the nearest road the mode may use, metres.
    public var maxSnapDistance = Double.infinity

    public init(mode: TravelMode, minutes: [Double]) {
        self.mode = mode
        self.minutes = minutes
    }

    /// How far, at most, the largest time can take the mode (metres: a car at 130 km/h, a bicycle at
    /// 36 km/h, a walker at 7.2 km/h), for choosing the regions to join.
    public var reachMetres: Double {
        let speed: Double = switch mode { case .car: 36; case .bicycle: 10; case .foot: 2 }
        return min(250_000, (minutes.max() ?? 0) * 60 * speed + 1_000)
    }

    /// Valhalla's limits: at most four contours, each at most two hours.
    public static let maxContours = 4
    public static let maxMinutes = 120.0
}

/// One contour: the area reached within `minutes`, as polygons (the first ring of each is its outer
/// boundary, counter-clockwise; the others its holes, clockwise), each ring closed (last = first).
public struct IsochroneContour: Sendable {
    public var minutes: Double
    public var polygons: [[[Coordinate]]]
}

public struct Isochrone: Sendable {
    public var mode: TravelMode
    public var input: Coordinate
    public var snapped: Coordinate
    /// In the order asked for (smallest time first).
    public var contours: [IsochroneContour]
    /// Grid cell side in metres, and the tolerance used to simplify the rings.
    public var cellSize: Double
    public var generalize: Double
    /// Road graph nodes reached within the largest time, and search states settled.
    public var reachedNodes: Int { reach.nodeTimes.count }
    public var settled: Int { reach.settled }

    var reach: ReachResult
    /// How far from a reached road a grid point still takes its time (metres).
    var sampleRadius: Double
    let graph: RoadGraph
}

public enum IsochroneError: Error, Sendable, Equatable, CustomStringConvertible {
    case noContours
    case tooManyContours(Int)
    /// Contour `index` (0-based) is not a time from 0 (exclusive) to 120 minutes, or not above the one before.
    case badTime(index: Int, minutes: Double)
    case routing(RoutingError)

    public var description: String {
        switch self {
        case .noContours: return "an isochrone needs at least one contour time"
        case .tooManyContours(let n): return "at most \(IsochroneOptions.maxContours) contours, not \(n)"
        case .badTime(let i, let m):
            return "contour \(i + 1): \(m) minutes is not a time above 0 and at most \(Int(IsochroneOptions.maxMinutes)) minutes, larger than the one before"
        case .routing(let e): return e.description
        }
    }
}

extension Router {
    /// The walking speed (m/s) at which the ground beside a reached road is reckoned to be reached
    /// from it (within at most one and a half grid cells).
    static let offRoadSpeed = 5 / 3.6

    /// The isochrone of `options.minutes` from `point`.
    public func isochrone(from point: Coordinate, options: IsochroneOptions) throws(IsochroneError) -> Isochrone {
        guard !options.minutes.isEmpty else { throw .noContours }
        guard options.minutes.count <= IsochroneOptions.maxContours else { throw .tooManyContours(options.minutes.count) }
        for (i, m) in options.minutes.enumerated() {
            guard m.isFinite, m > 0, m <= IsochroneOptions.maxMinutes, i == 0 || m > options.minutes[i - 1] else {
                throw .badTime(index: i, minutes: m)
            }
        }
        guard point.isValid else { throw .routing(.invalidCoordinate(index: 0)) }
        let rules = TraversalRules(graph: graph, mode: options.mode, type: .fastest)
        var finder = CandidateSearch(rules: rules)
        finder.snapsToFerries = false
        var sources = finder.nearest(to: point, maxRadius: maxSnapDistance, slack: Router.snapSlack)
        guard !sources.isEmpty else {
            let nearest = finder.nearest(to: point, maxRadius: 50_000).first?.position.distance
            throw .routing(.noRoad(index: 0, radius: maxSnapDistance, nearest: nearest))
        }
        // As a route would: a point by a tiny piece of road (a parking aisle) sets off from the nearest bigger one.
        if let big = nearestInBigComponent(&finder, point, sources, mode: options.mode) { sources = big }
        let limit = options.minutes.last! * 60
        var search = ReachSearch(rules: rules)
        let reach = search.reach(from: sources, limit: limit)
        let snapped = sources[0].position.coordinate
        let field = ReachField(reach: reach, graph: graph, origin: snapped)
        let generalize = options.generalize ?? field.cellSize / 2
        var contours: [IsochroneContour] = []
        for m in options.minutes {
            let rings = Contours.rings(field, values: field.values(level: m * 60))
            let polygons = Contours.polygons(rings, minArea: 4 * field.cellSize * field.cellSize, denoise: options.denoise,
                                             tolerance: generalize)
            contours.append(IsochroneContour(minutes: m, polygons: polygons.map { $0.map(field.coordinates) }))
        }
        return Isochrone(mode: options.mode, input: point, snapped: snapped, contours: contours, cellSize: field.cellSize,
                         generalize: generalize, reach: reach, sampleRadius: field.radius, graph: graph)
    }
}

/// Reach times around the roads, on a grid of points in a local plane (metres east and north of `origin`). Points
/// are sampled every half cell along the reached part of every edge, each with the time it is reached; for a contour
/// time T, a sample reached at t stands for a disc of radius min(`radius`, (T − t) × `offRoadSpeed`) (the walk off the
/// road in the time left, at most one and a half cells), and each grid point takes its signed distance to the union
/// of those discs (negative inside). The iso-line is where that distance is 0: smooth between grid points, nested for
/// growing T, and never farther than `radius` from a road reached in time.
struct ReachField {
    let projection: LocalProjection
    let cellSize: Double
    let radius: Double
    /// The grid's south-west corner and size in points.
    let minX: Double, minY: Double
    let columns: Int, rows: Int
    /// Points along the reached roads (plane metres, seconds).
    private(set) var samples: [(x: Double, y: Double, t: Double)] = []

    init(reach: ReachResult, graph: RoadGraph, origin: Coordinate) {
        projection = LocalProjection(origin: origin)
        // The reached part of every edge, as points (x, y, seconds).
        var lines: [[(x: Double, y: Double, t: Double)]] = []
        var lo = (x: 0.0, y: 0.0), hi = (x: 0.0, y: 0.0)
        for r in reach.edges {
            let end = r.reachedMetres(by: reach.limit)
            guard end > r.startMetres || r.startTime <= reach.limit else { continue }
            let line = ReachField.piece(r, graph: graph, projection: projection, from: r.startMetres, to: end)
            for p in line { lo = (min(lo.x, p.x), min(lo.y, p.y)); hi = (max(hi.x, p.x), max(hi.y, p.y)) }
            lines.append(line)
        }
        // About 150 cells across what is reached, never finer than 10 m.
        let extent = max(hi.x - lo.x, hi.y - lo.y)
        cellSize = max(10, extent / 150)
        radius = 1.5 * cellSize
        let pad = radius + 3 * cellSize
        minX = lo.x - pad
        minY = lo.y - pad
        columns = Int(((hi.x - lo.x + 2 * pad) / cellSize).rounded(.up)) + 1
        rows = Int(((hi.y - lo.y + 2 * pad) / cellSize).rounded(.up)) + 1
        // Sampled every half cell, so no grid point near a road misses it.
        let step = cellSize / 2
        for line in lines {
            guard var previous = line.first else { continue }
            samples.append(previous)
            for p in line.dropFirst() {
                let dx = p.x - previous.x, dy = p.y - previous.y
                let n = Int(((dx * dx + dy * dy).squareRoot() / step).rounded(.up))
                if n > 1 {
                    for k in 1..<n {
                        let f = Double(k) / Double(n)
                        samples.append((previous.x + f * dx, previous.y + f * dy, previous.t + f * (p.t - previous.t)))
                    }
                }
                samples.append(p)
                previous = p
            }
        }
    }

    /// The signed distance (metres) of every grid point to the area reached within `level` seconds, row by row;
    /// grid points more than `radius` + 1.5 cells from it hold that distance.
    func values(level: Double) -> [Double] {
        let reachOut = radius + 1.5 * cellSize
        var values = [Double](repeating: reachOut, count: columns * rows)
        for s in samples where s.t <= level {
            let r = min(radius, (level - s.t) * Router.offRoadSpeed)
            let i0 = max(0, Int(((s.x - reachOut - minX) / cellSize).rounded(.up)))
            let i1 = min(columns - 1, Int((s.x + reachOut - minX) / cellSize))
            let j0 = max(0, Int(((s.y - reachOut - minY) / cellSize).rounded(.up)))
            let j1 = min(rows - 1, Int((s.y + reachOut - minY) / cellSize))
            guard i0 <= i1, j0 <= j1 else { continue }
            for j in j0...j1 {
                let gy = minY + Double(j) * cellSize - s.y
                for i in i0...i1 {
                    let gx = minX + Double(i) * cellSize - s.x
                    let v = (gx * gx + gy * gy).squareRoot() - r
                    if v < values[j * columns + i] { values[j * columns + i] = v }
                }
            }
        }
        return values
    }

    /// The grid point (i, j) in the plane.
    @inline(__always) func point(_ i: Int, _ j: Int) -> (x: Double, y: Double) {
        (minX + Double(i) * cellSize, minY + Double(j) * cellSize)
    }

    func coordinates(_ ring: [(x: Double, y: Double)]) -> [Coordinate] {
        ring.map { projection.unproject(x: $0.x, y: $0.y) }
    }

    /// The part of a reached edge from `from` to `to` metres (along the direction of travel), as points with the
    /// time each is reached.
    static func piece(_ r: ReachedEdge, graph: RoadGraph, projection: LocalProjection, from: Double, to: Double)
        -> [(x: Double, y: Double, t: Double)] {
        let e = graph.edge(r.edge)
        let shape = graph.shape(ofEdge: r.edge)
        var points = [graph.coordinate(ofNode: e.from)] + shape.map { graph.shapePoint($0) } + [graph.coordinate(ofNode: e.to)]
        if r.reversed { points.reverse() }
        let plane = points.map { projection.project($0.coordinate) }
        var along = [0.0]
        for k in 1..<plane.count {
            let dx = plane[k].x - plane[k - 1].x, dy = plane[k].y - plane[k - 1].y
            along.append(along[k - 1] + (dx * dx + dy * dy).squareRoot())
        }
        // The edge's stored length is the one the search timed with: offsets are scaled to it.
        let scale = along.last! > 0 ? r.length / along.last! : 0
        func time(_ m: Double) -> Double { r.startTime + max(0, m - r.startMetres) * r.secondsPerMetre }
        func at(_ m: Double) -> (x: Double, y: Double, t: Double) {
            guard scale > 0 else { return (plane[0].x, plane[0].y, time(m)) }
            let target = m / scale
            var k = 1
            while k < along.count - 1 && along[k] < target { k += 1 }
            let span = along[k] - along[k - 1]
            let f = span > 0 ? max(0, min(1, (target - along[k - 1]) / span)) : 0
            return (plane[k - 1].x + f * (plane[k].x - plane[k - 1].x), plane[k - 1].y + f * (plane[k].y - plane[k - 1].y), time(m))
        }
        var out = [at(from)]
        for k in 1..<(plane.count - 1) where along[k] * scale > from && along[k] * scale < to {
            out.append((plane[k].x, plane[k].y, time(along[k] * scale)))
        }
        if to > from { out.append(at(to)) }
        return out
    }
}

extension Isochrone {
    /// The roads reached within `minutes`, as lines (for tests and pictures: what each contour must cover).
    func reachedLines(within minutes: Double) -> [[Coordinate]] {
        let projection = LocalProjection(origin: snapped)
        return reach.edges.compactMap { r in
            let limit = minutes * 60
            guard r.startTime <= limit else { return nil }
            let piece = ReachField.piece(r, graph: graph, projection: projection, from: r.startMetres, to: r.reachedMetres(by: limit))
            return piece.map { projection.unproject(x: $0.x, y: $0.y) }
        }
    }

    /// Seconds to each graph node reached within the largest time.
    var nodeTimes: [Int: Double] { reach.nodeTimes }
}
