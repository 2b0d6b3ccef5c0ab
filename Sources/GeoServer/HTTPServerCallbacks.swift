// libmicrohttpd's calls into the server, one function each: a connection
// opened or closed (the deadlines' table), a request line read (the request's
// state begins), the access handler (headers, then each piece of the body,
// then once more when the request is complete), a request completed (the
// access log and the metrics), and the library's own log line when it
// refused a request itself (its 400, 413, 414, 431 or 505 are then logged and
// counted like ours; their bodies stay the library's HTML, written before any
// handler could run).
import CMicroHTTPD
import Foundation
import GeoBase
import GeoFrontEnd
#if canImport(Glibc)
import Glibc
#endif

let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, _, code in
    guard let cls, let connection else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
        server.watch.opened(connection, fd: geo_mhd_connection_fd(connection))
    } else {
        server.watch.closed(connection)
        // A refusal of the library's before any request line (a malformed one, or one too long).
        if let status = LibraryRefusal.take() {
            server.logRefusal(status, target: "-", client: HTTPServer.clientAddress(connection), aborted: nil)
        }
    }
}

/// Called once the request line is read, before the headers: the request's state begins here.
let requestStarted: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = { cls, uri, connection in
    if let cls {
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        server.inFlight.add(1, ordering: .relaxed)
        if let connection { server.watch.enter(.head, connection, resetClock: false) }
    }
    // Only the first bytes are kept: the length is what counts, the text is for the log.
    var length = 0
    if let uri { length = strlen(uri) }
    let shown = uri.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: min(length, 2_048)), as: UTF8.self) } ?? ""
    let exchange = HTTPServer.Exchange(target: length > 2_048 ? shown + "…(\(length) bytes)" : shown)
    exchange.targetLength = length
    exchange.counted = cls != nil
    return Unmanaged.passRetained(exchange).toOpaque()
}

let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, context in
    guard let cls, let connection, let url, let method, let context, let uploadSize else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if context.pointee == nil {
        // No request line seen (cannot happen with the URI callback installed): start the state now.
        context.pointee = Unmanaged.passRetained(HTTPServer.Exchange(target: String(cString: url))).toOpaque()
    }
    let exchange = Unmanaged<HTTPServer.Exchange>.fromOpaque(context.pointee!).takeUnretainedValue()
    guard var request = exchange.request else {
        // The headers are in.
        guard server.watch.enter(.body, connection) else { return .NO }
        var request = HTTPServer.request(connection: connection, url: url, method: method)
        request.target = exchange.target
        exchange.request = request
        // Refused before any body is read: the library then closes the connection after the answer.
        if let refusal = server.framingRefusal(request) {
            exchange.response = refusal
            return server.queue(refusal, on: connection)
        }
        return .YES
    }
    if uploadSize.pointee > 0 {
        let n = uploadSize.pointee
        uploadSize.pointee = 0
        server.watch.enter(.body, connection, bytes: n, resetClock: false)
        exchange.bodyBytes += n
        guard !exchange.bodyTooLarge else {
            // A chunked body past the limit (a length announced is refused before it is read): the
            // library takes no answer in the middle of a body, so the rest is read and dropped for a
            // 413 at its end, up to as much again; a longer one is cut.
            return exchange.bodyBytes <= 2 * server.configuration.maxBody ? .YES : .NO
        }
        guard exchange.body.count + n <= server.configuration.maxBody, let uploadData else {
            exchange.bodyTooLarge = true
            exchange.body = []
            exchange.response = ServiceErrors.ours(413, "the request body is larger than \(server.configuration.maxBody) bytes")
            return .YES
        }
        exchange.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: n))
        return .YES
    }
    swap(&request.body, &exchange.body)
    exchange.request = request
    server.watch.enter(.answering, connection)
    let response: HTTPResponse
    if exchange.bodyTooLarge, let tooLarge = exchange.response {
        response = tooLarge
    } else if exchange.targetLength > server.configuration.maxTarget {
        response = ServiceErrors.ours(414, "the request target is \(exchange.targetLength) bytes; at most \(server.configuration.maxTarget) are accepted (POST a long track to /match instead)")
    } else if request.path == server.configuration.webSocketPath {
        if let refusal = server.webSocketRefusal(request) {
            exchange.response = refusal
            return server.queue(refusal, on: connection)
        }
        let (answer, result) = server.queueUpgrade(request, on: connection)
        exchange.response = answer
        server.watch.enter(.upgraded, connection)
        return result
    } else {
        response = server.handler(request)
    }
    // The body is not needed past the answer (the log reads its size only).
    exchange.request?.body = []
    exchange.response = response
    server.watch.enter(.sending, connection, bytes: response.body.count)
    return server.queue(response, on: connection)
}

