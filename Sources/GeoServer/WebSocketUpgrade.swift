// GET /ws becoming a WebSocket (RFC 6455 §4.2): the handshake checked (a
// clear 4xx with a JSON body when it is not one), the page's own origin
// required unless the operator allowed another, the number of sessions
// bounded, and the socket libmicrohttpd hands over after the 101 given to a
// thread running a WebSocketSession. The server closes every session before
// it stops (libmicrohttpd must not be stopped with an upgraded connection open).
import CMicroHTTPD
import Foundation
import GeoBase
import GeoFrontEnd
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The sessions of one server open now; and, process-wide, the handshakes answered whose
/// socket has not yet come (libmicrohttpd's callback gets one pointer-sized value: a token).
final class WebSocketRegistry: Sendable {
    /// The sessions' sockets, and the handshakes answered whose socket has not come yet: together
    /// they count against the limit, so a burst of handshakes cannot all pass the check at once.
    private let open = Mutex((sockets: Set<Int32>(), reserved: 0, stopping: false))

    struct Pending: Sendable {
        let server: HTTPServer
        let context: WebSocketContext
        let created: UInt64
    }
    private static let pending = Mutex((waiting: [UInt: Pending](), next: UInt(1)))

    var count: Int { open.withLock { $0.sockets.count } }

    /// Takes one of `limit` places for a session about to be handshaken; false when all are taken.
    func reserve(limit: Int) -> Bool {
        open.withLock { s in
            guard !s.stopping, s.sockets.count + s.reserved < limit else { return false }
            s.reserved += 1
            return true
        }
    }

    /// Gives back a place reserved for a handshake that did not become a session.
    func release() { open.withLock { $0.reserved = max(0, $0.reserved - 1) } }

    /// Keeps `context` until its socket comes; forgets handshakes older than ten seconds (their
    /// client went away before the 101 was sent, so libmicrohttpd never calls back) and gives
    /// their places back.
    static func expect(_ server: HTTPServer, _ context: WebSocketContext) -> UInt {
        let now = DispatchTime.now().uptimeNanoseconds
        return pending.withLock { p in
            let expired = p.waiting.filter { now - $0.value.created >= 10_000_000_000 }
            for (token, entry) in expired {
                p.waiting.removeValue(forKey: token)
                entry.server.webSockets.release()
            }
            let token = p.next
            p.next &+= 1
            p.waiting[token] = Pending(server: server, context: context, created: now)
            return token
        }
    }

    /// The handshake of `token`, its socket registered with its server; nil when that server is stopping.
    static func arrived(_ token: UInt, socket: Int32) -> Pending? {
        guard let entry = pending.withLock({ $0.waiting.removeValue(forKey: token) }) else { return nil }
        let taken = entry.server.webSockets.open.withLock { s in
            s.reserved = max(0, s.reserved - 1)
            if s.stopping { return false }
            s.sockets.insert(socket)
            return true
        }
        return taken ? entry : nil
    }

    /// A handshake whose 101 could not be queued: its place is given back.
    static func forget(_ token: UInt) {
        if let entry = pending.withLock({ $0.waiting.removeValue(forKey: token) }) { entry.server.webSockets.release() }
    }

    func ended(_ socket: Int32) { _ = open.withLock { $0.sockets.remove(socket) } }

    var isStopping: Bool { open.withLock { $0.stopping } }

    /// Refuses new sessions and wakes every session's thread: first its reads only (it then sends
    /// its close frame), or `writesToo`, for a session stuck writing to a client that stopped reading.
    func closeAll(of server: HTTPServer, writesToo: Bool = false) {
        open.withLock { s in
            s.stopping = true
            for fd in s.sockets { shutdown(fd, Int32(writesToo ? SHUT_RDWR : SHUT_RD)) }
        }
        WebSocketRegistry.pending.withLock { p in p.waiting = p.waiting.filter { $0.value.server !== server } }
        open.withLock { $0.reserved = 0 }
    }
}

