// Reverse geocoding: what is at a point. The nearest addressed object (a house
// number on a street: an address node, or a shop or building carrying one),
// else the street the point lies on — measured on the road graph's geometry,
// so a long street counts from its nearest stretch, not from its midpoint —
// else the nearest settlement (or, at the coarsest levels, the county, state or
// country it lies in: ReverseRegions). Landmarks are found through the quadtree in
// widening boxes, so a look-up costs microseconds whatever the index's size.
// Several indexes (regions) are asked together and the nearest answer wins.
import GeoBase
import GeoFormat
import GeoModel
import GeoRoads

/// How detailed a reverse answer should be, as Nominatim's zoom levels say it.
public enum ReverseLevel: String, Sendable, CaseIterable {
    /// Whatever named object is at the point: a house number, a shop, a viewpoint, a stop (else as
    /// `address`): Nominatim's zoom 18.
    case object
    /// A house number on a street (else the street, else the place).
    case address
    /// The street (else the place).
    case street
    /// The suburb, quarter or village.
    case suburb
    /// The town or city.
    case city
    /// The county, the state or the country the point lies in (ReverseRegions).
    case county, state, country
}

public struct ReverseGeocoder: Sendable {
    public let indexes: [LandmarkIndex]
    /// Farthest an addressed object may be to count as "at" the point, metres.
    public var addressReach = 60.0
    /// Farthest a street may be, metres.
    public var streetReach = 250.0

    public init(indexes: [LandmarkIndex]) {
        self.indexes = indexes
    }

    /// The best answer at `level` within `radius` metres of `point`, or nil.
    public func reverse(_ point: Coordinate, level: ReverseLevel = .address, radius: Double = 5_000,
                        language: String? = nil) -> SearchResult? {
        guard point.isValid else { return nil }
        if let role = PlaceRegion(level) { return region(point, role, radius: radius, language: language) }
        if level == .object, let hit = nearest(point, radius: min(radius, addressReach), limit: 1, language: language,
                                               where: { index, i in index.kind(i) != .street && index.kind(i) != .place && index.kind(i) != .area },
                                               accept: { $0.kind == .address || $0.houseNumber != nil || !$0.name.isEmpty }).first {
            // An object without an address of its own lies on the street nearest it (Nominatim's parent street).
            var object = hit
            if object.street == nil, let street = nearestStreet(object.coordinate, radius: streetReach) { object.street = street.name }
            return object
        }
        if level == .address || level == .object, let hit = nearest(point, radius: min(radius, addressReach), limit: 1, language: language,
                                                 where: { index, i in index.kind(i) == .address || index.kind(i) != .street },
                                                 accept: { $0.kind == .address || $0.houseNumber != nil }).first {
            return hit
        }
        if level == .object || level == .address || level == .street, let street = nearestStreet(point, radius: min(radius, streetReach),
                                                                              language: language) {
            return street
        }
        let wanted: Set<String> = level == .city
            ? ["city", "town", "village", "municipality"]
            : ["suburb", "quarter", "neighbourhood", "village", "hamlet", "town", "city", "borough", "locality"]
        return nearest(point, radius: radius, limit: 1, language: language, where: { index, i in index.kind(i) == .place },
                       accept: { $0.category.key == "place" && wanted.contains($0.category.value) }).first
    }

    /// The landmarks nearest `point` within `radius` metres that `accept` takes, nearest first.
    /// `where` is a cheap test on the index's columns (kind, category) run before a landmark is
    /// described; landmarks are described nearest first and only until `limit` are accepted.
    public func nearest(_ point: Coordinate, radius: Double, limit: Int, language: String? = nil,
                        where prefilter: (LandmarkIndex, Int) -> Bool = { _, _ in true },
                        accept: (SearchResult) -> Bool = { _ in true }) -> [SearchResult] {
        guard point.isValid, limit > 0 else { return [] }
        var reach = min(radius, 50)
        while true {
            var near: [(distance: Double, source: Int, id: Int)] = []
            let box = FixedBoundingBox(BoundingBox(around: point, meters: reach))
            for (k, index) in indexes.enumerated() {
                for range in index.quadtree.ranges(intersecting: box) {
                    for id in range {
                        let i = Int(id)
                        let d = point.distance(to: index.point(i).coordinate)
                        if d <= reach && prefilter(index, i) { near.append((d, k, i)) }
                    }
                }
            }
            near.sort { ($0.distance, $0.source, $0.id) < ($1.distance, $1.source, $1.id) }
            var found: [SearchResult] = []
            var seen = Set<String>()
            for n in near {
                guard let r = describe(n.id, in: indexes[n.source], source: n.source, distance: n.distance, language: language),
                      accept(r), seen.insert(r.objectKey).inserted else { continue }
                found.append(r)
                if found.count == limit { return found }
            }
            // Enough found inside the circle this box covers, or the search radius reached.
            if reach >= radius { return found }
            reach = min(radius, reach * 4)
        }
    }

