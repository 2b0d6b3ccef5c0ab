// Finds where a value sits in JSON text, given its path ("features", 2,
// "geometry", ...). JSONValue carries no positions, so readers that reject a
// value after parsing (a latitude of 95, say) use this on the error path to
// point at the offending line and column. The text is assumed to have parsed.
import Foundation

public enum JSONPathComponent: Sendable, Equatable, CustomStringConvertible {
    case key(String)
    case index(Int)

    public var description: String {
        switch self {
        case .key(let k): return "." + k
        case .index(let i): return "[\(i)]"
        }
    }
}

extension Array where Element == JSONPathComponent {
    /// A readable path such as `features[2].geometry.coordinates[17]`.
    public var jsonPathText: String {
        var s = map(\.description).joined()
        if s.hasPrefix(".") { s.removeFirst() }
        return s.isEmpty ? "(root)" : s
    }
}

public enum JSONLocator {
    /// Byte offset of the value at `path` in `bytes`, or nil when the path
    /// does not exist (or the text is not valid JSON).
    public static func offset(of path: [JSONPathComponent], in bytes: [UInt8]) -> Int? {
        var pos = 0
        skipWhitespace(bytes, &pos)
        for component in path {
            guard pos < bytes.count else { return nil }
            switch component {
            case .index(let target):
                guard bytes[pos] == UInt8(ascii: "[") else { return nil }
                pos += 1
                var i = 0
                while true {
                    skipWhitespace(bytes, &pos)
                    guard pos < bytes.count, bytes[pos] != UInt8(ascii: "]") else { return nil }
                    if i == target { break }
                    guard skipValue(bytes, &pos) else { return nil }
                    skipWhitespace(bytes, &pos)
                    guard pos < bytes.count, bytes[pos] == UInt8(ascii: ",") else { return nil }
                    pos += 1
                    i += 1
                }
            case .key(let target):
                guard bytes[pos] == UInt8(ascii: "{") else { return nil }
                pos += 1
                let wanted = JSONValue.quoted(target)
                var found = false
                while !found {
                    skipWhitespace(bytes, &pos)
                    guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { return nil }
                    let keyStart = pos
                    guard skipValue(bytes, &pos) else { return nil }
                    let keyBytes = Array(bytes[keyStart..<pos])
                    // Keys written with escapes are decoded to compare them fairly.
                    let key = keyBytes.contains(UInt8(ascii: "\\"))
                        ? (try? JSONValue.parse(keyBytes))?.stringValue
                        : String(decoding: keyBytes.dropFirst().dropLast(), as: UTF8.self)
                    skipWhitespace(bytes, &pos)
                    guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { return nil }
                    pos += 1
                    skipWhitespace(bytes, &pos)
                    if key == target || keyBytes.elementsEqual(wanted.utf8) {
                        found = true
                    } else {
                        guard skipValue(bytes, &pos) else { return nil }
                        skipWhitespace(bytes, &pos)
                        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ",") else { return nil }
                        pos += 1
                    }
                }
            }
        }
        return pos < bytes.count ? pos : nil
    }

    private static func skipWhitespace(_ b: [UInt8], _ pos: inout Int) {
        while pos < b.count, b[pos] == 0x20 || b[pos] == 0x0A || b[pos] == 0x0D || b[pos] == 0x09 { pos += 1 }
    }

    /// Moves past one value; containers are skipped by counting brackets
    /// outside strings, so no recursion is needed.
    private static func skipValue(_ b: [UInt8], _ pos: inout Int) -> Bool {
        var depth = 0
        while pos < b.count {
            let c = b[pos]
            switch c {
            case UInt8(ascii: "\""):
                pos += 1
                while pos < b.count && b[pos] != UInt8(ascii: "\"") {
                    pos += b[pos] == UInt8(ascii: "\\") ? 2 : 1
                }
                pos += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                pos += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return true }
                depth -= 1
                pos += 1
            case UInt8(ascii: ","):
                if depth == 0 { return true }
                pos += 1
            default:
                if depth == 0 && (c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09) { return true }
                pos += 1
            }
            if depth == 0 && pos <= b.count && (c == UInt8(ascii: "\"") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}")) {
                return true
            }
        }
        return pos >= b.count && depth == 0
    }
}
