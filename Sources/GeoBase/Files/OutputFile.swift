// The one way every tool writes an output file. Where `-o` points is decided
// before any work is done, so a bad path fails at once and nothing else on
// disk is touched: `-` is standard output; a regular file (or a new name) is
// written to a temporary file beside it (unnamed where the file system allows:
// TemporarySibling) and renamed into place when complete, so a failed or
// killed run leaves no partial file and readers of the old one keep it;
// a device, FIFO or socket is written directly (never replaced by a file); a
// symbolic link's target is written, not the link; and an output that is one
// of the inputs (same device and inode: a path or standard input, InputFile)
// is refused instead of destroying it. A write that fails is an error naming
// the output, standard output included; a reader that left (EPIPE) is
// `BrokenPipe`, on which the tools stop quietly.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The reader of an output went away (EPIPE: `geoquery --batch … | head -1`). The tools stop
/// their work at once and end quietly with status 0, as ripgrep does.
public struct BrokenPipe: Error, Sendable, Equatable {
    public init() {}
}

public final class OutputFile {
    /// What messages call standard output.
    public static let standardOutputName = "<stdout>"

    public enum Kind: Sendable, Equatable {
        /// `-`: the process's standard output (or what a front end captures).
        case standardOutput
        /// A regular file, new or replaced atomically.
        case regular
        /// A character or block device, FIFO or socket: written in place, in order.
        case stream
    }

    /// The path as given (`-` for standard output).
    public let path: String
    public let kind: Kind
    /// Where the bytes go: the path with symbolic links followed.
    public let target: String
    public private(set) var bytesWritten = 0

    private let standardOutput: ([UInt8]) throws -> Void
    private var fd: Int32 = -1
    private var temporary: TemporarySibling?
    private var finished = false
    /// Whether the temporary file may be unnamed (O_TMPFILE); tests turn it off to check the named one.
    var allowsUnnamedTemporary = true

    /// Decides where `path` leads; throws an `InputError` naming `path` when it cannot or must
    /// not be written: a directory, a missing or unwritable directory, or one of `inputs` (every
    /// file and descriptor the command reads, standard input included).
    public init(path: String, inputs: [InputFile] = [], standardOutput: @escaping ([UInt8]) throws -> Void) throws {
        self.path = path
        self.standardOutput = standardOutput
        guard !path.isEmpty else { throw InputError(file: "\"\"", message: "an empty output name") }
        if path == "-" {
            kind = .standardOutput
            target = path
            return
        }
        target = try OutputFile.resolve(path)
        var st = stat()
        if stat(target, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFDIR: throw InputError(file: path, message: "is a directory; give a file name for the output")
            case S_IFREG: kind = .regular
            default: kind = .stream
            }
            if let input = inputs.first(where: { $0.isSameFile(as: st) }) {
                throw InputError(file: path, message: "is the input \(input.name); writing it would destroy the input (choose another output)")
            }
        } else {
            kind = .regular
        }
        if kind == .regular {
            let dir = PathName.directory(target)
            let shown = dir.isEmpty ? "." : dir
            var sd = stat()
            guard stat(shown, &sd) == 0 else {
                throw InputError(file: path, message: "cannot create the output: the directory \(shown) does not exist")
            }
            guard sd.st_mode & S_IFMT == S_IFDIR else {
                throw InputError(file: path, message: "cannot create the output: \(shown) is not a directory")
            }
            guard access(shown, W_OK) == 0 else {
                throw InputError(file: path, message: OutputFile.unwritableDirectory(shown, errno))
            }
        }
    }

    /// Why a directory cannot take the output, by access(2)'s errno: a read-only mount is not
    /// a matter of permissions.
    static func unwritableDirectory(_ directory: String, _ code: Int32) -> String {
        switch code {
        case EROFS: return "cannot create the output: \(directory) is on a read-only file system"
        case EACCES, EPERM: return "cannot create the output: no permission to write in \(directory)"
        default: return "cannot create the output in \(directory): \(String(cString: strerror(code)))"
        }
    }

    deinit {
        if fd >= 0 && fd != 1 { close(fd) }
        if !finished { temporary?.discard() }
    }

    public var isStandardOutput: Bool { kind == .standardOutput }

    /// Appends bytes, in order.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    public func write(_ buffer: UnsafeRawBufferPointer) throws {
        precondition(!finished, "write after finish")
        guard buffer.count > 0 else { return }
        if kind == .standardOutput {
            try standardOutput(Array(buffer))
            bytesWritten += buffer.count
            return
        }
        try openIfNeeded()
        try OutputFile.writeAll(buffer, to: fd, name: path)
        bytesWritten += buffer.count
    }

    /// Writes all of `buffer` to `fd`: a reader that left is `BrokenPipe`, any other failure an
    /// error naming the output `name` ("cannot write the output: No space left on device").
    public static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32, name: String) throws {
        var done = 0
        while done < buffer.count {
            let r = retryingInterrupted { Glibc.write(fd, buffer.baseAddress! + done, min(buffer.count - done, 1 << 30)) }
            if r < 0 {
                if errno == EPIPE { throw BrokenPipe() }
                throw writeFailure(name, errno)
            }
            done += r
        }
    }

    /// The one wording of a failed write or close, for every output.
    public static func writeFailure(_ name: String, _ code: Int32) -> InputError {
        InputError(file: name, message: "cannot write the output: \(String(cString: strerror(code)))")
    }

    /// Completes the output: a regular file is synced and renamed into place (an empty output
    /// still creates its file). Returns the bytes written.
    @discardableResult
    public func finish() throws -> Int {
        guard !finished else { return bytesWritten }
        if kind == .standardOutput {
            finished = true
            return bytesWritten
        }
        try openIfNeeded()
        if kind == .regular && retryingInterrupted({ fsync(fd) }) != 0 { throw OutputFile.writeFailure(path, errno) }
        do { try temporary?.link() } catch let e as SystemCallFailure { throw failure(e.what, e.code) }
        let closed = close(fd)
        fd = -1
        if closed != 0 { throw OutputFile.writeFailure(path, errno) }
        do { try temporary?.rename() } catch let e as SystemCallFailure { throw failure(e.what, e.code) }
        finished = true
        return bytesWritten
    }

    /// Writes `bytes` as the whole output of `path` (see the type's rules).
    public static func write(_ bytes: [UInt8], to path: String, inputs: [InputFile] = [],
                             standardOutput: @escaping ([UInt8]) throws -> Void) throws {
        let out = try OutputFile(path: path, inputs: inputs, standardOutput: standardOutput)
        try out.write(bytes)
        try out.finish()
    }

    private func openIfNeeded() throws {
        guard fd < 0 else { return }
        switch kind {
        case .standardOutput:
            return
        case .stream:
            fd = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { throw failure("cannot open the output", errno) }
        case .regular:
            do {
                let t = try TemporarySibling.create(for: target, allowUnnamed: allowsUnnamedTemporary)
                temporary = t
                fd = t.fd
            } catch let e as SystemCallFailure {
                throw failure(e.what, e.code)
            }
        }
    }

    private func failure(_ what: String, _ code: Int32) -> InputError {
        InputError(file: path, message: "\(what): \(String(cString: strerror(code)))")
    }

    /// `path` with symbolic links followed to what they name, even when that does not exist yet.
    static func resolve(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { throw InputError(file: path, message: "cannot read the link: \(String(cString: strerror(errno)))") }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : PathName.join(PathName.directory(current), link)
        }
        throw InputError(file: path, message: "too many levels of symbolic links")
    }
}
