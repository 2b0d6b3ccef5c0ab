// Nearest-road look-ups: the positions on usable edges closest to a point,
// found through the graph's uniform grid over edge segments. The map matcher
// asks for every candidate within a radius (one per edge, the nearest first);
// the router asks for the nearest usable edge at any distance, widening the
// search until something turns up.
import Foundation
import GeoBase
import GeoRoads

/// A position on an edge of the road graph.
public struct EdgePosition: Sendable, Equatable {
    public var edge: Int
    /// Metres from the edge's first node along its geometry.
    public var offset: Double
    /// The point on the road.
    public var coordinate: Coordinate
    /// Metres from the point that was looked up.
    public var distance: Double
}

/// An edge position with what searches need to leave or reach it.
struct Candidate {
    var position: EdgePosition
    var from: Int
    var to: Int
    var length: Double
    var profile: RoadProfile
    /// The mode may travel the edge along the way's direction / against it.
    var forward: Bool
    var backward: Bool

    var edge: Int { position.edge }
    var offset: Double { position.offset }
}

struct CandidateSearch {
    let rules: TraversalRules
    var graph: RoadGraph { rules.graph }
    /// Long edges cut in runs of `chunk` segments: each run's box and the offset (edge metres) where it
    /// starts, made once per search. A match looks at the same winding mountain road for hundreds of
    /// points, and most of it is far from each one.
    private var chunkCache: [Int: (boxes: [FixedBoundingBox], starts: [Double])] = [:]
    static let chunk = 16
    /// Whether positions on ferries are candidates (a map-matched track may ride one; a route does not
    /// start or end on one).
    var snapsToFerries = true
    /// The waypoint's bearing and approach, when it has them: only the directions of travel they leave
    /// are open on a candidate, and an edge with none left is no candidate (WaypointRules.swift).
    var rule: WaypointRule?

    init(rules: TraversalRules) {
        self.rules = rules
    }

    /// Usable edges passing within `radius` metres of `point`, nearest first, at most `limit`.
    mutating func candidates(near point: Coordinate, radius: Double, limit: Int) -> [Candidate] {
        guard point.isValid, radius > 0, limit > 0 else { return [] }
        let box = FixedBoundingBox(BoundingBox(around: point, meters: radius))
        var edges: [Int] = []
        graph.edges(near: box) { edges.append($0) }
        edges.sort()
        let projection = LocalProjection(origin: point)
        var found: [Candidate] = []
        var previous = -1
        for e in edges where e != previous {
            previous = e
            if let c = candidate(onEdge: e, point: point, projection: projection, within: radius, box: box) { found.append(c) }
        }
        return CandidateSearch.distinct(found, limit: limit, onEdges: rule?.restrictsDirection == true)
    }

    /// Edge `e` as a candidate for `point` within `radius` metres: its nearest position and the directions the
    /// mode may travel it, both narrowed by the waypoint's bearing and approach when it has them; nil when the
    /// mode may not use it, it is a ferry a route may not snap to, or no allowed position is that near.
    mutating func candidate(onEdge e: Int, point: Coordinate, projection: LocalProjection, within radius: Double,
                            box: FixedBoundingBox) -> Candidate? {
        let ed = graph.edge(e)
        let profile = graph.profile(ed.profile)
        let forward = rules.allows(profile, forward: true), backward = rules.allows(profile, forward: false)
        guard forward || backward, snapsToFerries || profile.roadClass != .ferry else { return nil }
        if rule?.restrictsDirection == true {
            guard let (position, f, b) = restrictedPosition(ed, point: point, forward: forward, backward: backward,
                                                            within: radius) else { return nil }
            return Candidate(position: position, from: ed.from, to: ed.to, length: ed.length, profile: profile, forward: f, backward: b)
        }
        guard let position = nearestPosition(on: ed, projection: projection, within: radius, box: box) else { return nil }
        return Candidate(position: position, from: ed.from, to: ed.to, length: ed.length, profile: profile,
                         forward: forward, backward: backward)
    }

    /// `found` nearest first, one candidate per place, at most `limit`.
    /// `onEdges`: the candidates keep their edge and its allowed directions even at a node (a bearing or an
    /// approach chose them), so they are neither moved onto the node nor merged there.
    static func distinct(_ found: [Candidate], limit: Int, onEdges: Bool = false) -> [Candidate] {
        var found = found
        found.sort { $0.position.distance != $1.position.distance ? $0.position.distance < $1.position.distance : $0.edge < $1.edge }
        // Where the nearest point of several edges is their shared node, they are one position: keep the
        // nearest edge's, so the limit buys distinct places (a junction of five edges is one candidate).
        var out: [Candidate] = []
        var nodes: [Int] = []
        for var c in found {
            let node = onEdges ? -1 : c.offset <= 0.5 ? c.from : c.offset >= c.length - 0.5 ? c.to : -1
            if node >= 0 {
                // Exactly at the node, so searches may leave it in any direction the node allows.
                c.position.offset = node == c.from ? 0 : c.length
                if nodes.contains(node) { continue }
                nodes.append(node)
            }
            out.append(c)
            if out.count == limit { break }
        }
        return out
    }

    /// The usable edges nearest to `point` (those within `slack` metres of the nearest), searching
    /// ever wider up to `maxRadius`; empty when nothing usable is that close.
    mutating func nearest(to point: Coordinate, maxRadius: Double, slack: Double = 5, limit: Int = 4) -> [Candidate] {
        nearestInRings(to: point, need: 1, slack: slack, maxRadius: maxRadius, limit: limit)
    }

