// Memory use at the phases of a build, for finding where the bytes go (there
// is no heap profiler on the build machines). Off unless `GEOINDEX_MEMTRACE`
// is set; then each phase prints one line to stderr: resident set before and
// after giving freed pages back, and its peak so far (from /proc/self/status).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum MemoryTrace {
    static let enabled = ProcessInfo.processInfo.environment["GEOINDEX_MEMTRACE"] != nil

    /// Current and peak resident set in bytes (0 where /proc is unavailable).
    public static func residentBytes() -> (current: Int, peak: Int) {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        var current = 0, peak = 0
        for line in text.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2, let kb = Int(parts[1]) else { continue }
            if parts[0] == "VmRSS:" { current = kb * 1024 }
            if parts[0] == "VmHWM:" { peak = kb * 1024 }
        }
        return (current, peak)
    }

    /// Hands freed heap pages back to the kernel (glibc `malloc_trim`). Called between build
    /// phases: memory the parser threads freed stays in their malloc arenas otherwise, and the
    /// next phase (allocating on the main thread) would add to it rather than reuse it — at 16x
    /// that was a fifth of the peak. Looked up at run time: Glibc's module map lacks malloc.h.
    public static func releaseFreedMemory() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let sym = dlsym(nil, "malloc_trim") else { return }   // nil is RTLD_DEFAULT
        _ = unsafeBitCast(sym, to: Trim.self)(0)
        #endif
    }

    /// Ends a phase: gives freed pages back (and traces, when asked to).
    static func mark(_ phase: @autoclosure () -> String) {
        let before = enabled ? residentBytes() : (current: 0, peak: 0)
        releaseFreedMemory()
        if enabled { report(phase(), before: before.current) }
    }

    /// A trace line only, no trimming: for points inside a phase, such as the parser's.
    static func trace(_ phase: @autoclosure () -> String) {
        if enabled { report(phase(), before: nil) }
    }

    private static func report(_ phase: String, before: Int?) {
        let (rss, hwm) = residentBytes()
        let mb = { (v: Int) in String(format: "%.1f", Double(v) / 1_048_576) }
        let now = before.map { "rss \(mb($0)) MB, after trim \(mb(rss)) MB" } ?? "rss \(mb(rss)) MB"
        FileHandle.standardError.write("memtrace \(phase): \(now), peak \(mb(hwm)) MB\n".data(using: .utf8)!)
    }
}
