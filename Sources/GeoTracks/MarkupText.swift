// Text helpers shared by the XML-based writers (GPX, SVG): escaping for
// element content and attribute values, and fixed-decimal numbers that never
// use an exponent (XSD decimals and SVG coordinates must not) and print the
// same on every machine, unlike String(format:) which follows the C locale.
import Foundation

package enum MarkupText {
    /// `s` safe inside XML text or a double-quoted attribute. Characters XML 1.0
    /// cannot represent at all (most C0 controls, U+FFFE/U+FFFF) are dropped.
    package static func escape(_ s: String) -> String {
        var needsWork = false
        for b in s.utf8 where b < 0x20 || b == UInt8(ascii: "&") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">")
            || b == UInt8(ascii: "\"") || b == 0xEF {
            needsWork = true
            break
        }
        guard needsWork else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            switch u {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "\t", "\n", "\r": out.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF { continue }
                out.append(u)
            }
        }
        return String(out)
    }

    /// `x` with exactly `decimals` fraction digits (or trailing zeros trimmed),
    /// no exponent, and no "-0".
    package static func fixed(_ x: Double, _ decimals: Int, trimZeros: Bool = false) -> String {
        guard x.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (x * scale).rounded()
        guard abs(scaled) < 9e15 else { return String(format: "%.\(decimals)f", x) }
        return fixedScaled(Int64(scaled), decimals, trimZeros: trimZeros)
    }

    /// An integer count of 10^-decimals units written as a decimal.
    package static func fixedScaled(_ value: Int64, _ decimals: Int, trimZeros: Bool = false) -> String {
        var out: [UInt8] = []
        appendFixedScaled(value, decimals, trimZeros: trimZeros, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendFixed(_ x: Double, _ decimals: Int, trimZeros: Bool = false, to out: inout [UInt8]) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (x * scale).rounded()
        guard x.isFinite, abs(scaled) < 9e15 else { out.append(contentsOf: fixed(x, decimals, trimZeros: trimZeros).utf8); return }
        appendFixedScaled(Int64(scaled), decimals, trimZeros: trimZeros, to: &out)
    }

    /// Byte-level form of `fixedScaled`, for writers producing millions of numbers.
    static func appendFixedScaled(_ value: Int64, _ decimals: Int, trimZeros: Bool = false, to out: inout [UInt8]) {
        var divisor: UInt64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        let m = value.magnitude
        var frac = m % divisor
        var width = decimals
        if trimZeros { while width > 0 && frac % 10 == 0 { frac /= 10; width -= 1 } }
        if value < 0 && (m / divisor != 0 || frac != 0) { out.append(UInt8(ascii: "-")) }
        appendDigits(m / divisor, minWidth: 1, to: &out)
        if width > 0 {
            out.append(UInt8(ascii: "."))
            appendDigits(frac, minWidth: width, to: &out)
        }
    }

    /// Decimal digits of `v`, zero-padded on the left to `minWidth`.
    static func appendDigits(_ v: UInt64, minWidth: Int, to out: inout [UInt8]) {
        var v = v
        let start = out.count
        repeat { out.append(UInt8(ascii: "0") + UInt8(v % 10)); v /= 10 } while v > 0
        while out.count - start < minWidth { out.append(UInt8(ascii: "0")) }
        var lo = start, hi = out.count - 1
        while lo < hi { out.swapAt(lo, hi); lo += 1; hi -= 1 }
    }
}
