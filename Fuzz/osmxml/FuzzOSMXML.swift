// libFuzzer target: the OSM XML reader. Each input is parsed three ways —
// the streaming parser fed in short reads, and the cut-into-pieces path the
// parallel importer uses (XMLChunker + one parser per piece) — and when the
// pieces all parse, the single parser must agree with them element for
// element (the importer relies on it). Input that parses is then built into an
// index, which `verify` must find sound.
import Foundation
@testable import GeoOSM
import GeoTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSMXML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    // The read size follows from the input, so reads split elements at many places.
    let step = 1 + (bytes.count > 1 ? Int(bytes[bytes.count / 2]) * 13 : 4096)

    let single = OSMXMLParser(name: "fuzz.osm")
    single.batchSize = 3
    var singleBatches: [OSMBatch] = []
    let singleOK: Bool
    do {
        try single.parse(MemorySource(bytes, step: step)) { singleBatches.append($0) }
        singleOK = true
    } catch {
        singleOK = false
    }

    // The parallel path: pieces cut before top-level elements, each with its own parser.
    // Whole reads here: the chunker reads at least 1 MiB at a time, as files deliver.
    // Held pieces may grow to the whole input (the importer gives up at 8 pieces), so that long
    // elements are still compared.
    var chunker = XMLChunker(source: MemorySource(bytes), size: 48, maxStretch: 1 << 20)
    var pieceBatches: [OSMBatch] = []
    var piecesOK = true
    var sawChange = false
    var nodesWithoutCoordinates = 0, deleted = 0
    // A piece the chunker gives up on (no element start within its stretch) is the importer's
    // cue to read the whole file with the single parser: there is nothing to compare then.
    // (`try?` here ended the loop as if the file were over, and the pieces lacked the rest.)
    while piecesOK {
        let next: XMLFragment?
        do { next = try chunker.next() } catch { piecesOK = false; break }
        guard let fragment = next else { break }
        let parser = OSMXMLParser(name: "fuzz.osm")
        do {
            try parser.parse(fragment: fragment) { pieceBatches.append($0) }
        } catch {
            piecesOK = false
        }
        sawChange = sawChange || parser.sawChangeRoot
        nodesWithoutCoordinates += parser.warnings.nodesWithoutCoordinates
        deleted += parser.warnings.deletedElementsSkipped
    }
    if piecesOK && !sawChange && !bytes.isEmpty {
        Fuzz.require(singleOK, "every piece parsed, but the whole file does not")
        Fuzz.require(dumpElements(singleBatches) == dumpElements(pieceBatches), "pieces and whole file give different elements")
        Fuzz.require(single.warnings.nodesWithoutCoordinates == nodesWithoutCoordinates
                     && single.warnings.deletedElementsSkipped == deleted, "pieces and whole file give different warnings")
    } else {
        _ = dumpElements(singleBatches)
    }
    if singleOK { Fuzz.buildAndVerify(bytes, name: "input.osm") }
    return 0
}
