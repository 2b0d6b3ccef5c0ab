// Which normalised tokens make a landmark findable: every word of every name,
// and for addresses the house number and the street's words. A house-number
// range such as "10-14" is also findable by each number inside it.
import Foundation

enum LandmarkTokens {
    static let maxRangeExpansion = 50

    static func tokens(of d: LandmarkDraft) -> [String] {
        var out: [String] = []
        for n in d.names { out.append(contentsOf: TextNormalizer.words(n.value)) }
        if d.kind == .address {
            if let h = d.houseNumber { out.append(contentsOf: houseNumberTokens(h)) }
            if let s = d.street { out.append(contentsOf: TextNormalizer.words(s)) }
        }
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
    static func displayTokenCount(of d: LandmarkDraft) -> Int {
        TextNormalizer.words(d.displayName).count
    }
}
