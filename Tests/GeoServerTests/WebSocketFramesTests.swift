// The map page's WebSocket without a socket: SHA-1 on FIPS 180's vectors, the
// handshake on RFC 6455's example, and the frame reader and writer on the RFC's
// example bytes, every length encoding, every way of splitting a stream, every
// protocol error with the close code it must produce, and a round trip from
// the writer through a client's mask to the reader.
import Foundation
import Testing
import GeoBase
import GeoTestSupport
@testable import GeoServer

private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

/// Client frames and feeding, shared with WebSocketReaderErrorTests.
enum WS {
    typealias Event = WebSocketReader.Event
    typealias Failure = WebSocketReader.Failure

    static let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]

    /// A frame as a client sends it: masked with `key` (unless `masked` is false), any header bits.
    static func client(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv: UInt8 = 0, masked: Bool = true,
                       key: [UInt8] = WS.key) -> [UInt8] {
        let server = WebSocketWriter.frame(opcode: opcode, payload: payload)
        var out = masked ? mask(server, key: key) : server
        out[0] = (fin ? 0x80 : 0) | (rsv & 0x70) | (opcode & 0x0F)
        return out
    }

    static func client(_ opcode: UInt8, _ text: String, fin: Bool = true) -> [UInt8] {
        client(opcode, Array(text.utf8), fin: fin)
    }

    /// Masks a server frame as a client would: sets the mask bit, puts the key after the length, XORs the payload.
    static func mask(_ frame: [UInt8], key: [UInt8] = WS.key) -> [UInt8] {
        let lengthBytes = [126: 2, 127: 8][Int(frame[1] & 0x7F)] ?? 0
        let headerEnd = 2 + lengthBytes
        var out = Array(frame[..<headerEnd])
        out[1] |= 0x80
        out += key
        for (i, b) in frame[headerEnd...].enumerated() { out.append(b ^ key[i & 3]) }
        return out
    }

    /// Feeds `bytes` in one call.
    static func feed(_ reader: inout WebSocketReader, _ bytes: [UInt8]) -> Result<[Event], Failure> {
        bytes.withUnsafeBytes { buffer in Result { () throws(Failure) in try reader.feed(buffer) } }
    }

    /// Feeds `stream` to a new reader in pieces of the given sizes (the rest in one piece), collecting
    /// the events until the end or the first failure.
    static func read(_ stream: [UInt8], maxMessage: Int = 1 << 16, pieces: [Int] = []) -> (events: [Event], failure: Failure?) {
        var reader = WebSocketReader(maxMessage: maxMessage)
        var events: [Event] = [], at = 0
        for size in pieces + [stream.count] where at < stream.count {
            let end = min(stream.count, at + size)
            switch feed(&reader, Array(stream[at..<end])) {
            case .success(let more): events += more
            case .failure(let failure): return (events, failure)
            }
            at = end
        }
        return (events, nil)
    }

    /// The close code of a failed feed, nil for events.
    static func code(_ result: Result<[Event], Failure>) -> UInt16? {
        if case .failure(let failure) = result { failure.code } else { nil }
    }

    static func events(_ stream: [UInt8], maxMessage: Int = 1 << 16) -> [Event] {
        let (events, failure) = read(stream, maxMessage: maxMessage)
        #expect(failure == nil)
        return events
    }

    /// The close code a stream fails with, nil when it reads cleanly.
    static func failureCode(_ stream: [UInt8], maxMessage: Int = 1 << 16) -> UInt16? {
        read(stream, maxMessage: maxMessage).failure?.code
    }
}

