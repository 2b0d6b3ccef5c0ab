// Which countries a request limits its results to, one reading for every API
// that takes country codes: Nominatim's `countrycodes` and Photon's
// `countrycode` (on /api and /structured). Both are ISO 3166-1 alpha-2 codes,
// comma-separated (Photon also takes the parameter more than once); a result
// is in a country when the place hierarchy put it there. Values of other than
// two characters are dropped, as Nominatim's format_country drops them, and
// case is ignored; none left means no limit.
import GeoSearch

enum CountryCodes {
    /// The codes of `values` (each maybe a comma-separated list), lower case; nil when none is a code.
    static func read(_ values: [String]) -> Set<String>? {
        let codes = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .filter { $0.count == 2 }.map { $0.lowercased() }
        return codes.isEmpty ? nil : Set(codes)
    }

    /// Whether `r` lies in one of `countries` (nil: anywhere; a result in no country never matches a list).
    static func accepts(_ countries: Set<String>?, _ r: SearchResult) -> Bool {
        guard let countries else { return true }
        return r.places?.countryCode.map { countries.contains($0.lowercased()) } ?? false
    }
}
