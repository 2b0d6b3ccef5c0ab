// HTTP/1.1 from GNU libmicrohttpd, not a parser of our own: its epoll thread
// pool accepts connections, parses requests and keeps connections alive; this
// file turns each request into an HTTPRequest, calls the handler on the
// library's thread, and queues the answer (the callbacks are in
// HTTPServerCallbacks.swift). Limits are set explicitly (the library's default
// is no timeout at all): a request must arrive within `timeout` seconds and a
// slow body or a slow reader is cut (ConnectionWatch), a request target over
// `maxTarget` bytes gets 414 (the library's own 414 and 431 stand for request
// lines and headers over `memoryLimit`), a body over `maxBody` gets 413 as
// soon as its length is announced, and at most `connectionLimit` connections
// are open at once, the longest-idle one giving way to a new one.
//
// The answer is queued on the handler's final call for a request, never its
// first: libmicrohttpd 0.9.75 closes the connection of a request answered on
// its first call, keep-alive or not (which is what a refusal wants).
import CMicroHTTPD
import Foundation
import GeoBase
import GeoFrontEnd
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

    /// Called once per finished request with its answer, how long it took, and why the answer did
    /// not reach the client whole when it did not ("client", "shutdown", "timeout", "error").
    public typealias Completion = @Sendable (HTTPRequest, HTTPResponse, Double, String?) -> Void

    public let configuration: Configuration
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let completion: Completion?
    private var daemon: OpaquePointer?
    /// Requests begun and not yet finished (idle keep-alive connections are not counted).
    let inFlight = Atomic<Int>(0)
    private var listenSocket: Int32 = -1
    /// The WebSocket sessions open now, and their threads still running.
    let webSockets = WebSocketRegistry()
    /// Every connection's deadlines, and room for new ones.
    let watch: ConnectionWatch
    let webSocketThreads = Atomic<Int>(0)
    /// The port actually bound (useful when the configuration asked for port 0).
    public private(set) var port: UInt16 = 0

    public init(configuration: Configuration, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
                completion: Completion? = nil) {
        self.configuration = configuration
        self.handler = handler
        self.completion = completion
        watch = ConnectionWatch(timeoutSeconds: configuration.timeout, limit: configuration.connectionLimit)
    }

    /// Connections over the limit the library lets in, so that a new one can make room (see
    /// ConnectionWatch) rather than be dropped unseen.
    static let connectionReserve = 16

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
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: configuration.connectionLimit + HTTPServer.connectionReserve, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: configuration.memoryLimit, ptr_value: nil),
            MHD_OptionItem(option: .NOTIFY_COMPLETED, value: Int(bitPattern: unsafeBitCast(requestCompleted, to: UnsafeRawPointer.self)),
                           ptr_value: me),
            // The raw target, and a request state from the request line on: the library then
            // reports every request it made us aware of as completed, so the state is released.
            MHD_OptionItem(option: .URI_LOG_CALLBACK, value: Int(bitPattern: unsafeBitCast(requestStarted, to: UnsafeRawPointer.self)),
                           ptr_value: me),
            MHD_OptionItem(option: .NOTIFY_CONNECTION, value: Int(bitPattern: unsafeBitCast(connectionNotified, to: UnsafeRawPointer.self)),
                           ptr_value: me),
            // What the library refuses itself reaches the access log and the metrics through its logger.
            MHD_OptionItem(option: .EXTERNAL_LOGGER, value: geo_mhd_log_adapter_pointer(), ptr_value: me),
        ]
        if configuration.threads > 1 {
            options.append(MHD_OptionItem(option: .THREAD_POOL_SIZE, value: configuration.threads, ptr_value: nil))
        }
        options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
        let flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_ALLOW_UPGRADE.rawValue
            | MHD_USE_ERROR_LOG.rawValue
        daemon = options.withUnsafeMutableBufferPointer { opts in
            geo_mhd_start(flags, 0, accessHandler, me, opts.baseAddress)
        }
        guard daemon != nil else {
            close(fd)
            listenSocket = -1
            throw InputError(file: configuration.address.description, message: "cannot start the HTTP server")
        }
        watch.start()
    }

    /// Open connections now.
    public var connectionCount: Int { daemon.map { Int(geo_mhd_connection_count($0)) } ?? 0 }

    /// Stops accepting (the listening socket is closed at once: a new client is refused, not left
    /// waiting), lets requests in flight finish (up to `drainSeconds`), then stops: idle keep-alive
    /// connections are closed; a request still being answered then is cut, and logged as such.
    public func stop(drainSeconds: Double = 5) {
        guard let d = daemon else { return }
        let quiesced = MHD_quiesce_daemon(d)
        if quiesced >= 0 { close(quiesced) } else if listenSocket >= 0 { close(listenSocket) }
        listenSocket = -1
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
        watch.stop()
    }

    /// One request's state between the library's calls.
    final class Exchange {
        let target: String
        var targetLength = 0
        /// Whether the request was counted in `inFlight` (begun through the URI callback).
        var counted = false
        var request: HTTPRequest?
        /// The body as it comes, kept here (not in `request`, whose copy would be copied again
        /// on every piece: a 15 MB upload cost seconds).
        var body: [UInt8] = []
        /// Body bytes received, kept or not.
        var bodyBytes = 0
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
        final class Collected {
            var query: [(key: String, value: String?)] = []
            var headers: [String: String] = [:]
            var repeated: Set<String> = []
        }
        let box = Collected()
        let me = Unmanaged.passUnretained(box).toOpaque()
        _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, { cls, _, key, value in
            let c = Unmanaged<Collected>.fromOpaque(cls!).takeUnretainedValue()
            c.query.append((key.map { String(cString: $0) } ?? "", value.map { String(cString: $0) }))
            return .YES
        }, me)
        _ = MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
            let c = Unmanaged<Collected>.fromOpaque(cls!).takeUnretainedValue()
            if let key {
                let name = String(cString: key).lowercased(), v = value.map { String(cString: $0) } ?? ""
                // A header given twice is kept joined as a list (RFC 9110 §5.3), and remembered:
                // framing headers must not repeat.
                if let before = c.headers[name] { c.headers[name] = before + ", " + v; c.repeated.insert(name) } else { c.headers[name] = v }
            }
            return .YES
        }, me)
        var address = [CChar](repeating: 0, count: 64)
        geo_mhd_client_address(connection, &address, 64)
        let client = address.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var request = HTTPRequest(method: String(cString: method), path: String(cString: url), query: box.query,
                                  headers: box.headers, client: client)
        request.repeatedHeaders = box.repeated
        return request
    }
}