@Suite struct WebSocketFramesTests {
    @Test func sha1MatchesTheFIPSVectors() {
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        // 448 bits: the padding no longer fits in the block, so a second block holds the length.
        #expect(hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(SHA1.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
            == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        #expect(hex(SHA1.digest(Array("The quick brown fox jumps over the lazy dog".utf8)))
            == "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12")
    }

    @Test func handshakeAcceptsRFC6455sExampleKey() {
        #expect(WebSocketHandshake.acceptKey(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        // The header value with its surrounding whitespace is the same key.
        #expect(WebSocketHandshake.acceptKey(for: " dGhlIHNhbXBsZSBub25jZQ==\t") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func validKeysAreBase64Of16Bytes() {
        for good in ["dGhlIHNhbXBsZSBub25jZQ==", "  dGhlIHNhbXBsZSBub25jZQ==  ", "AAAAAAAAAAAAAAAAAAAAAA==",
                     "/+/+/+/+/+/+/+/+/+/+/w==", Data((0..<16).map { UInt8($0 * 17) }).base64EncodedString()] {
            #expect(WebSocketHandshake.isValidKey(good), "\(good)")
        }
        for bad in ["", "dGhlIHNhbXBsZSBub25jZQ", "dGhlIHNhbXBsZSBub25jZQ=", "dGhlIHNhbXBsZSBub25jZQ===",
                    "AAAAAAAAAAAAAAAAAAAA",                       // 15 bytes
                    "AAAAAAAAAAAAAAAAAAAAAAA=",                   // 17 bytes
                    "AAAAAAAAAAAAAAAAAAAAAAAA",                   // 18 bytes
                    "dGhlIHNhbXBsZSBub25jZR==",                   // the unused bits set: not how 16 bytes encode
                    "dGhlIHNhbXBsZSBub25jZ*==", "dGhlIHNhbXBsZSBu b25jZQ==", "dGhlIHNhbXBsZSBub25jZQ==\n",
                    "dGhlIHNhbXBsZSBub25jéQ==", "dGhlIHNhbXBsZSBub25j-_==", "=dGhlIHNhbXBsZSBub25jZQ="] {
            #expect(!WebSocketHandshake.isValidKey(bad), "\(bad)")
        }
    }

    @Test func readsRFC6455sExampleFrames() {
        // §5.7: a single-frame masked text message and a masked pong, both "Hello".
        #expect(WS.events([0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]) == [.text("Hello")])
        #expect(WS.events([0x8A, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]) == [.pong(Array("Hello".utf8))])
        // The same message unmasked is what a server sends, never a client.
        #expect(WS.failureCode([0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]) == 1002)
        #expect(WebSocketWriter.text(Array("Hello".utf8)) == [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
    }

    @Test func joinsFragmentsAroundControlFrames() {
        let stream = WS.client(0x1, "Hel", fin: false) + WS.client(0x9, "hi") + WS.client(0x0, "", fin: false)
            + WS.client(0xA, "") + WS.client(0x0, "lo wörld")
        #expect(WS.events(stream) == [.ping(Array("hi".utf8)), .pong([]), .text("Hello wörld")])
        // A character split between fragments is whole once joined.
        #expect(WS.events(WS.client(0x1, [0xE2, 0x82], fin: false) + WS.client(0x0, [0xAC])) == [.text("€")])
        #expect(WS.events(WS.client(0x1, "")) == [.text("")])
    }

    @Test func readsEveryLengthEncoding() {
        for n in [0, 1, 125, 126, 127, 65535, 65536, 70_000] {
            let text = String(repeating: "x", count: n)
            let frame = WS.client(0x1, text)
            let expectedHeader: [UInt8] = n < 126 ? [0x81, 0x80 | UInt8(n)]
                : n <= 0xFFFF ? [0x81, 0xFE, UInt8(n >> 8), UInt8(n & 0xFF)]
                : [0x81, 0xFF, 0, 0, 0, 0, 0, UInt8(n >> 16), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)]
            #expect(Array(frame.prefix(expectedHeader.count)) == expectedHeader, "\(n)")
            #expect(WS.events(frame, maxMessage: 1 << 20) == [.text(text)], "\(n)")
        }
        // Non-minimal lengths (5 as a 16-bit and as a 64-bit length) are accepted.
        let payload = Array("hello".utf8).enumerated().map { $1 ^ WS.key[$0 & 3] }
        #expect(WS.events([0x81, 0xFE, 0, 5] + WS.key + payload) == [.text("hello")])
        #expect(WS.events([0x81, 0xFF, 0, 0, 0, 0, 0, 0, 0, 5] + WS.key + payload) == [.text("hello")])
    }

    /// A stream with every kind of frame, fragments and lengths of each encoding.
    static func mixedStream() -> (stream: [UInt8], events: [WS.Event]) {
        let long = String(repeating: "Zürich ", count: 1500)   // 12 000 bytes: a 16-bit length
        let parts: [([UInt8], WS.Event?)] = [
            (WS.client(0x1, "rue du"), .text("rue du")),
            (WS.client(0x9, [1, 2, 3]), .ping([1, 2, 3])),
            (WS.client(0x1, "caf", fin: false), nil),
            (WS.client(0xA, Array(repeating: 7, count: 125)), .pong(Array(repeating: 7, count: 125))),
            (WS.client(0x0, "é", fin: false), nil),
            (WS.client(0x0, " de Paris"), .text("café de Paris")),
            (WS.client(0x1, long), .text(long)),
            (WS.client(0x1, ""), .text("")),
            (WS.client(0x1, "東京", fin: false) + WS.client(0x0, String(repeating: "ß", count: 40_000)),
             .text("東京" + String(repeating: "ß", count: 40_000))),
            (WS.client(0x8, [0x03, 0xE8] + Array("bye".utf8)), .close(code: 1000, reason: "bye")),
        ]
        return (parts.flatMap(\.0), parts.compactMap(\.1))
    }

    @Test func anySplitOfAStreamGivesTheSameEvents() {
        let (stream, expected) = Self.mixedStream()
        #expect(WS.read(stream, maxMessage: 1 << 17).events == expected)
        let oneByOne = WS.read(stream, maxMessage: 1 << 17, pieces: Array(repeating: 1, count: stream.count))
        #expect(oneByOne.failure == nil && oneByOne.events == expected)
        var rng = SplitMix64(seed: 0x57EB_50C7)
        for round in 0..<40 {
            var pieces: [Int] = [], total = 0
            while total < stream.count {
                // Mostly short pieces, so splits land inside headers and masks, with some long ones.
                let size = rng.next() % 4 == 0 ? Int(rng.next() % 20_000) : Int(rng.next() % 16)
                pieces.append(size)
                total += size
            }
            let read = WS.read(stream, maxMessage: 1 << 17, pieces: pieces)
            #expect(read.failure == nil && read.events == expected, "round \(round)")
        }
    }

    @Test func oneByteAtATimeStaysLinear() {
        // 64 KiB fed a byte at a time: buffering that re-copied what it held would take seconds here.
        let text = String(repeating: "a", count: 65_536)
        let frame = WS.client(0x1, text)
        var reader = WebSocketReader(maxMessage: 65_536)
        var events: [WS.Event] = []
        let started = ContinuousClock.now
        for b in frame { events += (try? WS.feed(&reader, [b]).get()) ?? [] }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(events == [.text(text)])
    }

    @Test func closeFramesWithAndWithoutACode() throws {
        #expect(WS.events(WS.client(0x8, [])) == [.close(code: nil, reason: "")])
        #expect(WS.events(WS.client(0x8, [0x03, 0xE9])) == [.close(code: 1001, reason: "")])
        #expect(WS.events(WS.client(0x8, [0x0F, 0xA0] + Array("au revoir, élan".utf8))) == [.close(code: 4000, reason: "au revoir, élan")])
        // Whatever follows the close frame in the same bytes is not read, and the reader takes nothing more.
        var reader = WebSocketReader(maxMessage: 100)
        let first = WS.feed(&reader, WS.client(0x8, [0x03, 0xE8]) + WS.client(0x1, "late") + [0xFF, 0xFF])
        #expect(try first.get() == [.close(code: 1000, reason: "")])
        #expect(WS.code(WS.feed(&reader, WS.client(0x1, "again"))) == 1002)
        #expect(WS.code(WS.feed(&reader, [])) == 1002)
    }

    @Test func writerHeadersForEachLength() {
        #expect(Array(WebSocketWriter.text([UInt8](repeating: 0x61, count: 125)).prefix(2)) == [0x81, 125])
        #expect(Array(WebSocketWriter.text([UInt8](repeating: 0x61, count: 126)).prefix(4)) == [0x81, 126, 0, 126])
        #expect(Array(WebSocketWriter.text([UInt8](repeating: 0x61, count: 65535)).prefix(4)) == [0x81, 126, 0xFF, 0xFF])
        let big = WebSocketWriter.text([UInt8](repeating: 0x61, count: 65536))
        #expect(Array(big.prefix(10)) == [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0] && big.count == 65546)
        #expect(WebSocketWriter.pong([9, 8]) == [0x8A, 2, 9, 8])
        #expect(WebSocketWriter.frame(opcode: 0x9, payload: []) == [0x89, 0])
        #expect(WebSocketWriter.close(code: 1000, reason: "") == [0x88, 2, 0x03, 0xE8])
        #expect(WebSocketWriter.close(code: 1009, reason: "too big") == [0x88, 9, 0x03, 0xF1] + Array("too big".utf8))
    }

    @Test func closeReasonsAreCutBetweenCharacters() {
        // 2-byte, 4-byte and multi-scalar characters straddling the 123-byte limit.
        for reason in [String(repeating: "é", count: 100), String(repeating: "a", count: 121) + "😀tail",
                       String(repeating: "a", count: 122) + "é", String(repeating: "🇨🇭", count: 20),
                       String(repeating: "x", count: 123) + "y", String(repeating: "e\u{301}", count: 50)] {
            let frame = WebSocketWriter.close(code: 1001, reason: reason)
            #expect(frame[1] <= 125 && frame.count == 2 + Int(frame[1]))
            // Valid UTF-8, a prefix of the reason, and short of 123 bytes by less than the longest character.
            let cut = String(validating: frame[4...], as: UTF8.self)
            #expect(cut != nil && reason.hasPrefix(cut!) && cut!.utf8.count > 123 - 8, "\(reason.prefix(8))")
        }
        #expect(WebSocketWriter.close(code: 1001, reason: String(repeating: "x", count: 123) + "y").count == 2 + 125)
    }

    @Test func writerFramesMaskedByAClientReadBack() {
        let texts = ["", "a", String(repeating: "ü", count: 63), String(repeating: "q", count: 126),
                     String(repeating: "z", count: 65_536), "{\"q\":\"rue du moul\",\"id\":7}"]
        var stream: [UInt8] = [], expected: [WS.Event] = []
        for (i, text) in texts.enumerated() {
            let key: [UInt8] = [UInt8(i), 0xA5, 0x5A, UInt8(255 - i)]
            stream += WS.mask(WebSocketWriter.text(Array(text.utf8)), key: key)
            stream += WS.mask(WebSocketWriter.pong([UInt8(i)]), key: key)
            expected += [.text(text), .pong([UInt8(i)])]
        }
        stream += WS.mask(WebSocketWriter.close(code: 1000, reason: "done"))
        expected.append(.close(code: 1000, reason: "done"))
        #expect(WS.events(stream, maxMessage: 1 << 17) == expected)
    }
}
