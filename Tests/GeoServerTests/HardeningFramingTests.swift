// The framing headers a request-smuggling attempt plays with (two
// Content-Lengths, a Transfer-Encoding the server cannot read, both at once)
// are refused before any body is read, a length over the limit is refused as
// soon as it is announced, and a large upload costs time in proportion to its
// size (issue 21).
import Foundation
import Testing
import GeoBase
import GeoTestSupport
@testable import GeoServer

@Suite(.serialized) struct HardeningFramingTests {
    @Test func framingHeadersThatAllowSmugglingAreRefusedBeforeTheBody() throws {
        let server = try HTTPServerTests.serving(configure: { $0.maxBody = 1_000 })
        defer { server.stop(drainSeconds: 0) }
        let cases: [(String, Int, String?)] = [
            ("Content-Length: 5\r\nContent-Length: 6\r\n", 400, "Content-Length"),
            ("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", 400, "both"),
            ("Transfer-Encoding: gzip\r\n", 501, "gzip"),
            ("Transfer-Encoding: gzip, chunked\r\n", 501, "Transfer-Encoding"),
            // These the library refuses itself, before any handler (its body is its own HTML).
            ("Content-Length: +5\r\n", 400, nil), ("Content-Length: -1\r\n", 400, nil),
        ]
        for (headers, status, needle) in cases {
            let client = try RawHTTPClient(port: server.port, receiveTimeout: 3)
            client.send("POST /match HTTP/1.1\r\nHost: x\r\n\(headers)\r\n")
            let started = Date()
            let r = client.read()
            #expect(r?.status == status, "\(headers.debugDescription) → \(r?.status ?? 0)")
            if let needle {
                #expect(r?.json?["error"]?.stringValue?.contains(needle) == true, "\(headers.debugDescription): \(r.map { String(decoding: $0.body, as: UTF8.self) } ?? "")")
            }
            #expect(Date().timeIntervalSince(started) < 2, "\(headers.debugDescription) waited for a body")
        }
        // A length over the limit is refused as soon as it is announced, before a byte of the body.
        let big = try RawHTTPClient(port: server.port, receiveTimeout: 3)
        big.send("POST /match HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999999\r\n\r\n")
        #expect(big.read()?.status == 413)
        // A chunked body past the limit still gets its 413 at its end.
        let chunked = try RawHTTPClient(port: server.port)
        chunked.send("POST /match HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<3 { chunked.send(String(format: "%x\r\n", 600) + String(repeating: "y", count: 600) + "\r\n") }
        chunked.send("0\r\n\r\n")
        #expect(chunked.read()?.status == 413)
        #expect(try RawHTTPClient(port: server.port).get("/healthz")?.status == 200)
    }

    @Test func aLargeUploadCostsTimeInProportionToItsSize() throws {
        // The body was copied whole on every piece received: 15 MB took seconds before its track was read.
        let server = try HTTPServerTests.serving()
        defer { server.stop(drainSeconds: 0) }
        /// Seconds from the request's first byte to its answer (a body of spaces: 400, no track).
        func upload(_ size: Int) throws -> Double {
            let client = try RawHTTPClient(port: server.port, receiveTimeout: 60)
            let started = Date()
            client.send("POST /match HTTP/1.1\r\nHost: x\r\nContent-Length: \(size)\r\n\r\n")
            client.send([UInt8](repeating: 0x20, count: size))
            #expect(client.read()?.status == 400)
            return Date().timeIntervalSince(started)
        }
        // Eight times the bytes: about eight times the time when copying is linear, 64 times when each
        // piece copies the whole body so far. On a busy machine only the ratio says which (a fast one
        // is done within 3 s either way).
        let small = try upload(1_500_000), big = try upload(12_000_000)
        #expect(big < 3 || big < 24 * small, "1.5 MB took \(small) s, 12 MB \(big) s")
    }

    @Test func aTrackOverThePointLimitIsRefusedWith413() {
        // 1 M points once took the server from 97 MB to 900 MB, and six at once to 1.47 GB.
        var csv = "lat,lon\n"
        csv.reserveCapacity(20 * (GeoAPI.maxTrackPoints + 2))
        for k in 0...GeoAPI.maxTrackPoints { csv += "46.2\(k % 10),6.8\(k % 7)\n" }
        let r = Served.post("/match", body: Array(csv.utf8))
        #expect(r.status == 413 && r.json?["error"]?.stringValue?.contains("\(GeoAPI.maxTrackPoints) points") == true, "\(r.status) \(r.text.prefix(200))")
    }

    @Test func whatTheLibraryRefusesItselfIsLoggedAndCounted() throws {
        let logged = Kept()
        let service = Service(state: Served.town.state)
        let server = try HTTPServerTests.serving(service, log: { request, response, _, _ in
            logged.keep(AccessLog.line(request, response, seconds: 0) as NSString)
        })
        defer { server.stop(drainSeconds: 0) }
        for head in ["POST /match HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
                     "GET /api?q=a HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 40_000))\r\n\r\n"] {
            let client = try RawHTTPClient(port: server.port, receiveTimeout: 3)
            client.send(head)
            #expect((400...431).contains(client.read()?.status ?? 0))
        }
        usleep(100_000)
        let lines = logged.items.map { String($0 as! NSString) }
        #expect(lines.contains { $0.contains("\"- /match\" 400 ") }, "\(lines)")
        #expect(lines.contains { $0.contains("\"- /api?q=a\" 431 ") }, "\(lines)")
        let metrics = String(decoding: service.handle(HTTPRequest(target: "/metrics")).body, as: UTF8.self)
        #expect(metrics.contains("geoserve_requests_total{endpoint=\"unread\",status=\"4xx\"} 2"), "\(metrics.prefix(600))")
    }
}
