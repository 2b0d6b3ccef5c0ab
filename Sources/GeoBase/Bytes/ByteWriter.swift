// Little-endian binary output for the index writer: fixed-width integers,
// LEB128 varints (unsigned and zig-zag signed) and length-prefixed strings.
// The reading side is `ByteView`.

public struct ByteWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    public var count: Int { bytes.count }

    @inline(__always) public mutating func u8(_ v: UInt8) { bytes.append(v) }

    public mutating func u16(_ v: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: v))
        bytes.append(UInt8(truncatingIfNeeded: v >> 8))
    }

    public mutating func u32(_ v: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) }
    }

    public mutating func i32(_ v: Int32) { u32(UInt32(bitPattern: v)) }

    public mutating func u64(_ v: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: v >> UInt64(shift))) }
    }

    public mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }

    @inline(__always) public mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    @inline(__always) public mutating func varint(_ value: Int) { varint(UInt64(value)) }

    /// Bytes `varint(value)` writes.
    public static func varintSize(_ value: Int) -> Int {
        var n = 1
        var v = UInt64(value)
        while v >= 0x80 {
            v >>= 7
            n += 1
        }
        return n
    }

    /// Zig-zag signed varint: small magnitudes of either sign stay short.
    public mutating func svarint(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    public mutating func append<S: Sequence>(contentsOf s: S) where S.Element == UInt8 {
        bytes.append(contentsOf: s)
    }

    /// A varint byte length followed by the UTF-8 bytes.
    public mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        varint(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    /// Empties the buffer, keeping its storage for the next use.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    public mutating func align(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    /// Overwrites 4 bytes at `offset` (used to patch offsets known only later).
    public mutating func patchU32(_ v: UInt32, at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: v >> UInt32(8 * i)) }
    }
}
