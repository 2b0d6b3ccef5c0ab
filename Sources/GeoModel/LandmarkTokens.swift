// Which normalised tokens make a landmark findable: every word of every name,
// and for addresses the house number and the street's words. A house-number
// range such as "10-14" is also findable by each number inside it.
import Foundation
import GeoBase

package enum LandmarkTokens {
    static let maxRangeExpansion = 50

    /// Distinct tokens, each flagged when it belongs to the displayed name (or, for an
    /// address, to its number and street) rather than to a translation or alternative name.
    package static func tokens(of d: LandmarkDraft) -> [(text: String, primary: Bool)] {
        var primary: [String] = []
        var other: [String] = []
        for (i, n) in d.names.enumerated() {
            let words = TextNormalizer.words(n.value)
            if i == 0 { primary.append(contentsOf: words) } else { other.append(contentsOf: words) }
        }
        if d.kind == .address {
            if let h = d.houseNumber { primary.append(contentsOf: houseNumberTokens(h)) }
            if let s = d.street { primary.append(contentsOf: TextNormalizer.words(s)) }
        }
        var seen = Set<String>()
        var out: [(String, Bool)] = []
        for t in primary where !t.isEmpty && t.utf8.count <= 255 && seen.insert(t).inserted { out.append((t, true)) }
        for t in other where !t.isEmpty && t.utf8.count <= 255 && seen.insert(t).inserted { out.append((t, false)) }
        return out
    }

    /// Words of a house number plus the numbers inside a range ("10-14" → 10, 11, 12, 13, 14).
    static func houseNumberTokens(_ h: String) -> [String] {
        var out = TextNormalizer.words(h)
        let parts = h.split(whereSeparator: { $0 == "-" || $0 == "–" }).map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a < b, b - a <= maxRangeExpansion {
            out.append(contentsOf: (a...b).map(String.init))
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0).inserted }
    }

    /// How many words the displayed name has (for "share of the name matched").
    package static func displayTokenCount(of d: LandmarkDraft) -> Int {
        TextNormalizer.words(d.displayName).count
    }
}
