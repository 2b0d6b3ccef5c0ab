// The cold part of a landmark (read only for results being shown): OSM
// identity, names, extent and address. Layout of one record:
//   u8 flags: bits 0–1 OSM type, 2 bbox, 3 house number, 4 street, 5 postcode, 6 locality,
//             7 the house number is written after the street ("Hauptstraße 12", decided at build time)
//   svarint OSM id
//   varint name count; per name: varint key (0 = "name", else string offset + 1), inline string
//   [bbox: 4 × svarint in 1e-5° (about a metre, rounded outwards): min/max lat/lon minus the point]
//   [house number: inline string] [street, postcode, locality: varint string offsets]
//   varint place hierarchy (0 none, else 1 + its row in PLCS)
import GeoBase
import GeoModel

public struct LandmarkRecord: Sendable, Equatable {
    public var osmType: OSMType
    public var osmID: Int64
    public var names: [LandmarkName]
    public var bbox: FixedBoundingBox?
    public var houseNumber: String?
    public var street: String?
    public var postcode: String?
    public var locality: String?
    /// Whether the house number follows the street name in this place's convention.
    public var numberAfterStreet = false
    /// The row of the landmark's place hierarchy in PLCS plus one (0: none); `LandmarkIndex.places`.
    public var placesRow = 0

    /// The OSM object; nil for a landmark that is none (a postcode computed from the addresses
    /// that carry it, whose OSM id is 0).
    public var osmRef: OSMRef? { osmID == 0 ? nil : OSMRef(type: osmType, id: osmID) }

    /// "12 Rue Grimaldi", "Hauptstraße 12", the number or the street alone, or nil.
    public var formattedAddress: String? {
        switch (houseNumber, street) {
        case let (n?, s?): numberAfterStreet ? "\(s) \(n)" : "\(n) \(s)"
        case let (n?, nil): n
        case let (nil, s?): s
        default: nil
        }
    }
}

enum RecordCodec {
    static let maxNames = 4096
    /// Extents are stored in 1e-5° steps (rounded outwards): a metre is plenty for "centre the map here".
    static let bboxStep: Int64 = 100

    static func floorDiv(_ v: Int32) -> Int64 {
        let x = Int64(v)
        return x >= 0 ? x / bboxStep : -((-x + bboxStep - 1) / bboxStep)
    }

    static func ceilDiv(_ v: Int32) -> Int64 { -floorDiv(Int32(clamping: -Int64(v))) }

    static func bbox(_ a: Int64, _ b: Int64, _ c: Int64, _ d: Int64, point: FixedCoordinate) -> FixedBoundingBox {
        let pLat = floorDiv(point.lat), pLon = floorDiv(point.lon)
        func value(_ base: Int64, _ delta: Int64) -> Int32 {
            let (sum, o1) = base.addingReportingOverflow(delta)
            let (v, o2) = sum.multipliedReportingOverflow(by: bboxStep)
            return o1 || o2 ? (delta < 0 ? Int32.min : Int32.max) : Int32(clamping: v)
        }
        return FixedBoundingBox(minLon: value(pLon, b), minLat: value(pLat, a), maxLon: value(pLon, d), maxLat: value(pLat, c))
    }

    static func encode(_ d: LandmarkDraft, placesRow: Int, strings: inout StringTableBuilder) -> [UInt8] {
        var w = ByteWriter()
        var flags = d.osmType.rawValue
        if d.bbox != nil { flags |= 1 << 2 }
        if d.houseNumber != nil { flags |= 1 << 3 }
        if d.street != nil { flags |= 1 << 4 }
        if d.postcode != nil { flags |= 1 << 5 }
        if d.locality != nil { flags |= 1 << 6 }
        if let s = d.street, d.houseNumber != nil, AddressFormat.numberGoesAfter(street: s, countryCode: d.places?.countryCode) { flags |= 1 << 7 }
        w.u8(flags)
        w.svarint(d.osmID)
        let names = d.names.prefix(maxNames)
        w.varint(names.count)
        for n in names {
            w.varint(n.key == "name" ? 0 : strings.ref(n.key) + 1)
            w.string(n.value)
        }
        if let b = d.bbox {
            let pLat = floorDiv(d.point.lat), pLon = floorDiv(d.point.lon)
            w.svarint(floorDiv(b.minLat) - pLat)
            w.svarint(floorDiv(b.minLon) - pLon)
            w.svarint(ceilDiv(b.maxLat) - pLat)
            w.svarint(ceilDiv(b.maxLon) - pLon)
        }
        if let h = d.houseNumber { w.string(h) }
        if let s = d.street { w.varint(strings.ref(s)) }
        if let p = d.postcode { w.varint(strings.ref(p)) }
        if let l = d.locality { w.varint(strings.ref(l)) }
        w.varint(placesRow)
        return w.bytes
    }

