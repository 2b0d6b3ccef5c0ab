// Which OSM objects become map shapes, and in which layer: the table below,
// read from an element's tags in one pass over the batch's raw bytes (no
// dictionary, no String for tags that do not matter). The value of the tag
// that matched is the shape's kind; `name` its name.
//
// | layer     | geometry | tags                                                                    |
// |-----------|----------|-------------------------------------------------------------------------|
// | building  | area     | building=* except no                                                    |
// | water     | area     | natural=water/bay, waterway=riverbank, landuse=reservoir/basin, water=*, |
// |           |          | a closed waterway=river/stream/canal/drain/ditch with area=yes          |
// | sand      | area     | natural=beach/sand                                                      |
// | green     | area     | leisure=park/garden/nature_reserve/pitch/golf_course/playground/common, |
// |           |          | landuse=grass/meadow/forest/recreation_ground/village_green/cemetery/   |
// |           |          | allotments/orchard/vineyard, natural=wood/scrub/heath/grassland         |
// | landuse   | area     | landuse=residential/commercial/industrial/retail/railway/construction  |
// | railway   | line     | railway=rail/light_rail/tram/subway/narrow_gauge/funicular, unless      |
// |           |          | disused=yes or abandoned=yes                                            |
// | waterway  | line     | waterway=river/stream/canal/drain/ditch                                 |
// | coastline | line     | natural=coastline                                                       |
//
// Areas are closed ways (not area=no) and type=multipolygon relations; the
// first row that matches wins (so a building tagged with a land use is a
// building). Lines come from ways only.
import GeoFormat
import GeoOSM

struct MapShapeTags {
    enum Key: Int, CaseIterable {
        case building, natural, waterway, landuse, water, leisure, railway, area, name, type, disused, abandoned

        static let texts = ["building", "natural", "waterway", "landuse", "water", "leisure", "railway", "area", "name",
                            "type", "disused", "abandoned"]
        var text: String { Key.texts[rawValue] }
    }

    /// Tag index of each key in the batch, -1 when absent (a SIMD value: no allocation per way).
    var index = SIMD16<Int32>(repeating: -1)
    /// A key of the table, or of another kind of feature (highway, barrier, power…): a way
    /// without one is "untagged" (only source, note, name, import tags and the like).
    var describesAFeature = false

    func has(_ k: Key) -> Bool { index[k.rawValue] >= 0 }

    func value(_ k: Key, _ b: OSMBatch) -> String? {
        let i = Int(index[k.rawValue])
        return i >= 0 ? b.string(b.tagValues[i]) : nil
    }

    /// Any of the keys the table reads, so the element needs a closer look.
    var hasLayerKey: Bool { (0...Key.railway.rawValue).contains { index[$0] >= 0 } }
}

enum MapShapeClassifier {
    static let greenLeisure: Set = ["park", "garden", "nature_reserve", "pitch", "golf_course", "playground", "common"]
    static let greenLanduse: Set = ["grass", "meadow", "forest", "recreation_ground", "village_green", "cemetery",
                                    "allotments", "orchard", "vineyard"]
    static let greenNatural: Set = ["wood", "scrub", "heath", "grassland"]
    static let landuse: Set = ["residential", "commercial", "industrial", "retail", "railway", "construction"]
    static let waterways: Set = ["river", "stream", "canal", "drain", "ditch"]
    static let railways: Set = ["rail", "light_rail", "tram", "subway", "narrow_gauge", "funicular"]

    /// Keys that make a way a feature of another kind: roads, fences, power lines, boundaries…
    /// A way with none of them and none of the table's keys counts as untagged, whatever else it
    /// carries (source, note, fixme, name, import ids such as CLC:*).
    static let featureKeys = KeyFilter(keys: ["highway", "barrier", "power", "boundary", "route", "aeroway", "aerialway",
                                              "man_made", "amenity", "shop", "tourism", "historic", "public_transport",
                                              "military", "place", "piste:type", "area:highway", "indoor", "building:part"])

