// Lays the sections out behind the header and section table and writes the
// file front to back through an OutputFile: into a temporary file renamed
// into place when complete (a failed or killed build never leaves a
// half-written index under the real name, and processes that have the old
// file mapped keep reading it), or straight down a pipe or to standard output
// (`-o -`), which is why nothing is written out of order.
//
// The sections are already in memory when the file is written; their CRCs
// and offsets are worked out first, so the header goes out before them and
// no second copy of the file is ever made.
import Foundation
import GeoBase

package enum IndexFileWriter {
    /// One row of the section table.
    struct Entry {
        var tag: SectionTag
        var crc: UInt32
        var offset: Int
        var length: Int
        var items: Int
    }

    /// Writes the sections to `output` and completes it; returns the file's size.
    @discardableResult
    package static func write(sections: [(SectionTag, [UInt8], Int)], buildTime: Int64, to output: OutputFile) throws -> Int {
        precondition(sections.count <= IndexFormat.maxSections)
        var entries: [Entry] = []
        var offset = dataStart(sectionCount: sections.count)
        for (tag, bytes, items) in sections {
            offset = aligned(offset)
            entries.append(Entry(tag: tag, crc: CRC32.checksum(bytes), offset: offset, length: bytes.count, items: items))
            offset += bytes.count
        }
        var written = 0
        func put(_ bytes: [UInt8]) throws {
            try output.write(bytes)
            written += bytes.count
        }
        try put(header(entries: entries, buildTime: buildTime))
        for (k, (_, bytes, _)) in sections.enumerated() {
            try put([UInt8](repeating: 0, count: entries[k].offset - written))
            try put(bytes)
        }
        try put([UInt8](repeating: 0, count: aligned(written) - written))
        try output.finish()
        return written
    }

    private static func aligned(_ n: Int) -> Int { (n + 7) & ~7 }

    /// Where the first section starts: after the header and table, 8-aligned.
    static func dataStart(sectionCount: Int) -> Int {
        aligned(IndexFormat.headerSize + sectionCount * IndexFormat.sectionEntrySize)
    }

    /// Header and section table (with the header CRC), padded to the first section.
    static func header(entries: [Entry], buildTime: Int64) -> [UInt8] {
        let tableEnd = IndexFormat.headerSize + entries.count * IndexFormat.sectionEntrySize
        var w = ByteWriter(capacity: dataStart(sectionCount: entries.count))
        w.append(contentsOf: IndexFormat.magic)
        w.u32(IndexFormat.version)
        w.u32(UInt32(entries.count))
        w.u32(UInt32(tableEnd))
        w.u32(0)                  // flags
        w.i64(buildTime)
        w.u32(0)                  // header CRC, patched below
        while w.count < IndexFormat.headerSize { w.u8(0) }
        for e in entries {
            w.u32(e.tag.code)
            w.u32(e.crc)
            w.u64(UInt64(e.offset))
            w.u64(UInt64(e.length))
            w.u64(UInt64(e.items))
        }
        let headerCRC = w.bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<tableEnd])) }
        w.patchU32(headerCRC, at: 32)
        w.align(to: 8)
        return w.bytes
    }
}
