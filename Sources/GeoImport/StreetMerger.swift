// Streets are drawn in OSM as many ways (split at every change of tags), but a
// person searching "Rue Grimaldi" wants it once. Ways with the same normalised
// name that touch or come within 50 m of each other merge into one street
// landmark (union-find over nearby pairs); same-named streets in different
// parts of town stay apart.
import Foundation
import GeoBase
import GeoModel

struct StreetPart {
    var wayID: Int64
    var classification: LandmarkClassification
    var points: [FixedCoordinate]
    var nameKey: String
}

enum StreetMerger {
    static let joinDistance = 50.0

    static func merge(_ parts: [StreetPart]) -> [LandmarkDraft] {
        var groups: [String: [Int]] = [:]
        for (i, p) in parts.enumerated() { groups[p.nameKey, default: []].append(i) }
        var result: [LandmarkDraft] = []
        for key in groups.keys.sorted() {
            let members = groups[key]!
            for cluster in clusters(members, parts) {
                result.append(landmark(cluster.map { parts[$0] }))
            }
        }
        return result
    }

    /// Splits one name's ways into groups of mutually reachable (≤ 50 m) ways.
    static func clusters(_ members: [Int], _ parts: [StreetPart]) -> [[Int]] {
        if members.count == 1 { return [members] }
        var parent = Array(0..<members.count)
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        let boxes = members.map { i -> FixedBoundingBox in
            var b = FixedBoundingBox.empty
            for p in parts[i].points { b.extend(p) }
            return b
        }
        // ~50 m in 1e-7 degrees of latitude; longitude scaled at the group's latitude.
        let padLat = Int32(joinDistance / MetresPerDegree.latitude * 1e7)
        let cosLat = MetresPerDegree.cosine(Double(boxes[0].minLat) / 1e7)
        let padLon = Int32(min(Double(Int32.max / 4), Double(padLat) / cosLat))
        // Sweep along longitude so only boxes that overlap in x are compared.
        let order = members.indices.sorted { boxes[$0].minLon < boxes[$1].minLon }
        for (n, a) in order.enumerated() {
            let ba = boxes[a]
            for b in order[(n + 1)...] {
                let bb = boxes[b]
                if Int64(bb.minLon) > Int64(ba.maxLon) + Int64(padLon) * 2 { break }
                if Int64(bb.minLat) > Int64(ba.maxLat) + Int64(padLat) * 2 || Int64(bb.maxLat) + Int64(padLat) * 2 < Int64(ba.minLat) { continue }
                if find(a) == find(b) { continue }
                if near(parts[members[a]].points, parts[members[b]].points) { parent[find(a)] = find(b) }
            }
        }
        var byRoot: [Int: [Int]] = [:]
        for i in members.indices { byRoot[find(i), default: []].append(members[i]) }
        return byRoot.values.sorted { $0[0] < $1[0] }
    }

    /// True when some vertex of one line lies within the join distance of the other line, or
    /// the lines cross (an X with every vertex far from the other line: a bridge over a square).
    static func near(_ a: [FixedCoordinate], _ b: [FixedCoordinate]) -> Bool {
        let proj = LocalProjection(origin: a[0].coordinate)
        let pa = a.map { proj.project($0.coordinate) }
        let pb = b.map { proj.project($0.coordinate) }
        return within(pa, pb) || within(pb, pa) || cross(pa, pb)
    }

    private static func cross(_ a: [(x: Double, y: Double)], _ b: [(x: Double, y: Double)]) -> Bool {
        guard a.count > 1, b.count > 1 else { return false }
        func side(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), _ r: (x: Double, y: Double)) -> Double {
            (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        }
        for i in 1..<a.count {
            for j in 1..<b.count {
                let d1 = side(b[j - 1], b[j], a[i - 1]), d2 = side(b[j - 1], b[j], a[i])
                let d3 = side(a[i - 1], a[i], b[j - 1]), d4 = side(a[i - 1], a[i], b[j])
                if (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0) && d1 != 0 && d2 != 0 { return true }
            }
        }
        return false
    }

    private static func within(_ pts: [(x: Double, y: Double)], _ line: [(x: Double, y: Double)]) -> Bool {
        for p in pts {
            if line.count == 1 {
                if hypot(p.x - line[0].x, p.y - line[0].y) <= joinDistance { return true }
                continue
            }
            for j in 1..<line.count {
                let d = PlanarGeometry.segmentDistance(px: p.x, py: p.y, ax: line[j - 1].x, ay: line[j - 1].y,
                                                       bx: line[j].x, by: line[j].y).distance
                if d <= joinDistance { return true }
            }
        }
        return false
    }

    /// One street landmark from its ways: the longest way gives id and display name.
    static func landmark(_ ways: [StreetPart]) -> LandmarkDraft {
        let lengths = ways.map { PlanarGeometry.length($0.points) }
        let main = lengths.indices.max { lengths[$0] < lengths[$1] || (lengths[$0] == lengths[$1] && ways[$0].wayID > ways[$1].wayID) }!
        var box = FixedBoundingBox.empty
        for w in ways { for p in w.points { box.extend(p) } }
        var names = ways[main].classification.names
        var seen = Set(names.map(\.value))
        for w in ways.sorted(by: { $0.wayID < $1.wayID }) {
            for n in w.classification.names where seen.insert(n.value).inserted { names.append(n) }
        }
        let best = ways.max { $0.classification.importance < $1.classification.importance }!
        // The vertex nearest the middle of the extent: a point that is on the street.
        let c = box.center
        var point = ways[main].points[0]
        var bestD = Int64.max
        for w in ways {
            for p in w.points {
                let dl = Int64(p.lat) - Int64(c.lat), dn = Int64(p.lon) - Int64(c.lon)
                let d = dl * dl + dn * dn
                if d < bestD { bestD = d; point = p }
            }
        }
        let total = lengths.reduce(0, +)
        let lengthBonus = total > 100 ? min(30, Int(log10(total / 100) * 15)) : 0
        return LandmarkDraft(osmType: .way, osmID: ways[main].wayID, kind: .street, categoryKey: "highway",
                             categoryValue: best.classification.value, point: point, bbox: box,
                             importance: clampImportance(best.classification.importance + lengthBonus), names: names)
    }
}
