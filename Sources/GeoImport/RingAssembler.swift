// Multipolygon relations into polygons: the member ways of one role are
// joined into closed rings where their end points meet (in either direction,
// as mappers draw them), then every inner ring goes with the smallest outer
// ring that contains it. A chain of ways that cannot be closed (a member
// missing from the extract, a gap in the data) is one unclosed ring; an inner
// ring inside no outer one is a stray. Both are left out and counted.
// Rings are handled as their distinct points (the closing point implied).
import GeoBase

enum RingAssembler {
    /// Closed rings from `ways` (each at least two points), and how many chains stayed open. With
    /// `closingCut`, a single open chain where no ring closed (a country's border whose sea side the
    /// extract cut off: Monaco's land border without its maritime ways) is closed by the straight line
    /// between its ends and kept as a ring — counted as unclosed all the same.
    static func rings(from ways: [[FixedCoordinate]], closingCut: Bool = false) -> (rings: [[FixedCoordinate]], unclosed: Int) {
        var rings: [[FixedCoordinate]] = []
        var open: [Int] = []
        for (i, w) in ways.enumerated() where w.count >= 2 {
            if w.first == w.last {
                if w.count >= 4 { rings.append(Array(w.dropLast())) }
            } else {
                open.append(i)
            }
        }
        guard !open.isEmpty else { return (rings, 0) }
        // Open ways by their end points.
        var ends: [UInt64: [Int]] = [:]
        for i in open {
            ends[key(ways[i].first!), default: []].append(i)
            ends[key(ways[i].last!), default: []].append(i)
        }
        var used = Set<Int>()
        // An unused way ending at `p`; used ones are dropped from the list as they come up, so
        // many ways meeting at one point cost no more than their number.
        func next(at p: FixedCoordinate) -> Int? {
            let k = key(p)
            while let last = ends[k]?.last {
                if !used.contains(last) { return last }
                ends[k]!.removeLast()
            }
            return nil
        }
        var unclosed = 0
        var openChains: [[FixedCoordinate]] = []
        for start in open where !used.contains(start) {
            used.insert(start)
            var chain = ways[start]
            // Forward from the chain's end until it comes back to its start.
            while chain.last != chain.first, let w = next(at: chain.last!) {
                used.insert(w)
                if ways[w].first == chain.last {
                    chain.append(contentsOf: ways[w].dropFirst())
                } else {
                    chain.append(contentsOf: ways[w].reversed().dropFirst())
                }
            }
            if chain.first == chain.last {
                if chain.count >= 4 { rings.append(Array(chain.dropLast())) }
                continue
            }
            // Stuck: use up what joins the other end too, so one broken ring counts once (and, to close it
            // across a cut, keep the points before the chain's start, nearest first).
            var front = chain.first!
            var before: [FixedCoordinate] = []
            while let w = next(at: front) {
                used.insert(w)
                let piece = ways[w].last == front ? ways[w] : Array(ways[w].reversed())
                if closingCut { before.append(contentsOf: piece.dropLast().reversed()) }
                front = piece[0]
            }
            if closingCut { openChains.append(before.reversed() + chain) }
            unclosed += 1
        }
        if closingCut, rings.isEmpty, openChains.count == 1, Set(openChains[0]).count >= 3 {
            rings.append(openChains[0])
        }
        return (rings, unclosed)
    }

    /// Polygons (outer ring first, then its inner rings) from assembled rings, outer rings in
    /// their order; and how many inner rings lay inside no outer ring. An inner ring whose box
    /// lies in one outer ring's box only goes to that ring without a point-in-polygon test (a
    /// lake with thousands of islands costs no more than their number); where several boxes
    /// hold it, the smallest outer ring that contains it takes it.
    static func polygons(outers: [[FixedCoordinate]], inners: [[FixedCoordinate]]) -> (polygons: [[[FixedCoordinate]]], stray: Int) {
        var polygons = outers.map { [$0] }
        guard !inners.isEmpty else { return (polygons, 0) }
        let boxes = outers.map(box)
        // Outer rings by the west edge of their box: those that can hold an inner ring are a prefix.
        let byWest = outers.indices.sorted { boxes[$0].minLon < boxes[$1].minLon }
        var areas: [Double?] = Array(repeating: nil, count: outers.count)
        var stray = 0
        var candidates: [Int] = []
        for inner in inners {
            let b = box(inner)
            candidates.removeAll(keepingCapacity: true)
            var lo = 0, hi = byWest.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if boxes[byWest[mid]].minLon <= b.minLon { lo = mid + 1 } else { hi = mid }
            }
            for i in byWest[..<lo] where boxes[i].minLat <= b.minLat && boxes[i].maxLat >= b.maxLat && boxes[i].maxLon >= b.maxLon {
                candidates.append(i)
            }
            var best: Int?
            if candidates.count == 1 {
                best = candidates[0]
            } else {
                for i in candidates where contains(outers[i], inner) {
                    let area = areas[i] ?? abs(ShapeSimplifier.signedArea(outers[i]))
                    areas[i] = area
                    if best == nil || area < areas[best!]! { best = i }
                }
            }
            if let best { polygons[best].append(inner) } else { stray += 1 }
        }
        return (polygons, stray)
    }

    /// Whether `inner` lies inside `ring`: most of its first few points do (a point it shares
    /// with the outer ring's boundary may count either way).
    static func contains(_ ring: [FixedCoordinate], _ inner: [FixedCoordinate]) -> Bool {
        let probes = inner.prefix(5)
        let inside = probes.filter { pointInRing($0, ring) }.count
        return inside * 2 > probes.count
    }

    /// Even–odd ray casting in fixed coordinates.
    static func pointInRing(_ p: FixedCoordinate, _ ring: [FixedCoordinate]) -> Bool {
        var inside = false
        var j = ring.count - 1
        let px = Double(p.lon), py = Double(p.lat)
        for i in 0..<ring.count {
            let a = ring[i], b = ring[j]
            if (a.lat > p.lat) != (b.lat > p.lat) {
                let ax = Double(a.lon), ay = Double(a.lat), bx = Double(b.lon), by = Double(b.lat)
                let x = ax + (py - ay) * (bx - ax) / (by - ay)
                if px < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// Rings the way GeoJSON wants them: the outer counter-clockwise, the inner ones clockwise.
    static func oriented(_ polygon: [[FixedCoordinate]]) -> [[FixedCoordinate]] {
        polygon.enumerated().map { i, ring in oriented(ring, outer: i == 0) }
    }

    /// `ring` counter-clockwise when it is an outer ring, else clockwise.
    static func oriented(_ ring: [FixedCoordinate], outer: Bool) -> [FixedCoordinate] {
        guard (ShapeSimplifier.signedArea(ring) > 0) != outer else { return ring }
        var turned = ring
        turned.reverse()
        return turned
    }

    static func box(_ ring: [FixedCoordinate]) -> FixedBoundingBox {
        var b = FixedBoundingBox.empty
        for p in ring { b.extend(p) }
        return b
    }

    @inline(__always) private static func key(_ p: FixedCoordinate) -> UInt64 {
        UInt64(UInt32(bitPattern: p.lat)) << 32 | UInt64(UInt32(bitPattern: p.lon))
    }
}
