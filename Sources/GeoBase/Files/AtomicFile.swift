// Whole files written through a temporary name beside the target and a
// rename, so a reader never sees a half-written file and a failed write
// leaves the old file as it was.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes whole files through a temporary name and a rename.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let tmp = PathName.temporarySibling(of: path, processID: getpid())
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
