// The EXTR section as hostile input: a structurally broken section whose CRCs
// were fixed up (so only the structure check can see it) is reported by
// `verify` naming EXTR, a header that does not add up refuses to open, random
// bytes read as a section never crash, and a version-4 file is refused with
// a message naming both versions (a version-4 file has no EXTR).
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
import GeoModel
import GeoTestSupport

private func u32(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 | Int(b[o + 2]) << 16 | Int(b[o + 3]) << 24 }

private func put32(_ b: inout [UInt8], _ o: Int, _ v: UInt32) {
    for k in 0..<4 { b[o + k] = UInt8(truncatingIfNeeded: v >> UInt32(8 * k)) }
}

/// The town's index bytes and the table entry offset, start and length of its EXTR section.
private func townWithExtra() throws -> (bytes: [UInt8], entry: Int, offset: Int, length: Int) {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try TestData.index(of: TestData.sample("town.osm")).path)))
    for i in 0..<u32(bytes, 12) {
        let e = IndexFormat.headerSize + i * IndexFormat.sectionEntrySize
        if String(decoding: bytes[e..<e + 4], as: UTF8.self) == "EXTR" { return (bytes, e, u32(bytes, e + 8), u32(bytes, e + 16)) }
    }
    throw InputError(file: "town", message: "no EXTR section")
}

/// Recomputes the section's CRC and the header's, as a forger (or a bug in a writer) would.
private func fixChecksums(_ b: inout [UInt8], entry: Int, offset: Int, length: Int) {
    put32(&b, entry + 4, CRC32.checksum(Array(b[offset..<offset + length])))
    let tableEnd = IndexFormat.headerSize + u32(b, 12) * IndexFormat.sectionEntrySize
    put32(&b, 32, 0)
    put32(&b, 32, CRC32.checksum(Array(b[0..<tableEnd])))
}

@Test func theSampleTownsExtraSectionIsSound() throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    #expect(index.sections[.extraTags] != nil)
    #expect(IndexVerifier.verify(path: index.path).isEmpty)
    #expect(index.extraTagReader.keys.allSatisfy { ExtraTags.keys.contains($0) })
}

@Test func verifyReportsAnEntryWithAKeyOutOfRange() throws {
    var (b, entry, offset, length) = try townWithExtra()
    let keyBytes = u32(b, offset + 4), valueBytes = u32(b, offset + 8), entryBytes = u32(b, offset + 12)
    // The last bytes of the section are the last landmarks' entries; find a non-empty one from the end
    // and set its first key id to 127, past any key table the town has.
    let entriesStart = offset + length - entryBytes
    #expect(entriesStart > offset + 16 + keyBytes + valueBytes)
    let index = try TestData.index(of: TestData.sample("town.osm"))
    var o = entriesStart
    var target: Int?
    for _ in 0..<index.count {
        let len = Int(b[o])   // the town's entries are short: one-byte lengths
        if len > 0 { target = o + 1 }
        o += 1 + len
    }
    let at = try #require(target)
    b[at] = 127
    fixChecksums(&b, entry: entry, offset: offset, length: length)
    let path = TestData.tempPath("extra-bad-key.geoidx")
    overwrite(path, b)
    let faults = IndexVerifier.verify(path: path)
    #expect(faults.contains { $0.contains("EXTR") && $0.contains("malformed") }, "\(faults)")
    // The readers take it in their stride: the broken pair is skipped.
    let broken = try LandmarkIndex(path: path)
    for i in 0..<broken.count { _ = broken.extraTags(i, .everything) }
}

@Test func anExtraHeaderThatDoesNotAddUpRefusesToOpen() throws {
    var (b, entry, offset, length) = try townWithExtra()
    put32(&b, offset + 8, UInt32(u32(b, offset + 8) + 1))   // one value byte more than there is
    fixChecksums(&b, entry: entry, offset: offset, length: length)
    let path = TestData.tempPath("extra-bad-header.geoidx")
    overwrite(path, b)
    #expect(IndexVerifier.verify(path: path) == ["index file is corrupt: EXTR"])
}

@Test func randomBytesReadAsAnExtraSectionNeverCrash() {
    var rng = SplitMix64(seed: 12)
    for round in 0..<2_000 {
        let n = Int(rng.next() % 40)
        var bytes = (0..<Int(rng.next() % 96)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        if round % 2 == 0 && bytes.count >= 16 {
            // A header that adds up, so the reader gets past it and walks the garbage.
            let sampled = (n + 15) / 16
            let rest = bytes.count - 16 - sampled * 4
            guard rest >= 0 else { continue }
            let k = Int(rng.next() % 4), kb = min(rest, Int(rng.next() % 8)), vb = min(rest - kb, Int(rng.next() % 16))
            bytes.replaceSubrange(0..<16, with: [UInt32(k), UInt32(kb), UInt32(vb), UInt32(rest - kb - vb)].flatMap { v in
                (0..<4).map { UInt8(truncatingIfNeeded: v >> UInt32(8 * $0)) }
            })
        }
        bytes.withUnsafeBytes { raw in
            guard let r = ExtraTagReader(view: ByteView(base: raw.baseAddress, count: raw.count), landmarkCount: n) else { return }
            for i in -1...n { _ = r.tags(i, .everything) }
        }
    }
}

@Test func anOlderFormatVersionIsRefusedNamingBothVersions() throws {
    var (b, _, _, _) = try townWithExtra()
    let older = IndexFormat.version - 1   // version 4: no EXTR
    b[8] = UInt8(older)
    let path = TestData.tempPath("older.geoidx")
    overwrite(path, b)
    do {
        _ = try LandmarkIndex(path: path)
        Issue.record("an older file opened")
    } catch let e as InputError {
        #expect(e.message.contains("version \(older) is older than") && e.message.contains("(\(IndexFormat.version))")
                && e.message.contains("geoindex build"))
    }
}
