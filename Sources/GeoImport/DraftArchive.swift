// Landmark drafts and street parts kept as bytes while the file streams by.
// A LandmarkDraft value is about 180 bytes plus a heap object per name list
// and long string, and the arrays holding them grow by doubling; encoded here
// (varints, strings as UTF-8, category and name keys interned) a draft takes
// about 50 bytes and a street part about 40 plus 3 a point, in a
// GrowableRegion that grows without copies. They are decoded once, in file
// order, when the import is over and the node store is gone.
import Foundation
import GeoBase
import GeoModel

final class DraftArchive {
    private let region = try! GrowableRegion(backing: .memory, reservation: 1 << 38)
    /// Category keys and values and name keys: few distinct strings, repeated on every draft.
    private var interned: [String] = []
    private var internIndex: [String: Int] = [:]
    private(set) var count = 0

    var memoryBytes: Int { region.count + interned.count * 48 }

    func append(_ d: LandmarkDraft) {
        var flags = UInt16(d.osmType.rawValue) | UInt16(d.kind.rawValue) << 2
        if d.bbox != nil { flags |= 1 << 5 }
        for (bit, s) in [d.houseNumber, d.street, d.postcode, d.city, d.locality].enumerated() where s != nil {
            flags |= 1 << (6 + bit)
        }
        if !d.extra.isEmpty { flags |= 1 << 11 }
        region.appendVarint(UInt64(flags))
        region.appendVarint(NodeStore.zigzag(d.osmID))
        put(interned: d.categoryKey)
        put(interned: d.categoryValue)
        region.appendVarint(NodeStore.zigzag(Int64(d.point.lat)))
        region.appendVarint(NodeStore.zigzag(Int64(d.point.lon)))
        if let b = d.bbox {
            for v in [b.minLat, b.minLon, b.maxLat, b.maxLon] { region.appendVarint(NodeStore.zigzag(Int64(v))) }
        }
        region.append(d.importance)
        put(d.names)
        for s in [d.houseNumber, d.street, d.postcode, d.city, d.locality] { if let s { put(s) } }
        if !d.extra.isEmpty {
            // Keys are few and repeat on every draft: interned like category keys.
            region.appendVarint(UInt64(d.extra.count))
            for t in d.extra {
                put(interned: t.key)
                put(t.value)
            }
        }
        count += 1
    }

    /// A street's way: id, its classification and its points (zig-zag deltas).
    func append(street p: StreetPart) {
        let c = p.classification
        region.appendVarint(NodeStore.zigzag(p.wayID))
        region.appendVarint(UInt64(c.kind.rawValue))
        put(interned: c.key)
        put(interned: c.value)
        region.appendVarint(NodeStore.zigzag(Int64(c.importance)))
        put(c.names)
        region.appendVarint(UInt64(p.points.count))
        var lat: Int64 = 0, lon: Int64 = 0
        for q in p.points {
            region.appendVarint(NodeStore.zigzag(Int64(q.lat) - lat))
            region.appendVarint(NodeStore.zigzag(Int64(q.lon) - lon))
            lat = Int64(q.lat)
            lon = Int64(q.lon)
        }
        count += 1
    }

