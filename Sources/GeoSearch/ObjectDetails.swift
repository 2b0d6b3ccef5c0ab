// What Nominatim's /details tells of one object beyond a search result: the
// landmarks its address is made of (its street, suburb, city … country), the
// objects whose address names it (Nominatim's `hierarchy`: the POIs and
// addresses of a street or a place) and the words it is found by. The index
// keeps the place hierarchy as names, not links (PlaceChain), so a part is
// found again by name: the most specific area of that name whose extent holds
// the object, else the nearest place node of that name that reaches it
// (PlaceReach); a name no landmark carries stays a name.
import GeoBase
import GeoFormat
import GeoModel

/// One landmark of one of the indexes.
public struct LandmarkRef: Sendable, Hashable {
    public var source: Int
    public var landmark: Int

    public init(source: Int, landmark: Int) {
        self.source = source
        self.landmark = landmark
    }
}

/// A part of an object's address.
public struct AddressPart: Sendable {
    public enum Role: String, Sendable, CaseIterable { case street, suburb, city, county, state, country }

    public var role: Role
    /// The name the index gives it: the object's `addr:street` (or `addr:place`), or a name of its place hierarchy.
    public var name: String
    /// The landmark standing for it; nil when the index has none of that name near the object.
    public var place: SearchResult?
}

/// The words a landmark is found by: the token ordinals of its names, and of its address and the
/// places it lies in, each with its text as the index stores it (folded).
public struct LandmarkKeywords: Sendable {
    public var name: [(id: Int, token: String)] = []
    public var address: [(id: Int, token: String)] = []
}

extension ObjectLookup {
    /// How far from an object the street its address names is looked for (a street's point may be
    /// at its far end).
    static let streetReach = 2_000.0

    /// Every landmark that stands for `ref`: index by index, the most important first.
    public func landmarks(of ref: OSMRef) -> [LandmarkRef] {
        indexes.indices.flatMap { s in
            landmarks(of: ref, in: s).sorted { indexes[s].importance($0) > indexes[s].importance($1) }
                .map { LandmarkRef(source: s, landmark: $0) }
        }
    }

    /// Landmark `l` as a result, nil when no index or landmark has that number.
    public func describe(_ l: LandmarkRef, language: String?) -> SearchResult? {
        guard indexes.indices.contains(l.source), l.landmark >= 0, l.landmark < indexes[l.source].count else { return nil }
        return ReverseGeocoder(indexes: indexes).describe(l.landmark, in: indexes[l.source], source: l.source, distance: 0,
                                                          language: language)
    }

    /// The parts of `r`'s address, from its street to its country, each with its landmark when the
    /// index has one. A part that is `r` itself is left out.
    public func addressParts(of r: SearchResult, language: String?) -> [AddressPart] {
        guard indexes.indices.contains(r.source) else { return [] }
        var parts: [AddressPart] = []
        let describer = ReverseGeocoder(indexes: indexes)
        if let street = r.street, r.kind != .street {
            parts.append(AddressPart(role: .street, name: street, place: streetPart(named: street, near: r.coordinate,
                                                                                   source: r.source, language: language)))
        } else if [.poi, .address, .transit].contains(r.kind),
                  let near = describer.nearestStreet(r.coordinate, radius: describer.streetReach, language: language) {
            // No address of its own: the street nearest it, as a reverse look-up names it (Nominatim's parent street).
            parts.append(AddressPart(role: .street, name: near.name, place: near.landmarkID >= 0 ? near : nil))
        }
        let chain = r.places ?? PlaceChain()
        let named: [(AddressPart.Role, String?)] = [(.suburb, chain.suburb), (.city, chain.city),
                                                    (.county, chain.county), (.state, chain.state), (.country, chain.country)]
        let regions = named.compactMap { role, name in name.map { (role, $0) } }
        let found = regionParts(regions, of: r, language: language)
        for (k, (role, name)) in regions.enumerated() {
            if let p = found[k], p.landmarkID == r.landmarkID { continue }
            parts.append(AddressPart(role: role, name: name, place: found[k]))
        }
        return parts
    }

