// What the WebSocket reader refuses, and with which close code: a client is
// hostile input, so every header field that RFC 6455 §5 constrains, every
// order of data frames, strict UTF-8 and close payloads each have a case here,
// read whole and a byte at a time (a failure must not depend on the split),
// and a header claiming an absurd length fails on the header alone.
import Testing
@testable import GeoServer

@Suite struct WebSocketReaderErrorTests {
    /// Streams that must fail, the close code they must fail with, and the reader's maxMessage.
    static let cases: [(name: String, stream: [UInt8], code: UInt16, maxMessage: Int)] = {
        var c: [(String, [UInt8], UInt16, Int)] = [
            ("unmasked text", WS.client(0x1, Array("hi".utf8), masked: false), 1002, 100),
            ("unmasked ping", WS.client(0x9, [], masked: false), 1002, 100),
            ("ping of 126 bytes", WS.client(0x9, [UInt8](repeating: 0, count: 126)), 1002, 100),
            ("close of 126 bytes", WS.client(0x8, [0x03, 0xE8] + [UInt8](repeating: 0x61, count: 124)), 1002, 100),
            ("ping claiming 2^63-1 bytes", [0x89, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], 1002, 100),
            ("fragmented ping", WS.client(0x9, [1], fin: false), 1002, 100),
            ("fragmented close", WS.client(0x8, [], fin: false), 1002, 100),
            ("64-bit length with the top bit", [0x81, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 5] + WS.key, 1002, 100),
            ("binary", WS.client(0x2, [1, 2, 3]), 1003, 100),
            ("fragmented binary", WS.client(0x2, [1], fin: false) + WS.client(0x0, [2]), 1003, 100),
            ("continuation first", WS.client(0x0, Array("x".utf8)), 1002, 100),
            ("continuation after a whole message", WS.client(0x1, "a") + WS.client(0x0, "b"), 1002, 100),
            ("text inside a text", WS.client(0x1, "a", fin: false) + WS.client(0x1, "b"), 1002, 100),
            ("binary inside a text", WS.client(0x1, "a", fin: false) + WS.client(0x2, [1]), 1002, 100),
            ("text over maxMessage", WS.client(0x1, "12345678901"), 1009, 10),
            ("text over maxMessage in a 16-bit length", WS.client(0x1, String(repeating: "a", count: 200)), 1009, 199),
            ("fragments over maxMessage", WS.client(0x1, "1234", fin: false) + WS.client(0x0, "5678", fin: false)
                + WS.client(0x0, "abc"), 1009, 10),
            ("a header claiming 2^63-1 bytes", [0x81, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], 1009, 1 << 20),
            ("a continuation claiming 2^63-1 bytes", WS.client(0x1, "ab", fin: false)
                + [0x80, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], 1009, 1 << 20),
            ("text split inside a character", WS.client(0x1, [0xE2], fin: false) + WS.client(0x0, [0x82]), 1007, 100),
            ("close with 1 byte", WS.client(0x8, [0x03]), 1002, 100),
            ("close reason not UTF-8", WS.client(0x8, [0x03, 0xE8, 0xC0, 0x80]), 1007, 100),
        ]
        for rsv: UInt8 in [0x40, 0x20, 0x10, 0x70] {
            c.append(("RSV bits \(rsv)", WS.client(0x1, Array("hi".utf8), rsv: rsv), 1002, 100))
        }
        for opcode: UInt8 in [3, 4, 5, 6, 7, 0xB, 0xC, 0xD, 0xE, 0xF] {
            c.append(("opcode \(opcode)", WS.client(opcode, [1]), 1002, 100))
            c.append(("opcode \(opcode) inside a text", WS.client(0x1, "a", fin: false) + WS.client(opcode, [1], fin: false), 1002, 100))
        }
        // Overlong forms, surrogates, past U+10FFFF, bytes that never occur, cut sequences, stray continuations.
        let badUTF8: [[UInt8]] = [[0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0xAF],
                                  [0xF0, 0x8F, 0xBF, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xED, 0xA0, 0xBD, 0xED, 0xB2, 0xA9],
                                  [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFE], [0xFF],
                                  [0x80], [0x61, 0xBF], [0xE2, 0x82], [0x61, 0xE2, 0x82, 0x61], [0xCE], [0xF0, 0x9F, 0x98]]
        for bad in badUTF8 {
            c.append(("text \(bad)", WS.client(0x1, Array("ok ".utf8) + bad), 1007, 100))
        }
        // Codes an endpoint may not send: unassigned, reserved, or reserved for "no code" and "abnormal".
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1012, 1015, 1016, 2000, 2999, 5000, 65535] {
            c.append(("close code \(code)", WS.client(0x8, [UInt8(code >> 8), UInt8(code & 0xFF)]), 1002, 100))
        }
        return c.map { (name: $0.0, stream: $0.1, code: $0.2, maxMessage: $0.3) }
    }()

    @Test func everyErrorHasItsCodeWholeOrByteByByte() {
        for c in Self.cases {
            let whole = WS.read(c.stream, maxMessage: c.maxMessage)
            #expect(whole.failure?.code == c.code, "\(c.name): \(String(describing: whole.failure))")
            #expect(whole.events.isEmpty, "\(c.name)")
            let bytewise = WS.read(c.stream, maxMessage: c.maxMessage, pieces: Array(repeating: 1, count: c.stream.count))
            // Fed in pieces, the frames whole before the bad one come out of the earlier calls.
            let before: [WS.Event] = c.name == "continuation after a whole message" ? [.text("a")] : []
            #expect(bytewise.failure == whole.failure && bytewise.events == before, "\(c.name), a byte at a time")
            if let reason = whole.failure?.reason {
                #expect(!reason.isEmpty && reason.utf8.count <= 120, "\(c.name): \(reason)")
            }
        }
    }

    @Test func hugeLengthsFailOnTheHeaderAlone() {
        // Only the 10 header bytes: no mask, no payload. A reader that waited for the payload, or sized a buffer
        // from the length, would return no failure here (or trap allocating 2^63 bytes).
        var reader = WebSocketReader(maxMessage: 1 << 20)
        #expect(WS.code(WS.feed(&reader, [0x81, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])) == 1009)
        // One byte over maxMessage fails as soon as its 16-bit length is read, before its mask.
        var small = WebSocketReader(maxMessage: 300)
        #expect(WS.code(WS.feed(&small, [0x81, 0xFE, 0x01])) == nil)
        #expect(WS.code(WS.feed(&small, [0x2D])) == 1009)
        // A fragment that would take the message past maxMessage fails on its header too.
        var joined = WebSocketReader(maxMessage: 10)
        #expect(WS.code(WS.feed(&joined, WS.client(0x1, "123456", fin: false) + [0x80, 0x85])) == 1009)
    }

    @Test func limitsAndUTF8EdgesThatAreAccepted() {
        // Exactly maxMessage, joined from fragments with a ping between that does not count toward it.
        let stream = WS.client(0x1, "12345", fin: false) + WS.client(0x9, [UInt8](repeating: 1, count: 125))
            + WS.client(0x0, "67890")
        #expect(WS.events(stream, maxMessage: 10) == [.ping([UInt8](repeating: 1, count: 125)), .text("1234567890")])
        #expect(WS.events(WS.client(0x8, [0x03, 0xE8] + [UInt8](repeating: 0x61, count: 123)), maxMessage: 0).count == 1)
        // The last code point, the edges around the surrogates, a BOM, and the smallest of each length.
        let good: [[UInt8]] = [[0xF4, 0x8F, 0xBF, 0xBF], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBB, 0xBF],
                               [0xC2, 0x80], [0xE0, 0xA0, 0x80], [0xF0, 0x90, 0x80, 0x80], [0x00], [0x7F]]
        for bytes in good {
            #expect(WS.events(WS.client(0x1, bytes)) == [.text(String(decoding: bytes, as: UTF8.self))], "\(bytes)")
        }
        for code: UInt16 in [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 4999] {
            #expect(WS.events(WS.client(0x8, [UInt8(code >> 8), UInt8(code & 0xFF)])) == [.close(code: code, reason: "")])
        }
    }

    @Test func afterAFailureTheReaderTakesNothing() {
        var reader = WebSocketReader(maxMessage: 100)
        #expect(WS.code(WS.feed(&reader, WS.client(0x2, [1]))) == 1003)
        #expect(WS.code(WS.feed(&reader, WS.client(0x1, "fine"))) == 1002)
        #expect(WS.code(WS.feed(&reader, [])) == 1002)
        // Events completed before the failing frame in the same bytes are lost with it: the caller closes anyway.
        var late = WebSocketReader(maxMessage: 100)
        #expect(WS.code(WS.feed(&late, WS.client(0x1, "ok") + WS.client(0x1, Array("x".utf8), masked: false))) == 1002)
    }
}
