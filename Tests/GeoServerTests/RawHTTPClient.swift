// A few lines of blocking HTTP/1.1 over a loopback socket, so the tests see
// exactly what goes over the wire: keep-alive (several requests on one
// connection), bytes no real client would send, and when the server closes.
import Foundation
import GeoBase
#if canImport(Glibc)
import Glibc
#endif

final class RawHTTPClient {
    let fd: Int32

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var json: JSONValue? { try? JSONValue.parse(body) }
    }

    init(port: UInt16, receiveTimeout: Double = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var tv = timeval(tv_sec: Int(receiveTimeout), tv_usec: Int((receiveTimeout - receiveTimeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard ok == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            off += n
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// A GET with the headers a client sends.
    func get(_ target: String, method: String = "GET", extra: String = "") -> Response? {
        send("\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n\(extra)\r\n")
        return read(head: method == "HEAD")
    }

    private var buffer: [UInt8] = []

    /// Reads one response (nil when the server closed first).
    func read(head: Bool = false) -> Response? {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let headText = String(decoding: buffer[..<end], as: UTF8.self)
                var lines = headText.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
                var headers: [String: String] = [:]
                for l in lines {
                    guard let c = l.firstIndex(of: ":") else { continue }
                    headers[l[..<c].lowercased()] = l[l.index(after: c)...].trimmingCharacters(in: .whitespaces)
                }
                let length = head ? 0 : Int(headers["content-length"] ?? "0") ?? 0
                while buffer.count < end + 4 + length { guard fill() else { return nil } }
                let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return Response(status: status, headers: headers, body: body)
            }
            guard fill() else { return nil }
        }
    }

    /// The next `count` bytes after what was read (a WebSocket's frames after its 101); nil when the
    /// server closed first.
    func readBytes(_ count: Int) -> [UInt8]? {
        while buffer.count < count { guard fill() else { return nil } }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    /// Whether the server has closed the connection (waiting up to the receive timeout).
    func isClosedByServer() -> Bool {
        var b = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &b, b.count, 0)
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
    }

    private func fill() -> Bool {
        var b = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &b, b.count, 0)
        guard n > 0 else { return false }
        buffer.append(contentsOf: b[..<n])
        return true
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for i in 0...(buffer.count - needle.count) where buffer[i] == needle[0] && Array(buffer[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }
}
