// Writes a JSONValue as JSON text into a byte buffer: the compact one-line form
// used for NDJSON and our stable outputs, or an indented form for people.
// The walk is iterative, so arbitrarily deep values cannot overflow the stack.
import Foundation

extension JSONValue {
    /// Appends the JSON text of this value to `out` (no trailing newline).
    public func write(to out: inout [UInt8], pretty: Bool = false) {
        JSONSerializer.write(self, to: &out, pretty: pretty)
    }

    /// Appends `units` × 10⁻⁷ as a JSON number with trailing fraction zeros removed: how
    /// coordinates are written, from their integer form, so no double is ever printed.
    public static func writeSevenDecimals(_ units: Int64, to out: inout [UInt8]) {
        JSONSerializer.writeScaled(units, to: &out)
    }

    public func jsonBytes(pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(to: &out, pretty: pretty)
        return out
    }

    public func jsonString(pretty: Bool = false) -> String {
        String(decoding: jsonBytes(pretty: pretty), as: UTF8.self)
    }

    /// The JSON text of a number as we write it: integers without ".0", the
    /// shortest digits that read back to the same double, no exponent between
    /// 1e-9 and 1e21, and null for NaN and infinities (JSON has no such numbers).
    public static func numberText(_ x: Double) -> String {
        var out: [UInt8] = []
        JSONSerializer.writeDouble(x, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `s` as a quoted, escaped JSON string.
    public static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        JSONSerializer.writeString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

enum JSONSerializer {
    /// An open array or object and the index of its next element; updated in
    /// place so the walk does no reference counting per element.
    private struct Frame {
        var items: [JSONValue] = []
        var members: [(String, JSONValue)] = []
        var isObject: Bool
        var index = 0
        var count: Int { isObject ? members.count : items.count }
    }

    static func write(_ root: JSONValue, to out: inout [UInt8], pretty: Bool) {
        var stack: [Frame] = []
        var value = root
        while true {
            switch value {
            case .null: append("null", to: &out)
            case .bool(let b): append(b ? "true" : "false", to: &out)
            case .int(let i): writeInt(i, to: &out)
            case .double(let d): writeDouble(d, to: &out)
            case .string(let s): writeString(s, to: &out)
            case .array(let items):
                if items.isEmpty { append("[]", to: &out) } else {
                    out.append(UInt8(ascii: "["))
                    stack.append(Frame(items: items, isObject: false))
                }
            case .object(let members):
                if members.isEmpty { append("{}", to: &out) } else {
                    out.append(UInt8(ascii: "{"))
                    stack.append(Frame(members: members, isObject: true))
                }
            }
            // Find the next value to write, closing finished containers.
            while true {
                let top = stack.count - 1
                guard top >= 0 else { return }
                let i = stack[top].index
                if i < stack[top].count {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    if pretty { newline(top + 1, &out) }
                    stack[top].index = i + 1
                    if stack[top].isObject {
                        writeString(stack[top].members[i].0, to: &out)
                        out.append(UInt8(ascii: ":"))
                        if pretty { out.append(UInt8(ascii: " ")) }
                        value = stack[top].members[i].1
                    } else {
                        value = stack[top].items[i]
                    }
                    break
                }
                if pretty { newline(top, &out) }
                out.append(stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                stack.removeLast()
            }
        }
    }

    @inline(__always) private static func newline(_ depth: Int, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<(depth * 2) { out.append(UInt8(ascii: " ")) }
    }

    @inline(__always) static func append(_ s: StaticString, to out: inout [UInt8]) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    static func writeInt(_ value: Int64, to out: inout [UInt8]) {
        if value == 0 { out.append(UInt8(ascii: "0")); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = value.magnitude
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buf in
            while n > 0 {
                buf[count] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
                count += 1
            }
            if value < 0 { out.append(UInt8(ascii: "-")) }
            for k in stride(from: count - 1, through: 0, by: -1) { out.append(buf[k]) }
        }
    }

    /// Starts from Swift's shortest round-trip digits (`description`) and only
    /// re-places the decimal point, so the value always reads back exactly.
    static func writeDouble(_ x: Double, to out: inout [UInt8]) {
        guard x.isFinite else { append("null", to: &out); return }
        if x == 0 { out.append(UInt8(ascii: "0")); return }
        if let i = Int64(exactly: x), i.magnitude < 1 << 53 { writeInt(i, to: &out); return }
        // Fast path for values with at most 7 decimals (all rounded coordinates):
        // below 1e8 such a decimal is the only short string that reads back as x,
        // so it is exactly what the shortest round-trip digits would be.
        if x.magnitude < 1e8 {
            let k = (x * 1e7).rounded()
            if k / 1e7 == x {
                writeScaled(Int64(k), to: &out)
                return
            }
        }
        let text = x.magnitude.description
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        var pointAt = -1
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for b in text.utf8 {
            if inExponent {
                if b == UInt8(ascii: "-") { exponentSign = -1 } else if b >= 48 && b <= 57 {
                    exponent = exponent * 10 + Int(b - 48)
                }
            } else if b == UInt8(ascii: ".") {
                pointAt = digits.count
            } else if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                inExponent = true
            } else {
                digits.append(b)
            }
        }
        // Number of digits before the decimal point once the exponent is applied.
        var point = (pointAt < 0 ? digits.count : pointAt) + exponentSign * exponent
        var start = 0
        while start < digits.count - 1 && digits[start] == UInt8(ascii: "0") { start += 1; point -= 1 }
        var end = digits.count
        while end > start + 1 && digits[end - 1] == UInt8(ascii: "0") { end -= 1 }
        let significant = digits[start..<end]
        if x < 0 { out.append(UInt8(ascii: "-")) }
        if point > 21 || point < -8 {
            out.append(significant.first!)
            if significant.count > 1 {
                out.append(UInt8(ascii: "."))
                out.append(contentsOf: significant.dropFirst())
            }
            out.append(UInt8(ascii: "e"))
            writeInt(Int64(point - 1), to: &out)
        } else if point <= 0 {
            append("0.", to: &out)
            for _ in 0..<(-point) { out.append(UInt8(ascii: "0")) }
            out.append(contentsOf: significant)
        } else if point >= significant.count {
            out.append(contentsOf: significant)
            for _ in 0..<(point - significant.count) { out.append(UInt8(ascii: "0")) }
        } else {
            out.append(contentsOf: significant.prefix(point))
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: significant.dropFirst(point))
        }
    }

    /// `value` × 10^-7 with trailing fraction zeros removed.
    static func writeScaled(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let m = value.magnitude
        writeInt(Int64(m / 10_000_000), to: &out)
        var frac = m % 10_000_000
        guard frac != 0 else { return }
        var width = 7
        while frac % 10 == 0 { frac /= 10; width -= 1 }
        out.append(UInt8(ascii: "."))
        var divisor: UInt64 = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(frac / divisor % 10))
            divisor /= 10
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Quotes and backslashes escaped, control characters as \n, \r, \t or
    /// \u00XX; everything else (including non-ASCII) copied as UTF-8.
    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var runStart = 0
            for i in 0..<bytes.count {
                let b = bytes[i]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
                if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                runStart = i + 1
                out.append(UInt8(ascii: "\\"))
                switch b {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    append("u00", to: &out)
                    out.append(hex[Int(b >> 4)])
                    out.append(hex[Int(b & 0x0F)])
                }
            }
            if runStart < bytes.count {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