/// Called once per request the handler saw: the access log and the metrics, and the request's
/// state released.
let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, context, toe in
    guard let cls, let context, let raw = context.pointee else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let exchange = Unmanaged<HTTPServer.Exchange>.fromOpaque(raw).takeRetainedValue()
    context.pointee = nil
    defer { if exchange.counted { server.inFlight.subtract(1, ordering: .releasing) } }
    let cut = connection.flatMap { server.watch.cutReason($0) }
    if let connection { server.watch.enter(.waiting, connection) }
    let aborted: String? = cut?.rawValue ?? {
        // MHD_REQUEST_TERMINATED_: COMPLETED_OK 0, WITH_ERROR 1, TIMEOUT_REACHED 2,
        // DAEMON_SHUTDOWN 3, READ_ERROR 4, CLIENT_ABORT 5.
        switch toe.rawValue {
        case 0: nil
        case 2: "timeout"
        case 3: "shutdown"
        case 4, 5: "client"
        default: "error"
        }
    }()
    if let request = exchange.request, let response = exchange.response {
        server.completion?(request, response, Double(DispatchTime.now().uptimeNanoseconds - exchange.started) / 1e9, aborted)
        // A large upload or answer needed memory in proportion: give it back (a few ms, rarely).
        if exchange.bodyBytes > 1 << 20 || response.body.count > 4 << 20 { geo_release_free_memory() }
    } else if let status = LibraryRefusal.take() {
        server.logRefusal(status, target: exchange.target, client: connection.map(HTTPServer.clientAddress) ?? "-", aborted: nil)
    } else if let cut {
        // A request cut before it was all received: 408, as servers log a request timeout.
        server.logRefusal(cut == .evicted ? 503 : 408, target: exchange.target,
                          client: connection.map(HTTPServer.clientAddress) ?? "-", aborted: cut.rawValue)
    }
}

/// The library's log: its refusals carry their status ("HTTP response code is 431"), noted for the
/// request or connection that the same thread reports closed next.
@_cdecl("geo_mhd_log_sink")
func geoMHDLogSink(_ cls: UnsafeMutableRawPointer?, _ line: UnsafePointer<CChar>?) {
    guard let line else { return }
    let text = String(cString: line)
    guard let r = text.range(of: "response code is ") else { return }
    if let status = Int(text[r.upperBound...].prefix { $0.isNumber }), (400...599).contains(status) {
        LibraryRefusal.note(status)
    }
}

/// The status of the refusal the library just wrote on this thread (each connection is served by
/// one thread of the pool from its first byte to its close).
enum LibraryRefusal {
    private static let key: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k, nil)
        return k
    }()

    static func note(_ status: Int) { pthread_setspecific(key, UnsafeRawPointer(bitPattern: status)) }

    static func take() -> Int? {
        guard let p = pthread_getspecific(key) else { return nil }
        pthread_setspecific(key, nil)
        return Int(bitPattern: p)
    }
}

extension HTTPServer {
    /// A request the framing headers make unsafe or impossible to read, answered before its body.
    func framingRefusal(_ request: HTTPRequest) -> HTTPResponse? {
        let length = request.header("content-length")
        if let length {
            let values = Set(length.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            guard values.count == 1, let v = values.first, !v.isEmpty, v.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return ServiceErrors.ours(400, "Content-Length must be one whole number of bytes, not \"\(AccessLog.escaped(String(length.prefix(40))))\"")
            }
            if v.count > 18 || Int(v)! > configuration.maxBody {
                return ServiceErrors.ours(413, "the request body is larger than \(configuration.maxBody) bytes")
            }
        }
        if let coding = request.header("transfer-encoding") {
            guard coding.trimmingCharacters(in: .whitespaces).lowercased() == "chunked", !request.repeatedHeaders.contains("transfer-encoding") else {
                return ServiceErrors.ours(501, "Transfer-Encoding \"\(AccessLog.escaped(String(coding.prefix(40))))\" is not supported; send the body as it is, or chunked")
            }
            if length != nil {
                return ServiceErrors.ours(400, "a request may not carry both Content-Length and Transfer-Encoding")
            }
        }
        return nil
    }

    /// Logs and counts a request that got no answer of ours.
    func logRefusal(_ status: Int, target: String, client: String, aborted: String?) {
        var request = HTTPRequest(method: "-", path: "-")
        request.target = target
        request.client = client
        completion?(request, HTTPResponse(status: status), 0, aborted)
    }

    static func clientAddress(_ connection: OpaquePointer) -> String {
        var address = [CChar](repeating: 0, count: 64)
        geo_mhd_client_address(connection, &address, 64)
        return address.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
