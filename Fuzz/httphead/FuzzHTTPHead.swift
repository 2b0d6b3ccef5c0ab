// libFuzzer target: a request head as a client sends it, bytes and all. Each
// input goes two ways. In process, its header lines are read the way the
// server reads them (Accept and Accept-Language weighed, the framing headers
// judged, the WebSocket handshake and Origin checked, the access-log line
// escaped) and the request is answered by the service over the sample town,
// with invariants on each. Over loopback, the same bytes go to a running
// HTTPServer (libmicrohttpd's parser, the deadlines, our callbacks), the write
// side is closed, and the answer is read: the server must live on and answer
// the next input.
import Foundation
@testable import GeoBase
@testable import GeoServer
#if canImport(Glibc)
import Glibc
#endif

nonisolated(unsafe) private var service: Service?
nonisolated(unsafe) private var server: HTTPServer?

private func started() -> (Service, HTTPServer) {
    if let service, let server { return (service, server) }
    _ = Fuzz.town
    let s = try! Service(state: ServiceState(paths: [Fuzz.scratchPath("town.geoidx")]))
    var configuration = HTTPServer.Configuration(address: ListenAddress(host: "127.0.0.1", port: 0))
    configuration.threads = 2
    configuration.timeout = 2
    configuration.maxBody = 64 * 1024
    let h = HTTPServer(configuration: configuration, handler: { s.handle($0) }, completion: { request, response, seconds, aborted in
        s.completed(request, response, seconds: seconds, aborted: aborted)
        let line = AccessLog.line(request, response, seconds: seconds, aborted: aborted)
        Fuzz.require(line.utf8.dropLast().allSatisfy { $0 >= 0x20 && $0 != 0x7F }, "a control byte in the access log: \(line.debugDescription)")
    })
    try! h.start()
    service = s
    server = h
    return (s, h)
}

/// The head's request line and header lines, as the server's request value holds them.
private func parsed(_ bytes: [UInt8]) -> HTTPRequest {
    let text = String(decoding: bytes, as: UTF8.self)
    let head = text.components(separatedBy: "\r\n\r\n").first ?? text
    var lines = head.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    let requestLine = lines.isEmpty ? [] : lines.removeFirst().split(separator: " ")
    var headers: [String: String] = [:]
    var repeated: Set<String> = []
    for line in lines {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let name = line[..<colon].lowercased(), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if let before = headers[name] { headers[name] = before + ", " + value; repeated.insert(name) } else { headers[name] = value }
    }
    let method = requestLine.first.map(String.init) ?? "GET"
    let target = requestLine.count > 1 ? String(requestLine[1]) : "/"
    var request = HTTPRequest(method: method, target: target.hasPrefix("/") ? target : "/" + target, headers: headers)
    request.repeatedHeaders = repeated
    return request
}

private func inProcess(_ request: HTTPRequest, _ service: Service, _ server: HTTPServer) {
    let offered = ["application/geo+json", "application/json", "application/gpx+xml", "image/svg+xml"]
    for value in [request.header("accept"), request.header("accept-language"), request.target] {
        if let type = ContentNegotiation.preferredType(value, offered: offered) {
            Fuzz.require(offered.contains(type), "Accept chose \(type), which was not offered")
        }
        for r in ContentNegotiation.ranges(value ?? "") {
            Fuzz.require((0...1000).contains(r.weight) && !r.range.isEmpty, "range \(r) out of bounds")
        }
        if let language = ContentNegotiation.preferredLanguage(value) {
            Fuzz.require(!language.isEmpty && language.allSatisfy({ $0.isASCII && $0.isLetter }), "language \(language.debugDescription)")
        }
    }
    if let refusal = server.framingRefusal(request) {
        Fuzz.require([400, 413, 501].contains(refusal.status), "framing refused with \(refusal.status)")
    }
    if let origin = request.header("origin") { _ = GeoserveCommand.isOrigin(origin) }
    var ws = request
    ws.path = "/ws"
    if server.webSocketRefusal(ws) == nil { server.webSockets.release() }
    for path in ["/", "/match", "/suggest?q=ru", "/api?q=ca", "/reverse?lat=46.2&lon=6.8&format=json"] {
        var r = HTTPRequest(method: path == "/match" ? "POST" : "GET", target: path, headers: request.headers)
        if path == "/match" { r.body = Array("lat,lon\n46.2,6.8\n46.201,6.801\n".utf8) }
        let response = service.handle(r)
        Fuzz.require((200...599).contains(response.status), "status \(response.status) for \(path)")
        if response.header("Content-Type")?.contains("json") == true {
            Fuzz.require((try? JSONValue.parse(response.body)) != nil, "unparseable JSON answer to \(path)")
        }
    }
}

/// Ends whatever the input left unfinished (a head) and asks the server to close after one more
/// request: without it, a keep-alive connection would wait out its timeout on every input.
private let sentinel = Array("\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)

/// Sends `bytes` (and the sentinel) to the server, closes the write side, reads until the server
/// closes (2 s at most).
private func overLoopback(_ input: [UInt8], port: UInt16) {
    let bytes = input + sentinel
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var tv = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_port = port.bigEndian
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    // Closed with a reset, so no TIME_WAIT is left per input (tens of thousands would use up
    // the loopback's ports).
    var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    var ok = withUnsafePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    let failure = errno
    if ok != 0 && failure == EINTR {
        // libFuzzer's timer signal interrupted the connect, which goes on: wait for its outcome.
        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var error: Int32 = 0, length = socklen_t(MemoryLayout<Int32>.size)
        if poll(&p, 1, 2_000) == 1, getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 { ok = 0 }
    }
    Fuzz.require(ok == 0, "the server stopped taking connections: \(String(cString: strerror(failure)))")
    var sent = 0
    while sent < bytes.count {
        let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if n <= 0 { break }
        sent += n
    }
    shutdown(fd, Int32(SHUT_WR))
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var answer: [UInt8] = []
    while answer.count < 1 << 22 {
        let n = recv(fd, &buffer, buffer.count, 0)
        if n <= 0 { break }
        answer += buffer[..<n]
    }
    if !answer.isEmpty {
        Fuzz.require(answer.starts(with: Array("HTTP/1.".utf8)), "an answer that is not HTTP: \(answer.prefix(40))")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPHead(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let (service, server) = started()
    let bytes = Fuzz.bytes(data, size)
    inProcess(parsed(bytes), service, server)
    overLoopback(bytes, port: server.port)
    return 0
}
