// The access log: one line per request, written with geoserve's other lines
// on standard error by a thread of its own from a bounded queue, so a log
// nobody reads (standard error to a full pipe) can never stall a request, a
// reload or a stop: when the queue is full, lines are dropped and counted
// (/metrics: geoserve_access_log_dropped_total). What a client sent
// is escaped before it reaches the log (control bytes, quotes and backslashes
// as \xHH, as nginx does), so a request cannot forge lines or move a terminal.
import Foundation
import GeoBase
import GeoFrontEnd
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

enum AccessLog {
    /// `TIME CLIENT "METHOD TARGET" STATUS BYTES DURATIONms`, and ` aborted=REASON` when the answer
    /// did not reach the client whole (the client left, the server stopped, a deadline passed).
    static func line(_ request: HTTPRequest, _ response: HTTPResponse, seconds: Double, aborted: String? = nil) -> String {
        let time = UTCTime.iso8601(Date())
        var out = "\(time) \(escaped(request.client)) \"\(escaped(request.method)) \(escaped(request.target))\" \(response.status) "
        out += "\(response.body.count) \(String(format: "%.2f", seconds * 1000))ms"
        if let aborted { out += " aborted=\(aborted)" }
        return out + "\n"
    }

    /// Printable ASCII and UTF-8 text kept; control bytes, DEL, `"` and `\` as `\xHH`.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || v == 0x7F || v == 0x22 || v == 0x5C || (0x80...0x9F).contains(v) {
                out += "\\x" + String(v, radix: 16, uppercase: true).leftPadded(2)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}

/// Lines handed over by the workers, written in order by one thread; never blocks a worker.
final class LogWriter: Sendable {
    private struct Queue {
        var lines: [String] = []
        var bytes = 0
        var dropped = 0
        var stopping = false
    }

    private let queue = Mutex(Queue())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let write: @Sendable (String) -> Void
    /// At most this many bytes wait; more are dropped.
    let capacity: Int

    init(capacity: Int = 256 * 1024, write: @escaping @Sendable (String) -> Void) {
        self.capacity = capacity
        self.write = write
        let thread = Thread { [self] in run() }
        thread.name = "geoserve.access-log"
        thread.start()
    }

    /// Queues a line; drops it (counted) when the queue is full.
    func append(_ line: String) {
        let queued = queue.withLock { q -> Bool in
            guard q.bytes + line.utf8.count <= capacity, !q.stopping else { q.dropped += 1; return false }
            q.lines.append(line)
            q.bytes += line.utf8.count
            return true
        }
        if queued { wake.signal() }
    }

    /// One line of geoserve's own (start-up, reloads, the stop).
    func report(_ line: String) { append(line + "\n") }

    /// Lines dropped so far because the log could not keep up.
    var dropped: Int { queue.withLock { $0.dropped } }

    private func run() {
        while true {
            wake.wait()
            let (lines, stopping) = queue.withLock { q -> ([String], Bool) in
                defer { q.lines.removeAll(keepingCapacity: true); q.bytes = 0 }
                return (q.lines, q.stopping)
            }
            if !lines.isEmpty { write(lines.joined()) }
            if stopping { finished.signal(); return }
        }
    }

    /// Writes what is queued and ends the thread; waits at most `seconds` (a blocked log is left behind).
    func close(waiting seconds: Double = 1) {
        let first = queue.withLock { q -> Bool in
            defer { q.stopping = true }
            return !q.stopping
        }
        guard first else { return }
        wake.signal()
        _ = finished.wait(timeout: .now() + seconds)
    }
}

/// "2026-12-01T15:42:46Z" from the C library's gmtime_r: thread-safe and without ICU.
enum UTCTime {
    private static func parts(_ date: Date) -> tm {
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&t, &parts)
        return parts
    }

    private static func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }

    /// "2021-01-06T15:53:42Z".
    static func iso8601(_ date: Date) -> String {
        let p = parts(date)
        return "\(p.tm_year + 1900)-\(two(p.tm_mon + 1))-\(two(p.tm_mday))T\(two(p.tm_hour)):\(two(p.tm_min)):\(two(p.tm_sec))Z"
    }

    /// "Wed, 06 Jan 2021 15:53:42 +00:00", as Nominatim stamps its XML (English names, whatever the locale).
    static func nominatimStamp(_ date: Date) -> String {
        let p = parts(date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(days[Int(p.tm_wday) % 7]), \(two(p.tm_mday)) \(months[Int(p.tm_mon) % 12]) \(p.tm_year + 1900) "
            + "\(two(p.tm_hour)):\(two(p.tm_min)):\(two(p.tm_sec)) +00:00"
    }
}