extension HTTPServer {
    /// Why `request` (to the WebSocket path) cannot become a WebSocket, as the answer to send; nil
    /// when it can.
    func webSocketRefusal(_ request: HTTPRequest) -> HTTPResponse? {
        func tokens(_ header: String) -> [String] {
            (request.header(header) ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        guard request.method == "GET" else {
            var r = ServiceErrors.ours(405, "\(request.path) takes GET (a WebSocket handshake), not \(request.method)")
            r.headers.append(("Allow", "GET"))
            return r
        }
        guard tokens("upgrade").contains("websocket"), tokens("connection").contains("upgrade") else {
            return ServiceErrors.notAWebSocketHandshake(request.path)
        }
        guard request.header("sec-websocket-version")?.trimmingCharacters(in: .whitespaces) == "13" else {
            var r = ServiceErrors.ours(426, "Sec-WebSocket-Version must be 13, not \(request.header("sec-websocket-version").map { "\"\($0.prefix(20))\"" } ?? "missing")")
            r.headers.append(("Sec-WebSocket-Version", "13"))
            return r
        }
        guard let key = request.header("sec-websocket-key"), WebSocketHandshake.isValidKey(key) else {
            return ServiceErrors.ours(400, "Sec-WebSocket-Key must be the base64 of 16 bytes")
        }
        if let origin = request.header("origin"), !originAllowed(origin, host: request.header("host")) {
            return ServiceErrors.ours(403, "a page from \(origin.prefix(100)) may not open \(request.path); only this server's own page"
                                      + " (or the origin given to --cors)")
        }
        // Last: a place taken here is given back if the upgrade fails (queueUpgrade).
        guard webSockets.reserve(limit: configuration.webSocketLimit) else {
            return ServiceErrors.ours(503, "\(configuration.webSocketLimit) WebSocket connections are open, the most this server takes; use GET meanwhile")
        }
        return nil
    }

    /// A browser names the page's origin: this server's own ("http://" + the Host it was asked
    /// under), or the one the operator allowed with --cors (`*` for any).
    func originAllowed(_ origin: String, host: String?) -> Bool {
        if let allowed = configuration.webSocketOrigin, allowed == "*" || allowed == origin { return true }
        guard let host, let scheme = origin.range(of: "://") else { return false }
        return origin[scheme.upperBound...].lowercased() == host.lowercased()
    }

    /// Answers the handshake with 101 and, once libmicrohttpd has sent it, runs the session.
    func queueUpgrade(_ request: HTTPRequest, on connection: OpaquePointer) -> (HTTPResponse, MHD_Result) {
        let context = WebSocketContext(handler: handler, completion: completion, headers: request.headers,
                                       client: request.client, maxTarget: configuration.maxTarget,
                                       idleMilliseconds: Int32(clamping: configuration.webSocketIdleSeconds * 1000),
                                       isStopping: { [webSockets] in webSockets.isStopping })
        let token = WebSocketRegistry.expect(self, context)
        let accept = WebSocketHandshake.acceptKey(for: request.header("sec-websocket-key") ?? "")
        let answer = HTTPResponse(status: 101, headers: [("Upgrade", "websocket"), ("Sec-WebSocket-Accept", accept)])
        guard let r = MHD_create_response_for_upgrade(upgraded, UnsafeMutableRawPointer(bitPattern: token)) else {
            WebSocketRegistry.forget(token)
            return (ServiceErrors.ours(500, "cannot start the WebSocket"), .NO)
        }
        for (name, value) in answer.headers { _ = MHD_add_response_header(r, name, value) }
        let ok = MHD_queue_response(connection, 101, r)
        MHD_destroy_response(r)
        if ok != .YES { WebSocketRegistry.forget(token) }
        return (answer, ok)
    }
}

/// libmicrohttpd's call once the 101 is sent: the socket is ours until we tell it to close.
private let upgraded: MHD_UpgradeHandler = { cls, _, _, extra, extraSize, socket, handle in
    guard let handle else { return }
    guard let entry = WebSocketRegistry.arrived(UInt(bitPattern: cls), socket: socket) else {
        _ = geo_mhd_upgrade_close(handle)
        return
    }
    let server = entry.server
    let pending = extra.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: extraSize)) } ?? []
    let session = WebSocketSession(socket: socket, context: entry.context)
    let handleBits = UInt(bitPattern: handle)
    server.webSocketThreads.add(1, ordering: .relaxed)
    let thread = Thread {
        session.run(pending: pending)
        server.webSockets.ended(socket)
        if let handle = OpaquePointer(bitPattern: handleBits) { _ = geo_mhd_upgrade_close(handle) }
        server.webSocketThreads.subtract(1, ordering: .releasing)
    }
    thread.start()
}
