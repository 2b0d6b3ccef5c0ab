// Words people abbreviate in addresses, both ways: typing "st" finds "Street"
// and "Saint", typing "avenue" finds an "Av." in the data. Each line is a
// group of interchangeable normalised words; extend freely (query-side only,
// no rebuild needed). Suffix rules cover compounds: "hauptstr" ↔ "hauptstrasse".
import GeoBase

enum Abbreviations {
    private static let groups: [[String]] = [
        ["st", "street", "saint", "sankt"],
        ["ste", "sainte"],
        ["ave", "av", "avenue", "avenida", "avda"],
        ["bd", "bld", "blvd", "boulevard", "bvd"],
        ["str", "strasse", "straße"],
        ["pl", "place", "platz", "plaza", "piazza", "pza"],
        ["rd", "road"],
        ["dr", "drive", "doctor"],
        ["ln", "lane"],
        ["sq", "square"],
        ["mt", "mount", "mont", "monte"],
        ["ft", "fort"],
        ["hwy", "highway"],
        ["pkwy", "parkway"],
        ["ct", "court"],
        ["cres", "crescent"],
        ["rte", "route"],
        ["ch", "chemin"],
        ["imp", "impasse"],
        ["all", "allee"],
        ["hbf", "hauptbahnhof"],
        ["bhf", "bahnhof"],
        ["ul", "ulica", "ulitsa"],
        ["ул", "улица"],
        ["пр", "просп", "проспект"],
        ["пер", "переулок"],
        ["пл", "площадь"],
        ["c", "calle", "carrer"],
        ["n", "north", "nord"],
        ["s", "south", "sud"],
        ["e", "east", "est"],
        ["w", "west", "ouest"],
        ["gen", "general"],
        ["prof", "professor"],
        ["1st", "first"], ["2nd", "second"], ["3rd", "third"],
    ]

    private static let table: [String: [String]] = {
        var t: [String: [String]] = [:]
        for g in groups {
            let words = g.map(TextNormalizer.normalize)
            for w in words { t[w, default: []].append(contentsOf: words.filter { $0 != w }) }
        }
        return t
    }()

    private static let suffixes: [(String, String)] = [("str", "strasse"), ("strasse", "str"), ("pl", "platz")]

    /// Other words `word` may stand for (not including itself).
    static func alternatives(of word: String) -> [String] {
        var out = table[word] ?? []
        for (short, long) in suffixes where word.count > short.count + 2 && word.hasSuffix(short) {
            out.append(String(word.dropLast(short.count)) + long)
        }
        return out
    }
}
