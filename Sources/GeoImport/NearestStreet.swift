// Why this exists: a house mapped with addr:housenumber alone (neither addr:street nor
// addr:place) had no street to be found by, so it was left out, and a shop carrying only a
// number showed no street. Nominatim gives such an object the nearest named road as its
// parent (placex_triggers.sql, find_parent_for_poi → getNearestRoadPlaceId): a highway with a
// name (a ref counts) of address rank 26–27, nearest by distance to the road's geometry, looked
// for in circles doubling from 0.00005° while under 0.1°, so never beyond 0.0512°. Its address
// then reads "12, Landstrasse" and "Landstrasse 12" finds it. This does the same once the
// street ways are collected (LandmarkCollector.finish): their segments go into a grid of
// cells, and each street-less number takes the name of the nearest street way. Interpolation
// lines give theirs first (InterpolationLines.giveStreets), as Nominatim's end nodes take the
// line's parent. A tagged addr:street or addr:place is never replaced.
import Foundation
import GeoBase
import GeoModel

/// The street ways of an import (the named highways, and major roads with a ref: the street
/// landmarks' parts), for "which street is nearest this point".
struct StreetGrid {
    /// Nominatim's widest circle, degrees: 0.00005° doubled while under 0.1°.
    static let reachDegrees = 0.0512
    /// Side of a cell, in 1e-7 degrees (0.002°: about 220 m of latitude).
    static let cell: Int64 = 20_000

    private let parts: [StreetPart]
    /// Cell keys, sorted; the segments of `keys[k]` are `entries[starts[k]..<starts[k + 1]]`.
    private var keys: [Int64] = []
    private var starts: [Int32] = []
    /// A segment as its part (high 32 bits) and the index of its first point (low 32 bits).
    private var entries: [UInt64] = []

    init(_ parts: [StreetPart]) {
        self.parts = parts
        var pairs: [(key: Int64, entry: UInt64)] = []
        var cells: [Int64] = []
        for (i, part) in parts.enumerated() where !part.points.isEmpty && part.points.count <= Int(Int32.max) {
            let pts = part.points
            for j in 0..<max(1, pts.count - 1) {
                let a = pts[j], b = pts[min(j + 1, pts.count - 1)]
                cells.removeAll(keepingCapacity: true)
                Self.cells(from: a, to: b, into: &cells)
                let entry = UInt64(i) << 32 | UInt64(j)
                for k in cells { pairs.append((k, entry)) }
            }
        }
        pairs.sort { ($0.key, $0.entry) < ($1.key, $1.entry) }
        entries.reserveCapacity(pairs.count)
        for (n, p) in pairs.enumerated() {
            if n == 0 || p.key != pairs[n - 1].key {
                keys.append(p.key)
                starts.append(Int32(n))
            }
            entries.append(p.entry)
        }
        starts.append(Int32(pairs.count))
    }

    static func cellIndex(_ v: Int32) -> Int64 { Int64(floor(Double(v) / Double(cell))) }
    static func key(_ a: Int64, _ b: Int64) -> Int64 { a << 32 | Int64(UInt32(truncatingIfNeeded: b)) }

    /// The cells a segment passes through: walked in steps shorter than half a cell, so a long
    /// segment costs cells in proportion to its length, never its box.
    private static func cells(from a: FixedCoordinate, to b: FixedCoordinate, into out: inout [Int64]) {
        let dLat = Int64(b.lat) - Int64(a.lat), dLon = Int64(b.lon) - Int64(a.lon)
        let steps = max(1, Int((max(abs(dLat), abs(dLon)) * 2 + cell - 1) / cell))
        for s in 0..<steps {
            let t0 = Double(s) / Double(steps), t1 = Double(s + 1) / Double(steps)
            let lat0 = Double(a.lat) + t0 * Double(dLat), lat1 = Double(a.lat) + t1 * Double(dLat)
            let lon0 = Double(a.lon) + t0 * Double(dLon), lon1 = Double(a.lon) + t1 * Double(dLon)
            for x in Int64(floor(min(lat0, lat1) / Double(cell)))...Int64(floor(max(lat0, lat1) / Double(cell))) {
                for y in Int64(floor(min(lon0, lon1) / Double(cell)))...Int64(floor(max(lon0, lon1) / Double(cell))) {
                    let k = key(x, y)
                    if !out.contains(k) { out.append(k) }
                }
            }
        }
    }

