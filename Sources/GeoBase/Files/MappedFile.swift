// A read-only memory mapping of a whole file. Index readers keep one open for
// their lifetime: opening costs a few system calls whatever the file's size,
// and a rebuild that renames a new file over the path leaves this mapping intact.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public final class MappedFile: @unchecked Sendable {
    public let path: String
    public let view: ByteView
    private let base: UnsafeMutableRawPointer?
    private let length: Int

    public init(path: String) throws {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw InputError(file: path, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw InputError(file: path, message: "cannot stat: \(String(cString: strerror(errno)))")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw InputError(file: path, message: "not a regular file")
        }
        length = Int(st.st_size)
        if length == 0 {
            base = nil
            view = .empty
            return
        }
        let p = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let p, p != MAP_FAILED else {
            throw InputError(file: path, message: "cannot map: \(String(cString: strerror(errno)))")
        }
        base = p
        view = ByteView(base: UnsafeRawPointer(p), count: length)
    }

    deinit {
        if let base { munmap(base, length) }
    }
}
