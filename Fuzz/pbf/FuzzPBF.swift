// libFuzzer target: the PBF reader — blob framing, zlib, the hand-written
// protobuf decoder, header and primitive blocks (dense nodes, ways,
// relations, string tables). Input is read from memory in short reads on one
// thread; decoded batches are walked in full (every offset they hold must be
// in range) and, when the file decodes, built into an index `verify` accepts.
import Foundation
@testable import GeoOSM
import GeoTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPBF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let step = 1 + (bytes.count > 1 ? Int(bytes[bytes.count - 1]) * 7 : 4096)
    let reader = PBFReader(name: "fuzz.osm.pbf", workers: 1)
    var batches: [OSMBatch] = []
    do {
        try reader.parse(MemorySource(bytes, step: step)) { batches.append($0) }
    } catch {
        _ = dumpElements(batches)
        return 0
    }
    _ = dumpElements(batches)
    // The importer sniffs the format; only what it would take as PBF goes on to a build.
    if InputFormat.sniff(Array(bytes.prefix(16))) == .pbf { Fuzz.buildAndVerify(bytes, name: "input.osm.pbf") }
    return 0
}
