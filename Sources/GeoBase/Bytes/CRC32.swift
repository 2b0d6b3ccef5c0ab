// CRC-32 (the zlib/PNG polynomial) for index sections, computed by zlib.
import CZlib

public enum CRC32 {
    public static func checksum(_ bytes: UnsafeRawBufferPointer, initial: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return initial }
        var crc = UInt(initial)
        var p = base.assumingMemoryBound(to: UInt8.self)
        var left = bytes.count
        // zlib takes a 32-bit length; feed huge sections in pieces.
        while left > 0 {
            let n = min(left, 1 << 30)
            crc = crc32(crc, p, UInt32(n))
            p += n
            left -= n
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }
}
