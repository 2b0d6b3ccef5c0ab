// Memory use at the phases of a build, for finding where the bytes go (there
// is no heap profiler on the build machines). Silent unless the build options
// give it a sink; then each phase reports one line: resident set before and
// after giving freed pages back, and its peak so far (from /proc/self/status).
// Freed pages are given back at every phase end either way.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

package struct MemoryTrace: Sendable {
    let sink: (@Sendable (String) -> Void)?

    package init(sink: (@Sendable (String) -> Void)?) {
        self.sink = sink
    }

    /// Current and peak resident set in bytes (0 where /proc is unavailable).
    package static func residentBytes() -> (current: Int, peak: Int) {
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
    package static func releaseFreedMemory() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let sym = dlsym(nil, "malloc_trim") else { return }   // nil is RTLD_DEFAULT
        _ = unsafeBitCast(sym, to: Trim.self)(0)
        #endif
    }

    /// Ends a phase: gives freed pages back (and traces, when asked to).
    package func mark(_ phase: @autoclosure () -> String) {
        let before = sink != nil ? MemoryTrace.residentBytes() : (current: 0, peak: 0)
        MemoryTrace.releaseFreedMemory()
        if let sink { sink(line(phase(), before: before.current)) }
    }

    /// A trace line only, no trimming: for points inside a phase, such as the parser's.
    package func trace(_ phase: @autoclosure () -> String) {
        if let sink { sink(line(phase(), before: nil)) }
    }

    private func line(_ phase: String, before: Int?) -> String {
        let (rss, hwm) = MemoryTrace.residentBytes()
        let mb = { (v: Int) in String(format: "%.1f", Double(v) / 1_048_576) }
        let now = before.map { "rss \(mb($0)) MB, after trim \(mb(rss)) MB" } ?? "rss \(mb(rss)) MB"
        return "memtrace \(phase): \(now), peak \(mb(hwm)) MB"
    }
}
