// The one normalisation shared by the index builder and the query parser:
// case folding, diacritic removal (é→e, ß→ss, ø→o, æ→ae, ł→l, ı→i), punctuation
// to spaces, then word tokens. Letters of other scripts (Cyrillic, Greek, CJK…)
// are kept, lower-cased, so they stay searchable as typed. Each token remembers
// where it came from in the original text (in Unicode scalars) so results can
// highlight the matched parts of a name.

/// A normalised word and its span in the original text, in Unicode scalars.
public struct NormalizedToken: Hashable, Sendable {
    public var text: String
    public var start: Int
    public var length: Int
}

public enum TextNormalizer {
    /// Folded forms of non-ASCII scalars; absent means "keep the scalar" for
    /// letters and "separator" for everything else.
    private static let foldTable: [UInt32: [Unicode.Scalar]] = {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        table.reserveCapacity(1800)
        for line in foldTableSource.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard let first = parts.first, let cp = UInt32(first, radix: 16) else { continue }
            table[cp] = parts.dropFirst().compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
        }
        return table
    }()

    /// Appends the folded form of `s` to `out`; returns false when `s` separates words.
    @inline(__always)
    static func fold(_ s: Unicode.Scalar, into out: inout String.UnicodeScalarView) -> Bool {
        let v = s.value
        if v < 0x80 {
            switch v {
            case 0x30...0x39, 0x61...0x7A: out.append(s); return true
            case 0x41...0x5A: out.append(Unicode.Scalar(v + 32)!); return true
            default: return false
            }
        }
        if let mapped = foldTable[v] {
            out.append(contentsOf: mapped)
            return true
        }
        let p = s.properties
        if p.isAlphabetic || p.numericType != nil {
            if p.changesWhenLowercased {
                out.append(contentsOf: p.lowercaseMapping.unicodeScalars)
            } else {
                out.append(s)
            }
            return true
        }
        // Combining marks outside the table's ranges vanish without splitting a word.
        if p.generalCategory == .nonspacingMark || p.generalCategory == .enclosingMark { return true }
        return false
    }

    /// Splits `text` into normalised tokens with their original spans.
    public static func tokens(_ text: String) -> [NormalizedToken] {
        var result: [NormalizedToken] = []
        var current = String.UnicodeScalarView()
        var start = 0
        var index = 0
        for s in text.unicodeScalars {
            let before = current.count
            if fold(s, into: &current) {
                if before == 0 && current.isEmpty { index += 1; continue }  // a lone mark
                if before == 0 { start = index }
            } else if !current.isEmpty {
                result.append(NormalizedToken(text: String(current), start: start, length: index - start))
                current = String.UnicodeScalarView()
            }
            index += 1
        }
        if !current.isEmpty {
            result.append(NormalizedToken(text: String(current), start: start, length: index - start))
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
