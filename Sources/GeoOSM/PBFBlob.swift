// The framing layer of OSM PBF: a file is a sequence of
//   4-byte big-endian length · BlobHeader (type, datasize) · Blob (raw or compressed block)
// `PBFFramer` cuts the byte stream into blobs without decompressing them (the
// reader thread's job), and `PBFRawBlob.decompressed()` turns one into the
// bytes of an OSMHeader or OSMData block (a worker's job). Sizes are checked
// against the format's limits before anything is allocated: 64 KiB for a
// BlobHeader, 32 MiB for a Blob and for its uncompressed contents.
import CZlib
import Foundation
import GeoBase

/// A string from the file made safe to print in a message: control characters
/// replaced, length capped (a hostile BlobHeader type can be 64 KiB of anything).
func pbfPrintable(_ s: String, limit: Int = 64) -> String {
    var out = String(s.unicodeScalars.prefix(limit).map { $0.properties.generalCategory == .control ? "?" : Character($0) })
    if s.unicodeScalars.count > limit { out += "…" }
    return out
}

enum PBFLimits {
    static let maxBlobHeaderBytes = 64 * 1024
    static let maxBlobBytes = 32 * 1024 * 1024
    static let maxUncompressedBytes = 32 * 1024 * 1024
}

/// A blob as framed in the file, still compressed.
struct PBFRawBlob: Sendable {
    /// 0-based position in the file (blob 0 is normally the OSMHeader).
    var index: Int
    /// File offset of the blob's 4-byte length prefix, used in every error about it.
    var offset: Int64
    /// File offset just past the blob.
    var endOffset: Int64
    /// The BlobHeader type: "OSMHeader", "OSMData", or anything else (skipped).
    var type: String
    /// The serialized Blob message.
    var bytes: [UInt8]
}

/// Reads framed blobs from a byte source, one at a time, in file order.
struct PBFFramer {
    let source: ByteSource
    let name: String
    /// Size of the input when known (regular files), so a truncated file is
    /// reported before a buffer of the declared size is allocated.
    let totalBytes: Int64?
    private(set) var position: Int64 = 0
    private var count = 0

    init(source: ByteSource, name: String, totalBytes: Int64?) {
        self.source = source
        self.name = name
        self.totalBytes = totalBytes
    }

    /// The next blob, or nil at a clean end of file (a blob boundary).
    mutating func next() throws -> PBFRawBlob? {
        let start = position
        let prefix = try read(4)
        if prefix.isEmpty { return nil }
        guard prefix.count == 4 else {
            throw fault(start, "truncated PBF: the file ends inside the length of blob \(count) (\(prefix.count) of 4 bytes)")
        }
        let headerLength = Int(prefix[0]) << 24 | Int(prefix[1]) << 16 | Int(prefix[2]) << 8 | Int(prefix[3])
        guard headerLength <= PBFLimits.maxBlobHeaderBytes else {
            throw fault(start, "BlobHeader of blob \(count) is \(headerLength) bytes, over the format's limit of 64 KiB (not a PBF file, or corrupt)")
        }
        // With the file size known, a truncated file is reported before a buffer of the claimed size is made.
        if let present = shortfall(headerLength) {
            throw fault(start, "truncated PBF: the file ends inside the BlobHeader of blob \(count) (\(present) of \(headerLength) bytes present)")
        }
        let headerBytes = try read(headerLength)
        guard headerBytes.count == headerLength else {
            throw fault(start, "truncated PBF: the file ends inside the BlobHeader of blob \(count) (\(headerBytes.count) of \(headerLength) bytes present)")
        }
        let (rawType, dataSize) = try parseBlobHeader(headerBytes, start)
        let type = pbfPrintable(rawType)
        guard dataSize <= PBFLimits.maxBlobBytes else {
            throw fault(start, "blob \(count) (\(type)) declares \(dataSize) bytes, over the format's limit of 32 MiB")
        }
        if let present = shortfall(dataSize) {
            throw fault(start, "truncated PBF: the file ends inside blob \(count) (\(type)): \(present) of \(dataSize) bytes present")
        }
        let data = try read(dataSize)
        guard data.count == dataSize else {
            throw fault(start, "truncated PBF: the file ends inside blob \(count) (\(type)): \(data.count) of \(dataSize) bytes present")
        }
        defer { count += 1 }
        return PBFRawBlob(index: count, offset: start, endOffset: position, type: rawType, bytes: data)
    }

    private func fault(_ offset: Int64, _ message: String) -> InputError {
        InputError(file: name, offset: offset, message: message)
    }

    /// The bytes present when fewer than `n` remain in a file of known size, else nil.
    private func shortfall(_ n: Int) -> Int64? {
        guard let totalBytes, position + Int64(n) > totalBytes else { return nil }
        return max(0, totalBytes - position)
    }