    /// The named street nearest `point` on the road graph, as the street landmark of that name
    /// nearby when the index has one (with its OSM id and extent), else as the road itself.
    public func nearestStreet(_ point: Coordinate, radius: Double, language: String? = nil) -> SearchResult? {
        var best: (profile: Int, distance: Double, snapped: Coordinate, index: Int)?
        let projection = LocalProjection(origin: point)
        for (k, index) in indexes.enumerated() {
            guard let graph = index.roadGraph else { continue }
            graph.edges(near: FixedBoundingBox(BoundingBox(around: point, meters: radius))) { e in
                let edge = graph.edge(e)
                // Names are compared by profile: decoding a name per edge would cost more than the geometry.
                guard graph.isNamed(graph.profile(edge.profile)) else { return }
                var previous = projection.project(graph.coordinate(ofNode: edge.from).coordinate)
                func segment(to c: FixedCoordinate) {
                    let next = projection.project(c.coordinate)
                    let r = PlanarGeometry.segmentDistance(px: 0, py: 0, ax: previous.x, ay: previous.y, bx: next.x, by: next.y)
                    if r.distance <= radius, r.distance < best?.distance ?? .infinity {
                        let x = previous.x + r.t * (next.x - previous.x), y = previous.y + r.t * (next.y - previous.y)
                        best = (edge.profile, r.distance, projection.unproject(x: x, y: y), k)
                    }
                    previous = next
                }
                for i in graph.shape(ofEdge: e) { segment(to: graph.shapePoint(i)) }
                segment(to: graph.coordinate(ofNode: edge.to))
            }
        }
        guard let best, let graph = indexes[best.index].roadGraph else { return nil }
        let name = graph.name(ofProfile: graph.profile(best.profile))
        guard !name.isEmpty else { return nil }
        // The street landmark carrying that name (its pieces merged), within a street's length.
        let normalized = TextNormalizer.normalize(name)
        let named = nearest(best.snapped, radius: 2_000, limit: 1, language: language, where: { index, i in index.kind(i) == .street }) {
            TextNormalizer.normalize($0.name) == normalized
        }.first
        var r = named ?? SearchResult(
            landmarkID: -1, name: name, subtitle: "Street", kind: .street, category: CategoryTag(key: "highway", value: "road"), icon: CategoryCatalog.streetIcon,
            osm: nil, coordinate: best.snapped, bbox: nil, distance: nil, distanceLabel: nil, highlights: [],
            action: .substitute, displayText: name + ", ", score: 0, address: nil, locality: nil)
        r.distance = best.distance
        r.distanceLabel = DistanceLabel.text(best.distance, units: .metric)
        r.source = best.index
        return r
    }

    /// A result for landmark `i` of `index` at `distance` metres.
    func describe(_ i: Int, in index: LandmarkIndex, source: Int, distance: Double, language: String?) -> SearchResult? {
        guard let r = index.displayRecord(i, language: language) else { return nil }
        let kind = index.kind(i)
        let cat = index.categoryDescription(index.categoryID(i))
        var name = ResultDescriber.displayName(r, language: language)
        if name.isEmpty { name = cat.label }
        let address = kind == .address ? nil : r.formattedAddress
        let place = [kind == .address ? nil : address, [r.postcode, r.locality].compactMap { $0 }.joined(separator: " ")]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        var result = SearchResult(
            landmarkID: i, name: name, subtitle: ([kind == .address ? "Address" : cat.label] + (place.isEmpty ? [] : [place]))
                .joined(separator: " · "),
            kind: kind, category: CategoryTag(key: cat.key, value: cat.value), icon: kind == .address ? CategoryCatalog.addressIcon : cat.icon,
            osm: r.osmRef, coordinate: index.point(i).coordinate, bbox: r.bbox?.boundingBox,
            distance: distance, distanceLabel: DistanceLabel.text(distance, units: .metric), highlights: [],
            action: .search, displayText: nil, score: 0, address: address, locality: r.locality,
            houseNumber: r.houseNumber, street: r.street, postcode: r.postcode, importance: Double(index.importance(i)) / 255)
        result.source = source
        result.places = index.places(r)
        return result
    }
}
