// Denial of service, tried as an attacker would (issue 21): a head that
// trickles in one line at a time (it used to live on, each line resetting the
// library's idle timer), forty such sockets against --max-connections 40, a
// body that trickles, a WebSocket that sends a byte just often enough, a burst
// of handshakes against the session limit, a stop with a request still running,
// and what a client's bytes may do to the access log. Each bounded in time.
import Foundation
import Testing
import GeoBase
import GeoTestSupport
import Synchronization
@testable import GeoServer
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct HardeningServerLimitsTests {
    /// Sends `start`, then one piece of `trickle` every 0.3 s (0.2 s waiting for a close, 0.1 s
    /// asleep) until the server cuts the connection; the seconds that took, nil when it never did.
    static func secondsUntilCut(_ server: HTTPServer, start: String, trickle: (Int) -> String, pieces: Int) throws -> Double? {
        let client = try RawHTTPClient(port: server.port, receiveTimeout: 0.2)
        client.send(start)
        let started = Date()
        for k in 0..<pieces {
            client.send(trickle(k))
            if client.isClosedByServer() { return Date().timeIntervalSince(started) }
            usleep(100_000)
        }
        return nil
    }

    @Test func aHeadThatTricklesInIsCutAtTheTimeout() throws {
        let server = try HTTPServerTests.serving(configure: { $0.timeout = 1 })
        defer { server.stop(drainSeconds: 0) }
        // One header line every 0.3 s: never idle for the library's timeout, yet never done.
        let cut = try Self.secondsUntilCut(server, start: "GET /api?q=a HTTP/1.1\r\n", trickle: { "X-Slow-\($0): y\r\n" }, pieces: 20)
        #expect(cut != nil && cut! < 3, "\(cut ?? -1)")
        #expect(server.watch.cutCounts[.headTimeout] == 1)
    }

    @Test func slowSocketsAtTheLimitLeaveRoomForANewClient() throws {
        let server = try HTTPServerTests.serving(configure: { $0.connectionLimit = 40; $0.timeout = 30 })
        defer { server.stop(drainSeconds: 0) }
        let slow = try (0..<40).map { k -> RawHTTPClient in
            let c = try RawHTTPClient(port: server.port, receiveTimeout: 1)
            c.send("GET /api?q=\(k) HTTP/1.1\r\nHost: x\r\n")
            return c
        }
        usleep(100_000)
        for k in 0..<5 {
            let started = Date()
            let r = try RawHTTPClient(port: server.port, receiveTimeout: 3).get("/healthz")
            #expect(r?.status == 200, "client \(k) was not served")
            #expect(Date().timeIntervalSince(started) < 1)
        }
        #expect(server.watch.cutCounts[.evicted] ?? 0 >= 1)
        _ = slow
    }

    @Test func aBodyThatTricklesInIsCut() throws {
        let server = try HTTPServerTests.serving(configure: { $0.timeout = 1 })
        defer { server.stop(drainSeconds: 0) }
        let cut = try Self.secondsUntilCut(server, start: "POST /match HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nlat,lon\n",
                                           trickle: { _ in "4" }, pieces: 25)
        #expect(cut != nil && cut! < 4, "\(cut ?? -1)")
        #expect(server.watch.cutCounts[.bodyTimeout] == 1)
    }

    @Test func aWebSocketSendingAByteNowAndThenIsStillIdle() throws {
        let server = try HTTPServerTests.serving(configure: { $0.webSocketIdleSeconds = 1 })
        defer { server.stop(drainSeconds: 0) }
        let client = try WebSocketServerTests.open(server)
        // The bytes of a frame that is never finished, one every 0.3 s for 3 s: the connection is
        // never quiet for a second, yet no message comes.
        let frame = WS.client(0x1, "1 /status?format=json")
        let fd = client.fd
        let sender = Thread {
            for b in frame.prefix(10) {
                _ = [b].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }
                usleep(300_000)
            }
        }
        let started = Date()
        sender.start()
        let close = WebSocketServerTests.frame(client)
        #expect(close?.opcode == 0x8 && close?.payload.prefix(2) == [0x03, 0xE9])
        #expect(Date().timeIntervalSince(started) < 2, "closed after \(Date().timeIntervalSince(started)) s")
        usleep(2_000_000)  // the sender's last bytes, before the socket is closed
    }

    @Test func aBurstOfHandshakesNeverOpensMoreSessionsThanTheLimit() throws {
        let server = try HTTPServerTests.serving(configure: { $0.webSocketLimit = 8; $0.threads = 2 })
        defer { server.stop(drainSeconds: 0) }
        let opened = Counter(), refused = Counter()
        let clients = Kept()
        DispatchQueue.concurrentPerform(iterations: 60) { _ in
            guard let c = try? RawHTTPClient(port: server.port, receiveTimeout: 5) else { return }
            let r = c.get("/ws", extra: WebSocketServerTests.handshake)
            if r?.status == 101 { opened.add() } else if r?.status == 503 { refused.add() }
            clients.keep(c)
        }
        usleep(200_000)
        #expect(opened.value == 8, "\(opened.value) sessions for a limit of 8")
        #expect(refused.value == 52)
        #expect(server.webSockets.count <= 8)
    }

    @Test func aStopClosesTheListeningSocketAtOnceAndLogsACutAnswerAsCut() throws {
        let lines = Mutex<[String]>([])
        var configuration = HTTPServer.Configuration(address: ListenAddress(host: "127.0.0.1", port: 0))
        configuration.threads = 2
        let server = HTTPServer(configuration: configuration, handler: { request in
            if request.path == "/slow" { usleep(1_500_000) }
            return .json(.object([("ok", .bool(true))]))
        }, completion: { request, response, seconds, aborted in
            lines.withLock { $0.append(AccessLog.line(request, response, seconds: seconds, aborted: aborted)) }
        })
        try server.start()
        let port = server.port
        let slow = try RawHTTPClient(port: port, receiveTimeout: 5)
        slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(100_000)
        let stopped = DispatchSemaphore(value: 0)
        Thread { server.stop(drainSeconds: 0.5); stopped.signal() }.start()
        usleep(200_000)
        // Draining: a new client is refused at once, not left hanging until the process exits.
        let started = Date()
        #expect((try? RawHTTPClient(port: port)) == nil)
        #expect(Date().timeIntervalSince(started) < 0.5)
        stopped.wait()
        let logged = lines.withLock { $0 }.first { $0.contains("/slow") }
        #expect(logged?.contains("aborted=shutdown") == true, "\(logged ?? "not logged")")
    }

    @Test func aLogNobodyReadsNeverStallsRequestsNorTheStop() throws {
        // Standard error to a pipe that is never read: it used to stall every worker at request ~560.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Executable.path("geoserve"))
        process.arguments = ["-i", Served.townPath, "--listen", "127.0.0.1:0", "--open"]
        let err = Pipe(), out = Pipe()
        process.standardError = err
        process.standardOutput = out
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // --open prints the address on standard output, which is read.
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        let port = try #require(UInt16(line.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
        let client = try RawHTTPClient(port: port, receiveTimeout: 30)
        let started = Date()
        var slowest = 0.0
        for k in 0..<3_000 {
            let asked = Date()
            defer { slowest = max(slowest, Date().timeIntervalSince(asked)) }
            // Long targets make long lines: the queue (256 KiB) and the pipe (64 KiB) fill within the loop.
            guard client.get("/api?q=\(["ru", "ca", "bo"][k % 3])+\(String(repeating: "y", count: 300))&limit=1")?.status == 200 else {
                Issue.record("request \(k) got no answer after \(Date().timeIntervalSince(started)) s")
                return
            }
        }
        #expect(Date().timeIntervalSince(started) < 60)
        print("aLogNobodyReads: slowest answer \(slowest) s")
        let metrics = String(decoding: try #require(client.get("/metrics")).body, as: UTF8.self)
        let dropped = metrics.split(separator: "\n").first { $0.hasPrefix("geoserve_access_log_dropped_total ") }
        #expect((dropped?.split(separator: " ").last).flatMap { Int($0) } ?? 0 > 0, "\(dropped ?? "no counter")")
        let stopping = Date()
        kill(process.processIdentifier, SIGTERM)
        while process.isRunning && Date().timeIntervalSince(stopping) < 10 { usleep(20_000) }
        #expect(!process.isRunning && process.terminationStatus == 0)
        #expect(Date().timeIntervalSince(stopping) < 5)
    }

    @Test func aClientsBytesCannotForgeOrColourTheLog() {
        var request = HTTPRequest(method: "GET\"x", target: "/api?q=\u{1B}[31mred\u{1B}[0m\n2026-01-01 forged")
        request.client = "127.0.0.1"
        let line = AccessLog.line(request, HTTPResponse(status: 200), seconds: 0.001)
        #expect(!line.dropLast().contains("\n") && !line.contains("\u{1B}"))
        #expect(line.contains("GET\\x22x") && line.contains("\\x1B[31mred") && line.contains("\\x0A2026"))
        #expect(AccessLog.escaped("Straße/Москва") == "Straße/Москва")
    }
}

/// Objects kept alive until the test ends (sockets a test must not close early), from any thread.
final class Kept: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [AnyObject] = []
    func keep(_ item: AnyObject) { lock.withLock { kept.append(item) } }
    var items: [AnyObject] { lock.withLock { kept } }
}
