// Nominatim answers only what matches every word of the query, where our own
// search is forgiving (a word that matches nothing is left out, so "Vaduz
// xyzzy" still finds Vaduz; a house number the street lacks still gives the
// street). Nominatim's clients read an empty answer as "not found", so its
// endpoint is strict: a result that leaves a word unmatched is dropped — but
// for a house number alone, whose street stays the answer, as Nominatim falls
// back to the street — and once a house matches its number exactly, only the
// houses that do are answered. `relaxed=1` (our extension) keeps the forgiving
// answer.
import GeoModel
import GeoSearch

enum NominatimStrictness {
    /// Whether the request asked for the forgiving answer.
    static func isRelaxed(_ p: Parameters) -> Bool { NominatimAPI.flag(p, "relaxed", default: false) }

    /// The results Nominatim's rules keep for `query`, in their order.
    static func strict(_ results: [SearchResult], query: String) -> [SearchResult] {
        let numbers = Set(query.split { $0.isWhitespace || $0 == "," }.map { $0.lowercased() }.filter(isHouseNumber))
        // With a house number typed, another house (or a POI at another number) is no answer; the street is.
        let kept = results.filter { r in
            r.unmatched.allSatisfy(isHouseNumber) && (numbers.isEmpty || r.houseNumber.map { numbers.contains($0.lowercased()) } ?? true)
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
