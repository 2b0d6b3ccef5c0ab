// The polygons of the place hierarchy (countries, states, counties,
// municipalities, suburbs, postcode areas) and the one question asked of them:
// which of them contain this point? Every landmark of an import asks it, so a
// polygon answers from a band index (its edges bucketed by latitude: a ray
// cast looks only at the edges of the point's band) and a coarse grid over the
// polygons' boxes picks the few polygons worth asking.
import GeoBase
import GeoModel

/// What an area is in an address.
enum AreaRole: UInt8, Comparable {
    case suburb, city, county, state, country, postcode

    static func < (a: AreaRole, b: AreaRole) -> Bool { a.rawValue < b.rawValue }

    /// The role of an `admin_level` (2 country; 3–4 state; 5–6 county; 7–8 city; 9–10 suburb).
    static func of(adminLevel level: Int) -> AreaRole? {
        switch level {
        case 2: .country
        case 3...4: .state
        case 5...6: .county
        case 7...8: .city
        case 9...10: .suburb
        default: nil
        }
    }

    /// The role of a `place=*` polygon, and the admin level it stands in for.
    static func of(place: String) -> (role: AreaRole, level: Int)? {
        switch place {
        case "city", "town", "village", "municipality", "hamlet": (.city, 8)
        case "borough", "suburb": (.suburb, 9)
        case "quarter", "neighbourhood": (.suburb, 10)
        default: nil
        }
    }
}

struct AdminArea {
    var role: AreaRole
    /// `admin_level`, or the level a place polygon stands in for: a higher level is more specific.
    var level: Int
    var name: String
    /// ISO 3166-1 alpha-2 in lower case, for countries that carry it.
    var countryCode: String?
    var osmType: OSMType
    var osmID: Int64
    /// A `place=*` polygon rather than an administrative boundary (boundaries win a tie).
    var isPlace: Bool
    var polygon: AreaPolygon
}

/// Rings (outer and inner alike: the even–odd rule makes holes) with their edges bucketed by
/// latitude band.
struct AreaPolygon {
    let box: FixedBoundingBox
    /// Edge end points, four values per edge: lat a, lon a, lat b, lon b (1e-7°).
    private let edges: [Int32]
    private let bandStart: [Int32]
    private let bandEdges: [Int32]
    private let bandHeight: Int64
    /// The middle latitude of each ring, largest ring first: where to look for an interior point.
    private let ringMiddles: [Int32]

    /// Edges per band on average; fewer means faster look-ups and more memory.
    static let edgesPerBand = 4
    static let maxBands = 1 << 14

    init?(rings: [[FixedCoordinate]]) {
        var box = FixedBoundingBox.empty
        var edges: [Int32] = []
        var middles: [(span: Int64, lat: Int32)] = []
        for ring in rings where ring.count >= 3 {
            let lo = ring.map(\.lat).min()!, hi = ring.map(\.lat).max()!
            middles.append((Int64(hi) - Int64(lo), Int32((Int64(lo) + Int64(hi)) / 2)))
            for (i, a) in ring.enumerated() {
                let b = ring[(i + 1) % ring.count]
                box.extend(a)
                guard a.lat != b.lat else { continue }   // a horizontal edge never crosses a ray
                edges.append(contentsOf: [a.lat, a.lon, b.lat, b.lon])
            }
        }
        guard !edges.isEmpty, box.maxLat > box.minLat, box.maxLon > box.minLon else { return nil }
        let edgeCount = edges.count / 4
        let bands = max(1, min(AreaPolygon.maxBands, edgeCount / AreaPolygon.edgesPerBand))
        let height = max(1, (Int64(box.maxLat) - Int64(box.minLat)) / Int64(bands) + 1)
        func band(_ lat: Int32) -> Int { min(bands - 1, Int((Int64(lat) - Int64(box.minLat)) / height)) }
        var counts = [Int32](repeating: 0, count: bands + 1)
        for e in 0..<edgeCount {
            let a = band(edges[4 * e]), b = band(edges[4 * e + 2])
            for k in min(a, b)...max(a, b) { counts[k + 1] += 1 }
        }
        for k in 0..<bands { counts[k + 1] += counts[k] }
        var fill = counts
        var list = [Int32](repeating: 0, count: Int(counts[bands]))
        for e in 0..<edgeCount {
            let a = band(edges[4 * e]), b = band(edges[4 * e + 2])
            for k in min(a, b)...max(a, b) {
                list[Int(fill[k])] = Int32(e)
                fill[k] += 1
            }
        }
        self.box = box
        self.edges = edges
        bandStart = counts
        bandEdges = list
        bandHeight = height
        ringMiddles = middles.sorted { $0.span > $1.span }.map(\.lat)
    }

    /// Bytes held (for the memory report).
    var memoryBytes: Int { 4 * (edges.count + bandStart.count + bandEdges.count) }

    /// Area of the box in square degrees × 1e-14 (to prefer the smaller of two equal candidates).
    var boxArea: Double { Double(Int64(box.maxLat) - Int64(box.minLat)) * Double(Int64(box.maxLon) - Int64(box.minLon)) }

