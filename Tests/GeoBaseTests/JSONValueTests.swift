// JSONValue: stable serialisation (order, escaping, number forms) and the
// strict parser (errors with offsets, depth limit, UTF-8 and \u handling).
import Foundation
import Testing
@testable import GeoBase

private func parseError(_ bytes: [UInt8]) -> JSONParseError? {
    do { _ = try JSONValue.parse(bytes); return nil } catch { return error }
}

private func parseError(_ text: String) -> JSONParseError? { parseError(Array(text.utf8)) }

@Test func jsonCompactKeepsInsertionOrder() {
    let v: JSONValue = ["z": 1, "a": [true, false, nil], "m": ["k": "v"], "e": [], "o": .object([])]
    #expect(v.jsonString() == #"{"z":1,"a":[true,false,null],"m":{"k":"v"},"e":[],"o":{}}"#)
}

@Test func jsonPrettyForm() {
    let v: JSONValue = ["a": 1, "b": [2, "x"], "c": [:] as JSONValue, "d": []]
    #expect(v.jsonString(pretty: true) == """
    {
      "a": 1,
      "b": [
        2,
        "x"
      ],
      "c": {},
      "d": []
    }
    """)
}

@Test func jsonStringEscaping() throws {
    let v = JSONValue.string("q\"b\\s/\n\r\t\u{1}\u{1F}\u{7F}é€😀")
    #expect(v.jsonString() == "\"q\\\"b\\\\s/\\n\\r\\t\\u0001\\u001f\u{7F}é€😀\"")
    // Non-ASCII goes out as raw UTF-8, not as \u escapes.
    #expect(v.jsonBytes().contains(0xC3))
    #expect(try JSONValue.parse(v.jsonBytes()) == v)
}

@Test func jsonNumberForms() {
    let cases: [(Double, String)] = [
        (1.0, "1"), (-3.0, "-3"), (0.1, "0.1"), (-2.5, "-2.5"), (0.0, "0"), (-0.0, "0"),
        (1e-7, "0.0000001"), (1.5e-9, "0.0000000015"), (1e-10, "1e-10"), (123456789.123, "123456789.123"),
        (1e20, "100000000000000000000"), (1e21, "1e21"), (1.5e300, "1.5e300"), (Double.leastNonzeroMagnitude, "5e-324"),
        (0.1 + 0.2, "0.30000000000000004"), (1152921504606846976, "1152921504606847000"),
        (.nan, "null"), (.infinity, "null"), (-.infinity, "null"), (12.3456789, "12.3456789"),
    ]
    for (x, text) in cases {
        #expect(JSONValue.numberText(x) == text, "\(x)")
        #expect(JSONValue.double(x).jsonString() == text)
    }
    #expect(JSONValue.int(.min).jsonString() == "-9223372036854775808")
    #expect(JSONValue.int(.max).jsonString() == "9223372036854775807")
    #expect(JSONValue.int(0).jsonString() == "0")
}

@Test func jsonDoublesRoundTripExactly() throws {
    var state: UInt64 = 0x9E3779B97F4A7C15
    for i in 0..<20_000 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        var x = Double(bitPattern: state)
        if i % 3 == 0 { x = Double(Int64(bitPattern: state) % 3_600_000_000) / 1e7 }  // coordinate-like
        if i % 3 == 1 { x = Double(state >> 11) * 0x1p-53 * 1000 }
        guard x.isFinite else { continue }
        let text = JSONValue.numberText(x)
        let back = try JSONValue.parse(text).doubleValue
        #expect(back == x, "\(x) -> \(text)")
        if back != x { break }
    }
}

@Test func jsonRounded7() {
    #expect(JSONValue.rounded7(12.345678949) == 12.3456789)
    #expect(JSONValue.numberText(JSONValue.rounded7(-0.00000004)) == "0")
    #expect(JSONValue.position(Coordinate(lat: 51.123456789, lon: -0.00000012)).jsonString() == "[-0.0000001,51.1234568]")
}

@Test func jsonParsesValues() throws {
    let v = try JSONValue.parse(#" { "b" : [1, -0, 1.5e3, -2.25E-2, 12345678901234567890, 3.0], "a":"x\u00e9\ud83d\ude00\/", "n":null, "t":true, "b":false } "#)
    #expect(v.objectValue?.map(\.0) == ["b", "a", "n", "t", "b"])
    #expect(v["b"]?[0] == .int(1))
    #expect(v["b"]?[1] == .int(0))
    #expect(v["b"]?[2]?.doubleValue == 1500)
    #expect(v["b"]?[3]?.doubleValue == -0.0225)
    #expect(v["b"]?[4] == .double(12345678901234567168))
    #expect(v["b"]?[5]?.intValue == 3)
    #expect(v["b"]?[6] == nil)
    #expect(v["a"]?.stringValue == "xé😀/")
    #expect(v["n"]?.isNull == true)
    #expect(v["t"]?.boolValue == true)
    #expect(v["missing"] == nil)
    #expect(v["b"]?.arrayValue?.count == 6)  // first duplicate wins
    #expect(try JSONValue.parse("-9223372036854775808") == .int(.min))
    #expect(try JSONValue.parse("9223372036854775808") == .double(9223372036854775808))
    #expect(try JSONValue.parse("0.1").doubleValue == 0.1)
    #expect(try JSONValue.parse("2.2250738585072014e-308").doubleValue == 2.2250738585072014e-308)
    #expect(try JSONValue.parse("[[],{}]") == [[], .object([])])
}

@Test func jsonRoundTripOfNestedValue() throws {
    let v: JSONValue = ["type": "Feature", "properties": ["name": "Straße \"7\"", "n": 3, "x": 0.5, "l": [nil, true]],
                        "geometry": ["type": "Point", "coordinates": [12.3456789, -45.1]]]
    #expect(try JSONValue.parse(v.jsonBytes()) == v)
    #expect(try JSONValue.parse(v.jsonBytes(pretty: true)) == v)
    #expect(try JSONValue.parse(v.jsonString()).jsonString() == v.jsonString())
}

@Test func jsonSyntaxErrorsCarryOffsets() {
    let cases: [(String, Int, String)] = [
        (#"{"a": tru}"#, 6, "invalid literal"),
        ("[1, 2,]", 6, "expected a value"),
        (#"{"a" 1}"#, 5, "expected ':'"),
        (#"{a: 1}"#, 1, "member name"),
        ("[01]", 1, "leading zero"),
        ("[1.]", 3, "after '.'"),
        ("[1e]", 3, "exponent"),
        ("[1] x", 4, "after the JSON value"),
        ("", 0, "empty input"),
        ("  ", 2, "empty input"),
        ("[1, 2", 5, "end of input"),
        ("\"abc", 0, "unterminated string"),
        (#"["\x"]"#, 2, "invalid escape"),
        (#"["\ud800"]"#, 2, "unpaired surrogate"),
        (#"["\udc00\ud800"]"#, 2, "unpaired surrogate"),
        (#"["\ud800\u0041"]"#, 2, "invalid surrogate pair"),
        (#"["\u12G4"]"#, 6, "hex digit"),
        ("[1e400]", 1, "out of range"),
        ("[NaN]", 1, "expected a value"),
        ("{\"a\":1 \"b\":2}", 7, "expected ','"),
    ]
    for (text, offset, fragment) in cases {
        let e = parseError(text)
        #expect(e?.offset == offset, "\(text): \(String(describing: e))")
        #expect(e?.message.contains(fragment) == true, "\(text): \(String(describing: e))")
    }
}

@Test func jsonRejectsInvalidUTF8AndRawControls() {
    let bad: [([UInt8], Int)] = [
        ([0x22, 0x61, 0xC3, 0x28, 0x22], 2),  // truncated 2-byte sequence
        ([0x22, 0xC0, 0x80, 0x22], 1),  // overlong NUL
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
        ([0x22, 0xFF, 0x22], 1),
        ([0x22, 0xE2, 0x82], 1),  // truncated at end of input
        ([0x22, 0x61, 0x0A, 0x22], 2),  // raw newline in a string
    ]
    for (bytes, offset) in bad {
        let e = parseError(bytes)
        #expect(e?.offset == offset, "\(bytes): \(String(describing: e))")
    }
    #expect(parseError([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]) == nil)
}

@Test func jsonDepthLimit() throws {
    let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    var v = try JSONValue.parse(ok)
    var depth = 0
    while let inner = v.arrayValue { depth += 1; guard let first = inner.first else { break }; v = first }
    #expect(depth == 512)
    let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    let e = parseError(tooDeep)
    #expect(e?.offset == 512)
    #expect(e?.message == "nesting deeper than 512 levels")
    // Hostile depth far beyond any stack: a clean error, no crash.
    let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
    #expect(parseError(hostile)?.message == "nesting deeper than 512 levels")
    let objects = String(repeating: #"{"a":"#, count: 600)
    #expect(parseError(objects)?.offset == 512 * 5)
    // Serialising a deep value is iterative too (kept moderate: releasing a
    // nested enum recurses in the Swift runtime itself).
    var deep = JSONValue.null
    for _ in 0..<2_000 { deep = .array([deep]) }
    #expect(deep.jsonBytes().count == 4_004)
    #expect(JSONValue.array([ .array([.int(1)]) ]).jsonString(pretty: true) == "[\n  [\n    1\n  ]\n]")
}

@Test func jsonErrorBecomesInputErrorWithLineAndColumn() {
    let text = "{\n  \"a\": 1,\n  \"b\": ?\n}"
    let bytes = Array(text.utf8)
    guard let e = parseError(bytes) else { Issue.record("no error"); return }
    let ie = e.inputError(file: "q.json", bytes: bytes)
    #expect(ie.line == 3 && ie.column == 8 && ie.offset == 19)
    #expect(ie.description.hasPrefix("q.json:3:8: unexpected '?'"))
}

@Test func jsonLocatorFindsValues() throws {
    let text = """
    {"type": "FeatureCollection", "x": {"y": [1, "a]b", {"z": [7, 8]}]},
     "features": [ {"k\\u0061": 5}, [ 10 , 20 ] ]}
    """
    let bytes = Array(text.utf8)
    func at(_ path: [JSONPathComponent]) -> String? {
        JSONLocator.offset(of: path, in: bytes).map { String(decoding: bytes[$0...].prefix(4), as: UTF8.self) }
    }
    #expect(at([.key("x"), .key("y"), .index(2), .key("z"), .index(1)]) == "8]}]")
    #expect(at([.key("features"), .index(1), .index(1)]) == "20 ]")
    #expect(at([.key("features"), .index(0), .key("ka")]) == "5}, ")
    #expect(at([.key("features"), .index(2)]) == nil)
    #expect(at([.key("nope")]) == nil)
    #expect([JSONPathComponent.key("features"), .index(2), .key("geometry")].jsonPathText == "features[2].geometry")
}
