// Damaged map shape sections (SHPS). The readers must survive anything — a
// flipped byte anywhere, a cut, random garbage, counts that claim billions —
// yielding fewer or wrong shapes but never crashing or allocating what a count
// claims; and `verify` must name SHPS for every damaged byte of its fixed
// layout (header, tree, boxes, leaf and kind offsets). In memory, section by
// section (fast enough to flip every byte), and in a whole file whose
// checksums were recomputed so the damage reaches the structural checks.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
import GeoTestSupport

private let world = FixedBoundingBox(minLon: -1_800_000_000, minLat: -900_000_000, maxLon: 1_800_000_000, maxLat: 900_000_000)

/// The sample town's SHPS section.
private func townSection() throws -> [UInt8] {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    let s = try #require(index.sections[.mapShapes])
    return Array(index.file.view.bytes(s.offset, s.length))
}

/// Reads `bytes` as a section every way there is; returns the shapes a world query found and the
/// check's verdict (nil when the reader refused the layout).
@discardableResult
private func exercise(_ bytes: [UInt8]) -> (shapes: Int, fault: String?)? {
    bytes.withUnsafeBytes { raw -> (Int, String?)? in
        guard let reader = MapShapeReader(view: ByteView(base: raw.baseAddress, count: raw.count)) else { return nil }
        var n = 0
        reader.forEach(in: world) { s in
            n += 1
            _ = s.rings.reduce(0) { $0 + $1.count }
        }
        reader.forEach(in: FixedBoundingBox(minLon: 67_950_000, minLat: 461_950_000, maxLon: 67_990_000, maxLat: 461_990_000),
                       minimumSpan: 100) { _ in }
        reader.forEachShape { _ in }
        _ = (reader.layerCounts, reader.layerBytes)
        return (n, reader.check())
    }
}

@Suite struct MapShapeHostileTests {
    @Test func theTownSectionIsSound() throws {
        let good = try townSection()
        let result = try #require(exercise(good))
        #expect(result.shapes == 52 && result.fault == nil)
    }

    @Test func everyFlippedByteIsSurvivedAndTheFixedLayoutIsAlwaysReported() throws {
        let good = try townSection()
        let reader = try #require(good.withUnsafeBytes { MapShapeReader(view: ByteView(base: $0.baseAddress, count: $0.count)) })
        // Everything before the kind strings and the records has a fixed meaning that verify checks.
        let fixedEnd = MapShapeFormat.headerSize + reader.levels.reduce(0, +) * MapShapeFormat.nodeSize
            + reader.count * MapShapeFormat.boxSize + ((reader.levels.first ?? 0) + 1) * 8 + reader.kindCount * 4
        var unreported: [Int] = []
        var reported = 0
        for i in good.indices {
            for pattern: UInt8 in [0xFF, 0x01, 0x80] {
                var bytes = good
                bytes[i] ^= pattern
                let result = exercise(bytes)
                let flagged = result == nil || result?.fault != nil
                if flagged { reported += 1 } else if i < fixedEnd { unreported.append(i) }
            }
        }
        #expect(unreported.isEmpty, "flips at \(unreported.prefix(10)) of the fixed layout went unreported")
        // Most flips in the records are caught too (a changed letter of a name cannot be).
        #expect(reported > good.count * 3 * 8 / 10, "\(reported) of \(good.count * 3) flips reported")
    }

