// Decides what a tagged OSM object is as a landmark: its kind, its category
// (`key=value`), its names and its importance (every number of which lives in
// LandmarkImportance: the classifier only says which rule applies). Pure functions over a tag dictionary, so the rules read
// like a table and are easy to test.
import Foundation
import GeoModel
import GeoOSM

public struct LandmarkClassification: Sendable {
    public var kind: LandmarkKind
    public var key: String
    public var value: String
    public var importance: Int
    public var names: [LandmarkName]
    /// The most the size of its area may raise the importance to (a boundary stays below the place
    /// type of its level).
    public var ceiling = 255

    public init(kind: LandmarkKind, key: String, value: String, importance: Int, names: [LandmarkName], ceiling: Int = 255) {
        self.kind = kind
        self.key = key
        self.value = value
        self.importance = importance
        self.names = names
        self.ceiling = ceiling
    }
}

public enum LandmarkClassifier {
    /// Keys that make an element worth a closer look (a cheap first filter on raw bytes).
    public static let interestingKeys = KeyFilter(
        keys: ["name", "amenity", "shop", "tourism", "leisure", "office", "craft", "healthcare", "historic", "sport",
               "man_made", "natural", "emergency", "highway", "place", "public_transport", "railway", "aerialway",
               "boundary", "brand", "alt_name", "official_name", "ref", "building"],
        prefixes: ["name:", "addr:"])

    static let poiKeys = ["amenity", "shop", "tourism", "healthcare", "leisure", "office", "craft", "historic",
                          "man_made", "natural", "emergency", "sport"]

    /// Highway values that are not roads and never streets.
    static let nonStreetHighways: Set<String> = [
        "bus_stop", "platform", "elevator", "street_lamp", "traffic_signals", "crossing", "stop", "give_way",
        "turning_circle", "turning_loop", "mini_roundabout", "milestone", "emergency_access_point", "speed_camera",
        "rest_area", "services", "construction", "proposed", "abandoned", "razed", "motorway_junction", "passing_place",
    ]

    /// The kind, category and names of an object, or nil when it is no landmark.
    public static func classify(_ tags: [String: String], type: OSMType) -> LandmarkClassification? {
        let name = tags["name"]?.trimmed
        let hasName = !(name ?? "").isEmpty

        // Transit stops first: a bus stop also carries highway=*, a station may carry building=*.
        if let t = transitCategory(tags) {
            let names = collectNames(tags, includeRef: true)
            return LandmarkClassification(kind: .transit, key: t.key, value: t.value,
                                          importance: LandmarkImportance.transit(t), names: names)
        }
        if let place = tags["place"], hasName {
            return LandmarkClassification(kind: .place, key: "place", value: place,
                                          importance: LandmarkImportance.place(tags, type: place),
                                          names: collectNames(tags, includeRef: false))
        }
        if let highway = tags["highway"], type == .way, !nonStreetHighways.contains(highway) {
            let ref = tags["ref"]?.trimmed ?? ""
            let major = LandmarkImportance.isMajorStreet(highway)
            guard hasName || (major && !ref.isEmpty) else { return nil }
            var names = collectNames(tags, includeRef: true)
            if !hasName { names = [LandmarkName(key: "ref", value: ref)] + names.filter { $0.value != ref } }
            return LandmarkClassification(kind: .street, key: "highway", value: highway,
                                          importance: LandmarkImportance.street(highway), names: names)
        }
        // Parks and other named open spaces are areas; other leisure objects are POIs.
        if let leisure = tags["leisure"], ["park", "garden", "nature_reserve"].contains(leisure), hasName, type != .node {
            return LandmarkClassification(kind: .area, key: "leisure", value: leisure, importance: LandmarkImportance.openSpace,
                                          names: collectNames(tags, includeRef: false))
        }
        for key in poiKeys {
            guard let value = tags[key], !value.isEmpty, value != "no" else { continue }
            if key == "natural" && !hasName { continue }
            if key == "natural" && type != .node && value != "beach" {
                guard hasName else { continue }
                return LandmarkClassification(kind: .area, key: key, value: value, importance: LandmarkImportance.naturalArea,
                                              names: collectNames(tags, includeRef: false))
            }
            let info = CategoryCatalog.info(key: key, value: value)
            var names = collectNames(tags, includeRef: false)
            if names.isEmpty, let brand = tags["brand"]?.trimmed, !brand.isEmpty {
                names = [LandmarkName(key: "brand", value: brand)]
            }
            guard !names.isEmpty || info?.indexUnnamed == true else { continue }
            let rank = LandmarkImportance.poi(tags, key: key, value: value, boost: info?.boost ?? 0, named: !names.isEmpty)
            return LandmarkClassification(kind: .poi, key: key, value: value, importance: rank, names: names)
        }
        if tags["boundary"] == "administrative", hasName, type != .node {
            let rank = LandmarkImportance.boundary(adminLevel: Int(tags["admin_level"] ?? "") ?? 8)
            return LandmarkClassification(kind: .area, key: "boundary", value: "administrative", importance: rank.importance,
                                          names: collectNames(tags, includeRef: false), ceiling: rank.ceiling)
        }
        if tags["boundary"] == "postal_code", type != .node,
           let code = (tags["postal_code"] ?? tags["ref"] ?? tags["name"])?.trimmed, !code.isEmpty, code.count <= 16 {
            return LandmarkClassification(kind: .area, key: "boundary", value: "postal_code", importance: LandmarkImportance.postcodeArea,
                                          names: [LandmarkName(key: "name", value: code)])
        }
        if let building = tags["building"], hasName, building != "no" {
            return LandmarkClassification(kind: .area, key: "building", value: building, importance: LandmarkImportance.building(tags),
                                          names: collectNames(tags, includeRef: false))
        }
        // A number without addr:street or addr:place is an address too: the import gives it the nearest
        // street (NearestStreet.swift) and leaves it out when there is none.
        if let number = tags["addr:housenumber"], tags["addr:street"] != nil || tags["addr:place"] != nil || !number.trimmed.isEmpty {
            return LandmarkClassification(kind: .address, key: "addr", value: "housenumber", importance: LandmarkImportance.address,
                                          names: hasName ? collectNames(tags, includeRef: false) : [])
        }
        return nil
    }