    /// Decodes the record in `view` (its payload); nil when it is malformed. With `allNames`
    /// false only the displayed name and `name:<language>` are materialised (results for
    /// display skip the dozens of translations a country carries).
    /// Only the OSM object a record stands for (it comes first: no name is read), nil for none.
    static func osmRef(_ view: ByteView) -> OSMRef? {
        var o = 1
        guard view.count > 0, let type = OSMType(rawValue: view.u8(0) & 3), let id = view.svarint(&o), id != 0 else { return nil }
        return OSMRef(type: type, id: id)
    }

    static func decode(_ view: ByteView, point: FixedCoordinate, strings: StringTable, placeRows: Int,
                       allNames: Bool = true, language: String? = nil) -> LandmarkRecord? {
        var o = 0
        let flags = view.u8(0)
        o = 1
        guard let type = OSMType(rawValue: flags & 3), let id = view.svarint(&o),
              let count = view.varint(&o, limit: maxNames) else { return nil }
        var names: [LandmarkName] = []
        names.reserveCapacity(count)
        let wantedKey = language.map { "name:\($0)" }
        for n in 0..<count {
            guard let key = view.varint(&o, limit: Int(Int32.max)) else { return nil }
            let keyText = key == 0 ? "name" : (allNames || wantedKey != nil ? strings.string(at: key - 1) ?? "name" : "")
            if allNames || n == 0 || keyText == wantedKey {
                guard let value = view.string(&o) else { return nil }
                names.append(LandmarkName(key: keyText, value: value))
            } else {
                guard let len = view.varint(&o, limit: view.count), view.contains(o, len) else { return nil }
                o += len
            }
        }
        var record = LandmarkRecord(osmType: type, osmID: id, names: names)
        record.numberAfterStreet = flags & (1 << 7) != 0
        if flags & (1 << 2) != 0 {
            guard let a = view.svarint(&o), let b = view.svarint(&o), let c = view.svarint(&o), let d = view.svarint(&o) else { return nil }
            record.bbox = bbox(a, b, c, d, point: point)
        }
        if flags & (1 << 3) != 0 { record.houseNumber = view.string(&o) }
        if flags & (1 << 4) != 0 { record.street = view.varint(&o, limit: Int(Int32.max)).flatMap(strings.string(at:)) }
        if flags & (1 << 5) != 0 { record.postcode = view.varint(&o, limit: Int(Int32.max)).flatMap(strings.string(at:)) }
        if flags & (1 << 6) != 0 { record.locality = view.varint(&o, limit: Int(Int32.max)).flatMap(strings.string(at:)) }
        guard let row = view.varint(&o, limit: placeRows), o == view.count else { return nil }
        record.placesRow = row
        return record
    }
}

extension RecordCodec {
    /// Only the extent of a record (names skipped without being read), or nil when it has none.
    static func bbox(_ view: ByteView, point: FixedCoordinate) -> FixedBoundingBox? {
        let flags = view.u8(0)
        guard flags & (1 << 2) != 0 else { return nil }
        var o = 1
        guard view.svarint(&o) != nil, let count = view.varint(&o, limit: maxNames) else { return nil }
        for _ in 0..<count {
            guard view.varint(&o) != nil, let len = view.varint(&o, limit: view.count), view.contains(o, len) else { return nil }
            o += len
        }
        guard let a = view.svarint(&o), let b = view.svarint(&o), let c = view.svarint(&o), let d = view.svarint(&o) else { return nil }
        return RecordCodec.bbox(a, b, c, d, point: point)
    }
}

extension LandmarkRecord {
    init(osmType: OSMType, osmID: Int64, names: [LandmarkName]) {
        self.osmType = osmType
        self.osmID = osmID
        self.names = names
    }
}

/// The shared strings section.
public struct StringTable: Sendable {
    let view: ByteView

    public func string(at offset: Int) -> String? {
        var o = offset
        return view.string(&o)
    }
}
