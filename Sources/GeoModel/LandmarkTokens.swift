// Which normalised tokens make a landmark findable: every word of every name,
// the house number and the street's words of every addressed object, and the
// words of the places it lies in (as context, see TokenClass). A house-number
// range such as "10-14" is also findable by each number inside it.
import Foundation
import GeoBase

/// Why a token belongs to a landmark; stored with it in the forward index (FTOK) as a
/// TokenEntry, so a search can weigh a match by where it was found.
package enum TokenClass: Int, Sendable {
    /// A translation or alternative name.
    case otherName = 0
    /// The displayed name (for an address landmark: its number and street).
    case name = 1
    /// The house number and street of a landmark that has a name of its own (a shop at Landstrasse 20).
    case address = 2
    /// The place it lies in (suburb, city) and its postcode: words that narrow a search
    /// ("bahnhofstrasse vaduz") but never find a landmark alone, so they have no posting lists.
    case context = 3
}

/// One entry of a landmark's forward index (FTOK): a token's ordinal in the trie and its class,
/// packed as `ordinal << 2 | class`, so ascending entries are ascending ordinals. The packing
/// lives here alone; the writer, the reader's bounds, the verifier and the search go through it.
@usableFromInline package struct TokenEntry: Hashable, Sendable {
    /// `ordinal << 2 | class`, as FTOK stores it (delta-coded).
    @usableFromInline package let packed: Int

    @inlinable package init(packed: Int) { self.packed = packed }

    package init(ordinal: Int, tokenClass: TokenClass) { packed = ordinal << 2 | tokenClass.rawValue }

    @inlinable package var ordinal: Int { packed >> 2 }

    /// The class's raw value (the low two bits: every value is a class).
    @inlinable package var classValue: Int { packed & 3 }

    package var tokenClass: TokenClass { TokenClass(rawValue: classValue)! }

    /// The smallest packed entry of `ordinal` (of any class): a range of ordinals `a ..< b` is the
    /// packed entries `lowest(a) ..< lowest(b)`.
    @inlinable package static func lowest(ordinal: Int) -> Int { ordinal << 2 }

    /// One past the largest packed entry of an index with `tokenCount` tokens.
    @inlinable package static func end(tokenCount: Int) -> Int { tokenCount << 2 }
}

package enum LandmarkTokens {
    static let maxRangeExpansion = 50

    /// Distinct tokens, each with its class; a word in several roles keeps the first of name,
    /// address, other name, context.
    package static func tokens(of d: LandmarkDraft) -> [(text: String, tokenClass: TokenClass)] {
        var name: [String] = []
        var address: [String] = []
        var other: [String] = []
        var context: [String] = []
        for (i, n) in d.names.enumerated() {
            let words = TextNormalizer.words(n.value)
            if i == 0 { name.append(contentsOf: words) } else { other.append(contentsOf: words) }
        }
        if d.houseNumber != nil && d.street != nil || d.kind == .address {
            var words: [String] = []
            if let h = d.houseNumber { words.append(contentsOf: houseNumberTokens(h)) }
            if let s = d.street { words.append(contentsOf: TextNormalizer.words(s)) }
            if d.kind == .address { name.append(contentsOf: words) } else { address.append(contentsOf: words) }
        }
        for part in [d.places?.suburb, d.places?.city, d.postcode] {
            if let part { context.append(contentsOf: TextNormalizer.words(part)) }
        }
        var seen = Set<String>()
        var out: [(String, TokenClass)] = []
        for (words, c) in [(name, TokenClass.name), (address, .address), (other, .otherName), (context, .context)] {
            for t in words where !t.isEmpty && t.utf8.count <= 255 && seen.insert(t).inserted { out.append((t, c)) }
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
    package static func displayTokenCount(of d: LandmarkDraft) -> Int {
        TextNormalizer.words(d.displayName).count
    }
}
