// Slow clients cut off, and room kept for new ones. libmicrohttpd's own
// timeout closes only a connection that sends nothing at all: one that sends a
// header line every few seconds lives on, and a few dozen of them fill
// --max-connections (slowloris). This watch gives every request deadlines, as
// Apache's mod_reqtimeout does: its head must have arrived `timeout` seconds
// after the connection opened or its previous answer was sent; its body may
// take that long again plus a second per 64 KiB; its answer must be taken by
// the client at the same pace. A connection past its deadline has its socket
// shut down (libmicrohttpd then closes it). When a new connection finds
// `limit` open, it evicts the one that has waited longest for a request (an
// idle keep-alive connection, or a head still trickling in), so a client can
// always get in; only when every connection is busy is the new one refused,
// with a 503 written before anything was read from it.
import Foundation
import GeoBase
import GeoFrontEnd
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

final class ConnectionWatch: Sendable {
    /// Where a connection's current request is.
    enum Phase: Sendable {
        /// Open, waiting for a request (or for the rest of its request line).
        case waiting
        /// The request line came; its headers have not all come yet.
        case head
        /// Headers in; the body is coming (`bytes` so far).
        case body
        /// Our handler is computing the answer: no deadline, its work is bounded by our limits.
        case answering
        /// The answer is queued (`bytes` long) and being sent.
        case sending
        /// A WebSocket now: its session keeps its own time.
        case upgraded
    }

    /// Why a connection was cut, for the metrics (and the access log when a request was in it).
    enum Cut: String, Sendable {
        case headTimeout = "head_timeout", bodyTimeout = "body_timeout", sendTimeout = "send_timeout"
        case evicted, refused
    }

    struct Connection {
        let fd: Int32
        var phase: Phase = .waiting
        /// When the phase's clock started (nanoseconds of uptime).
        var since: UInt64
        var bytes = 0
        var cut: Cut?
    }

    private struct Table {
        var connections: [UInt: Connection] = [:]
        var cuts: [Cut: Int] = [:]
        var stopped = false
    }

    let timeoutSeconds: Int
    let limit: Int
    /// Bytes a second a body or an answer must keep up once its grace is spent.
    static let minimumRate = 64 * 1024
    private let table = Mutex(Table())

    init(timeoutSeconds: Int, limit: Int) {
        self.timeoutSeconds = timeoutSeconds
        self.limit = limit
    }

    static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }

    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// A connection accepted. When the table is full, the connection that has waited longest for
    /// its request makes room; if every one is busy, the new one is refused.
    func opened(_ connection: OpaquePointer, fd: Int32) {
        let refuse: Bool = table.withLock { t in
            let now = ConnectionWatch.now
            t.connections[ConnectionWatch.key(connection)] = Connection(fd: fd, since: now)
            let live = t.connections.values.filter { $0.cut == nil }.count
            guard live > limit else { return false }
            let idle = t.connections.filter { $0.key != ConnectionWatch.key(connection) && $0.value.cut == nil
                && ($0.value.phase == .waiting || $0.value.phase == .head) }
            if let oldest = idle.min(by: { $0.value.since < $1.value.since }) {
                cut(oldest.key, .evicted, in: &t)
                return false
            }
            // Else a body coming slower than the pace a body must keep, the slowest first.
            let slow = t.connections.filter { $0.value.cut == nil && $0.value.phase == .body
                && ConnectionWatch.rate($0.value, now: now) < Double(ConnectionWatch.minimumRate) }
            if let slowest = slow.min(by: { ConnectionWatch.rate($0.value, now: now) < ConnectionWatch.rate($1.value, now: now) }) {
                cut(slowest.key, .evicted, in: &t)
                return false
            }
            t.connections[ConnectionWatch.key(connection)]?.cut = .refused
            t.cuts[.refused, default: 0] += 1
            return true
        }
        if refuse {
            // Nothing has been read from this socket, nor will libmicrohttpd write to it before the
            // shutdown: the answer goes out whole.
            let body = #"{"error":"the server has the most connections it takes open, all busy; try again"}"#
            let text = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nRetry-After: 1\r\nConnection: close\r\n\r\n\(body)"
            _ = text.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            shutdown(fd, Int32(SHUT_RDWR))
        }
    }

    /// Bytes a second a connection's body has come at so far.
    static func rate(_ c: Connection, now: UInt64) -> Double {
        Double(c.bytes) / max(0.001, Double(now > c.since ? now - c.since : 0) / 1e9)
    }

    func closed(_ connection: OpaquePointer) {
        _ = table.withLock { $0.connections.removeValue(forKey: ConnectionWatch.key(connection)) }
    }

    /// Moves a connection's request on; false when the watch has cut the connection meanwhile
    /// (the caller then answers nothing and lets libmicrohttpd close it).
    @discardableResult
    func enter(_ phase: Phase, _ connection: OpaquePointer, bytes: Int = 0, resetClock: Bool = true) -> Bool {
        table.withLock { t in
            let key = ConnectionWatch.key(connection)
            guard var c = t.connections[key] else { return true }
            if c.cut != nil { return false }
            c.phase = phase
            if resetClock { c.since = ConnectionWatch.now; c.bytes = bytes } else { c.bytes += bytes }
            t.connections[key] = c
            return true
        }
    }

    /// Why the watch cut this connection, if it did.
    func cutReason(_ connection: OpaquePointer) -> Cut? {
        table.withLock { $0.connections[ConnectionWatch.key(connection)]?.cut }
    }

    /// Connections cut so far, by reason.
    var cutCounts: [Cut: Int] { table.withLock { $0.cuts } }

    /// One pass over the connections: shuts down each one past its deadline.
    func sweep(at time: UInt64? = nil) {
        table.withLock { t in
            // The clock is read under the lock: a phase entered meanwhile must not start after it.
            let now = time ?? ConnectionWatch.now
            let grace = UInt64(timeoutSeconds) * 1_000_000_000
            for (key, c) in t.connections where c.cut == nil {
                let elapsed = now > c.since ? now - c.since : 0
                let paced = grace + UInt64(c.bytes / ConnectionWatch.minimumRate) * 1_000_000_000
                switch c.phase {
                case .waiting, .head: if elapsed > grace { cut(key, .headTimeout, in: &t) }
                case .body: if elapsed > paced { cut(key, .bodyTimeout, in: &t) }
                case .sending: if elapsed > paced { cut(key, .sendTimeout, in: &t) }
                case .answering, .upgraded: continue
                }
            }
        }
    }

    private func cut(_ key: UInt, _ reason: Cut, in t: inout Table) {
        guard let fd = t.connections[key]?.fd, fd >= 0 else { return }
        t.connections[key]?.cut = reason
        t.cuts[reason, default: 0] += 1
        // Under the lock that `closed` takes: libmicrohttpd reports a connection closed before it
        // closes its socket, so this descriptor is still that connection's.
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Sweeps every quarter second on a thread of its own until `stop`.
    func start() {
        let thread = Thread { [self] in
            while !table.withLock({ $0.stopped }) {
                usleep(250_000)
                sweep()
            }
        }
        thread.name = "geoserve.deadlines"
        thread.start()
    }

    func stop() { table.withLock { $0.stopped = true } }
}
