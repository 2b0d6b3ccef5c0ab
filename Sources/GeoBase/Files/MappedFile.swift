// A read-only memory mapping of a whole file. Index readers keep one open for
// their lifetime: opening costs a few system calls whatever the file's size,
// and a rebuild that renames a new file over the path leaves this mapping intact.
//
// What renaming does not cover is a file changed in place (`cp new.geoidx
// served.geoidx` truncates and rewrites the inode that is mapped): pages past
// the new end raise SIGBUS, and pages still inside read the new bytes mixed
// with the old. So the mapping is guarded (CMappingGuard: a fault inside it
// reads zeros instead of killing the process) and the file's size and
// modification time are kept from the moment it was opened: `hasChanged`
// tells a reader that what it read may be a mix, so it fails that answer
// instead of trusting it. The kernel updates the modification time before it
// copies a write's bytes, so an answer computed before the check saw either
// the old file alone or a change the check reports. A FIFO, device or
// directory is refused at once (opened without blocking: a FIFO no writer
// feeds would otherwise hang the open for ever).
import CMappingGuard
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public final class MappedFile: @unchecked Sendable {
    public let path: String
    public let view: ByteView
    private let base: UnsafeMutableRawPointer?
    private let length: Int
    /// Kept open to ask the file (not the path, which a rename may point elsewhere) if it changed.
    private let fd: Int32
    private let opened: (size: Int64, modified: timespec)
    private let guardSlot: Int32

    public init(path: String) throws {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            throw InputError(file: path, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            close(fd)
            throw InputError(file: path, message: "cannot stat: \(String(cString: strerror(e)))")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw InputError(file: path, message: "\(MappedFile.describe(st.st_mode)), not a regular file")
        }
        self.fd = fd
        opened = (Int64(st.st_size), st.st_mtim)
        length = Int(st.st_size)
        if length == 0 {
            base = nil
            view = .empty
            guardSlot = -1
            return
        }
        let p = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let p, p != MAP_FAILED else {
            let e = errno
            close(fd)
            throw InputError(file: path, message: "cannot map: \(String(cString: strerror(e)))")
        }
        base = p
        view = ByteView(base: UnsafeRawPointer(p), count: length)
        guardSlot = geo_guard_register(p, length)
    }

    deinit {
        geo_guard_unregister(guardSlot)
        if let base { munmap(base, length) }
        close(fd)
    }

    /// Whether the file was written, truncated or grown since it was opened (or a read of the
    /// mapping faulted because it shrank): what was read from the mapping since may mix the old
    /// bytes with the new, or be zeros. A file renamed over the path is not a change of this one.
    public var hasChanged: Bool {
        if geo_guard_damaged(guardSlot) != 0 { return true }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return true }
        return Int64(st.st_size) != opened.size || st.st_mtim.tv_sec != opened.modified.tv_sec
            || st.st_mtim.tv_nsec != opened.modified.tv_nsec
    }

    /// Reads past the end of a shrunk file repaired with zero pages so far, in the whole process.
    public static var faultsRepaired: Int { Int(geo_guard_faults()) }

    /// "is a directory", "is a named pipe (FIFO)" …: what a path is when it is no regular file.
    public static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "is a directory"
        case S_IFIFO: "is a named pipe (FIFO)"
        case S_IFCHR: "is a character device"
        case S_IFBLK: "is a block device"
        case S_IFSOCK: "is a socket"
        default: "is not a regular file"
        }
    }
}
