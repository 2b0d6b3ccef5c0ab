// libFuzzer target: what a user types. The first bytes choose search options
// (limit, kinds, location hint, radius, window, grouping, language), the rest
// is the query text, which goes through the normaliser and the query parser
// and then a full search of the sample town index.
import Foundation
@testable import GeoBase
@testable import GeoSearch

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let flags = bytes.count > 4 ? Array(bytes.prefix(4)) : [0, 0, 0, 0]
    let text = String(decoding: bytes.dropFirst(bytes.count > 4 ? 4 : 0), as: UTF8.self)

    let tokens = TextNormalizer.tokens(text)
    let scalarCount = text.unicodeScalars.count
    for t in tokens {
        Fuzz.require(!t.text.isEmpty && t.start >= 0 && t.length > 0 && t.start + t.length <= scalarCount,
                     "normaliser token span \(t.start)+\(t.length) outside \(scalarCount) scalars")
    }
    let parsed = QueryParser.parse(text)
    Fuzz.require(parsed.tokens.count <= QueryParser.maxTokens, "\(parsed.tokens.count) query tokens")

    var options = SearchOptions()
    options.limit = [1, 5, 10, 50][Int(flags[0] & 3)]
    if flags[0] & 4 != 0 { options.kinds = [.poi, .address] }
    if flags[0] & 8 != 0 { options.near = Coordinate(lat: 46.19 + Double(flags[1]) / 5_000, lon: 6.78 + Double(flags[2]) / 5_000) }
    if flags[0] & 16 != 0 { options.radius = Double(flags[3]) * 20 }
    if flags[0] & 32 != 0 {
        options.window = BoundingBox(minLon: 6.78, minLat: 46.19, maxLon: 6.78 + Double(flags[2]) / 5_000, maxLat: 46.19 + Double(flags[1]) / 5_000)
    }
    if flags[0] & 64 != 0 { options.groupDistance = Double(flags[3]) * 4 }
    if flags[0] & 128 != 0 { options.language = "de" }
    let response = SearchEngine(index: Fuzz.town).search(text, options: options)
    Fuzz.require(response.results.count <= options.limit, "more results than the limit")
    return 0
}
