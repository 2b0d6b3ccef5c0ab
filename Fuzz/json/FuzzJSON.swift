// libFuzzer target: the JSON parser (GeoJSON tracks, batch queries, index
// metadata). Whatever parses must survive a round trip through our writer:
// parse(write(v)) is v again, in both the compact and the indented form. Numbers
// compare as JSON numbers: a double beyond 2^53 is written as its shortest
// integral digits, which read back as an Int64 naming the same double.
import Foundation
@testable import GeoBase

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let value = try? JSONValue.parse(bytes) else { return 0 }
    for pretty in [false, true] {
        let text = value.jsonBytes(pretty: pretty)
        guard let again = try? JSONValue.parse(text) else {
            Fuzz.require(false, "our own JSON output does not parse: \(String(decoding: text.prefix(200), as: UTF8.self))")
            return 0
        }
        Fuzz.require(sameJSON(again, value), "JSON round trip changed the value")
    }
    return 0
}

/// `==`, except that an integer and a double are equal when the integer reads as that double.
func sameJSON(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
    case (.object(let x), .object(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && sameJSON($0.1, $1.1) }
    default: return a == b
    }
}
