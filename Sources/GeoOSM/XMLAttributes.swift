// Helpers for expat's attribute arrays and for decoding OSM numbers straight
// from their bytes: ids as Int64 and degrees as exact 1e-7 fixed point.
import Foundation
import GeoBase

/// Element names the OSM reader distinguishes, decided from the bytes.
enum ElementName {
    case osm, osmChange, node, way, relation, tag, nd, member, bounds, bound, changeset, note, meta, remark, other

    /// Dispatches on the first byte so the frequent names (nd, tag, node) cost one strcmp.
    init(_ p: UnsafePointer<CChar>) {
        func eq(_ s: StaticString) -> Bool {
            strcmp(p, UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
        }
        switch UInt8(bitPattern: p.pointee) {
        case UInt8(ascii: "n"): self = eq("nd") ? .nd : eq("node") ? .node : eq("note") ? .note : .other
        case UInt8(ascii: "t"): self = eq("tag") ? .tag : .other
        case UInt8(ascii: "w"): self = eq("way") ? .way : .other
        case UInt8(ascii: "m"): self = eq("member") ? .member : eq("meta") ? .meta : .other
        case UInt8(ascii: "r"): self = eq("relation") ? .relation : eq("remark") ? .remark : .other
        case UInt8(ascii: "o"): self = eq("osm") ? .osm : eq("osmChange") ? .osmChange : .other
        case UInt8(ascii: "b"): self = eq("bounds") ? .bounds : eq("bound") ? .bound : .other
        case UInt8(ascii: "c"): self = eq("changeset") ? .changeset : .other
        default: self = .other
        }
    }
}

/// A decimal integer with an optional sign (JOSM writes negative ids for new objects), anywhere
/// in the int64 range as PBF's ids are: −2⁶³ included, one past either end refused.
@inline(__always)
func parseOSMInteger(_ p: UnsafePointer<CChar>) -> Int64? {
    var q = p
    var negative = false
    if q.pointee == 0x2D { negative = true; q += 1 } else if q.pointee == 0x2B { q += 1 }
    var magnitude: UInt64 = 0
    var digits = 0
    while q.pointee >= 0x30 && q.pointee <= 0x39 {
        let (m, o1) = magnitude.multipliedReportingOverflow(by: 10)
        let (s, o2) = m.addingReportingOverflow(UInt64(q.pointee - 0x30))
        if o1 || o2 { return nil }
        magnitude = s
        digits += 1
        q += 1
    }
    guard digits > 0, q.pointee == 0 else { return nil }
    if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(bitPattern: 0 &- magnitude) : nil }
    return Int64(exactly: magnitude)
}

/// Decimal degrees to 1e-7 units, rounding half away from zero beyond 7 decimals.
/// Plain decimals are decoded digit by digit; anything else (exponents) goes through NumberScan.
@inline(__always)
func parseFixedDegrees(_ p: UnsafePointer<CChar>) -> Int32? {
    var q = p
    var negative = false
    if q.pointee == 0x2D { negative = true; q += 1 } else if q.pointee == 0x2B { q += 1 }
    var intPart: Int64 = 0
    var digits = 0
    while q.pointee >= 0x30 && q.pointee <= 0x39 {
        intPart = intPart * 10 + Int64(q.pointee - 0x30)
        digits += 1
        if intPart > 1000 { return nil }
        q += 1
    }
    var frac: Int64 = 0
    var fracDigits = 0
    var roundUp = false
    if q.pointee == 0x2E {
        q += 1
        while q.pointee >= 0x30 && q.pointee <= 0x39 {
            if fracDigits < 7 {
                frac = frac * 10 + Int64(q.pointee - 0x30)
            } else if fracDigits == 7 {
                roundUp = q.pointee >= 0x35
            }
            fracDigits += 1
            digits += 1
            q += 1
        }
    }
    if q.pointee != 0 || digits == 0 {
        // An exponent, or junk: the one decimal reader decides (strtod took "0x2B" for 43, "0x1p5" for 32).
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p))
        guard let d = NumberScan.double(bytes), d.isFinite, abs(d) <= 200 else { return nil }
        return Int32((d * 1e7).rounded())
    }
    while fracDigits < 7 { frac *= 10; fracDigits += 1 }
    var v = intPart * 10_000_000 + frac + (roundUp ? 1 : 0)
    if negative { v = -v }
    // Out-of-range values are the caller's to reject; they must not trap here.
    return Int32(exactly: v)
}
