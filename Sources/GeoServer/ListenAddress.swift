// Where the server listens: `127.0.0.1:8080` (the default, loopback only),
// `0.0.0.0:8080` or `[::]:8080` (every interface, when asked for), `[::1]:80`,
// or a bare port. The socket is made and bound here, so a port in use or a bad
// address is one clear error before the server starts, and port 0 (any free
// port, for tests) reports the port it got.
import Foundation
import GeoBase
import GeoFrontEnd
#if canImport(Glibc)
import Glibc
#endif

public struct ListenAddress: Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    public init(host: String = "127.0.0.1", port: UInt16 = 8080) {
        self.host = host
        self.port = port
    }

    /// "HOST:PORT", "[IPv6]:PORT" or "PORT"; nil when it is none of these.
    public init?(_ text: String) {
        var host = "127.0.0.1", portText = text
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            portText = String(rest.dropFirst())
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = String(text[text.index(after: colon)...])
        }
        guard !host.isEmpty, let port = UInt16(portText) else { return nil }
        self.init(host: host == "localhost" ? "127.0.0.1" : host, port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// A listening socket bound to the address, and the port it has.
    func listen() throws -> (Int32, UInt16) {
        func fail(_ what: String) -> InputError {
            InputError(file: description, message: "\(what): \(String(cString: strerror(errno)))")
        }
        var v4 = sockaddr_in(), v6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            family = AF_INET
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            family = AF_INET6
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
        } else {
            throw InputError(file: description, message: "not an IP address to listen on (use 127.0.0.1, 0.0.0.0, ::1 or ::)")
        }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw fail("cannot make a socket") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = family == AF_INET
            ? withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            : withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        guard bound == 0 else {
            let e = fail("cannot listen here")
            close(fd)
            throw e
        }
        guard Glibc.listen(fd, 511) == 0 else {
            let e = fail("cannot listen here")
            close(fd)
            throw e
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let actual: UInt16 = withUnsafeMutablePointer(to: &storage) { p in
            _ = p.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            return family == AF_INET
                ? p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
                : p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        }
        return (fd, actual)
    }
}
