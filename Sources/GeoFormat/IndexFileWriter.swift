// Lays sections out behind the header and section table and writes the file
// atomically: a temporary file beside the target, fsync, then rename. A build
// that fails (or is killed) never leaves a half-written index under the real
// name, and processes that have the old file mapped keep reading it.
//
// `IndexFileStream` writes sections one at a time, computing each CRC as it
// goes, and fills in the header and section table last — so a build never
// holds a second copy of the whole file in memory, and can drop each section
// as soon as it is written.
import Foundation
import GeoBase
#if canImport(Glibc)
import Glibc
#endif

package enum IndexFileWriter {
    /// Writes the sections to `path` atomically; returns the file's size.
    @discardableResult
    package static func write(sections: [(SectionTag, [UInt8], Int)], buildTime: Int64, to path: String) throws -> Int {
        let stream = try IndexFileStream(path: path, sectionCount: sections.count, buildTime: buildTime)
        for (tag, bytes, items) in sections { try stream.append(tag, bytes, items: items) }
        return try stream.finish()
    }

    /// Where the first section starts: after the header and table, 8-aligned.
    static func dataStart(sectionCount: Int) -> Int {
        (IndexFormat.headerSize + sectionCount * IndexFormat.sectionEntrySize + 7) & ~7
    }

    /// Header and section table (with the header CRC), padded to the first section.
    static func header(entries: [IndexFileStream.Entry], buildTime: Int64) -> [UInt8] {
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

/// An index file written section by section into a temporary file, renamed into place by
/// `finish()`. Dropped unfinished (an error, a throw), it removes the temporary file.
final class IndexFileStream {
    struct Entry {
        var tag: SectionTag
        var crc: UInt32
        var offset: Int
        var length: Int
        var items: Int
    }

    let path: String
    private let tmp: String
    private var fd: Int32
    private let sectionCount: Int
    private let buildTime: Int64
    private var entries: [Entry] = []
    private var offset: Int
    private var finished = false

    init(path: String, sectionCount: Int, buildTime: Int64) throws {
        precondition(sectionCount <= IndexFormat.maxSections)
        self.path = path
        self.sectionCount = sectionCount
        self.buildTime = buildTime
        tmp = PathName.temporarySibling(of: path, processID: getpid())
        fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw InputError(file: path, message: "cannot create output: \(String(cString: strerror(errno)))")
        }
        // The header and table are written last, over these zeros.
        offset = 0
        try write(zeros: IndexFileWriter.dataStart(sectionCount: sectionCount))
    }

    deinit {
        if !finished {
            if fd >= 0 { close(fd) }
            unlink(tmp)
        }
    }

    /// Bytes written so far.
    var count: Int { offset }

    func append(_ tag: SectionTag, _ bytes: [UInt8], items: Int) throws {
        try bytes.withUnsafeBytes { try append(tag, $0, items: items) }
    }

    func append(_ tag: SectionTag, _ bytes: UnsafeRawBufferPointer, items: Int) throws {
        precondition(entries.count < sectionCount, "more sections than announced")
        try write(zeros: (8 - offset % 8) % 8)
        entries.append(Entry(tag: tag, crc: CRC32.checksum(bytes), offset: offset, length: bytes.count, items: items))
        try write(bytes)
    }

    /// Pads, writes the header and table, syncs and renames; returns the file size.
    func finish() throws -> Int {
        precondition(entries.count == sectionCount, "fewer sections than announced")
        try write(zeros: (8 - offset % 8) % 8)
        let head = IndexFileWriter.header(entries: entries, buildTime: buildTime)
        try head.withUnsafeBytes { buf in
            var done = 0
            while done < buf.count {
                let r = pwrite(fd, buf.baseAddress! + done, buf.count - done, off_t(done))
                if r < 0 {
                    if errno == EINTR { continue }
                    throw failure("cannot write output", errno)
                }
                done += r
            }
        }
        if fsync(fd) != 0 { throw failure("cannot write output", errno) }
        let closed = close(fd)
        fd = -1
        if closed != 0 { throw failure("cannot write output", errno) }
        guard rename(tmp, path) == 0 else { throw failure("cannot rename output into place", errno) }
        finished = true
        return offset
    }

    private func write(zeros n: Int) throws {
        guard n > 0 else { return }
        try [UInt8](repeating: 0, count: n).withUnsafeBytes { try write($0) }
    }

    private func write(_ buf: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < buf.count {
            let r = Glibc.write(fd, buf.baseAddress! + done, min(buf.count - done, 1 << 30))
            if r < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write output", errno)
            }
            done += r
        }
        offset += buf.count
    }

    private func failure(_ what: String, _ code: Int32) -> InputError {
        InputError(file: path, message: "\(what): \(String(cString: strerror(code)))")
    }
}
