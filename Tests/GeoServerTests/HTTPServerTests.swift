// The server on a real loopback socket: keep-alive, the limits (414, 413, a
// slow client's timeout, the connection cap), bytes that are not HTTP, HEAD,
// many clients at once through a reload without a failed request, and a
// drain that lets a request in flight finish.
import Foundation
import Testing
import GeoBase
import GeoTestSupport
@testable import GeoServer
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct HTTPServerTests {
    /// A server for `service` on a free loopback port, with a configuration the test adjusts.
    static func serving(_ service: Service = Served.town, configure adjust: (inout HTTPServer.Configuration) -> Void = { _ in },
                        log: (@Sendable (HTTPRequest, HTTPResponse, Double, String?) -> Void)? = nil) throws -> HTTPServer {
        var configuration = HTTPServer.Configuration(address: ListenAddress(host: "127.0.0.1", port: 0))
        configuration.threads = 2
        adjust(&configuration)
        let server = HTTPServer(configuration: configuration, handler: { service.handle($0) }, completion: { request, response, seconds, aborted in
            service.completed(request, response, seconds: seconds, aborted: aborted)
            log?(request, response, seconds, aborted)
        })
        try server.start()
        return server
    }

    @Test func keepsTheConnectionAliveAcrossRequests() throws {
        let server = try Self.serving()
        defer { server.stop(drainSeconds: 0) }
        let client = try RawHTTPClient(port: server.port)
        for q in ["rue", "cafe", "boulevard"] {
            let r = try #require(client.get("/api?q=\(q)"))
            #expect(r.status == 200 && r.headers["connection"]?.lowercased() != "close")
            #expect(r.json?["features"]?.arrayValue?.isEmpty == false)
        }
        // HEAD: the headers of a GET, no body.
        let head = try #require(client.get("/healthz", method: "HEAD"))
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(try #require(client.get("/status")).status == 200)
    }

    @Test func longTargetsGet414AndLargeBodies413() throws {
        let server = try Self.serving(configure: { $0.maxBody = 1_000 })
        defer { server.stop(drainSeconds: 0) }
        let long = try #require(try RawHTTPClient(port: server.port).get("/api?q=" + String(repeating: "a", count: 9_000)))
        #expect(long.status == 414 && long.json?["error"]?.stringValue?.contains("8192") == true)
        let client = try RawHTTPClient(port: server.port)
        let body = String(repeating: "x", count: 5_000)
        client.send("POST /match HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.count)\r\n\r\n\(body)")
        let big = try #require(client.read())
        #expect(big.status == 413 && big.json?["error"]?.stringValue?.contains("1000 bytes") == true)
        // Chunked, with no length announced: counted as it comes.
        let chunked = try RawHTTPClient(port: server.port)
        chunked.send("POST /match HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<3 { chunked.send(String(format: "%x\r\n", 600) + String(repeating: "y", count: 600) + "\r\n") }
        chunked.send("0\r\n\r\n")
        #expect(chunked.read()?.status == 413)
        // Huge headers: the library's own refusal, and the server carries on.
        let headers = try RawHTTPClient(port: server.port)
        _ = headers.get("/healthz", extra: "X-Junk: \(String(repeating: "j", count: 300_000))\r\n")
        #expect(try RawHTTPClient(port: server.port).get("/healthz")?.status == 200)
    }

    @Test func bytesThatAreNotHTTPAreRefusedAndTheServerCarriesOn() throws {
        let server = try Self.serving()
        defer { server.stop(drainSeconds: 0) }
        for junk in ["\u{0}\u{1}\u{2}garbage\r\n\r\n", "GET\r\n\r\n", "GET /api?q=a HTTP/9.9\r\n\r\n",
                     "POST /match HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n"] {
            let client = try RawHTTPClient(port: server.port, receiveTimeout: 3)
            client.send(junk)
            if let r = client.read() { #expect((400...505).contains(r.status), "\(junk.debugDescription) → \(r.status)") }
        }
        // Broken escapes are kept as typed (as the library does), a NUL ends the value: a search.
        let escapes = try RawHTTPClient(port: server.port).get("/api?q=%ZZ%%%00")
        #expect(escapes?.status == 200 && escapes?.json?["features"] != nil)
        #expect(try RawHTTPClient(port: server.port).get("/healthz")?.status == 200)
    }

    @Test func aSlowClientIsCutOffAfterTheTimeout() throws {
        let server = try Self.serving(configure: { $0.timeout = 1 })
        defer { server.stop(drainSeconds: 0) }
        let client = try RawHTTPClient(port: server.port, receiveTimeout: 5)
        client.send("GET /api?q=a HTTP/1.1\r\nHo")
        let start = Date()
        #expect(client.isClosedByServer())
        #expect(Date().timeIntervalSince(start) < 4)
    }

    @Test func aNewClientAtTheLimitTakesTheLongestIdleConnectionsPlace() throws {
        let server = try Self.serving(configure: { $0.threads = 1; $0.connectionLimit = 2 })
        defer { server.stop(drainSeconds: 0) }
        let a = try RawHTTPClient(port: server.port, receiveTimeout: 3), b = try RawHTTPClient(port: server.port)
        #expect(a.get("/healthz")?.status == 200)
        usleep(20_000)
        #expect(b.get("/healthz")?.status == 200)
        // Both idle now; the newcomer is served, and the one idle longest (a) made room.
        let c = try RawHTTPClient(port: server.port, receiveTimeout: 3)
        #expect(c.get("/healthz")?.status == 200)
        #expect(a.get("/healthz") == nil)
        #expect(b.get("/healthz")?.status == 200)
        #expect(server.watch.cutCounts[.evicted] == 1)
    }

    @Test func aNewClientWhenEveryConnectionIsBusyGetsA503() throws {
        let server = try Self.serving(configure: { $0.threads = 1; $0.connectionLimit = 2 })
        defer { server.stop(drainSeconds: 0) }
        // Two uploads under way at a good pace are busy: nobody is evicted for the newcomer.
        let uploads = try (0..<2).map { _ in try RawHTTPClient(port: server.port) }
        for u in uploads { u.send("POST /match HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n" + String(repeating: "1", count: 100_000)) }
        usleep(100_000)
        let c = try RawHTTPClient(port: server.port, receiveTimeout: 3)
        let refused = c.read()
        #expect(refused?.status == 503 && refused?.json?["error"]?.stringValue?.contains("connections") == true)
        #expect(server.watch.cutCounts[.refused] == 1 && server.watch.cutCounts[.evicted] == nil)
    }

    @Test func manyClientsThroughAReloadLoseNoRequest() throws {
        let service = Service(state: Served.town.state)
        let server = try Self.serving(service)
        defer { server.stop(drainSeconds: 0) }
        let failures = Counter(), answered = Counter()
        let port = server.port
        DispatchQueue.concurrentPerform(iterations: 9) { k in
            if k == 8 {
                // Reopen the index a few times while the others ask.
                for _ in 0..<5 {
                    usleep(20_000)
                    if let state = try? ServiceState(paths: [Served.townPath]) { service.replace(state: state) }
                }
                return
            }
            guard let client = try? RawHTTPClient(port: port) else { failures.add(); return }
            for i in 0..<60 {
                let target = ["/api?q=ru", "/reverse?lat=46.1966&lon=6.8004", "/route/v1/driving/\(Served.lonLat(10043));\(Served.lonLat(10015))?overview=false",
                              "/search?q=cafe"][(i + k) % 4]
                if client.get(target)?.status == 200 { answered.add() } else { failures.add() }
            }
        }
        #expect(failures.value == 0)
        #expect(answered.value == 8 * 60)
    }

    @Test func everyFinishedRequestIsLoggedOnce() throws {
        let lines = Counter()
        let server = try Self.serving(log: { request, response, seconds, _ in
            if request.target.hasPrefix("/api?q=") && response.status == 200 && seconds >= 0 { lines.add() }
        })
        let client = try RawHTTPClient(port: server.port)
        for _ in 0..<5 { _ = client.get("/api?q=rue") }
        server.stop(drainSeconds: 1)
        #expect(lines.value == 5)
    }

    @Test func stopLetsARequestInFlightFinish() throws {
        let server = try Self.serving()
        let client = try RawHTTPClient(port: server.port)
        client.send("GET /features?bbox=6.78,46.19,6.82,46.21 HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(1_000)
        server.stop(drainSeconds: 2)
        // Either answered whole before the stop or refused; never a cut answer.
        if let r = client.read() { #expect(r.status == 200 && r.json != nil) }
        #expect((try? RawHTTPClient(port: server.port)) == nil)
    }

    @Test func aPortInUseIsOneClearError() throws {
        let server = try Self.serving()
        defer { server.stop(drainSeconds: 0) }
        let second = HTTPServer(configuration: HTTPServer.Configuration(address: ListenAddress(host: "127.0.0.1", port: server.port)),
                                handler: { _ in HTTPResponse(status: 200) })
        #expect(throws: InputError.self) { try second.start() }
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.withLock { n += 1 } }
    var value: Int { lock.withLock { n } }
}
