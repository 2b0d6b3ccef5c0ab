// Decimal numbers as OSM XML, GPX and CSV define them (xsd:decimal, with an
// optional exponent) and as the command line takes them, read straight from
// bytes without building a String per value (that dominated reading large
// tracks). Plain decimals take an exact fast path; long mantissas go to
// Swift's parser after the grammar is checked here, so results are always
// correctly rounded. Only base 10: Swift's and C's parsers would also take
// "0x2B" (43), "0x1p5" (32), "inf" and "nan", which no such file means.
import Foundation

package enum NumberScan {
    private static let powers: [Double] = (0...22).map { pow(10, Double($0)) }

    package static func double(_ bytes: ArraySlice<UInt8>) -> Double? {
        bytes.withUnsafeBufferPointer { double($0) }
    }

    package static func double<S: StringProtocol>(_ text: S) -> Double? {
        var s = String(text)
        return s.withUTF8 { double($0) }
    }

    /// The number in `b`, allowing surrounding ASCII whitespace; nil if `b` holds anything else.
    /// Too large a number is infinite (`1e400`), for the caller's range check to name.
    package static func double(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
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
            if expDigits == 0 { return nil }
            scale += expNegative ? -e : e
        }
        // Anything else — a second dot, hex, "inf", "nan", no digit at all — is no decimal number.
        guard digits > 0, i == end else { return nil }
        guard mantissa < 1 << 53, abs(scale) <= 22 else {
            // Valid, but beyond the exact fast path: Swift's parser rounds it correctly.
            return Double(String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self))
        }
        var v = Double(mantissa)
        v = scale < 0 ? v / powers[-scale] : v * powers[scale]
        return negative ? -v : v
    }
}
