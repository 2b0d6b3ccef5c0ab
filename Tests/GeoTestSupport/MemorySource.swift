// Input made in memory, as a ByteSource: fixed bytes handed out in short reads
// (as a pipe would), or parts each repeated many times and produced as they
// are read, so a 250 MB hostile input never sits in memory or in the
// repository. The tests and the fuzzers share it.
import Foundation
import GeoBase
#if canImport(Glibc)
import Glibc
#endif

package final class MemorySource: ByteSource {
    private let parts: [(bytes: [UInt8], count: Int)]
    private let step: Int
    private var part = 0, done = 0, offset = 0
    package private(set) var consumedBytes: Int64 = 0

    /// `bytes`, in reads of at most `step` bytes.
    package init(_ bytes: [UInt8], step: Int = 4093) {
        parts = [(bytes, 1)]
        self.step = max(1, step)
    }

    /// Each text part repeated its count of times.
    package init(_ parts: [(String, Int)], step: Int = .max) {
        self.parts = parts.map { (Array($0.0.utf8), $0.1) }
        self.step = max(1, step)
    }

    /// Each byte part repeated its count of times.
    package init(bytes parts: [([UInt8], Int)], step: Int = .max) {
        self.parts = parts.map { ($0.0, $0.1) }
        self.step = max(1, step)
    }

    /// Total size in bytes.
    package var size: Int { parts.reduce(0) { $0 + $1.bytes.count * $1.count } }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let dst = buffer.baseAddress else { return 0 }
        let want = min(buffer.count, step)
        var n = 0
        while n < want && part < parts.count {
            let p = parts[part]
            if done >= p.count || p.bytes.isEmpty {
                part += 1; done = 0; offset = 0
                continue
            }
            let take = min(want - n, p.bytes.count - offset)
            p.bytes.withUnsafeBytes { (dst + n).copyMemory(from: $0.baseAddress! + offset, byteCount: take) }
            n += take
            offset += take
            if offset == p.bytes.count { offset = 0; done += 1 }
        }
        consumedBytes += Int64(n)
        return n
    }

    /// Writes everything to `path` in 1 MiB pieces; returns the path.
    @discardableResult
    package func write(to path: String) throws -> String {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw InputError(file: path, message: "cannot create") }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = try buffer.withUnsafeMutableBytes { try read(into: $0) }
            if n == 0 { break }
            guard buffer.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, n) }) == n else {
                throw InputError(file: path, message: "cannot write")
            }
        }
        return path
    }
}
