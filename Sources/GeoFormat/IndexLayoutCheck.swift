// The part of `geoindex verify` that looks at the bytes between and after the
// sections. Section CRCs cover the sections and the header CRC covers the header
// and table, but the zero padding that aligns each section to 8 bytes is covered
// by neither: without this check a flipped padding byte, a file cut inside the
// last padding or garbage appended to the file would pass as sound. It also
// names the section a truncation cut, where opening only says "section table".
import GeoBase

enum IndexLayoutCheck {
    struct Entry {
        var name: String
        var offset: Int
        var end: Int
    }

    /// The section table of `v` as written, unknown tags included; nil when the header itself is unusable.
    static func entries(_ v: ByteView) -> (tableEnd: Int, entries: [Entry])? {
        guard v.count >= IndexFormat.headerSize, v.bytes(0, 8).elementsEqual(IndexFormat.magic) else { return nil }
        let sectionCount = Int(v.u32(12))
        let tableEnd = IndexFormat.headerSize + sectionCount * IndexFormat.sectionEntrySize
        guard sectionCount <= IndexFormat.maxSections, Int(v.u32(16)) == tableEnd, tableEnd <= v.count else { return nil }
        var out: [Entry] = []
        for i in 0..<sectionCount {
            let e = IndexFormat.headerSize + i * IndexFormat.sectionEntrySize
            let offset = v.u64(e + 8), length = v.u64(e + 16)
            guard offset <= UInt64(Int.max / 2), length <= UInt64(Int.max / 2) else { return nil }
            out.append(Entry(name: tagName(v.u32(e)), offset: Int(offset), end: Int(offset + length)))
        }
        return (tableEnd, out.sorted { $0.offset < $1.offset })
    }

    static func tagName(_ code: UInt32) -> String {
        if let tag = SectionTag(code: code) { return tag.rawValue }
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> (8 * $0)) }
        return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? String(decoding: bytes, as: UTF8.self) : "section 0x" + String(code, radix: 16)
    }

    /// For a file that does not open: the first section (in file order) that runs past the end, if any.
    static func truncation(_ v: ByteView) -> String? {
        // Only a table whose CRC holds says where sections should end (else the header is what is damaged).
        guard let (tableEnd, entries) = entries(v) else { return nil }
        var header = Array(v.bytes(0, tableEnd))
        for i in 32..<36 { header[i] = 0 }
        guard CRC32.checksum(header) == v.u32(32), let cut = entries.first(where: { $0.end > v.count }) else { return nil }
        return "index file is corrupt: \(cut.name) (truncated: the section ends at byte \(cut.end), the file at \(v.count))"
    }

    /// For a file that opens: every byte outside the sections is zero padding, and the file
    /// ends where the padding after its last section does.
    static func padding(_ v: ByteView) -> String? {
        guard let (tableEnd, entries) = entries(v) else { return "index file is corrupt: header" }
        var position = tableEnd
        var previous = "the section table"
        for e in entries {
            if e.offset > position, let bad = firstNonZero(v, position, e.offset) {
                return "index file is corrupt: \(previous == "the section table" ? "header" : previous) (padding byte \(bad) after \(previous) is not zero)"
            }
            if e.end > position {
                position = e.end
                previous = e.name
            }
        }
        let expected = (position + 7) & ~7
        if v.count < expected {
            return "index file is corrupt: \(previous) (truncated: the file ends at byte \(v.count), inside the padding that ends at \(expected))"
        }
        if let bad = firstNonZero(v, position, expected) {
            return "index file is corrupt: \(previous) (padding byte \(bad) after \(previous) is not zero)"
        }
        if v.count > expected {
            return "index file is corrupt: \(previous) (\(v.count - expected) unexpected bytes after the last section)"
        }
        return nil
    }

    private static func firstNonZero(_ v: ByteView, _ from: Int, _ to: Int) -> Int? {
        var i = from
        while i < to {
            if v.u8(i) != 0 { return i }
            i += 1
        }
        return nil
    }
}
