// libFuzzer target: the streaming GPX reader. Each input is read whole and
// fed in pieces (the way `TrackReader.read(path:)` streams a file); both must
// give the same track or both fail. A track that reads is then map-matched
// and routed on the sample town's roads.
import Foundation
@testable import GeoTracks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPX(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let whole = Result { () throws -> Track in
        let reader = GPXReader(file: "fuzz.gpx", maxPoints: 5_000)
        try reader.feed(bytes)
        return try reader.finish()
    }
    let step = 1 + (bytes.count > 1 ? Int(bytes[bytes.count / 3]) : 64)
    let pieces = Result { () throws -> Track in
        let reader = GPXReader(file: "fuzz.gpx", maxPoints: 5_000)
        var o = 0
        while o < bytes.count {
            try reader.feed(Array(bytes[o..<min(bytes.count, o + step)]))
            o += step
        }
        return try reader.finish()
    }
    switch (whole, pieces) {
    case (.success(let a), .success(let b)):
        Fuzz.require("\(a)" == "\(b)", "GPX read whole and in pieces gives different tracks")   // as text: NaN == NaN
        Fuzz.matchOnTown(a)
    case (.failure, .failure):
        break
    default:
        Fuzz.require(false, "GPX read whole and in pieces disagree on success")
    }
    return 0
}