    /// The street (or, for an `addr:place`, the place) named `name` nearest `point` in index `source`.
    func streetPart(named name: String, near point: Coordinate, source: Int, language: String?) -> SearchResult? {
        let wanted = TextNormalizer.normalize(name)
        let index = indexes[source]
        func named(_ kind: LandmarkKind) -> SearchResult? {
            ReverseGeocoder(indexes: [index]).nearest(point, radius: Self.streetReach, limit: 1, language: nil,
                                                      where: { ix, i in ix.kind(i) == kind }) {
                TextNormalizer.normalize($0.name) == wanted
            }.first
        }
        guard let hit = named(.street) ?? named(.place) else { return nil }
        var r = describe(LandmarkRef(source: source, landmark: hit.landmarkID), language: language)
        r?.distance = hit.distance
        return r
    }

    /// For each (role, name), narrowest first, the place or area landmark of that name standing for
    /// it: an area holding the object before a place node reaching it; of several areas, the most
    /// specific (and for a county, state or country one of its own kind, as ReverseRegions takes),
    /// the largest for the widest of several roles of one name. One landmark is one part (Monaco
    /// the country is not Monaco the city too).
    func regionParts(_ wanted: [(AddressPart.Role, String)], of r: SearchResult, language: String?) -> [SearchResult?] {
        struct Candidate {
            var holds: Bool
            var size: Double
            var distance: Double
            var id: Int
            var category: CategoryTag
        }
        let index = indexes[r.source]
        let names = Set(wanted.map(\.1))
        let point = FixedCoordinate(r.coordinate)
        var candidates: [String: [Candidate]] = [:]
        for i in 0..<index.count {
            let kind = index.kind(i)
            guard kind == .place || kind == .area else { continue }
            guard let name = index.displayRecord(i, language: nil)?.names.first?.value, names.contains(name) else { continue }
            let cat = index.categoryDescription(index.categoryID(i))
            let distance = r.coordinate.distance(to: index.point(i).coordinate)
            if kind == .area || index.osmRef(i)?.type != .node {
                // An area names the object when its extent holds it.
                guard let fixed = index.bbox(i), fixed.contains(point) else { continue }
                let box = fixed.boundingBox
                let size = (box.maxLon - box.minLon) * (box.maxLat - box.minLat)
                candidates[name, default: []].append(Candidate(holds: true, size: size, distance: distance, id: i, category: cat.tag))
            } else if cat.key == "place", distance <= PlaceReach.metres[cat.value] ?? .infinity {
                candidates[name, default: []].append(Candidate(holds: false, size: 0, distance: distance, id: i, category: cat.tag))
            }
        }
        var taken = Set<Int>()
        var out = [SearchResult?](repeating: nil, count: wanted.count)
        for (k, (role, name)) in wanted.enumerated() {
            let widest = wanted[..<k].contains { $0.1 == name } && !wanted[(k + 1)...].contains { $0.1 == name }
            let region: PlaceRegion? = switch role {
            case .county: .county
            case .state: .state
            case .country: .country
            default: nil
            }
            func key(_ c: Candidate) -> (Int, Int, Double, Int) {
                (c.holds ? 0 : 1, (region.map { $0.isOwn(c.category) } ?? true) ? 0 : 1,
                 c.holds ? (widest ? -c.size : c.size) : c.distance, c.id)
            }
            guard let best = (candidates[name] ?? []).filter({ !taken.contains($0.id) }).min(by: { key($0) < key($1) }) else { continue }
            taken.insert(best.id)
            out[k] = describe(LandmarkRef(source: r.source, landmark: best.id), language: language)
            out[k]?.distance = best.distance
        }
        return out
    }

