// What a command reads, named once: a file by its path, or a descriptor that is
// already open (standard input, which tests replace) with the name messages
// show for it. Readers open inputs through it, and OutputFile compares every
// input with its output through it — by device and inode, so neither a link,
// a `./`, nor a shell redirection (`- < same.osm`) makes an output an input.
#if canImport(Glibc)
import Glibc
#endif

public enum InputFile: Sendable, Equatable {
    case path(String)
    case descriptor(Int32, name: String)

    /// What messages call standard input.
    public static let standardInputName = "<stdin>"

    /// `-` is standard input (the descriptor given), anything else a path.
    public init(_ path: String, standardInput: Int32 = 0) {
        self = path == "-" ? .descriptor(standardInput, name: InputFile.standardInputName) : .path(path)
    }

    /// The name messages show: the path, or `<stdin>`.
    public var name: String {
        switch self {
        case .path(let p): return p
        case .descriptor(_, let name): return name
        }
    }

    /// The file's status, nil when it cannot be had (a missing file is nothing an output could destroy).
    public func status() -> stat? {
        var st = stat()
        switch self {
        case .path(let p): return stat(p, &st) == 0 ? st : nil
        case .descriptor(let fd, _): return fstat(fd, &st) == 0 ? st : nil
        }
    }

    /// Whether writing to the file whose status is `output` could destroy this input: the same
    /// device and inode. A character device (a terminal, /dev/null) is never destroyed by writing.
    public func isSameFile(as output: stat) -> Bool {
        guard let st = status() else { return false }
        return st.st_dev == output.st_dev && st.st_ino == output.st_ino && st.st_mode & S_IFMT != S_IFCHR
    }

    /// Opens the input for reading (standard input is already open: its descriptor, not owned).
    /// A directory is refused here, once for every reader.
    public func openForReading() throws -> (fd: Int32, owned: Bool) {
        let fd: Int32, owned: Bool
        switch self {
        case .descriptor(let d, _):
            (fd, owned) = (d, false)
        case .path(let p):
            fd = open(p, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw InputError(file: p, message: "cannot open: \(String(cString: strerror(errno)))") }
            owned = true
        }
        var st = stat()
        if fstat(fd, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR {
            if owned { close(fd) }
            throw InputError(file: name, message: "is a directory, not a file")
        }
        return (fd, owned)
    }
}
