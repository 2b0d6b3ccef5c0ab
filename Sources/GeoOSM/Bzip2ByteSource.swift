// Streams a bzip2-compressed input (`.osm.bz2`, as planet.openstreetmap.org and
// Geofabrik publish) through libbz2, a 1 MiB compressed buffer at a time, the
// same way GzipByteSource does for gzip. Several concatenated streams are
// read as one (pbzip2 and lbzip2 write those); bytes after the last stream
// that do not start a new one are ignored, as bzip2(1) does. A damaged or
// truncated stream is an InputError giving the compressed byte offset.
import CBzip2
import Foundation
import GeoBase

public final class Bzip2ByteSource: ByteSource {
    private let source: ByteSource
    private let name: String
    private var stream = bz_stream()
    private let input: UnsafeMutableRawPointer
    private let inputCapacity = 1 << 20
    private var initialised = false
    private var streamEnded = false
    private var inputEnded = false
    private var finished = false
    /// Compressed bytes handed to libbz2 so far: the offset errors report.
    private var totalIn: Int64 = 0
    private var streams = 0
    /// The error this source threw, if any (see `rootCause(of:)`).
    private var failure: InputError?

    public var consumedBytes: Int64 { source.consumedBytes }

    public init(source: ByteSource, name: String) throws {
        self.source = source
        self.name = name
        input = UnsafeMutableRawPointer.allocate(byteCount: inputCapacity, alignment: 16)
        do {
            try startStream()
        } catch {
            input.deallocate()
            throw error
        }
    }

    deinit {
        if initialised { BZ2_bzDecompressEnd(&stream) }
        input.deallocate()
    }

    private func startStream() throws {
        // Re-initialising clears the stream state; the pending input and output space must survive it.
        let nextIn = stream.next_in, availIn = stream.avail_in
        let nextOut = stream.next_out, availOut = stream.avail_out
        if initialised { BZ2_bzDecompressEnd(&stream) }
        initialised = false
        stream = bz_stream()
        let rc = BZ2_bzDecompressInit(&stream, 0, 0)
        guard rc == BZ_OK else {
            throw InputError(file: name, offset: totalIn, message: "bzip2 initialisation failed (\(rc))")
        }
        initialised = true
        stream.next_in = nextIn
        stream.avail_in = availIn
        stream.next_out = nextOut
        stream.avail_out = availOut
        streamEnded = false
        streams += 1
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        do {
            return try decompress(into: buffer)
        } catch let e as InputError {
            failure = e
            throw e
        }
    }

    /// The real cause of a failure downstream. libbz2 verifies a block's checksum
    /// only after handing out its data, so a damaged block can reach the XML
    /// parser, which then reports malformed XML at some line. Reading on (at
    /// most `limit` more bytes: a block expands to well under 64 MiB) finds the
    /// checksum error and its compressed offset; otherwise `error` stands.
    public func rootCause(of error: Error, limit: Int = 64 << 20) -> Error {
        guard failure == nil, !finished else { return error }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var drained = 0
        while drained < limit {
            do {
                let n = try buffer.withUnsafeMutableBytes { try read(into: $0) }
                if n == 0 { break }
                drained += n
            } catch let e as InputError {
                return e
            } catch {
                break
            }
        }
        return error
    }

    private func decompress(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !finished, let dst = buffer.baseAddress, buffer.count > 0 else { return 0 }
        stream.next_out = dst.assumingMemoryBound(to: CChar.self)
        stream.avail_out = UInt32(min(buffer.count, Int(UInt32.max)))
        while stream.avail_out > 0 {
            if streamEnded {
                // Another stream may follow; anything else ends the input.
                if stream.avail_in == 0 && !inputEnded { try refill() }
                guard stream.avail_in > 0, UInt8(bitPattern: stream.next_in.pointee) == 0x42 else {
                    finished = true
                    break
                }
                try startStream()
            }
            if stream.avail_in == 0 && !inputEnded { try refill() }
            let inBefore = stream.avail_in, outBefore = stream.avail_out
            let rc = BZ2_bzDecompress(&stream)
            totalIn += Int64(inBefore - stream.avail_in)
            switch rc {
            case BZ_STREAM_END:
                streamEnded = true
            case BZ_OK:
                if inputEnded && stream.avail_in == 0 && stream.avail_out == outBefore {
                    throw InputError(file: name, offset: totalIn,
                                     message: "truncated bzip2 stream: the compressed data ends before the end of stream \(streams)")
                }
            case BZ_DATA_ERROR_MAGIC:
                throw InputError(file: name, offset: totalIn, message: "corrupt bzip2 data: bad stream header (not bzip2 data)")
            case BZ_DATA_ERROR:
                throw InputError(file: name, offset: totalIn, message: "corrupt bzip2 data: checksum or structure error in stream \(streams)")
            case BZ_MEM_ERROR:
                throw InputError(file: name, offset: totalIn, message: "out of memory decompressing bzip2 data")
            default:
                throw InputError(file: name, offset: totalIn, message: "bzip2 decompression failed (\(rc))")
            }
        }
        return UnsafeMutableRawPointer(stream.next_out) - dst
    }

    private func refill() throws {
        let n = try source.read(into: UnsafeMutableRawBufferPointer(start: input, count: inputCapacity))
        stream.next_in = input.assumingMemoryBound(to: CChar.self)
        stream.avail_in = UInt32(n)
        if n == 0 { inputEnded = true }
    }
}
