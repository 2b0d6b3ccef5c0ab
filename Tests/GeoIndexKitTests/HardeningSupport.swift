// Support for the hostile-input tests: inputs generated on the fly (a byte
// source or a file written in pieces, so a 250 MB input never sits in memory
// or in the repository), and running a command while measuring its peak
// resident memory (wait4's ru_maxrss of just that process).
import Foundation
import Testing
@testable import GeoIndexKit
#if canImport(Glibc)
import Glibc
#endif

/// `parts` in order, each repeated its count of times, produced as it is read.
final class GeneratedSource: ByteSource {
    private let parts: [(bytes: [UInt8], count: Int)]
    private var part = 0, done = 0, offset = 0
    private(set) var consumedBytes: Int64 = 0

    init(_ parts: [(String, Int)]) {
        self.parts = parts.map { (Array($0.0.utf8), $0.1) }
    }

    init(bytes parts: [([UInt8], Int)]) {
        self.parts = parts.map { ($0.0, $0.1) }
    }

    /// Total size in bytes.
    var size: Int { parts.reduce(0) { $0 + $1.bytes.count * $1.count } }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let dst = buffer.baseAddress else { return 0 }
        var n = 0
        while n < buffer.count && part < parts.count {
            let p = parts[part]
            if done >= p.count || p.bytes.isEmpty {
                part += 1; done = 0; offset = 0
                continue
            }
            let take = min(buffer.count - n, p.bytes.count - offset)
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
    func write(to path: String) throws -> String {
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

/// One finished run of an executable, with what it cost.
struct MeasuredRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var peakRSSMB: Int
    var seconds: Double
}

/// Runs one of the package's executables with stdin from `stdinPath` (or /dev/null) and reports
/// its exit status, output and peak resident memory. Output goes through files, so a chatty or
/// stuck child cannot block on a full pipe.
func runMeasured(_ name: String, _ args: [String], stdinPath: String? = nil) throws -> MeasuredRun {
    let exe = Executable.path(name)
    let stem = TestData.tempPath("run-\(name)-\(UUID().uuidString)")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stem + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stem + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] = ([exe] + args).map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    var pid: pid_t = 0
    let started = Date()
    let rc = posix_spawn(&pid, exe, &actions, nil, argv, environ)
    guard rc == 0 else { throw InputError(file: exe, message: "cannot start: \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Date().timeIntervalSince(started)
    let exited = status & 0x7F == 0
    let read = { (p: String) in (try? String(contentsOfFile: p, encoding: .utf8)) ?? "" }
    defer {
        unlink(stem + ".out")
        unlink(stem + ".err")
    }
    return MeasuredRun(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), stdout: read(stem + ".out"),
                       stderr: read(stem + ".err"), peakRSSMB: Int(usage.ru_maxrss) / 1024, seconds: seconds)
}

/// The slow hostile-input tests (hundreds of MB generated) run only under `make test-limits`.
enum LimitsGate {
    static let enabled = ProcessInfo.processInfo.environment["GEOINDEX_TEST_LIMITS"] != nil
}

/// An OSM file's opening, the usual way.
let osmHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"

/// The classic billion laughs: ten levels of ten references, 10^9 "lol"s if expanded.
func billionLaughs(root: String) -> String {
    var dtd = "<!ENTITY lol \"lol\">\n"
    var previous = "lol"
    for level in 1...9 {
        dtd += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        previous = "lol\(level)"
    }
    return "<?xml version=\"1.0\"?>\n<!DOCTYPE \(root) [\n\(dtd)]>\n"
}
