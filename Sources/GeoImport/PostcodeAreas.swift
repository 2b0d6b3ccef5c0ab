// Postcodes as places of their own, so "98000" or "9490" alone finds where
// it is, as Nominatim and Photon answer: a postcode mapped as a
// boundary=postal_code relation is already a landmark; every other postcode
// the addresses carry becomes one landmark per postcode and country, at the
// centre of its addresses (the address nearest their mean, so a postcode
// shared by two villages is pinned in one of them, never in the field
// between), with the box of its addresses. It is no OSM object: its OSM id is
// 0, and results show no OSM identity for it.
import GeoBase
import GeoModel

enum PostcodeAreas {
    static let category = (key: "boundary", value: "postal_code")
    static let importance: UInt8 = 70
    /// Postcodes longer than this are no postcodes (a mapper's note in the wrong tag).
    static let maxLength = 16

    /// Landmarks for the postcodes of `drafts` that have none yet.
    static func landmarks(for drafts: [LandmarkDraft]) -> [LandmarkDraft] {
        struct Group { var members: [Int] = [] }
        var mapped = Set<String>()
        for d in drafts where d.categoryKey == category.key && d.categoryValue == category.value {
            if let name = d.names.first?.value { mapped.insert(key(name, d.places?.countryCode)) }
        }
        var groups: [String: Group] = [:]
        var order: [String] = []
        for (i, d) in drafts.enumerated() {
            guard let code = d.postcode, code.count <= maxLength, d.kind != .place, d.kind != .street else { continue }
            let k = key(code, d.places?.countryCode)
            guard !mapped.contains(k) else { continue }
            if groups[k] == nil { order.append(k) }
            groups[k, default: Group()].members.append(i)
        }
        return order.compactMap { k -> LandmarkDraft? in
            let members = groups[k]!.members
            guard let code = drafts[members[0]].postcode else { return nil }
            var box = FixedBoundingBox.empty
            var lat = 0.0, lon = 0.0
            for m in members {
                box.extend(drafts[m].point)
                lat += Double(drafts[m].point.lat)
                lon += Double(drafts[m].point.lon)
            }
            let mean = (lat / Double(members.count), lon / Double(members.count))
            let centre = members.min { a, b in
                let pa = drafts[a].point, pb = drafts[b].point
                let da = pow2(Double(pa.lat) - mean.0) + pow2(Double(pa.lon) - mean.1)
                let db = pow2(Double(pb.lat) - mean.0) + pow2(Double(pb.lon) - mean.1)
                return da != db ? da < db : a < b
            }!
            var d = LandmarkDraft(osmType: .node, osmID: 0, kind: .area, categoryKey: category.key,
                                  categoryValue: category.value, point: drafts[centre].point,
                                  bbox: members.count > 1 ? box : nil, importance: importance,
                                  names: [LandmarkName(key: "name", value: code)])
            var places = drafts[centre].places ?? PlaceChain()
            places.suburb = nil
            d.places = places.isEmpty ? nil : places
            d.locality = places.city
            d.postcode = code
            return d
        }
    }

    private static func key(_ code: String, _ country: String?) -> String { (country ?? "") + "\u{1}" + code }

    private static func pow2(_ x: Double) -> Double { x * x }
}
