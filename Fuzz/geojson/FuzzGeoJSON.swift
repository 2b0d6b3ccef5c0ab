// libFuzzer target: the GeoJSON track reader (and the JSON parser under it).
// A track that reads is map-matched and routed on the sample town's roads.
import Foundation
@testable import GeoTracks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    if let track = try? GeoJSONTrackReader.read(bytes: bytes, file: "fuzz.geojson", maxPoints: 5_000) {
        Fuzz.require(track.pointCount <= 5_000, "GeoJSON reader passed its point limit")
        Fuzz.matchOnTown(track)
    }
    // The sniffing entry point too (byte order marks, whitespace, compressed-file refusals).
    _ = try? TrackReader.read(data: bytes, name: "fuzz", maxPoints: 5_000)
    return 0
}
