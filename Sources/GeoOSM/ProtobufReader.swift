// A minimal protocol-buffers wire decoder for the PBF reader: varints, zigzag,
// length-delimited sub-messages and packed repeated fields, over a byte buffer
// whose every read is bounds-checked. It knows nothing about OSM; PBFBlob,
// PBFHeader and PBFPrimitiveBlock give the field numbers their meaning.
//
// The reader is the hot path of PBF import (dense nodes are millions of
// varints), so it walks a raw pointer — but only inside this type, which owns
// the checks: `position` never passes `end`, and `end` never passes the end
// of the buffer the caller keeps alive for the reader's whole lifetime.

/// What was wrong with the bytes, and where (offset in the decoded buffer) when that means something.
struct ProtobufError: Error, Sendable {
    var message: String
    var position: Int?
    /// The `OSMParseLimits` property the input exceeded, if that was the fault.
    var limit: String?
}

enum ProtobufWireType: UInt8 {
    case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
}

struct ProtobufReader {
    private let base: UnsafePointer<UInt8>?
    /// Size of the whole buffer, shared by sub-readers (bounds for `copyBytes`).
    private let bufferCount: Int
    /// Absolute offsets into the buffer the reader was made from.
    private(set) var position: Int
    let end: Int

    /// The buffer must outlive the reader and every sub-reader made from it.
    init(_ buffer: UnsafeRawBufferPointer) {
        base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
        bufferCount = buffer.count
        position = 0
        end = buffer.count
    }

    private init(base: UnsafePointer<UInt8>?, bufferCount: Int, position: Int, end: Int) {
        self.base = base
        self.bufferCount = bufferCount
        self.position = position
        self.end = end
    }

    var isAtEnd: Bool { position >= end }
    var remaining: Int { end - position }

    func error(_ message: String, limit: String? = nil) -> ProtobufError {
        ProtobufError(message: message, position: position, limit: limit)
    }

    @inline(__always)
    mutating func varint() throws(ProtobufError) -> UInt64 {
        guard position < end, let p = base else { throw error("truncated varint") }
        let b0 = p[position]
        if b0 < 0x80 {
            position += 1
            return UInt64(b0)
        }
        return try varintSlow(p)
    }

    private mutating func varintSlow(_ p: UnsafePointer<UInt8>) throws(ProtobufError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var i = position
        while true {
            guard i < end else { throw error("truncated varint") }
            let b = p[i]
            i += 1
            // The tenth byte may only carry the top bit of a 64-bit value.
            if shift == 63 && b > 1 { throw error("varint longer than 64 bits") }
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
        }
        position = i
        return value
    }

    @inline(__always)
    mutating func sint64() throws(ProtobufError) -> Int64 {
        let v = try varint()
        return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    /// int32/int64 fields: negative values are ten-byte sign-extended varints.
    @inline(__always)
    mutating func int64() throws(ProtobufError) -> Int64 { Int64(bitPattern: try varint()) }

    mutating func int32() throws(ProtobufError) -> Int32 { Int32(truncatingIfNeeded: try int64()) }

    /// The next field's number and wire type, or nil at the end of the message.
    mutating func nextField() throws(ProtobufError) -> (number: UInt64, wireType: ProtobufWireType)? {
        guard !isAtEnd else { return nil }
        let start = position
        let key = try varint()
        let number = key >> 3
        guard number > 0 && number <= 0x1FFF_FFFF else {
            throw ProtobufError(message: "invalid field number \(number)", position: start)
        }
        guard let wireType = ProtobufWireType(rawValue: UInt8(key & 7)) else {
            throw ProtobufError(message: "unsupported wire type \(key & 7) in field \(number)", position: start)
        }
        return (number, wireType)
    }

    /// Skips a field's value (for fields this decoder does not use).
    mutating func skip(_ wireType: ProtobufWireType) throws(ProtobufError) {
        switch wireType {
        case .varint: _ = try varint()
        case .fixed64: try advance(8)
        case .fixed32: try advance(4)
        case .lengthDelimited: _ = try message()
        }
    }

    private mutating func advance(_ n: Int) throws(ProtobufError) {
        guard n <= remaining else { throw error("field runs past the end of its message") }
        position += n
    }

    /// A length-delimited value as a reader over just its bytes.
    mutating func message() throws(ProtobufError) -> ProtobufReader {
        let length = try varint()
        guard length <= UInt64(remaining) else {
            throw error("length \(length) runs past the end of the enclosing message (\(remaining) bytes left)")
        }
        let sub = ProtobufReader(base: base, bufferCount: bufferCount, position: position, end: position + Int(length))
        position += Int(length)
        return sub
    }

    /// A length-delimited value as an absolute byte range.
    mutating func bytesRange() throws(ProtobufError) -> Range<Int> {
        let sub = try message()
        return sub.position..<sub.end
    }

    /// A length-delimited value that must be a packed repeated field.
    mutating func packed(_ wireType: ProtobufWireType, field: String) throws(ProtobufError) -> ProtobufReader {
        guard wireType == .lengthDelimited else {
            throw error("\(field) is not a packed field (wire type \(wireType.rawValue))")
        }
        return try message()
    }

    mutating func string(_ wireType: ProtobufWireType, field: String) throws(ProtobufError) -> String {
        guard wireType == .lengthDelimited else { throw error("\(field) is not a string (wire type \(wireType.rawValue))") }
        let r = try bytesRange()
        guard let base else { return "" }
        return String(decoding: UnsafeBufferPointer(start: base + r.lowerBound, count: r.count), as: UTF8.self)
    }

    /// Checks the wire type of a scalar field before it is read.
    func expect(_ wireType: ProtobufWireType, _ expected: ProtobufWireType, field: String) throws(ProtobufError) {
        guard wireType == expected else {
            throw error("\(field) has wire type \(wireType.rawValue), expected \(expected.rawValue)")
        }
    }

    /// Appends an absolute byte range of the underlying buffer (as `bytesRange` returns) to `array`.
    func copyBytes(_ range: Range<Int>, into array: inout [UInt8]) {
        guard let base, !range.isEmpty, range.lowerBound >= 0, range.upperBound <= bufferCount else { return }
        array.append(contentsOf: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }
}

/// `withUnsafeBytes` for decoders that throw only ProtobufError (the standard
/// library's version rethrows as `any Error`).
func withProtobufBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(ProtobufError) -> R) throws(ProtobufError) -> R {
    try bytes.withUnsafeBytes { buf in Result { () throws(ProtobufError) -> R in try body(buf) } }.get()
}
