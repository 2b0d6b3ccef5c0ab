// Streams of input bytes: the protocol every reader pulls from, and a plain
// file or standard input under it. Decoders (gzip, bzip2) stack on top as
// further sources, so no reader ever holds a whole file in memory.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public protocol ByteSource: AnyObject {
    /// Fills `buffer` from the start; returns the number of bytes read, 0 at end of input.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Bytes consumed from the underlying file so far (for progress).
    var consumedBytes: Int64 { get }
}

/// A file descriptor read in large blocks; `-` means standard input (or the descriptor given).
public final class FileByteSource: ByteSource {
    public let name: String
    public let totalBytes: Int64?
    public private(set) var consumedBytes: Int64 = 0
    private let fd: Int32
    private let ownsFD: Bool
    /// Bytes peeked for format detection, served before reading further.
    private var pending: [UInt8] = []

    public convenience init(path: String, standardInput: Int32 = 0) throws {
        try self.init(InputFile(path, standardInput: standardInput))
    }

    public init(_ input: InputFile) throws {
        name = input.name
        (fd, ownsFD) = try input.openForReading()
        var st = stat()
        totalBytes = fstat(fd, &st) == 0 && st.st_mode & S_IFMT == S_IFREG && ownsFD ? Int64(st.st_size) : nil
    }

    deinit {
        if ownsFD { close(fd) }
    }

    /// Reads up to `n` bytes ahead without consuming them.
    public func peek(_ n: Int) throws -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: n)
        while pending.count < n {
            let got = try chunk.withUnsafeMutableBytes { try rawRead($0.baseAddress!, n - pending.count) }
            if got == 0 { break }
            pending.append(contentsOf: chunk[0..<got])
        }
        return pending
    }

    private func rawRead(_ p: UnsafeMutableRawPointer, _ n: Int) throws -> Int {
        let r = retryingInterrupted { Glibc.read(fd, p, n) }
        guard r >= 0 else {
            throw InputError(file: name, offset: consumedBytes, message: "read failed: \(String(cString: strerror(errno)))")
        }
        consumedBytes += Int64(r)
        return r
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let dst = buffer.baseAddress, buffer.count > 0 else { return 0 }
        if !pending.isEmpty {
            let n = min(pending.count, buffer.count)
            pending.withUnsafeBytes { dst.copyMemory(from: $0.baseAddress!, byteCount: n) }
            pending.removeFirst(n)
            return n
        }
        return try rawRead(dst, buffer.count)
    }
}