    @Test func cutsAndGarbageAreSurvived() throws {
        let good = try townSection()
        for cut in 0..<good.count { #expect(exercise(Array(good.prefix(cut))) == nil) }
        var rng = SplitMix64(seed: 0x5A4E5)
        for _ in 0..<3_000 {
            var bytes = good
            for _ in 0..<(1 + rng.next() % 8) {
                bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
            }
            exercise(bytes)
        }
        // Appended bytes: the counts no longer add up to the length.
        #expect(exercise(good + [0, 0, 0, 0]) == nil)
    }

    @Test func countsThatClaimTooMuchAreRefusedNotAllocated() throws {
        let good = try townSection()
        func patched(_ offset: Int, _ value: UInt64, width: Int) -> [UInt8] {
            var b = good
            for k in 0..<width { b[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(k))) }
            return b
        }
        #expect(exercise(patched(0, UInt64(UInt32.max), width: 4)) == nil)      // shapes
        #expect(exercise(patched(4, UInt64(UInt32.max), width: 4)) == nil)      // kinds
        #expect(exercise(patched(8, UInt64(UInt32.max), width: 4)) == nil)      // kind bytes
        #expect(exercise(patched(12, 1, width: 4)) == nil)                       // tree nodes
        #expect(exercise(patched(16, UInt64.max, width: 8)) == nil)             // record bytes
        // A record claiming 2^40 rings of 2^40 points: a short section, no allocation.
        var w = ByteWriter()
        w.u32(1); w.u32(1); w.u32(2); w.u32(1)
        let record: [UInt8] = [UInt8(MapLayer.water.rawValue), 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20, 0xFF, 0xFF, 0xFF, 0x7F]
        w.u64(UInt64(record.count + 1))
        w.u32(1)
        for _ in 1..<8 { w.u32(0) }
        w.u64(UInt64(record.count + 1))
        for _ in 1..<8 { w.u64(0) }
        while w.count < MapShapeFormat.headerSize { w.u8(0) }
        for _ in 0..<2 {   // the root (a leaf) and the shape's box
            for v: Int32 in [0, 0, 10, 10] { w.i32(v) }
            if w.count < MapShapeFormat.headerSize + MapShapeFormat.nodeSize { w.u32(10) }
        }
        w.u64(0); w.u64(UInt64(record.count + 1))
        w.u32(0)
        w.string("x")
        w.varint(record.count)
        w.append(contentsOf: record)
        let result = try #require(exercise(w.bytes))
        #expect(result.shapes == 0 && result.fault != nil)
    }

    @Test func aDamagedSectionInAFileIsNamedByVerifyAndReadSafely() throws {
        let index = try TestData.index(of: TestData.sample("town.osm"))
        let good = Array(try Data(contentsOf: URL(fileURLWithPath: index.path)))
        let s = try #require(index.sections[.mapShapes])
        let path = TestData.tempPath("shps-damaged.geoidx")
        var rng = SplitMix64(seed: 0xB0A7)
        var named = 0
        for k in 0..<200 {
            var bytes = good
            // The header and tree first, then anywhere in the section.
            let i = s.offset + (k < 100 ? k * 3 % 400 : Int(rng.next() % UInt64(s.length)))
            bytes[i] ^= UInt8(truncatingIfNeeded: rng.next() | 1)
            recomputeChecksums(&bytes)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let faults = IndexVerifier.verify(path: path)
            if faults.contains(where: { $0.contains("SHPS") }) { named += 1 }
            #expect(faults.allSatisfy { $0.contains("SHPS") }, "\(faults)")
            let damaged = try LandmarkIndex(path: path)
            damaged.mapShapes?.forEach(in: world) { _ in }
            _ = IndexInfo.json(damaged)
        }
        #expect(named >= 150, "\(named) of 200 damaged sections named")
        unlink(path)
    }
}

/// Recomputes every section's CRC and then the header's (so damage reaches the structural checks).
func recomputeChecksums(_ b: inout [UInt8]) {
    func u32(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 | Int(b[o + 2]) << 16 | Int(b[o + 3]) << 24 }
    func put(_ v: UInt32, _ o: Int) { for k in 0..<4 { b[o + k] = UInt8(truncatingIfNeeded: v >> (8 * k)) } }
    let n = u32(12)
    for i in 0..<n {
        let e = IndexFormat.headerSize + i * IndexFormat.sectionEntrySize
        let offset = u32(e + 8), length = u32(e + 16)
        put(CRC32.checksum(Array(b[offset..<(offset + length)])), e + 4)
    }
    put(0, 32)
    put(CRC32.checksum(Array(b[0..<(IndexFormat.headerSize + n * IndexFormat.sectionEntrySize)])), 32)
}