    /// The keys of `MapShapeTags.Key`, bucketed by first byte.
    private static let table: [[(bytes: [UInt8], key: MapShapeTags.Key)]] = {
        var t = [[(bytes: [UInt8], key: MapShapeTags.Key)]](repeating: [], count: 256)
        for k in MapShapeTags.Key.allCases { t[Int(k.text.utf8.first!)].append((Array(k.text.utf8), k)) }
        return t
    }()

    /// Reads the tags in `range` of `b`.
    static func scan(_ b: OSMBatch, _ range: Range<Int>) -> MapShapeTags {
        var tags = MapShapeTags()
        guard !range.isEmpty else { return tags }
        b.arena.withUnsafeBufferPointer { arena in
            for i in range {
                let k = b.tagKeys[i]
                let key = UnsafeBufferPointer(rebasing: arena[Int(k.start)..<Int(k.start + k.length)])
                if let found = lookUp(key) {
                    tags.index[found.rawValue] = Int32(truncatingIfNeeded: i)
                    if found.rawValue <= MapShapeTags.Key.railway.rawValue { tags.describesAFeature = true }
                } else if featureKeys.matches(key) {
                    tags.describesAFeature = true
                }
            }
        }
        return tags
    }

    @inline(__always) private static func lookUp(_ key: UnsafeBufferPointer<UInt8>) -> MapShapeTags.Key? {
        guard let f = key.first else { return nil }
        for entry in table[Int(f)] where entry.bytes.count == key.count && entry.bytes.elementsEqual(key) {
            return entry.key
        }
        return nil
    }

    /// The layer and kind of an element: `closed` for a closed way or a multipolygon relation,
    /// `lines` false for relations (which make areas only).
    static func classify(_ t: MapShapeTags, _ b: OSMBatch, closed: Bool, lines: Bool) -> (MapLayer, String)? {
        guard t.hasLayerKey else { return nil }
        let area = t.value(.area, b)
        if closed && area != "no", let v = t.value(.building, b), v != "no" { return (.building, v) }
        let natural = t.value(.natural, b), waterway = t.value(.waterway, b), landuse = t.value(.landuse, b)
        if closed && area != "no" {
            if let v = natural, v == "water" || v == "bay" { return (.water, v) }
            if let v = waterway, v == "riverbank" { return (.water, v) }
            if let v = landuse, v == "reservoir" || v == "basin" { return (.water, v) }
            if let v = t.value(.water, b) { return (.water, v) }
            if let v = waterway, waterways.contains(v), area == "yes" { return (.water, v) }
            if let v = natural, v == "beach" || v == "sand" { return (.sand, v) }
            if let v = t.value(.leisure, b), greenLeisure.contains(v) { return (.green, v) }
            if let v = landuse, greenLanduse.contains(v) { return (.green, v) }
            if let v = natural, greenNatural.contains(v) { return (.green, v) }
            if let v = landuse, self.landuse.contains(v) { return (.landuse, v) }
        }
        guard lines else { return nil }
        if let v = t.value(.railway, b), railways.contains(v), t.value(.disused, b) != "yes", t.value(.abandoned, b) != "yes" {
            return (.railway, v)
        }
        if let v = waterway, waterways.contains(v) { return (.waterway, v) }
        if natural == "coastline" { return (.coastline, "coastline") }
        return nil
    }

    /// Whether a way may be part of a multipolygon's ring, so its geometry is kept until the
    /// relations are read: untagged ways (see `featureKeys`), coastlines (beaches and marinas
    /// share them), and ways tagged as areas that are no building (a lake or wood that is also
    /// another area's inner ring, an unclosed piece of a riverbank). Highways, railways, waterway
    /// lines, fences and buildings are not.
    static func mayBeRingPart(_ t: MapShapeTags, _ b: OSMBatch, drawnAs layer: MapLayer?) -> Bool {
        if let layer { return layer == .coastline || layer.isArea && layer != .building }
        guard t.describesAFeature else { return true }
        if t.has(.landuse) || t.has(.leisure) || t.has(.water) || t.has(.natural) { return true }
        return t.value(.waterway, b) == "riverbank"
    }
}