    static func transitCategory(_ tags: [String: String]) -> (key: String, value: String)? {
        if let r = tags["railway"], ["station", "halt", "tram_stop", "subway_entrance"].contains(r) { return ("railway", r) }
        if tags["highway"] == "bus_stop" { return ("highway", "bus_stop") }
        if let a = tags["amenity"], a == "ferry_terminal" || a == "bus_station" { return ("amenity", a) }
        if tags["aerialway"] == "station" { return ("aerialway", "station") }
        if let p = tags["public_transport"], p == "station" || p == "platform" { return ("public_transport", p) }
        return nil
    }

    static let nameKeys: Set<String> = [
        "alt_name", "old_name", "short_name", "official_name", "loc_name", "int_name", "reg_name", "nat_name",
        "brand",
    ]

    /// Every searchable name of an object, `name` first, duplicates removed, `;`-lists split.
    public static func collectNames(_ tags: [String: String], includeRef: Bool) -> [LandmarkName] {
        var result: [LandmarkName] = []
        var seen = Set<String>()
        func add(_ key: String, _ raw: String) {
            for part in raw.split(separator: ";") {
                let v = String(part).trimmed
                guard !v.isEmpty, v.count <= 255, seen.insert(v).inserted else { continue }
                result.append(LandmarkName(key: key, value: v))
            }
        }
        if let n = tags["name"] { add("name", n) }
        // Stable order: sort the rest by key so the same tags always give the same bytes.
        for key in tags.keys.sorted() {
            if includeRef && key == "ref" {
                add(key, tags[key]!)
                continue
            }
            let isName = key.hasPrefix("name:") || nameKeys.contains(key)
                || (key.hasPrefix("alt_name:") || key.hasPrefix("official_name:") || key.hasPrefix("old_name:"))
            // Checked only for name-like keys, and without Foundation: this runs for every tagged object.
            if isName && !isMetaKey(key) { add(key, tags[key]!) }
        }
        return result
    }

    /// Keys like name:etymology:wikidata or name:source describe a name rather than being one.
    static func isMetaKey(_ key: String) -> Bool {
        for part in key.utf8.split(separator: UInt8(ascii: ":")).dropFirst() {
            switch String(decoding: part, as: UTF8.self) {
            case "wikidata", "wikipedia", "etymology", "pronunciation", "signed", "source", "note", "date", "language": return true
            default: continue
            }
        }
        return false
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
