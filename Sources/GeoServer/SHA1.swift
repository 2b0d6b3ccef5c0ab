// SHA-1 (FIPS 180-4 §6.1), here only because the WebSocket handshake's accept
// key is defined with it (RFC 6455 §4.2.2) and the package takes no outside
// libraries. It hashes a few dozen bytes per connection, so it is written for
// clarity over speed, and it is not for anything that needs security: SHA-1's
// collision resistance is broken, which the handshake does not rely on.

/// SHA-1 (FIPS 180-4), only for the WebSocket handshake's accept key (RFC 6455 §4.2.2), not for security.
enum SHA1 {
    /// The 20-byte digest of `bytes`.
    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        // Padding (§5.1.1): a 1 bit, zeros up to 56 mod 64, then the length in bits, big-endian.
        var message = bytes
        message.reserveCapacity(bytes.count + 72)
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        let bitLength = UInt64(truncatingIfNeeded: bytes.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }

        var w = [UInt32](repeating: 0, count: 80)
        for block in stride(from: 0, to: message.count, by: 64) {
            // The message schedule (§6.1.2 step 1).
            for t in 0..<16 {
                let i = block + 4 * t
                w[t] = UInt32(message[i]) << 24 | UInt32(message[i + 1]) << 16 | UInt32(message[i + 2]) << 8 | UInt32(message[i + 3])
            }
            for t in 16..<80 {
                w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1)
            }
            var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4]
            for t in 0..<80 {
                // The round function and constant of each quarter (§4.1.1, §4.2.1).
                let f: UInt32, k: UInt32
                switch t {
                case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
                case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
                case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
                default: f = b ^ c ^ d; k = 0xCA62_C1D6
                }
                let temp = rotl(a, 5) &+ f &+ e &+ k &+ w[t]
                e = d
                d = c
                c = rotl(b, 30)
                b = a
                a = temp
            }
            h[0] &+= a
            h[1] &+= b
            h[2] &+= c
            h[3] &+= d
            h[4] &+= e
        }

        var out: [UInt8] = []
        out.reserveCapacity(20)
        for word in h {
            out += [UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                    UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return out
    }

    private static func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x << n) | (x >> (32 - n))
    }
}
