// HTTP/1.1 from GNU libmicrohttpd, not a parser of our own: its epoll thread
// pool accepts connections, parses requests and keeps connections alive; this
// file turns each request into an HTTPRequest, calls the handler on the
// library's thread, and queues the answer. Limits are set explicitly (the
// library's default is no timeout at all): a connection idle for `timeout`
// seconds is closed, a request target over `maxTarget` bytes gets 414 (the
// library's own 414 and 431 stand for request lines and headers over
// `memoryLimit`), a body over `maxBody` gets 413, and at most
// `connectionLimit` connections are open at once.
//
// The answer is queued on the handler's final call for a request, never its
// first: libmicrohttpd 0.9.75 closes the connection of a request answered on
// its first call, keep-alive or not.
import CMicroHTTPD
import Foundation
import GeoBase
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

public final class HTTPServer: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var address: ListenAddress
        /// Worker threads, each with its own epoll loop (default: one per core).
        public var threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
        public var connectionLimit = 1_000
        /// Seconds a connection may stay idle (or a client take to send its request).
        public var timeout = 30
        /// Bytes a connection may use for its request line and headers (over it: 414 or 431).
        /// Small on purpose: the library clears a connection's memory after every request, so a
        /// large pool costs time on each one (256 KiB spent 13% of /api's time in memset).
        public var memoryLimit = 32 * 1024
        /// Largest request body accepted (larger gets 413).
        public var maxBody = 16 * 1024 * 1024
        /// Longest request target (path and query, as sent) accepted (longer gets 414).
        public var maxTarget = 8 * 1024
        /// The path a WebSocket handshake is taken on (nil: none): the map page's keystrokes.
        public var webSocketPath: String? = "/ws"
        /// WebSocket connections open at once, at most (one thread each).
        public var webSocketLimit = 64
        /// Seconds a WebSocket may stay without a message before the server closes it.
        public var webSocketIdleSeconds = 300
        /// The page origin allowed to open a WebSocket besides this server's own (`*` for any): --cors.
        public var webSocketOrigin: String?

        public init(address: ListenAddress) {
            self.address = address
        }
    }

    /// Called once per finished request with its answer and how long it took.
    public typealias Completion = @Sendable (HTTPRequest, HTTPResponse, Double) -> Void

    public let configuration: Configuration
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let completion: Completion?
    private var daemon: OpaquePointer?
    /// Requests begun and not yet finished (idle keep-alive connections are not counted).
    let inFlight = Atomic<Int>(0)
    private var listenSocket: Int32 = -1
    /// The WebSocket sessions open now, and their threads still running.
    let webSockets = WebSocketRegistry()
    let webSocketThreads = Atomic<Int>(0)
    /// The port actually bound (useful when the configuration asked for port 0).
    public private(set) var port: UInt16 = 0

    public init(configuration: Configuration, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
                completion: Completion? = nil) {
        self.configuration = configuration
        self.handler = handler
        self.completion = completion
    }

    deinit { stop(drainSeconds: 0) }

    /// Binds the address and starts serving; throws with a clear message when it cannot.
    public func start() throws {
        let (fd, bound) = try configuration.address.listen()
        listenSocket = fd
        port = bound
        let me = Unmanaged.passUnretained(self).toOpaque()
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(fd), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.timeout, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: configuration.connectionLimit, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: configuration.memoryLimit, ptr_value: nil),
            MHD_OptionItem(option: .NOTIFY_COMPLETED, value: Int(bitPattern: unsafeBitCast(requestCompleted, to: UnsafeRawPointer.self)),
                           ptr_value: me),
            // The raw target, and a request state from the request line on: the library then
            // reports every request it made us aware of as completed, so the state is released.
            MHD_OptionItem(option: .URI_LOG_CALLBACK, value: Int(bitPattern: unsafeBitCast(requestStarted, to: UnsafeRawPointer.self)),
                           ptr_value: me),
        ]
        if configuration.threads > 1 {
            options.append(MHD_OptionItem(option: .THREAD_POOL_SIZE, value: configuration.threads, ptr_value: nil))
        }
        options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
        let flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_ALLOW_UPGRADE.rawValue
        daemon = options.withUnsafeMutableBufferPointer { opts in
            geo_mhd_start(flags, 0, accessHandler, me, opts.baseAddress)
        }
        guard daemon != nil else {
            close(fd)
            listenSocket = -1
            throw InputError(file: configuration.address.description, message: "cannot start the HTTP server")
        }
    }

    /// Open connections now.
    public var connectionCount: Int { daemon.map { Int(geo_mhd_connection_count($0)) } ?? 0 }

    /// Stops accepting, lets requests in flight finish (up to `drainSeconds`), then stops:
    /// idle keep-alive connections are closed, a request being answered is not cut.
    public func stop(drainSeconds: Double = 5) {
        guard let d = daemon else { return }
        let quiesced = MHD_quiesce_daemon(d)
        let deadline = Date().addingTimeInterval(drainSeconds)
        // WebSockets first: the library must not stop with an upgraded connection open.
        webSockets.closeAll(of: self)
        let closing = Date().addingTimeInterval(1)
        while webSocketThreads.load(ordering: .acquiring) > 0 && Date() < closing { usleep(2_000) }
        webSockets.closeAll(of: self, writesToo: true)
        while webSocketThreads.load(ordering: .acquiring) > 0 { usleep(2_000) }
        while inFlight.load(ordering: .acquiring) > 0 && Date() < deadline { usleep(5_000) }
        MHD_stop_daemon(d)
        daemon = nil
        if quiesced >= 0 { close(quiesced) } else if listenSocket >= 0 { close(listenSocket) }
        listenSocket = -1
    }

    /// One request's state between the library's calls.
    final class Exchange {
        let target: String
        var targetLength = 0
        /// Whether the request was counted in `inFlight` (begun through the URI callback).
        var counted = false
        var request: HTTPRequest?
        let started: UInt64
        var bodyTooLarge = false
        var response: HTTPResponse?

        init(target: String) {
            self.target = target
            started = DispatchTime.now().uptimeNanoseconds
        }
    }

    func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let r = response.body.withUnsafeBytes { body in
            MHD_create_response_from_buffer(body.count, UnsafeMutableRawPointer(mutating: body.baseAddress),
                                            .RESPMEM_MUST_COPY)
        }
        guard let r else { return .NO }
        for (name, value) in response.headers { _ = MHD_add_response_header(r, name, value) }
        let ok = MHD_queue_response(connection, UInt32(response.status), r)
        MHD_destroy_response(r)
        return ok
    }

    /// The request line, headers and query of `connection`.
    static func request(connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>) -> HTTPRequest {
        final class Collected { var query: [(key: String, value: String?)] = []; var headers: [String: String] = [:] }
        let box = Collected()
        let me = Unmanaged.passUnretained(box).toOpaque()
        _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, { cls, _, key, value in
            let c = Unmanaged<Collected>.fromOpaque(cls!).takeUnretainedValue()
            c.query.append((key.map { String(cString: $0) } ?? "", value.map { String(cString: $0) }))
            return .YES
        }, me)
        _ = MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
            let c = Unmanaged<Collected>.fromOpaque(cls!).takeUnretainedValue()
            if let key { c.headers[String(cString: key).lowercased()] = value.map { String(cString: $0) } ?? "" }
            return .YES
        }, me)
        var address = [CChar](repeating: 0, count: 64)
        geo_mhd_client_address(connection, &address, 64)
        let client = address.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return HTTPRequest(method: String(cString: method), path: String(cString: url), query: box.query,
                           headers: box.headers, client: client)
    }
}

