// libFuzzer target: the CSV/TSV track reader (separator guessing, quoting,
// decimal commas, times). A track that reads is map-matched and routed on the
// sample town's roads.
import Foundation
@testable import GeoTracks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    if let track = try? CSVTrackReader.read(bytes: bytes, file: "fuzz.csv", maxPoints: 5_000) {
        Fuzz.require(track.pointCount <= 5_000, "CSV reader passed its point limit")
        Fuzz.matchOnTown(track)
    }
    return 0
}
