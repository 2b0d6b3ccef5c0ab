// The extra tags a landmark keeps beside its names and address — opening hours,
// phone, website and the like — which search never looks at but an app shows
// on a result card. A fixed, documented list (docs/FORMAT.md, README), so the
// index stays small and every front end names the same keys; several OSM keys
// feed one key (`contact:phone` is a phone), the first present winning.
// Values are cleaned at import: hostile files must not smuggle control
// characters or megabyte strings into every answer.
import Foundation

/// One extra tag of a landmark: a key of `ExtraTags.keys` and its cleaned value.
public struct ExtraTag: Sendable, Hashable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

public enum ExtraTags {
    /// The keys kept, in the order answers list them; each with the OSM keys it is read from,
    /// in order of preference.
    public static let sources: [(key: String, from: [String])] = [
        ("opening_hours", ["opening_hours"]),
        ("phone", ["phone", "contact:phone"]),
        ("website", ["website", "contact:website", "url"]),
        ("email", ["email", "contact:email"]),
        ("wikidata", ["wikidata"]),
        ("wikipedia", ["wikipedia"]),
        ("cuisine", ["cuisine"]),
        ("wheelchair", ["wheelchair"]),
        ("internet_access", ["internet_access"]),
        ("fee", ["fee"]),
        ("operator", ["operator"]),
        ("brand", ["brand"]),
        ("level", ["level"]),
        ("ele", ["ele"]),
        ("population", ["population"]),
    ]

    /// The keys, in answer order.
    public static let keys: [String] = sources.map(\.key)

    /// Position of each key in `keys` (the order answers use).
    public static let order: [String: Int] = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })

    /// Every OSM key some extra tag is read from (a quick test before looking closer).
    public static let osmKeys: Set<String> = Set(sources.flatMap(\.from))

    /// OSM allows 255 characters a value; a longer one is cut there (at a character boundary).
    public static let maxValueScalars = 255

    /// The extra tags of an element's tags, in `keys` order; empty values are left out.
    public static func extract(_ tags: [String: String]) -> [ExtraTag] {
        var out: [ExtraTag] = []
        for s in sources {
            for k in s.from {
                if let raw = tags[k], let v = clean(raw) {
                    out.append(ExtraTag(key: s.key, value: v))
                    break
                }
            }
        }
        return out
    }

    /// Control characters (C0, DEL, C1) become spaces, runs of spaces one, the ends are
    /// trimmed and the value is cut to `maxValueScalars`; nil when nothing is left.
    public static func clean(_ raw: String) -> String? {
        var out = String.UnicodeScalarView()
        var count = 0
        var pendingSpace = false
        for s in raw.unicodeScalars {
            let v = s.value
            let blank = v < 0x20 || (v >= 0x7F && v < 0xA0) || s == " "
            if blank {
                pendingSpace = count > 0
                continue
            }
            if pendingSpace {
                guard count + 1 < maxValueScalars else { break }
                out.append(" ")
                count += 1
                pendingSpace = false
            }
            guard count < maxValueScalars else { break }
            out.append(s)
            count += 1
        }
        return out.isEmpty ? nil : String(out)
    }

    /// The first of `names` that is neither a kept key nor "all"/"*" (front ends report it), or nil.
    public static func firstUnknown(_ names: [String]) -> String? {
        names.first { raw in
            let n = ExtraTagSelection.normalise(raw)
            return !n.isEmpty && n != "all" && n != "*" && order[n] == nil
        }
    }

    /// Orders an answer's tags: the documented keys in `keys` order, then any others (an index
    /// written by a newer build) by name.
    public static func sorted(_ tags: [String: String]) -> [(key: String, value: String)] {
        tags.map { (key: $0.key, value: $0.value) }.sorted {
            let a = order[$0.key] ?? Int.max, b = order[$1.key] ?? Int.max
            return a != b ? a < b : $0.key < $1.key
        }
    }
}

/// Which extra tags a caller wants: some keys, or all of them ("all" or "*", as Nominatim's
/// `extratags=1` returns every extra tag it has). Names are matched without case.
public struct ExtraTagSelection: Sendable, Equatable {
    public var all: Bool
    public var keys: Set<String>

    public init(_ names: [String]) {
        let n = names.map(ExtraTagSelection.normalise).filter { !$0.isEmpty }
        all = n.contains("all") || n.contains("*")
        keys = Set(n)
    }

    public static let everything = ExtraTagSelection(["all"])

    public var isEmpty: Bool { !all && keys.isEmpty }

    public func contains(_ key: String) -> Bool { all || keys.contains(key) }

    static func normalise(_ raw: String) -> String { raw.trimmingCharacters(in: .whitespaces).lowercased() }
}
