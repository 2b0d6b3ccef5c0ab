// One WebSocket connection of GET /ws: the map page sends each keystroke's
// request over it and gets the answer back without the browser's per-fetch
// machinery (on a 2-core machine a fetch on loopback costs ~5 ms in
// Chromium's processes, a WebSocket message ~1.7 ms). A message is
// "ID TARGET" (`17 /suggest?q=cas&near=43.73,7.42`); the answer is
// `{"id":17,"status":200,"body":<the endpoint's JSON>}`, the same bytes a GET of
// TARGET gives. Each connection has its own thread (libmicrohttpd hands the
// socket over after the 101), reads with an idle limit, and is closed with a
// close frame naming what was wrong on a protocol error.
import CMicroHTTPD
import Foundation
import GeoBase
import GeoFrontEnd
#if canImport(Glibc)
import Glibc
#endif

/// What a session needs from its server: the handler, the accounting, the limits.
struct WebSocketContext: Sendable {
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let completion: HTTPServer.Completion?
    /// The upgrade request's headers (Accept-Language and the like apply to every message).
    let headers: [String: String]
    let client: String
    /// Longest request target accepted in a message.
    let maxTarget: Int
    /// Milliseconds without a message before the server closes the connection.
    let idleMilliseconds: Int32
    /// Whether the server is stopping (the read side was shut to wake the session).
    let isStopping: @Sendable () -> Bool
}

final class WebSocketSession: @unchecked Sendable {
    let socket: Int32
    let context: WebSocketContext
    private var reader: WebSocketReader
    /// When the last whole message (or ping) came, nanoseconds of uptime.
    private var lastMessage: UInt64 = 0

    init(socket: Int32, context: WebSocketContext) {
        self.socket = socket
        self.context = context
        // A message is the id, a space and the target.
        reader = WebSocketReader(maxMessage: context.maxTarget + 16)
    }

    /// Reads and answers messages until the client closes, goes quiet, or breaks the protocol.
    /// `pending` holds bytes libmicrohttpd read past the handshake.
    func run(pending: [UInt8]) {
        makeBlocking()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        lastMessage = DispatchTime.now().uptimeNanoseconds
        if !pending.isEmpty, !pending.withUnsafeBytes({ process($0) }) { return }
        while true {
            // The idle limit counts from the last whole message, not the last byte: a client that
            // sends one byte every few minutes is idle, however often its bytes come.
            let idle = Int64(context.idleMilliseconds) - Int64((DispatchTime.now().uptimeNanoseconds - lastMessage) / 1_000_000)
            if idle <= 0 {
                _ = send(WebSocketWriter.close(code: 1001, reason: "idle for \(context.idleMilliseconds / 1000) s"))
                return
            }
            var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = Glibc.poll(&poll, 1, Int32(clamping: idle))
            // Interrupted: the idle limit is recomputed before waiting again.
            if ready < 0 { if errno == EINTR { continue } else { return } }
            if ready == 0 { continue }
            let n = buffer.withUnsafeMutableBytes { b in retryingInterrupted { recv(socket, b.baseAddress, b.count, 0) } }
            if n <= 0 {
                // Woken by the server's stop: say so, as RFC 6455's 1001 "going away".
                if context.isStopping() { _ = send(WebSocketWriter.close(code: 1001, reason: "the server is stopping")) }
                return
            }
            let keepGoing = buffer.withUnsafeBytes { process(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            if !keepGoing { return }
        }
    }

    /// Feeds bytes to the reader and acts on each event; false when the connection is to end.
    private func process(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let events: [WebSocketReader.Event]
        do {
            events = try reader.feed(bytes)
        } catch {
            _ = send(WebSocketWriter.close(code: error.code, reason: error.reason))
            return false
        }
        if !events.isEmpty { lastMessage = DispatchTime.now().uptimeNanoseconds }
        for event in events {
            switch event {
            case .text(let message):
                guard send(WebSocketWriter.text(answer(message))) else { return false }
            case .ping(let payload):
                guard send(WebSocketWriter.pong(payload)) else { return false }
            case .pong:
                continue
            case .close(let code, _):
                // Echo the code, as RFC 6455 §5.5.1 asks, then end.
                _ = send(WebSocketWriter.close(code: code ?? 1000, reason: ""))
                return false
            }
        }
        return true
    }

    /// The answer to one "ID TARGET" message.
    func answer(_ message: String) -> [UInt8] {
        let started = DispatchTime.now().uptimeNanoseconds
        let parsed = WebSocketSession.parse(message, maxTarget: context.maxTarget)
        var request = HTTPRequest(method: "GET", target: parsed.target ?? "/ws", headers: context.headers)
        request.client = context.client
        let response: HTTPResponse
        if let error = parsed.error {
            response = ServiceErrors.ours(400, error)
        } else {
            let r = context.handler(request)
            if (r.header("content-type") ?? "").hasPrefix("application/json") {
                response = r
            } else {
                response = ServiceErrors.ours(400, "\(request.path.prefix(200)) does not answer JSON; over /ws ask for a JSON endpoint such as /suggest")
            }
        }
        context.completion?(request, response, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, nil)
        var out = Array("{\"id\":\(parsed.id.map(String.init) ?? "null"),\"status\":\(response.status),\"body\":".utf8)
        out.append(contentsOf: response.body.isEmpty ? Array("null".utf8) : response.body)
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// "17 /suggest?q=a" → id 17 and the target; an error names what is wrong.
    static func parse(_ message: String, maxTarget: Int) -> (id: Int?, target: String?, error: String?) {
        let bytes = Array(message.utf8)
        let digits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard !digits.isEmpty, digits.count <= 9, let id = Int(String(decoding: digits, as: UTF8.self)) else {
            return (nil, nil, "a message is an id (1 to 9 digits), a space and a request target, such as \"1 /suggest?q=cas\"")
        }
        let rest = bytes.dropFirst(digits.count)
        guard rest.first == 0x20, rest.dropFirst().first == UInt8(ascii: "/") else {
            return (id, nil, "after the id a message has a space and a request target starting with /, such as \"1 /suggest?q=cas\"")
        }
        let target = rest.dropFirst()
        guard target.count <= maxTarget else {
            return (id, nil, "the request target is \(target.count) bytes; at most \(maxTarget) are accepted")
        }
        guard !target.contains(where: { $0 < 0x21 || $0 == 0x7F }) else {
            return (id, nil, "the request target has a space or a control character; encode it as %XX")
        }
        return (id, String(decoding: target, as: UTF8.self), nil)
    }

    /// Writes all of `bytes`; false when the connection is gone.
    private func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { b in retryingInterrupted { Glibc.send(socket, b.baseAddress! + sent, b.count - sent, Int32(MSG_NOSIGNAL)) } }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// libmicrohttpd leaves the socket non-blocking; this thread blocks on it (with poll's limit),
    /// and each answer goes out at once.
    private func makeBlocking() {
        let flags = fcntl(socket, F_GETFL)
        if flags >= 0 { _ = fcntl(socket, F_SETFL, flags & ~O_NONBLOCK) }
        var one: Int32 = 1
        _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        // A client that stops reading cannot hold the thread for ever.
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }
}