    /// A point inside the polygon (for a pin when the centre of the box lies outside, as for a
    /// municipality made of exclaves): the middle of the widest inside stretch of the
    /// horizontal line through the middle of the box, else through the middle of a ring.
    func interiorPoint() -> FixedCoordinate? {
        let boxMiddle = Int32((Int64(box.minLat) + Int64(box.maxLat)) / 2)
        for lat in [boxMiddle] + ringMiddles {
            if let p = interiorPoint(onLatitude: lat), contains(p) { return p }
        }
        return nil
    }

    private func interiorPoint(onLatitude lat: Int32) -> FixedCoordinate? {
        var xs: [Double] = []
        forEachCrossing(latitude: lat) { xs.append($0) }
        xs.sort()
        var best: (width: Double, mid: Double)?
        var j = 0
        while j + 1 < xs.count {
            let w = xs[j + 1] - xs[j]
            if best == nil || w > best!.width { best = (w, (xs[j] + xs[j + 1]) / 2) }
            j += 2
        }
        return best.map { FixedCoordinate(lat: lat, lon: Int32($0.mid.rounded())) }
    }

    /// Even–odd ray casting over the edges of the point's band.
    func contains(_ p: FixedCoordinate) -> Bool {
        guard p.lat >= box.minLat, p.lat <= box.maxLat, p.lon >= box.minLon, p.lon <= box.maxLon else { return false }
        var inside = false
        let px = Double(p.lon)
        forEachCrossing(latitude: p.lat) { x in if px < x { inside.toggle() } }
        return inside
    }

    /// The longitudes (1e-7°) where the edges of the band of `lat` cross that latitude.
    @inline(__always) private func forEachCrossing(latitude lat: Int32, _ body: (Double) -> Void) {
        let bands = bandStart.count - 1
        let k = max(0, min(bands - 1, Int((Int64(lat) - Int64(box.minLat)) / bandHeight)))
        let y = Double(lat)
        for j in Int(bandStart[k])..<Int(bandStart[k + 1]) {
            let e = Int(bandEdges[j]) * 4
            let aLat = edges[e], bLat = edges[e + 2]
            guard (aLat > lat) != (bLat > lat) else { continue }
            let ax = Double(edges[e + 1]), ay = Double(aLat), bx = Double(edges[e + 3]), by = Double(bLat)
            body(ax + (y - ay) * (bx - ax) / (by - ay))
        }
    }
}

/// The areas by a coarse grid over their boxes: a point asks only the areas of its cell.
struct AreaLookup {
    let areas: [AdminArea]
    private let box: FixedBoundingBox
    private let cells: Int
    private let cellStart: [Int32]
    private let cellAreas: [Int32]

    static let gridSize = 64

    init(areas: [AdminArea]) {
        self.areas = areas
        var box = FixedBoundingBox.empty
        for a in areas { box.extend(a.polygon.box) }
        self.box = box
        let n = areas.isEmpty ? 0 : AreaLookup.gridSize
        cells = n
        var lists = [[Int32]](repeating: [], count: n * n)
        for (i, a) in areas.enumerated() {
            let (r0, c0) = AreaLookup.cell(FixedCoordinate(lat: a.polygon.box.minLat, lon: a.polygon.box.minLon), box, n)
            let (r1, c1) = AreaLookup.cell(FixedCoordinate(lat: a.polygon.box.maxLat, lon: a.polygon.box.maxLon), box, n)
            for r in r0...r1 { for c in c0...c1 { lists[r * n + c].append(Int32(i)) } }
        }
        var start: [Int32] = [0]
        var flat: [Int32] = []
        for l in lists {
            flat.append(contentsOf: l)
            start.append(Int32(flat.count))
        }
        cellStart = start
        cellAreas = flat
    }

    private static func cell(_ p: FixedCoordinate, _ box: FixedBoundingBox, _ n: Int) -> (Int, Int) {
        let h = max(1, Int64(box.maxLat) - Int64(box.minLat)), w = max(1, Int64(box.maxLon) - Int64(box.minLon))
        let r = Int((Int64(p.lat) - Int64(box.minLat)) * Int64(n) / (h + 1))
        let c = Int((Int64(p.lon) - Int64(box.minLon)) * Int64(n) / (w + 1))
        return (max(0, min(n - 1, r)), max(0, min(n - 1, c)))
    }

    /// Calls `body` with the index of every area containing `p`.
    func forEachArea(containing p: FixedCoordinate, _ body: (Int) -> Void) {
        guard cells > 0, p.lat >= box.minLat, p.lat <= box.maxLat, p.lon >= box.minLon, p.lon <= box.maxLon else { return }
        let (r, c) = AreaLookup.cell(p, box, cells)
        let k = r * cells + c
        for j in Int(cellStart[k])..<Int(cellStart[k + 1]) {
            let i = Int(cellAreas[j])
            if areas[i].polygon.contains(p) { body(i) }
        }
    }
}
