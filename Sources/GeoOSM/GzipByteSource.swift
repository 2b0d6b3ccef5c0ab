// Gzip-compressed input (`.osm.gz`) through zlib, streamed, several members
// allowed; and recognising an input's format from its first bytes (XML, PBF,
// gzip, bzip2), so the importer never trusts a file name.
import CZlib
import Foundation
import GeoBase

/// Inflates a gzip stream (several concatenated members allowed) from another source.
public final class GzipByteSource: ByteSource {
    private let source: ByteSource
    private let name: String
    private var stream = z_stream()
    private var input: UnsafeMutableRawPointer
    private let inputCapacity = 1 << 20
    private var finished = false
    private var memberEnded = false
    private var totalIn: Int64 = 0

    public var consumedBytes: Int64 { source.consumedBytes }

    public init(source: ByteSource, name: String) throws {
        self.source = source
        self.name = name
        input = UnsafeMutableRawPointer.allocate(byteCount: inputCapacity, alignment: 16)
        // 15 + 16: gzip wrapper only, maximum window.
        let rc = inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else {
            input.deallocate()
            throw InputError(file: name, message: "zlib initialisation failed (\(rc))")
        }
    }

    deinit {
        inflateEnd(&stream)
        input.deallocate()
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !finished, let dst = buffer.baseAddress, buffer.count > 0 else { return 0 }
        stream.next_out = dst.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = UInt32(min(buffer.count, Int(UInt32.max)))
        while stream.avail_out > 0 {
            if memberEnded {
                // Another gzip member may follow (as `cat a.gz b.gz` makes); anything else is
                // trailing padding, ignored like gzip(1) does.
                if stream.avail_in == 0, try refill() == 0 { finished = true; break }
                if stream.next_in.pointee != 0x1F { finished = true; break }
                inflateReset(&stream)
                memberEnded = false
            }
            if stream.avail_in == 0, try refill() == 0 {
                throw InputError(file: name, offset: totalIn,
                                 message: "truncated gzip stream: the compressed data ends before the end of the archive")
            }
            let before = stream.avail_in
            let rc = inflate(&stream, Z_NO_FLUSH)
            totalIn += Int64(before - stream.avail_in)
            switch rc {
            case Z_OK, Z_BUF_ERROR:
                continue
            case Z_STREAM_END:
                memberEnded = true
            default:
                let msg = stream.msg.map { String(cString: $0) } ?? "error \(rc)"
                throw InputError(file: name, offset: totalIn, message: "corrupt gzip data: \(msg)")
            }
        }
        return produced(buffer)
    }

    private func refill() throws -> Int {
        let n = try source.read(into: UnsafeMutableRawBufferPointer(start: input, count: inputCapacity))
        stream.next_in = input.assumingMemoryBound(to: Bytef.self)
        stream.avail_in = UInt32(n)
        return n
    }

    private func produced(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        return UnsafeMutableRawPointer(stream.next_out) - base
    }
}

/// What an input stream holds, judged from its first bytes.
public enum InputFormat: Equatable, Sendable {
    case xml, gzip, bzip2, pbf, empty, unknown

    public static func sniff(_ head: [UInt8]) -> InputFormat {
        if head.isEmpty { return .empty }
        if head.count >= 2 && head[0] == 0x1F && head[1] == 0x8B { return .gzip }
        if head.count >= 3 && head[0] == 0x42 && head[1] == 0x5A && head[2] == 0x68 { return .bzip2 }
        // PBF: a 4-byte big-endian BlobHeader length, then field 1 (type) = "OSMHeader"/"OSMData".
        if head.count >= 8 && head[0] == 0 && head[4] == 0x0A && (head[5] == 9 || head[5] == 7) && head[6] == 0x4F {
            return .pbf
        }
        var i = 0
        if head.count >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF { i = 3 }
        while i < head.count, head[i] == 0x20 || head[i] == 0x09 || head[i] == 0x0A || head[i] == 0x0D { i += 1 }
        if i < head.count && head[i] == 0x3C { return .xml }
        if i == head.count { return .empty }
        return .unknown
    }
}
