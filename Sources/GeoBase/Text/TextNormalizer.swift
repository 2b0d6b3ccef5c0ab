// The one normalisation shared by the index builder and the query parser:
// case folding, diacritic removal (é→e, ß→ss, ø→o, æ→ae, ł→l, ı→i), punctuation
// to spaces, then word tokens. Letters of other scripts (Cyrillic, Greek, CJK…)
// are kept, lower-cased, so they stay searchable as typed. Each token remembers
// where it came from in the original text (in Unicode scalars) so results can
// highlight the matched parts of a name.
//
// It runs on every name at build time and on every shown result at query time,
// so it works on UTF-8 bytes with a flat table for the scalars below U+2000
// (Latin, Greek, Cyrillic…) and falls back to Unicode properties beyond.

/// A normalised word and its span in the original text, in Unicode scalars.
public struct NormalizedToken: Hashable, Sendable {
    public var text: String
    public var start: Int
    public var length: Int
}

public enum TextNormalizer {
    @usableFromInline static let flatLimit: UInt32 = 0x2000
    @usableFromInline static let keep: UInt32 = 0           // not in the table: keep letters, split on the rest
    @usableFromInline static let drop: UInt32 = 0xFFFF_FFFF // folds to nothing (combining marks)
    @usableFromInline static let multi: UInt32 = 0xFFFF_FFFE // folds to several scalars: see `foldTable`

    /// The generated table, parsed once: `flat` for scalars below `flatLimit` (a single folded
    /// scalar, or keep/drop/multi), `extra` for multi-scalar folds and scalars beyond.
    private static let tables: (flat: [UInt32], extra: [UInt32: [UInt32]]) = {
        // A hand-rolled scan of "CP MAPPED..." lines: this runs once per process and must be quick.
        var flat = [UInt32](repeating: keep, count: Int(flatLimit))
        var extra: [UInt32: [UInt32]] = [:]
        var values: [UInt32] = []
        values.reserveCapacity(4)
        var current: UInt32 = 0
        var inNumber = false
        func endLine() {
            guard let cp = values.first else { return }
            let mapped = values.dropFirst()
            if cp < flatLimit && mapped.count <= 1 {
                flat[Int(cp)] = mapped.first ?? drop
            } else {
                if cp < flatLimit { flat[Int(cp)] = multi }
                extra[cp] = Array(mapped)
            }
            values.removeAll(keepingCapacity: true)
        }
        for b in foldTableSource.utf8 {
            switch b {
            case 0x30...0x39, 0x41...0x46:
                current = current << 4 | UInt32(b <= 0x39 ? b - 0x30 : b - 0x41 + 10)
                inNumber = true
            default:
                if inNumber { values.append(current); current = 0; inNumber = false }
                if b == 0x0A { endLine() }
            }
        }
        if inNumber { values.append(current) }
        endLine()
        return (flat, extra)
    }()

    @usableFromInline static let flat: [UInt32] = tables.flat
    @usableFromInline static let extra: [UInt32: [UInt32]] = tables.extra

    /// Appends the folded form of `s` to `out` as UTF-8; returns false when `s` separates words.
    @inlinable @inline(__always)
    package static func fold(_ v: UInt32, into out: inout [UInt8]) -> Bool {
        if v < 0x80 {
            switch v {
            case 0x30...0x39, 0x61...0x7A: out.append(UInt8(v)); return true
            case 0x41...0x5A: out.append(UInt8(v + 32)); return true
            default: return false
            }
        }
        if v < flatLimit {
            let f = flat[Int(v)]
            if f == drop { return true }
            if f != keep && f != multi { appendUTF8(f, &out); return true }
            if f == multi {
                for m in extra[v] ?? [] { appendUTF8(m, &out) }
                return true
            }
        } else if let mapped = extra[v] {
            for m in mapped { appendUTF8(m, &out) }
            return true
        }
        guard let s = Unicode.Scalar(v) else { return false }
        let p = s.properties
        if p.isAlphabetic || p.numericType != nil {
            if p.changesWhenLowercased {
                for m in p.lowercaseMapping.unicodeScalars { appendUTF8(m.value, &out) }
            } else {
                appendUTF8(v, &out)
            }
            return true
        }
        // Combining marks outside the table's ranges vanish without splitting a word.
        return p.generalCategory == .nonspacingMark || p.generalCategory == .enclosingMark
    }

    /// Whether `s` belongs to a word (else it separates words).
    package static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        var bytes: [UInt8] = []
        return fold(s.value, into: &bytes)
    }

    @inlinable @inline(__always)
    static func appendUTF8(_ v: UInt32, _ out: inout [UInt8]) {
        switch v {
        case 0..<0x80: out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | v >> 6)); out.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | v >> 12)); out.append(UInt8(0x80 | v >> 6 & 0x3F)); out.append(UInt8(0x80 | v & 0x3F))
        default:
            out.append(UInt8(0xF0 | v >> 18)); out.append(UInt8(0x80 | v >> 12 & 0x3F))
            out.append(UInt8(0x80 | v >> 6 & 0x3F)); out.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// The one word splitter, for the index, the query and the highlighter alike. Calls `body`
    /// with each word's folded UTF-8 bytes, the scalar offset where it starts in `text`, and per
    /// scalar of the word the folded length after it (its count is the word's length in scalars;
    /// a prefix of the folded word maps back to the scalars that made it).
    @inlinable @inline(__always)
    package static func forEachWord(in text: String, _ body: (_ folded: [UInt8], _ start: Int, _ ends: [Int]) -> Void) {
        var folded: [UInt8] = []
        folded.reserveCapacity(32)
        var ends: [Int] = []
        ends.reserveCapacity(32)
        var start = 0
        var index = 0
        for s in text.unicodeScalars {
            let before = folded.count
            if fold(s.value, into: &folded) {
                if before == 0 && folded.isEmpty { index += 1; continue }  // a lone mark
                if ends.isEmpty { start = index }
                ends.append(folded.count)
            } else if !folded.isEmpty {
                body(folded, start, ends)
                folded.removeAll(keepingCapacity: true)
                ends.removeAll(keepingCapacity: true)
            }
            index += 1
        }
        if !folded.isEmpty { body(folded, start, ends) }
    }

    /// Splits `text` into normalised tokens with their original spans.
    public static func tokens(_ text: String) -> [NormalizedToken] {
        var result: [NormalizedToken] = []
        forEachWord(in: text) { folded, start, ends in
            result.append(NormalizedToken(text: String(decoding: folded, as: UTF8.self), start: start, length: ends.count))
        }
        return result
    }

    /// The normalised words of `text`, without spans.
    public static func words(_ text: String) -> [String] {
        tokens(text).map(\.text)
    }

    /// The whole text normalised into one space-separated string (for comparing names).
    public static func normalize(_ text: String) -> String {
        words(text).joined(separator: " ")
    }
}
