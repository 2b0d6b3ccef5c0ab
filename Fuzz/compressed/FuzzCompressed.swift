// libFuzzer target: the gzip and bzip2 byte sources the importer reads
// compressed extracts through (multi-member streams, trailing bytes, damage).
// The first byte picks the decoder and the read size; the rest is the stream.
import Foundation
@testable import GeoBase
@testable import GeoOSM
import GeoTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompressed(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let mode = bytes.first else { return 0 }
    let stream = Array(bytes.dropFirst())
    let file = MemorySource(stream, step: 1 + Int(mode >> 1) * 97)
    do {
        let source: ByteSource = mode & 1 == 0 ? try GzipByteSource(source: file, name: "fuzz.gz")
                                               : try Bzip2ByteSource(source: file, name: "fuzz.bz2")
        var buffer = [UInt8](repeating: 0, count: 1 + Int(mode) * 31)
        var total = 0
        while true {
            let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            Fuzz.require(n >= 0 && n <= buffer.count, "read returned \(n) for a buffer of \(buffer.count)")
            if n == 0 { break }
            total += n
            // Bounded output keeps a decompression bomb from tripping libFuzzer's memory limit.
            if total > 64 << 20 { break }
        }
    } catch {
    }
    return 0
}