    func drafts() -> [LandmarkDraft] {
        var out: [LandmarkDraft] = []
        out.reserveCapacity(count)
        read { r in
            let flags = r.varint()
            let type = OSMType(rawValue: UInt8(flags & 3))!, kind = LandmarkKind(rawValue: UInt8(flags >> 2 & 7))!
            let id = r.svarint()
            let key = interned[Int(r.varint())], value = interned[Int(r.varint())]
            let point = FixedCoordinate(lat: Int32(truncatingIfNeeded: r.svarint()), lon: Int32(truncatingIfNeeded: r.svarint()))
            var bbox: FixedBoundingBox?
            if flags & 1 << 5 != 0 {
                // Stored as min lat, min lon, max lat, max lon.
                let minLat = Int32(truncatingIfNeeded: r.svarint()), minLon = Int32(truncatingIfNeeded: r.svarint())
                let maxLat = Int32(truncatingIfNeeded: r.svarint()), maxLon = Int32(truncatingIfNeeded: r.svarint())
                bbox = FixedBoundingBox(minLon: minLon, minLat: minLat, maxLon: maxLon, maxLat: maxLat)
            }
            let importance = r.byte()
            var d = LandmarkDraft(osmType: type, osmID: id, kind: kind, categoryKey: key, categoryValue: value, point: point,
                                  bbox: bbox, importance: importance, names: names(&r))
            func optional(_ bit: Int) -> String? { flags & 1 << (6 + UInt64(bit)) != 0 ? r.string() : nil }
            d.houseNumber = optional(0)
            d.street = optional(1)
            d.postcode = optional(2)
            d.city = optional(3)
            d.locality = optional(4)
            if flags & 1 << 11 != 0 {
                let n = Int(r.varint())
                d.extra = (0..<n).map { _ in
                    let key = interned[Int(r.varint())]
                    return ExtraTag(key: key, value: r.string())
                }
            }
            out.append(d)
        }
        return out
    }

    func streetParts() -> [StreetPart] {
        var out: [StreetPart] = []
        out.reserveCapacity(count)
        read { r in
            let id = r.svarint()
            let kind = LandmarkKind(rawValue: UInt8(r.varint()))!
            let key = interned[Int(r.varint())], value = interned[Int(r.varint())]
            let importance = Int(r.svarint())
            let c = LandmarkClassification(kind: kind, key: key, value: value, importance: importance, names: names(&r))
            let n = Int(r.varint())
            var points: [FixedCoordinate] = []
            points.reserveCapacity(n)
            var lat: Int64 = 0, lon: Int64 = 0
            for _ in 0..<n {
                lat += r.svarint()
                lon += r.svarint()
                points.append(FixedCoordinate(lat: Int32(truncatingIfNeeded: lat), lon: Int32(truncatingIfNeeded: lon)))
            }
            out.append(StreetPart(wayID: id, classification: c, points: points,
                                  nameKey: TextNormalizer.normalize(c.names.first?.value ?? "")))
        }
        return out
    }

    private func put(interned s: String) {
        if let i = internIndex[s] {
            region.appendVarint(UInt64(i))
            return
        }
        internIndex[s] = interned.count
        region.appendVarint(UInt64(interned.count))
        interned.append(s)
    }

    private func put(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            region.appendVarint(UInt64(utf8.count))
            for b in utf8 { region.append(b) }
        }
    }

    private func put(_ names: [LandmarkName]) {
        region.appendVarint(UInt64(names.count))
        for n in names {
            put(interned: n.key)
            put(n.value)
        }
    }

    private func names(_ r: inout Reader) -> [LandmarkName] {
        let n = Int(r.varint())
        var out: [LandmarkName] = []
        out.reserveCapacity(n)
        for _ in 0..<n {
            let key = interned[Int(r.varint())]
            out.append(LandmarkName(key: key, value: r.string()))
        }
        return out
    }

    /// Calls `body` once per stored item with a reader positioned at its start.
    private func read(_ body: (inout Reader) -> Void) {
        region.withBytes(0..<region.count) { bytes in
            var r = Reader(bytes: bytes)
            for _ in 0..<count { body(&r) }
        }
    }

    /// Sequential decoding of what `append` wrote (the archive wrote it, so it is well-formed).
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var i = 0

        mutating func byte() -> UInt8 {
            defer { i += 1 }
            return bytes[i]
        }

        mutating func varint() -> UInt64 { NodeStore.varint(bytes, &i) }

        mutating func svarint() -> Int64 { NodeStore.unzigzag(varint()) }

        mutating func string() -> String {
            let n = Int(varint())
            defer { i += n }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[i..<i + n]), as: UTF8.self)
        }
    }
}
