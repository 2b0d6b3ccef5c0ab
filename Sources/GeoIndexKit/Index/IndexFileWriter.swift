// Lays sections out behind the header and section table and writes the file
// atomically: a temporary file beside the target, fsync, then rename. A build
// that fails (or is killed) never leaves a half-written index under the real
// name, and processes that have the old file mapped keep reading it.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum IndexFileWriter {
    static func layout(sections: [(SectionTag, [UInt8], Int)], buildTime: Int64) -> [UInt8] {
        precondition(sections.count <= IndexFormat.maxSections)
        let tableEnd = IndexFormat.headerSize + sections.count * IndexFormat.sectionEntrySize
        var offset = (tableEnd + 7) & ~7
        var entries: [(SectionTag, UInt32, Int, Int, Int)] = []
        for (tag, bytes, items) in sections {
            entries.append((tag, CRC32.checksum(bytes), offset, bytes.count, items))
            offset = (offset + bytes.count + 7) & ~7
        }
        var w = ByteWriter(capacity: offset)
        w.append(contentsOf: IndexFormat.magic)
        w.u32(IndexFormat.version)
        w.u32(UInt32(sections.count))
        w.u32(UInt32(tableEnd))
        w.u32(0)                  // flags
        w.i64(buildTime)
        w.u32(0)                  // header CRC, patched below
        while w.count < IndexFormat.headerSize { w.u8(0) }
        for (tag, crc, off, len, items) in entries {
            w.u32(tag.code)
            w.u32(crc)
            w.u64(UInt64(off))
            w.u64(UInt64(len))
            w.u64(UInt64(items))
        }
        let headerCRC = w.bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<tableEnd])) }
        w.patchU32(headerCRC, at: 32)
        for (i, (_, bytes, _)) in sections.enumerated() {
            w.align(to: 8)
            precondition(w.count == entries[i].2)
            w.append(contentsOf: bytes)
        }
        w.align(to: 8)
        return w.bytes
    }

    static func write(sections: [(SectionTag, [UInt8], Int)], buildTime: Int64, to path: String) throws {
        let bytes = layout(sections: sections, buildTime: buildTime)
        try AtomicFile.write(bytes, to: path)
    }
}

/// Writes whole files through a temporary name and a rename.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let dir = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        let tmp = (dir.isEmpty ? "" : dir + "/") + ".\(base).tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw InputError(file: path, message: "cannot create output: \(String(cString: strerror(errno)))")
        }
        var ok = false
        defer {
            if !ok { unlink(tmp) }
        }
        var written = 0
        let result: Int32 = bytes.withUnsafeBytes { buf in
            while written < buf.count {
                let r = Glibc.write(fd, buf.baseAddress! + written, buf.count - written)
                if r < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += r
            }
            return 0
        }
        if result != 0 {
            close(fd)
            throw InputError(file: path, message: "cannot write output: \(String(cString: strerror(result)))")
        }
        if fsync(fd) != 0 || close(fd) != 0 {
            throw InputError(file: path, message: "cannot write output: \(String(cString: strerror(errno)))")
        }
        guard rename(tmp, path) == 0 else {
            throw InputError(file: path, message: "cannot rename output into place: \(String(cString: strerror(errno)))")
        }
        ok = true
    }
}
