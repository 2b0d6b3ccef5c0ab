// Nominatim answers only what matches every word of the query, where our own
// search is forgiving (a word that matches nothing is left out, so "Vaduz
// xyzzy" still finds Vaduz; a house number the street lacks still gives the
// street). Nominatim's clients read an empty answer as "not found", so its
// endpoint is strict: a result that leaves a word unmatched is dropped — but
// for a house number alone, whose street stays the answer, as Nominatim falls
// back to the street — and once a house matches its number exactly, only the
// houses that do are answered. `relaxed=1` (our extension) keeps the forgiving
// answer. Nominatim's special phrases are read first: "[amenity=pharmacy]
// Vaduz" (a tag in brackets: objects with it), and the "in", "near" of
// "pharmacy in Vaduz", which join a kind of place to where it is and match no
// name.
import Foundation
import GeoModel
import GeoSearch

enum NominatimStrictness {
    /// A query as Nominatim's special phrases read it: the text to search, and the tag results must have.
    struct Phrase: Equatable {
        var text: String
        var category: CategoryTag?

        func accepts(_ r: SearchResult) -> Bool { category.map { $0 == r.category } ?? true }
    }

    /// "[key=value] rest" → search for the tag's kind (its label, as the index's class words know it) and the rest.
    static func phrase(_ query: String) -> Phrase {
        let q = query.trimmingCharacters(in: .whitespaces)
        guard q.hasPrefix("["), let close = q.firstIndex(of: "]") else { return Phrase(text: query) }
        let tag = q[q.index(after: q.startIndex)..<close].split(separator: "=", maxSplits: 1).map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard tag.count == 2, !tag[0].isEmpty, !tag[1].isEmpty else { return Phrase(text: query) }
        let rest = q[q.index(after: close)...].trimmingCharacters(in: .whitespaces)
        let label = CategoryCatalog.label(key: tag[0], value: tag[1])
        return Phrase(text: (label + " " + rest).trimmingCharacters(in: .whitespaces), category: CategoryTag(key: tag[0], value: tag[1]))
    }

    /// Words that join a kind of place to where it is ("pharmacy in Vaduz", "cafe near the station"), in the
    /// languages of Nominatim's special phrases we see most: they need match no name.
    static let connectors: Set<String> = ["in", "near", "at", "around", "bei", "nahe", "im", "à", "a", "près", "en", "cerca", "vicino", "presso"]
    /// Whether the request asked for the forgiving answer.
    static func isRelaxed(_ p: Parameters) -> Bool { NominatimAPI.flag(p, "relaxed", default: false) }

    /// The results Nominatim's rules keep for `query`, in their order.
    static func strict(_ results: [SearchResult], query: String) -> [SearchResult] {
        let numbers = Set(query.split { $0.isWhitespace || $0 == "," }.map { $0.lowercased() }.filter(isHouseNumber))
        // With a house number typed, another house (or a POI at another number) is no answer; the street is.
        let kept = results.filter { r in
            r.unmatched.allSatisfy { isHouseNumber($0) || connectors.contains($0.lowercased()) } && (numbers.isEmpty || r.houseNumber.map { numbers.contains($0.lowercased()) } ?? true)
        }
        // A house that has the number typed: only such houses answer.
        func matches(_ r: SearchResult) -> Bool { r.unmatched.isEmpty && r.houseNumber.map { numbers.contains($0.lowercased()) } == true }
        return kept.contains(where: matches) ? kept.filter(matches) : kept
    }

    /// "12", "12a", "12-14", "3/1": a word that starts with a digit.
    static func isHouseNumber(_ word: String) -> Bool {
        word.first?.isNumber ?? false
    }
}
