// The map page's WebSocket on a real loopback socket: the handshake and each
// way it is refused (no upgrade, wrong version, bad key, another site's page,
// too many sessions), a message answered with the same JSON a GET gives,
// messages that are not requests, ping, the close handshake, a protocol error
// closed with its code, a session gone quiet, and a stop with sessions open.
import Foundation
import Testing
import GeoBase
import GeoTestSupport
@testable import GeoServer
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct WebSocketServerTests {
    static let handshake = "Upgrade: websocket\r\nConnection: keep-alive, Upgrade\r\nSec-WebSocket-Version: 13\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"

    /// A client whose handshake succeeded (101 checked).
    static func open(_ server: HTTPServer, origin: String? = nil) throws -> RawHTTPClient {
        let client = try RawHTTPClient(port: server.port, receiveTimeout: 5)
        let r = client.get("/ws", extra: handshake + (origin.map { "Origin: \($0)\r\n" } ?? ""))
        #expect(r?.status == 101)
        #expect(r?.headers["sec-websocket-accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(r?.headers["upgrade"]?.lowercased() == "websocket")
        return client
    }

    /// One server frame: its opcode and payload.
    static func frame(_ client: RawHTTPClient) -> (opcode: UInt8, payload: [UInt8])? {
        guard let head = client.readBytes(2) else { return nil }
        var length = Int(head[1] & 0x7F)
        #expect(head[1] & 0x80 == 0, "server frames are not masked")
        if length == 126, let l = client.readBytes(2) { length = Int(l[0]) << 8 | Int(l[1]) }
        else if length == 127, let l = client.readBytes(8) { length = l.reduce(0) { $0 << 8 | Int($1) } }
        guard let payload = client.readBytes(length) else { return nil }
        return (head[0] & 0x0F, payload)
    }

    /// An answer without its "took_ms" (the only field two askings may differ in).
    static func untimed(_ value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members.filter { $0.0 != "took_ms" })
    }

    static func ask(_ client: RawHTTPClient, _ message: String) -> JSONValue? {
        client.send(WS.client(0x1, message))
        guard let f = frame(client), f.opcode == 0x1 else { return nil }
        return try? JSONValue.parse(f.payload)
    }

    @Test func aMessageIsAnsweredWithTheJSONOfAGet() throws {
        let server = try HTTPServerTests.serving()
        defer { server.stop(drainSeconds: 0) }
        let client = try Self.open(server, origin: "http://localhost")
        for target in ["/suggest?q=rue%20gri&limit=3", "/api?q=bakery", "/reverse?lat=46.2&lon=6.8&format=jsonv2", "/nope"] {
            let answer = try #require(Self.ask(client, "42 \(target)"))
            let direct = Served.get(target)
            #expect(answer["id"]?.intValue == 42)
            #expect(answer["status"]?.intValue == Int64(direct.status))
            #expect(answer["body"].map(Self.untimed) == direct.json.map(Self.untimed), "\(target)")
        }
        // Several on one connection, answered in order.
        client.send(WS.client(0x1, "1 /suggest?q=r") + WS.client(0x1, "2 /suggest?q=ru"))
        let first = try #require(Self.frame(client)), second = try #require(Self.frame(client))
        #expect((try? JSONValue.parse(first.payload))?["id"]?.intValue == 1)
        #expect((try? JSONValue.parse(second.payload))?["id"]?.intValue == 2)
    }

    @Test func aMessageSentWithTheHandshakeIsAnswered() throws {
        let server = try HTTPServerTests.serving()
        defer { server.stop(drainSeconds: 0) }
        let client = try RawHTTPClient(port: server.port, receiveTimeout: 5)
        // The first frame in the same write as the handshake: libmicrohttpd reads it with the headers.
        client.send(Array("GET /ws HTTP/1.1\r\nHost: localhost\r\n\(Self.handshake)\r\n".utf8) + WS.client(0x1, "5 /status?format=json"))
        #expect(client.read()?.status == 101)
        let f = try #require(Self.frame(client))
        #expect((try? JSONValue.parse(f.payload))?["id"]?.intValue == 5)
    }

    @Test func messagesThatAreNotRequestsGet400WithTheReason() throws {
        let server = try HTTPServerTests.serving()
        defer { server.stop(drainSeconds: 0) }
        let client = try Self.open(server)
        for (message, id, words) in [("hello", nil, "an id"), ("7", 7, "a space"), ("7 suggest", 7, "starting with /"),
                                     ("1234567890 /suggest", nil, "1 to 9 digits"), ("8 /suggest?q=a b", 8, "space or a control"),
                                     ("9 /metrics", 9, "does not answer JSON"),
                                     ("11 /suggest?" + String(repeating: "q", count: 9_000), nil, "")] as [(String, Int?, String)] {
            if message.count > 9_000 {
                // Over the largest message: the connection is closed with 1009.
                client.send(WS.client(0x1, message))
                let f = try #require(Self.frame(client))
                #expect(f.opcode == 0x8 && f.payload.prefix(2) == [0x03, 0xF1])
                continue
            }
            let answer = try #require(Self.ask(client, message), "\(message)")
            #expect(answer["status"]?.intValue == 400)
            #expect(answer["id"]?.intValue == id.map(Int64.init))
            #expect(answer["body"]?["error"]?.stringValue?.contains(words) == true, "\(message): \(answer)")
        }
    }

    @Test func pingGetsPongAndCloseIsEchoed() throws {
        let server = try HTTPServerTests.serving()
        defer { server.stop(drainSeconds: 0) }
        let client = try Self.open(server)
        client.send(WS.client(0x9, [1, 2, 3]))
        let pong = try #require(Self.frame(client))
        #expect(pong.opcode == 0xA && pong.payload == [1, 2, 3])
        client.send(WS.client(0x8, [0x03, 0xE8]))
        let close = try #require(Self.frame(client))
        #expect(close.opcode == 0x8 && close.payload.prefix(2) == [0x03, 0xE8])
        #expect(client.isClosedByServer())
    }

    @Test func aProtocolErrorClosesWithItsCodeAndTheServerCarriesOn() throws {
        let server = try HTTPServerTests.serving()
        defer { server.stop(drainSeconds: 0) }
        let client = try Self.open(server)
        client.send(WS.client(0x1, Array("1 /suggest?q=a".utf8), masked: false))
        let close = try #require(Self.frame(client))
        #expect(close.opcode == 0x8 && close.payload.prefix(2) == [0x03, 0xEA])  // 1002
        #expect(String(decoding: close.payload.dropFirst(2), as: UTF8.self).contains("masked"))
        #expect(client.isClosedByServer())
        let binary = try Self.open(server)
        binary.send(WS.client(0x2, [1, 2]))
        #expect(Self.frame(binary)?.payload.prefix(2) == [0x03, 0xEB])  // 1003
        let next = try Self.open(server)
        #expect(Self.ask(next, "1 /status?format=json")?["status"]?.intValue == 200)
    }

    @Test func refusedHandshakesGetAClearJSONError() throws {
        let server = try HTTPServerTests.serving()
        defer { server.stop(drainSeconds: 0) }
        let cases: [(String, String, Int, String)] = [
            ("GET", "", 426, "Upgrade: websocket"),
            ("GET", Self.handshake.replacingOccurrences(of: "Version: 13", with: "Version: 8"), 426, "must be 13"),
            ("GET", Self.handshake.replacingOccurrences(of: "dGhlIHNhbXBsZSBub25jZQ==", with: "short"), 400, "16 bytes"),
            ("GET", Self.handshake + "Origin: https://evil.example\r\n", 403, "evil.example"),
            ("POST", Self.handshake, 405, "takes GET"),
        ]
        for (method, extra, status, words) in cases {
            let client = try RawHTTPClient(port: server.port)
            let r = try #require(client.get("/ws", method: method, extra: extra + (method == "POST" ? "Content-Length: 0\r\n" : "")))
            #expect(r.status == status, "\(words)")
            #expect(r.json?["error"]?.stringValue?.contains(words) == true, "\(String(describing: r.json))")
        }
        let sameSite = try RawHTTPClient(port: server.port)
        #expect(sameSite.get("/ws", extra: Self.handshake + "Origin: http://LOCALHOST\r\n")?.status == 101)
    }

    @Test func theOriginGivenToCorsMayOpenIt() throws {
        let server = try HTTPServerTests.serving(configure: { $0.webSocketOrigin = "https://maps.example.org" })
        defer { server.stop(drainSeconds: 0) }
        _ = try Self.open(server, origin: "https://maps.example.org")
        let other = try RawHTTPClient(port: server.port)
        #expect(other.get("/ws", extra: Self.handshake + "Origin: https://other.example.org\r\n")?.status == 403)
    }

    @Test func sessionsBeyondTheLimitGet503() throws {
        let server = try HTTPServerTests.serving(configure: { $0.webSocketLimit = 2 })
        defer { server.stop(drainSeconds: 0) }
        let a = try Self.open(server), b = try Self.open(server)
        _ = (Self.ask(a, "1 /status?format=json"), Self.ask(b, "1 /status?format=json"))
        let c = try RawHTTPClient(port: server.port)
        #expect(c.get("/ws", extra: Self.handshake)?.status == 503)
        // One closed makes room.
        a.send(WS.client(0x8, [0x03, 0xE8]))
        #expect(a.isClosedByServer())
        usleep(50_000)
        #expect(Self.ask(try Self.open(server), "2 /status?format=json")?["status"]?.intValue == 200)
    }

    @Test func aQuietSessionIsClosedAfterTheIdleLimit() throws {
        let server = try HTTPServerTests.serving(configure: { $0.webSocketIdleSeconds = 1 })
        defer { server.stop(drainSeconds: 0) }
        let client = try Self.open(server)
        let started = Date()
        let close = try #require(Self.frame(client))
        #expect(close.opcode == 0x8 && close.payload.prefix(2) == [0x03, 0xE9])  // 1001
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test func stopClosesOpenSessionsPromptly() throws {
        let server = try HTTPServerTests.serving()
        let clients = try (0..<3).map { _ in try Self.open(server) }
        for c in clients { #expect(Self.ask(c, "1 /status?format=json") != nil) }
        let started = Date()
        server.stop(drainSeconds: 5)
        #expect(Date().timeIntervalSince(started) < 2)
        for c in clients {
            // A close frame saying why, then the end of the connection.
            let close = Self.frame(c)
            #expect(close?.opcode == 0x8 && close?.payload.prefix(2) == [0x03, 0xE9])
            #expect(c.isClosedByServer())
        }
    }

    @Test func eachMessageIsCountedInTheMetricsAndTheLog() throws {
        let log = Counter()
        // A service of its own, so its metrics count this test's requests alone.
        let service = try Service(state: ServiceState(paths: [Served.townPath]))
        let server = try HTTPServerTests.serving(service, log: { request, _, _, _ in if request.path == "/suggest" { log.add() } })
        defer { server.stop(drainSeconds: 0) }
        let client = try Self.open(server)
        for i in 1...3 { _ = Self.ask(client, "\(i) /suggest?q=r") }
        _ = Self.ask(client, "4 /nope")
        #expect(log.value == 3)
        let metrics = service.metrics.render(state: service.state, counters: ServerCounters())
        #expect(metrics.contains("geoserve_requests_total{endpoint=\"suggest\",status=\"2xx\"} 3\n"), "\(metrics.prefix(600))")
        #expect(metrics.contains("geoserve_requests_total{endpoint=\"unknown\",status=\"4xx\"} 1\n"))
    }
}
