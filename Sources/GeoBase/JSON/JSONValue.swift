// The ordered JSON value behind every JSON, NDJSON and GeoJSON document we
// write or read. Objects are a list of members rather than a dictionary so that
// output keeps insertion order and is byte-for-byte stable between runs.
// Serialisation lives in JSONSerializer.swift, parsing in JSONParser.swift.
import Foundation

public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
}

// MARK: - Accessors

extension JSONValue {
    /// The first member named `key` when this is an object (duplicate keys are
    /// kept as parsed; the first one wins so lookups are predictable).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for (k, v) in members where k == key { return v }
        return nil
    }

    /// The element at `index` when this is an array and the index is in range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// Any JSON number as a Double.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// Integers, and doubles that hold an exact integer.
    public var intValue: Int64? {
        switch self {
        case .int(let i): return i
        case .double(let d): return Int64(exactly: d)
        default: return nil
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var objectValue: [(String, JSONValue)]? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var isNumber: Bool { doubleValue != nil }

    /// A short name of the kind of value, for error messages ("expected an array, found a string").
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

// MARK: - Building helpers

extension JSONValue {
    /// `x` rounded to 7 decimals (about 1 cm), the precision of OSM coordinates.
    /// The result is the double nearest to that decimal, so it prints with at
    /// most 7 fraction digits.
    public static func rounded7(_ x: Double) -> Double {
        guard x.isFinite else { return x }
        return (x * 1e7).rounded() / 1e7
    }

    /// A number rounded to 7 decimals, for coordinates.
    public static func coordinate(_ x: Double) -> JSONValue {
        .double(rounded7(x))
    }

    /// A GeoJSON position `[lon, lat]` rounded to 7 decimals.
    public static func position(_ c: Coordinate) -> JSONValue {
        .array([.double(rounded7(c.lon)), .double(rounded7(c.lat))])
    }

    /// A string, or null when nil.
    public static func optional(_ s: String?) -> JSONValue {
        s.map(JSONValue.string) ?? .null
    }
}

// MARK: - Equality

/// JSON has one number type, so `.int(1)` equals `.double(1.0)`; this keeps
/// parse(serialize(v)) == v true for integral doubles.
extension JSONValue: Equatable {
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Int64(exactly: y) == x
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (m, n) in zip(x, y) where m.0 != n.0 || m.1 != n.1 { return false }
            return true
        default: return false
        }
    }
}

// MARK: - Literals, so call sites read like the JSON they produce

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Dictionary literals keep their written order (they arrive as KeyValuePairs).
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text.
    public var description: String { jsonString() }
}