    private func parseBlobHeader(_ bytes: [UInt8], _ start: Int64) throws -> (String, Int) {
        do {
            return try withProtobufBytes(bytes) { buf throws(ProtobufError) -> (String, Int) in
                var r = ProtobufReader(buf)
                var type: String?
                var dataSize: Int32?
                while let (field, wire) = try r.nextField() {
                    switch field {
                    case 1: type = try r.string(wire, field: "BlobHeader.type")
                    case 3:
                        try r.expect(wire, .varint, field: "BlobHeader.datasize")
                        dataSize = try r.int32()
                    default: try r.skip(wire)
                    }
                }
                guard let type else { throw r.error("BlobHeader has no type") }
                guard let dataSize else { throw r.error("BlobHeader has no datasize") }
                guard dataSize >= 0 else { throw r.error("BlobHeader has a negative datasize \(dataSize)") }
                return (type, Int(dataSize))
            }
        } catch {
            throw fault(start, "invalid BlobHeader of blob \(count): \(error.message)")
        }
    }

    /// Reads up to `n` bytes (fewer only at end of input).
    private mutating func read(_ n: Int) throws -> [UInt8] {
        guard n > 0 else { return [] }
        var failure: Error?
        let bytes = [UInt8](unsafeUninitializedCapacity: n) { buf, initialized in
            var got = 0
            while got < n {
                do {
                    let r = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buf)[got..<n]))
                    if r == 0 { break }
                    got += r
                } catch {
                    failure = error
                    break
                }
            }
            initialized = got
        }
        if let failure { throw failure }
        position += Int64(bytes.count)
        return bytes
    }
}

extension PBFRawBlob {
    /// The block bytes inside the Blob: raw, or inflated from zlib. Other
    /// compressions (lzma, lz4, zstd, the obsolete bzip2) are refused by name.
    func decompressed() throws(ProtobufError) -> [UInt8] {
        try withProtobufBytes(bytes) { buf throws(ProtobufError) -> [UInt8] in
            var r = ProtobufReader(buf)
            var raw: Range<Int>?
            var zlib: Range<Int>?
            var rawSize: Int32?
            var dataFields = 0
            while let (field, wire) = try r.nextField() {
                switch field {
                case 1, 3:
                    guard wire == .lengthDelimited else { throw r.error("Blob data field \(field) is not bytes") }
                    if field == 1 { raw = try r.bytesRange() } else { zlib = try r.bytesRange() }
                    dataFields += 1
                case 2:
                    try r.expect(wire, .varint, field: "Blob.raw_size")
                    rawSize = try r.int32()
                case 4, 5, 6, 7:
                    let names: [UInt64: String] = [4: "lzma", 5: "bzip2 (obsolete)", 6: "lz4", 7: "zstd"]
                    throw r.error("blob is \(names[field]!)-compressed; only raw and zlib-compressed blobs are supported (re-encode with: osmium cat IN.osm.pbf -o OUT.osm.pbf)")
                default:
                    try r.skip(wire)
                }
            }
            guard dataFields == 1 else {
                throw r.error(dataFields == 0 ? "blob has no data (unknown compression?)" : "blob has more than one data field")
            }
            if let raw {
                return Array(buf[raw])
            }
            guard let rawSize else { throw r.error("zlib-compressed blob has no raw_size") }
            guard rawSize >= 0 && Int(rawSize) <= PBFLimits.maxUncompressedBytes else {
                throw r.error("blob's raw_size \(rawSize) is outside 0…32 MiB")
            }
            return try inflateZlib(UnsafeRawBufferPointer(rebasing: buf[zlib!]), expected: Int(rawSize))
        }
    }

    /// Inflates a zlib stream that must produce exactly `expected` bytes.
    private func inflateZlib(_ input: UnsafeRawBufferPointer, expected: Int) throws(ProtobufError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ProtobufError(message: "zlib initialisation failed", position: nil)
        }
        defer { inflateEnd(&stream) }
        var outcome: ProtobufError?
        // One spare byte so a stream longer than raw_size is caught rather than cut.
        let out = [UInt8](unsafeUninitializedCapacity: expected + 1) { buf, initialized in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = UInt32(input.count)
            stream.next_out = buf.baseAddress
            stream.avail_out = UInt32(buf.count)
            let rc = inflate(&stream, Z_FINISH)
            initialized = Int(stream.total_out)
            switch rc {
            case Z_STREAM_END:
                if initialized != expected {
                    outcome = ProtobufError(message: "zlib data inflates to \(initialized) bytes but raw_size says \(expected)", position: nil)
                }
            case Z_OK where stream.avail_out == 0, Z_BUF_ERROR where stream.avail_out == 0:
                outcome = ProtobufError(message: "zlib data inflates to more than raw_size (\(expected) bytes)", position: nil)
            case Z_OK, Z_BUF_ERROR:
                outcome = ProtobufError(message: "truncated zlib stream (\(initialized) of \(expected) bytes inflated)", position: nil)
            default:
                let msg = stream.msg.map { String(cString: $0) } ?? "error \(rc)"
                outcome = ProtobufError(message: "corrupt zlib stream: \(msg) (after \(initialized) of \(expected) bytes)", position: nil)
            }
        }
        if let outcome { throw outcome }
        return out
    }
}
