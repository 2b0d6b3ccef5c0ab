// Identities as types, not strings parsed back: an OSM object's reference
// (`n123`, written the way OSM's own tools and our JSON write it) and the tag
// that gives a landmark its category (`amenity=cafe`). Search results carry
// them typed; each API renders them in its own dialect (Photon's "N", 123;
// Nominatim's "node", 123) from the parts, never by cutting a string.

/// One OSM object: its type and id.
public struct OSMRef: Hashable, Sendable, CustomStringConvertible {
    public var type: OSMType
    public var id: Int64

    public init(type: OSMType, id: Int64) {
        self.type = type
        self.id = id
    }

    /// "n123", "w45", "r6".
    public var description: String { type.letter + String(id) }

    /// Reads "n123" / "w45" / "r6" (also upper-case, as Nominatim's lookup lists write them); nil
    /// for anything else.
    public init?(_ text: some StringProtocol) {
        guard let first = text.first, let id = Int64(text.dropFirst()), text.count > 1,
              text.dropFirst().first != "+" else { return nil }
        switch first {
        case "n", "N": type = .node
        case "w", "W": type = .way
        case "r", "R": type = .relation
        default: return nil
        }
        self.id = id
    }
}

extension OSMType {
    /// "node", "way", "relation": Nominatim's `osm_type`.
    public var name: String {
        switch self {
        case .node: "node"
        case .way: "way"
        case .relation: "relation"
        }
    }
}

/// The OSM tag a category stands for.
public struct CategoryTag: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// "amenity=cafe".
    public var description: String { key + "=" + value }

    /// Reads "amenity=cafe"; a text without `=` is a key whose value is "yes" ("building").
    public init(_ text: some StringProtocol) {
        if let eq = text.firstIndex(of: "=") {
            key = String(text[..<eq])
            value = String(text[text.index(after: eq)...])
        } else {
            key = String(text)
            value = "yes"
        }
    }
}

/// `"n123"` and `"amenity=cafe"` written in code (tests, fixed tables) stand for the typed values.
extension OSMRef: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) {
        guard let ref = OSMRef(text) else { preconditionFailure("\"\(text)\" is no OSM reference (n123, w45, r6)") }
        self = ref
    }
}

extension CategoryTag: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) { self.init(text) }
}