    /// The point of the edge's geometry nearest to the projection's origin, if within `radius` metres
    /// (`box`: the origin's surroundings in fixed-point degrees, at least `radius` wide). Hot path:
    /// segments wholly to one side of the box are passed over with integer comparisons; only the rest
    /// are projected, and lengths are added up only for an edge that turns out to be near.
    mutating func nearestPosition(on edge: RoadEdge, projection: LocalProjection, within radius: Double = .infinity,
                                  box: FixedBoundingBox? = nil) -> EdgePosition? {
        let graph = self.graph   // (a local copy: the helpers below must not capture self)
        let shape = graph.shape(ofEdge: edge.index)
        let count = shape.count + 2
        @inline(__always) func fixed(_ k: Int) -> FixedCoordinate {
            if k == 0 { return graph.coordinate(ofNode: edge.from) }
            if k == count - 1 { return graph.coordinate(ofNode: edge.to) }
            return graph.shapePoint(shape.lowerBound + k - 1)
        }
        @inline(__always) func project(_ c: FixedCoordinate) -> (x: Double, y: Double) {
            projection.project(Coordinate(lat: Double(c.lat) / 1e7, lon: Double(c.lon) / 1e7))
        }
        let near = box ?? FixedBoundingBox(minLon: .min, minLat: .min, maxLon: .max, maxLat: .max)
        var chunks: [FixedBoundingBox] = [], starts: [Double] = []
        if box != nil && count > 2 * CandidateSearch.chunk {
            if let c = chunkCache[edge.index] { (chunks, starts) = c } else {
                (chunks, starts) = CandidateSearch.chunks(count: count, length: edge.length, fixed)
                if chunkCache.count > 4096 { chunkCache.removeAll(keepingCapacity: true) }
                chunkCache[edge.index] = (chunks, starts)
            }
        }
        var fa = fixed(0)
        var a = project(fa), aProjected = true
        var best = Double.infinity, bestK = 1, bestT = 0.0, bestX = a.x, bestY = a.y
        var k = 0
        while k < count - 1 {
            k += 1
            // Segments k … k+chunk-1 lie in chunk (k-1)/chunk: skip it whole when it is away from the box.
            if !chunks.isEmpty && (k - 1) % CandidateSearch.chunk == 0 {
                let c = chunks[(k - 1) / CandidateSearch.chunk]
                if c.maxLat < near.minLat || c.minLat > near.maxLat || c.maxLon < near.minLon || c.minLon > near.maxLon {
                    k = min(count - 1, k + CandidateSearch.chunk - 1)
                    fa = fixed(k)
                    aProjected = false
                    continue
                }
            }
            let fb = fixed(k)
            let outside = (fa.lat < near.minLat && fb.lat < near.minLat) || (fa.lat > near.maxLat && fb.lat > near.maxLat)
                || (fa.lon < near.minLon && fb.lon < near.minLon) || (fa.lon > near.maxLon && fb.lon > near.maxLon)
            if outside {
                fa = fb
                aProjected = false
                continue
            }
            if !aProjected { a = project(fa) }
            let b = project(fb)
            let dx = b.x - a.x, dy = b.y - a.y
            let len2 = dx * dx + dy * dy
            let t = len2 > 0 ? max(0, min(1, -(a.x * dx + a.y * dy) / len2)) : 0
            let cx = a.x + t * dx, cy = a.y + t * dy
            let d2 = cx * cx + cy * cy
            if d2 < best { best = d2; bestK = k; bestT = t; bestX = cx; bestY = cy }
            fa = fb
            a = b
            aProjected = true
        }
        guard best.isFinite, best <= radius * radius else { return nil }
        // (Skipped chunks hold no segment within the box, hence none nearer than `radius`.)
        // Offsets are kept in the edge's own (haversine) metres so they add up to its length.
        let offset: Double
        if !starts.isEmpty {
            // A long edge: from the start of the best segment's chunk, the few metres are measured here.
            let c = (bestK - 1) / CandidateSearch.chunk
            var along = starts[c]
            a = project(fixed(c * CandidateSearch.chunk))
            for k in (c * CandidateSearch.chunk + 1)...bestK {
                let b = project(fixed(k))
                let seg = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                along += k < bestK ? seg : bestT * seg
                a = b
            }
            offset = min(edge.length, along)
        } else {
            var along = 0.0, total = 0.0
            a = project(fixed(0))
            for k in 1..<count {
                let b = project(fixed(k))
                let seg = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                if k < bestK { along += seg } else if k == bestK { along += bestT * seg }
                total += seg
                a = b
            }
            offset = total > 0 ? min(edge.length, along * edge.length / total) : 0
        }
        return EdgePosition(edge: edge.index, offset: offset, coordinate: projection.unproject(x: bestX, y: bestY),
                            distance: best.squareRoot())
    }

    /// Boxes around points 0…chunk, chunk…2·chunk, … of an edge of `count` points, and the offset of
    /// each run's first point in edge metres (haversine, scaled to `length` as RouteAssembler does).
    static func chunks(count: Int, length: Double, _ fixed: (Int) -> FixedCoordinate) -> ([FixedBoundingBox], [Double]) {
        var boxes: [FixedBoundingBox] = [], starts: [Double] = []
        var along = 0.0, previous = fixed(0).coordinate
        for i in 0..<count {
            let p = fixed(i).coordinate
            along += previous.distance(to: p)
            previous = p
            if i % CandidateSearch.chunk == 0 && i < count - 1 {
                starts.append(along)
                var b = FixedBoundingBox.empty
                for j in i...min(count - 1, i + CandidateSearch.chunk) { b.extend(fixed(j)) }
                boxes.append(b)
            }
        }
        if along > 0 { starts = starts.map { $0 * length / along } }
        return (boxes, starts)
    }
}
