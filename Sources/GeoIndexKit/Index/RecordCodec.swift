// The cold part of a landmark (read only for results being shown): OSM
// identity, names, extent and address. Layout of one record:
//   u8 flags: bits 0–1 OSM type, 2 bbox, 3 house number, 4 street, 5 postcode, 6 locality
//   svarint OSM id
//   varint name count; per name: varint key (0 = "name", else string offset + 1), inline string
//   [bbox: 4 × svarint, min/max lat/lon minus the point]
//   [house number: inline string] [street, postcode, locality: varint string offsets]

public struct LandmarkRecord: Sendable, Equatable {
    public var osmType: OSMType
    public var osmID: Int64
    public var names: [LandmarkName]
    public var bbox: FixedBoundingBox?
    public var houseNumber: String?
    public var street: String?
    public var postcode: String?
    public var locality: String?
}

enum RecordCodec {
    static let maxNames = 4096

    static func encode(_ d: LandmarkDraft, strings: inout StringTableBuilder) -> [UInt8] {
        var w = ByteWriter()
        var flags = d.osmType.rawValue
        if d.bbox != nil { flags |= 1 << 2 }
        if d.houseNumber != nil { flags |= 1 << 3 }
        if d.street != nil { flags |= 1 << 4 }
        if d.postcode != nil { flags |= 1 << 5 }
        if d.locality != nil { flags |= 1 << 6 }
        w.u8(flags)
        w.svarint(d.osmID)
        let names = d.names.prefix(maxNames)
        w.varint(names.count)
        for n in names {
            w.varint(n.key == "name" ? 0 : strings.ref(n.key) + 1)
            w.string(n.value)
        }
        if let b = d.bbox {
            w.svarint(Int64(b.minLat) - Int64(d.point.lat))
            w.svarint(Int64(b.minLon) - Int64(d.point.lon))
            w.svarint(Int64(b.maxLat) - Int64(d.point.lat))
            w.svarint(Int64(b.maxLon) - Int64(d.point.lon))
        }
        if let h = d.houseNumber { w.string(h) }
        if let s = d.street { w.varint(strings.ref(s)) }
        if let p = d.postcode { w.varint(strings.ref(p)) }
        if let l = d.locality { w.varint(strings.ref(l)) }
        return w.bytes
    }

    /// Decodes the record in `view` (its payload); nil when it is malformed. With `allNames`
    /// false only the displayed name and `name:<language>` are materialised (results for
    /// display skip the dozens of translations a country carries).
    static func decode(_ view: ByteView, point: FixedCoordinate, strings: StringTable, allNames: Bool = true,
                       language: String? = nil) -> LandmarkRecord? {
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
        if flags & (1 << 2) != 0 {
            guard let a = view.svarint(&o), let b = view.svarint(&o), let c = view.svarint(&o), let d = view.svarint(&o) else { return nil }
            func clamp(_ base: Int32, _ delta: Int64) -> Int32 { Int32(clamping: Int64(base) + delta) }
            record.bbox = FixedBoundingBox(minLat: clamp(point.lat, a), minLon: clamp(point.lon, b),
                                           maxLat: clamp(point.lat, c), maxLon: clamp(point.lon, d))
        }
        if flags & (1 << 3) != 0 { record.houseNumber = view.string(&o) }
        if flags & (1 << 4) != 0 { record.street = view.varint(&o, limit: Int(Int32.max)).flatMap(strings.string(at:)) }
        if flags & (1 << 5) != 0 { record.postcode = view.varint(&o, limit: Int(Int32.max)).flatMap(strings.string(at:)) }
        if flags & (1 << 6) != 0 { record.locality = view.varint(&o, limit: Int(Int32.max)).flatMap(strings.string(at:)) }
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
        func clamp(_ base: Int32, _ delta: Int64) -> Int32 { Int32(clamping: Int64(base) + delta) }
        return FixedBoundingBox(minLat: clamp(point.lat, a), minLon: clamp(point.lon, b),
                                maxLat: clamp(point.lat, c), maxLon: clamp(point.lon, d))
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