/// Called once the request line is read, before the headers: the request's state begins here.
private let requestStarted: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = { cls, uri, _ in
    if let cls { Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().inFlight.add(1, ordering: .relaxed) }
    // Only the first bytes are kept: the length is what counts, the text is for the log.
    var length = 0
    if let uri { length = strlen(uri) }
    let shown = uri.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: min(length, 2_048)), as: UTF8.self) } ?? ""
    let exchange = HTTPServer.Exchange(target: length > 2_048 ? shown + "…(\(length) bytes)" : shown)
    exchange.targetLength = length
    exchange.counted = cls != nil
    return Unmanaged.passRetained(exchange).toOpaque()
}

/// The library's access handler: called first with the headers, then with each piece of the
/// body, then once more when the request is complete (see the file's comment).
private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, context in
    guard let cls, let connection, let url, let method, let context, let uploadSize else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if context.pointee == nil {
        // No request line seen (cannot happen with the URI callback installed): start the state now.
        context.pointee = Unmanaged.passRetained(HTTPServer.Exchange(target: String(cString: url))).toOpaque()
    }
    let exchange = Unmanaged<HTTPServer.Exchange>.fromOpaque(context.pointee!).takeUnretainedValue()
    guard var request = exchange.request else {
        var request = HTTPServer.request(connection: connection, url: url, method: method)
        request.target = exchange.target
        if let length = request.header("content-length").flatMap(Int.init), length > server.configuration.maxBody {
            exchange.bodyTooLarge = true
        }
        exchange.request = request
        return .YES
    }
    if uploadSize.pointee > 0 {
        if !exchange.bodyTooLarge, let uploadData {
            if request.body.count + uploadSize.pointee > server.configuration.maxBody {
                exchange.bodyTooLarge = true
                request.body = []
            } else {
                request.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee))
            }
            exchange.request = request
        }
        uploadSize.pointee = 0
        return .YES
    }
    let response: HTTPResponse
    if exchange.targetLength > server.configuration.maxTarget {
        response = ServiceErrors.ours(414, "the request target is \(exchange.targetLength) bytes; at most \(server.configuration.maxTarget) are accepted (POST a long track to /match instead)")
    } else if exchange.bodyTooLarge {
        response = ServiceErrors.ours(413, "the request body is larger than \(server.configuration.maxBody) bytes")
    } else if request.path == server.configuration.webSocketPath {
        if let refusal = server.webSocketRefusal(request) {
            exchange.response = refusal
            return server.queue(refusal, on: connection)
        }
        let (answer, result) = server.queueUpgrade(request, on: connection)
        exchange.response = answer
        return result
    } else {
        response = server.handler(request)
    }
    exchange.response = response
    return server.queue(response, on: connection)
}

/// Called once per request the handler saw: the access log and the metrics, and the request's
/// state released.
private let requestCompleted: MHD_RequestCompletedCallback = { cls, _, context, _ in
    guard let cls, let context, let raw = context.pointee else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let exchange = Unmanaged<HTTPServer.Exchange>.fromOpaque(raw).takeRetainedValue()
    context.pointee = nil
    defer { if exchange.counted { server.inFlight.subtract(1, ordering: .releasing) } }
    if let request = exchange.request, let response = exchange.response, let completion = server.completion {
        completion(request, response, Double(DispatchTime.now().uptimeNanoseconds - exchange.started) / 1e9)
    }
}