    /// The POIs, addresses and stops whose street is `r` (a street, or a place an `addr:place`
    /// names): those whose `addr:street` names it and finds it, and, for a street, those without
    /// one that lie nearest it (as `addressParts` gives them their street). Nearest first, each
    /// with its distance in metres.
    public func dependents(of r: SearchResult, language: String?) -> [SearchResult] {
        guard r.kind == .street || r.kind == .place, indexes.indices.contains(r.source), r.landmarkID >= 0,
              r.landmarkID < indexes[r.source].count else { return [] }
        let index = indexes[r.source]
        guard let own = index.displayRecord(r.landmarkID, language: nil)?.names.first?.value else { return [] }
        let wanted = TextNormalizer.normalize(own)
        let describer = ReverseGeocoder(indexes: indexes)
        let box = r.bbox ?? BoundingBox(r.coordinate)
        let near = Self.widened(box, by: describer.streetReach)
        var out: [SearchResult] = []
        // Whatever can find it lies within a street's reach of its extent.
        for range in index.quadtree.ranges(intersecting: FixedBoundingBox(Self.widened(box, by: Self.streetReach))) {
            for id in range {
                let i = Int(id)
                guard [.poi, .address, .transit].contains(index.kind(i)) else { continue }
                let point = index.point(i).coordinate
                let parent: Int?
                if let street = index.displayRecord(i, language: nil)?.street {
                    guard TextNormalizer.normalize(street) == wanted else { continue }
                    parent = streetPart(named: street, near: point, source: r.source, language: nil)?.landmarkID
                } else {
                    guard r.kind == .street, near.contains(point),
                          let s = describer.nearestStreet(point, radius: describer.streetReach), s.source == r.source else { continue }
                    parent = s.landmarkID
                }
                guard parent == r.landmarkID, var d = describe(LandmarkRef(source: r.source, landmark: i), language: language) else { continue }
                d.distance = point.distance(to: r.coordinate)
                out.append(d)
            }
        }
        return out.sorted { ($0.distance ?? 0, $0.landmarkID) < ($1.distance ?? 0, $1.landmarkID) }
    }

    /// `box` grown by `metres` on every side.
    static func widened(_ box: BoundingBox, by metres: Double) -> BoundingBox {
        let dLat = metres / MetresPerDegree.latitude
        let dLon = metres / MetresPerDegree.longitude(atLatitude: box.center.lat)
        return BoundingBox(minLon: max(-180, box.minLon - dLon), minLat: max(-90, box.minLat - dLat),
                           maxLon: min(180, box.maxLon + dLon), maxLat: min(90, box.maxLat + dLat))
    }

    /// The words landmark `l` is found by (none for a landmark no index has).
    public func keywords(of l: LandmarkRef) -> LandmarkKeywords {
        var out = LandmarkKeywords()
        guard indexes.indices.contains(l.source), l.landmark >= 0, l.landmark < indexes[l.source].count else { return out }
        let index = indexes[l.source]
        var entries: [Int] = []
        index.tokenOrdinals(l.landmark, into: &entries)
        for packed in entries {
            let entry = TokenEntry(packed: packed)
            guard let text = Self.token(entry.ordinal, in: index.trie) else { continue }
            switch entry.tokenClass {
            case .name, .otherName: out.name.append((entry.ordinal, text))
            case .address, .context: out.address.append((entry.ordinal, text))
            }
        }
        return out
    }

    /// The text of token `ordinal`: the labels on the way down to it (each node's tokens are a range
    /// of ordinals, its own first when it is one).
    static func token(_ ordinal: Int, in trie: TrieReader) -> String? {
        guard var node = trie.root, node.ordinals.contains(ordinal) else { return nil }
        var bytes: [UInt8] = []
        while !(node.isTerminal && node.ordinalStart == ordinal) {
            var next: TrieNode?
            trie.forEachChild(of: node) { label, child in
                guard child.ordinals.contains(ordinal) else { return true }
                bytes.append(contentsOf: label)
                next = child
                return false
            }
            // Child offsets only decrease, so the walk ends on any file.
            guard let n = next else { return nil }
            node = n
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