    /// Metres a street may be from `p`: Nominatim's reach along the circle's narrow axis (a degree
    /// of longitude), so no street is taken that Nominatim would find too far in any direction.
    static func reach(at p: FixedCoordinate) -> Double {
        reachDegrees * MetresPerDegree.longitude(atLatitude: p.coordinate.lat)
    }

    /// The display name of a street way.
    func name(ofPart i: Int) -> String? { parts[i].classification.names.first?.value }

    /// The street way nearest `p` within `reach` metres (distance to its line, not its middle),
    /// ties to the lower way id; nil when none is that close.
    func nearest(to p: FixedCoordinate, within reach: Double) -> (part: Int, distance: Double)? {
        guard !keys.isEmpty else { return nil }
        let proj = LocalProjection(origin: p.coordinate)
        let ring = Double(Self.cell) / 1e7 * MetresPerDegree.longitude(atLatitude: p.coordinate.lat) * 0.99   // a cell's narrower side, m
        let ca = Self.cellIndex(p.lat), cb = Self.cellIndex(p.lon)
        var best: (part: Int, distance: Double, way: Int64)?
        var r: Int64 = 0
        while true {
            // Every cell not yet looked at is at least (r - 1) cells from p's own.
            let unseen = Double(max(0, r - 1)) * ring
            if unseen > reach || (best.map { $0.distance <= unseen } ?? false) { break }
            for a in (ca - r)...(ca + r) {
                let edge = a == ca - r || a == ca + r
                let step = edge || r == 0 ? 1 : 2 * Int(r)   // inner rows: the ring's two ends only
                for b in stride(from: cb - r, through: cb + r, by: step) {
                    visit(Self.key(a, b)) { part, j in
                        let d = distance(p, proj, part: part, segment: j)
                        guard d <= reach else { return }
                        let way = parts[part].wayID
                        if let b = best, (b.distance, b.way, b.part) <= (d, way, part) { return }
                        best = (part, d, way)
                    }
                }
            }
            r += 1
        }
        return best.map { ($0.part, $0.distance) }
    }

    /// Metres from `p` to the line of street way `part`.
    func distance(from p: FixedCoordinate, toPart part: Int) -> Double {
        let proj = LocalProjection(origin: p.coordinate)
        var d = Double.infinity
        for j in 0..<max(1, parts[part].points.count - 1) { d = min(d, distance(p, proj, part: part, segment: j)) }
        return d
    }

    private func distance(_ p: FixedCoordinate, _ proj: LocalProjection, part: Int, segment j: Int) -> Double {
        let pts = parts[part].points
        let a = proj.project(pts[j].coordinate), b = proj.project(pts[min(j + 1, pts.count - 1)].coordinate)
        return PlanarGeometry.segmentDistance(px: 0, py: 0, ax: a.x, ay: a.y, bx: b.x, by: b.y).distance
    }

    private func visit(_ key: Int64, _ body: (Int, Int) -> Void) {
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        guard lo < keys.count, keys[lo] == key else { return }
        for e in entries[Int(starts[lo])..<Int(starts[lo + 1])] { body(Int(e >> 32), Int(e & 0xFFFF_FFFF)) }
    }
}

enum NearestStreet {
    /// Gives every draft with a house number but neither addr:street nor addr:place the name of the
    /// nearest street way within reach; returns how many got one.
    static func assign(_ drafts: inout [LandmarkDraft], grid: StreetGrid) -> Int {
        var given = 0
        for i in drafts.indices where drafts[i].houseNumber != nil && drafts[i].street == nil {
            let p = drafts[i].point
            guard let hit = grid.nearest(to: p, within: StreetGrid.reach(at: p)), let name = grid.name(ofPart: hit.part) else { continue }
            drafts[i].street = name
            given += 1
        }
        return given
    }
}
