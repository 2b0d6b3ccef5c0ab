// Counters for GET /metrics in Prometheus' text format (version 0.0.4):
// requests by endpoint and status class, and a latency histogram per
// endpoint. Endpoints are a fixed set of names (never the raw path, which a
// client controls: a scan of random paths must not grow the table). One lock
// per update is cheap next to a request; the table is tiny.
import Foundation
import Synchronization

/// What the server (not the service) counts, read when /metrics is asked.
public struct ServerCounters: Sendable {
    public var connections = 0
    public var webSockets = 0
    /// Connections cut by the deadlines or to make room, by reason.
    public var connectionsCut: [String: Int] = [:]
    /// Access-log lines dropped because the log could not keep up.
    public var accessLogDropped = 0

    public init() {}
}

final class Metrics: Sendable {
    /// Upper bounds of the latency buckets, seconds.
    static let buckets: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    struct Series {
        var requests: [String: Int] = [:]   // by status class "2xx"…
        var bucketCounts = [Int](repeating: 0, count: Metrics.buckets.count)
        var count = 0
        var sum = 0.0
    }

    private let table = Mutex<[String: Series]>([:])
    private let reloads = Mutex<(ok: Int, failed: Int, lastError: String?)>((0, 0, nil))
    let started = Date()

    /// One finished request; `aborted` when its answer did not reach the client whole.
    func record(endpoint: String, status: Int, seconds: Double, aborted: Bool = false) {
        table.withLock { t in
            var s = t[endpoint] ?? Series()
            s.requests[aborted ? "aborted" : "\(status / 100)xx", default: 0] += 1
            if let b = Metrics.buckets.firstIndex(where: { seconds <= $0 }) { s.bucketCounts[b] += 1 }
            s.count += 1
            s.sum += seconds
            t[endpoint] = s
        }
    }

    func recordReload(ok: Bool, error: String? = nil) {
        reloads.withLock {
            if ok { $0.ok += 1; $0.lastError = nil } else { $0.failed += 1; $0.lastError = error }
        }
    }

    /// Reloads so far, and why the last one failed when it did (nil once one succeeds again).
    var reloadState: (ok: Int, failed: Int, lastError: String?) { reloads.withLock { $0 } }

    /// The exposition text.
    func render(state: ServiceState, counters: ServerCounters) -> String {
        let snapshot = table.withLock { $0 }
        var out = ""
        out += "# HELP geoserve_requests_total Requests answered, by endpoint and status class.\n"
        out += "# TYPE geoserve_requests_total counter\n"
        for (endpoint, s) in snapshot.sorted(by: { $0.key < $1.key }) {
            for (status, n) in s.requests.sorted(by: { $0.key < $1.key }) {
                out += "geoserve_requests_total{endpoint=\"\(endpoint)\",status=\"\(status)\"} \(n)\n"
            }
        }
        out += "# HELP geoserve_request_duration_seconds Time from request line to answer, by endpoint.\n"
        out += "# TYPE geoserve_request_duration_seconds histogram\n"
        for (endpoint, s) in snapshot.sorted(by: { $0.key < $1.key }) {
            var cumulative = 0
            for (k, bound) in Metrics.buckets.enumerated() {
                cumulative += s.bucketCounts[k]
                out += "geoserve_request_duration_seconds_bucket{endpoint=\"\(endpoint)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "geoserve_request_duration_seconds_bucket{endpoint=\"\(endpoint)\",le=\"+Inf\"} \(s.count)\n"
            out += "geoserve_request_duration_seconds_sum{endpoint=\"\(endpoint)\"} \(s.sum)\n"
            out += "geoserve_request_duration_seconds_count{endpoint=\"\(endpoint)\"} \(s.count)\n"
        }
        let r = reloads.withLock { $0 }
        out += "# HELP geoserve_reloads_total Index reloads, by outcome.\n# TYPE geoserve_reloads_total counter\n"
        out += "geoserve_reloads_total{outcome=\"ok\"} \(r.ok)\ngeoserve_reloads_total{outcome=\"failed\"} \(r.failed)\n"
        out += "# HELP geoserve_open_connections Connections open now.\n# TYPE geoserve_open_connections gauge\n"
        out += "geoserve_open_connections \(counters.connections)\n"
        out += "# HELP geoserve_websockets_open WebSocket sessions open now.\n# TYPE geoserve_websockets_open gauge\n"
        out += "geoserve_websockets_open \(counters.webSockets)\n"
        out += "# HELP geoserve_connections_cut_total Connections cut: a request too slow to arrive or be taken, or room made for a new client.\n"
        out += "# TYPE geoserve_connections_cut_total counter\n"
        for reason in ["head_timeout", "body_timeout", "send_timeout", "evicted", "refused"] {
            out += "geoserve_connections_cut_total{reason=\"\(reason)\"} \(counters.connectionsCut[reason] ?? 0)\n"
        }
        out += "# HELP geoserve_access_log_dropped_total Access-log lines dropped because the log could not keep up.\n"
        out += "# TYPE geoserve_access_log_dropped_total counter\n"
        out += "geoserve_access_log_dropped_total \(counters.accessLogDropped)\n"
        out += "# HELP geoserve_index_changed Whether a served index was changed in place and awaits its reload (answers are 503 meanwhile).\n"
        out += "# TYPE geoserve_index_changed gauge\n"
        out += "geoserve_index_changed \(state.changedFile == nil ? 0 : 1)\n"
        out += "# HELP geoserve_index_landmarks Landmarks in the served indexes.\n# TYPE geoserve_index_landmarks gauge\n"
        out += "geoserve_index_landmarks \(state.indexes.reduce(0) { $0 + $1.count })\n"
        out += "# HELP geoserve_index_loaded_timestamp_seconds When the served indexes were opened.\n"
        out += "# TYPE geoserve_index_loaded_timestamp_seconds gauge\n"
        out += "geoserve_index_loaded_timestamp_seconds \(Int(state.loadedAt.timeIntervalSince1970))\n"
        out += "# HELP geoserve_uptime_seconds Seconds since the server started.\n# TYPE geoserve_uptime_seconds gauge\n"
        out += "geoserve_uptime_seconds \(Int(Date().timeIntervalSince(started)))\n"
        return out
    }
}
