// Bounds-checked reads from a region of a memory-mapped index file. Every read
// checks its offset against the region, so a corrupt or hostile file can make
// a query answer wrongly but never read outside the mapping. Reads past the
// end return zero (fixed-width) or nil (varints and strings); callers that
// walk structures guard their loops against such values.

public struct ByteView: @unchecked Sendable {
    @usableFromInline let base: UnsafeRawPointer?
    public let count: Int

    @inlinable public init(base: UnsafeRawPointer?, count: Int) {
        self.base = count > 0 ? base : nil
        self.count = base == nil ? 0 : count
    }

    public static let empty = ByteView(base: nil, count: 0)

    /// The sub-region `[offset, offset+length)`, or an empty view when out of bounds.
    @inlinable public func slice(_ offset: Int, _ length: Int) -> ByteView {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset, let base else { return .empty }
        return ByteView(base: base + offset, count: length)
    }

    @inlinable @inline(__always) public func contains(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    @inlinable @inline(__always) public func u8(_ offset: Int) -> UInt8 {
        guard offset >= 0, offset < count, let base else { return 0 }
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    @inlinable @inline(__always) public func u16(_ offset: Int) -> UInt16 {
        guard contains(offset, 2), let base else { return 0 }
        return UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inlinable @inline(__always) public func u32(_ offset: Int) -> UInt32 {
        guard contains(offset, 4), let base else { return 0 }
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inlinable @inline(__always) public func i32(_ offset: Int) -> Int32 { Int32(bitPattern: u32(offset)) }

    @inlinable @inline(__always) public func u64(_ offset: Int) -> UInt64 {
        guard contains(offset, 8), let base else { return 0 }
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inlinable @inline(__always) public func i64(_ offset: Int) -> Int64 { Int64(bitPattern: u64(offset)) }

    /// Decodes a LEB128 varint at `offset`, advancing it; nil when truncated or longer than 10 bytes.
    @inlinable @inline(__always) public func varint(_ offset: inout Int) -> UInt64? {
        guard let base else { return nil }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var o = offset
        while o >= 0 && o < count && shift < 64 {
            let b = base.load(fromByteOffset: o, as: UInt8.self)
            o += 1
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 {
                offset = o
                return result
            }
            shift += 7
        }
        return nil
    }

    /// A varint that must fit in `0...limit`; nil otherwise.
    @inlinable @inline(__always) public func varint(_ offset: inout Int, limit: Int) -> Int? {
        guard let v = varint(&offset), v <= UInt64(limit) else { return nil }
        return Int(v)
    }

    @inlinable public func svarint(_ offset: inout Int) -> Int64? {
        guard let v = varint(&offset) else { return nil }
        return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
    }

    /// A varint-length-prefixed UTF-8 string; invalid UTF-8 is repaired, never trusted.
    @inlinable public func string(_ offset: inout Int) -> String? {
        guard let len = varint(&offset, limit: count), contains(offset, len), let base else { return nil }
        let buf = UnsafeRawBufferPointer(start: base + offset, count: len)
        offset += len
        return String(decoding: buf, as: UTF8.self)
    }

    /// The raw bytes `[offset, offset+length)` (empty when out of bounds).
    @inlinable public func bytes(_ offset: Int, _ length: Int) -> UnsafeRawBufferPointer {
        guard contains(offset, length), let base else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + offset, count: length)
    }
}
