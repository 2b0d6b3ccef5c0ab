// Decimal numbers read straight from bytes (GPX attributes, <ele>, CSV
// fields) without building a String per value, which dominated reading time
// for large tracks. Plain decimals take an exact fast path; anything unusual
// (long mantissas, "nan", "inf") goes to Swift's own parser, so results are
// always correctly rounded and non-finite values still reach the range checks.
import Foundation

enum NumberScan {
    private static let powers: [Double] = (0...22).map { pow(10, Double($0)) }

    static func double(_ bytes: ArraySlice<UInt8>) -> Double? {
        bytes.withUnsafeBufferPointer { double($0) }
    }

    /// The number in `b`, allowing surrounding ASCII whitespace; nil if `b`
    /// holds anything else.
    static func double(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0, end = b.count
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        while i < end && isSpace(b[i]) { i += 1 }
        while end > i && isSpace(b[end - 1]) { end -= 1 }
        guard i < end else { return nil }
        let start = i
        var negative = false
        if b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { negative = b[i] == UInt8(ascii: "-"); i += 1 }
        var mantissa: UInt64 = 0, significant = 0, scale = 0, digits = 0
        while i < end && b[i] >= 48 && b[i] <= 57 {
            if significant < 19 { mantissa = mantissa * 10 + UInt64(b[i] - 48); if mantissa > 0 { significant += 1 } } else { scale += 1 }
            digits += 1
            i += 1
        }
        if i < end && b[i] == UInt8(ascii: ".") {
            i += 1
            while i < end && b[i] >= 48 && b[i] <= 57 {
                if significant < 19 { mantissa = mantissa * 10 + UInt64(b[i] - 48); if mantissa > 0 { significant += 1 }; scale -= 1 }
                digits += 1
                i += 1
            }
        }
        if digits > 0 && i < end && (b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E")) {
            i += 1
            var expNegative = false
            if i < end && (b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+")) { expNegative = b[i] == UInt8(ascii: "-"); i += 1 }
            var e = 0, expDigits = 0
            while i < end && b[i] >= 48 && b[i] <= 57 { if e < 10_000 { e = e * 10 + Int(b[i] - 48) }; expDigits += 1; i += 1 }
            if expDigits == 0 { return slow(b, start, end) }
            scale += expNegative ? -e : e
        }
        guard digits > 0, i == end else { return slow(b, start, end) }
        guard mantissa < 1 << 53, abs(scale) <= 22 else { return slow(b, start, end) }
        var v = Double(mantissa)
        v = scale < 0 ? v / powers[-scale] : v * powers[scale]
        return negative ? -v : v
    }

    private static func slow(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        Double(String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self))
    }
}
