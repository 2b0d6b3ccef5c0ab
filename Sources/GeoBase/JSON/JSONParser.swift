// A strict JSON parser (RFC 8259) into JSONValue, for GeoJSON tracks and batch
// query lines, i.e. for text that may be hostile. It keeps its own stack of open
// containers instead of recursing, refuses nesting deeper than `maxDepth`,
// validates UTF-8 byte by byte and reports every problem with its byte offset.
import Foundation

/// A JSON syntax error at a byte offset (0-based) of the input.
public struct JSONParseError: Error, CustomStringConvertible, Sendable, Equatable {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "byte \(offset): \(message)" }

    /// The same error as an InputError naming `file`, with the 1-based line and
    /// column computed from `bytes` (the input that was parsed).
    public func inputError(file: String, bytes: [UInt8]) -> InputError {
        let (line, column) = JSONParseError.lineColumn(of: offset, in: bytes)
        return InputError(file: file, line: line, column: column, offset: Int64(offset), message: message)
    }

    /// 1-based line and byte column of `offset` in `bytes`.
    public static func lineColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(max(offset, 0), bytes.count)
        for i in 0..<end where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, end - lineStart + 1)
    }
}

extension JSONValue {
    public static let defaultMaxDepth = 512

    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        var result: Result<JSONValue, JSONParseError> = .success(.null)
        bytes.withUnsafeBufferPointer { buf in
            var parser = JSONParser(buf, maxDepth: maxDepth)
            result = Result { () throws(JSONParseError) -> JSONValue in try parser.parseDocument() }
        }
        return try result.get()
    }

    public static func parse(_ data: Data, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse([UInt8](data), maxDepth: maxDepth)
    }

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

struct JSONParser {
    private let b: UnsafeBufferPointer<UInt8>
    private var pos = 0
    private let maxDepth: Int
    private var scratch: [UInt8] = []

    /// One open container. Members and items live in plain arrays of the frame
    /// so that appending through `stack[last]` mutates in place.
    private struct Frame {
        var isObject: Bool
        var items: [JSONValue] = []
        var members: [(String, JSONValue)] = []
        var key = ""
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        b = bytes
        self.maxDepth = maxDepth
    }

    private func fail(_ message: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? pos, message: message)
    }

    @inline(__always) private mutating func skipWhitespace() {
        while pos < b.count {
            let c = b[pos]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            pos += 1
        }
    }

    private func describeHere() -> String {
        guard pos < b.count else { return "end of input" }
        let c = b[pos]
        if c >= 0x21 && c < 0x7F { return "'\(Character(UnicodeScalar(c)))'" }
        return "byte 0x" + String(c, radix: 16, uppercase: true)
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        var stack: [Frame] = []
        skipWhitespace()
        if pos == b.count { throw fail("empty input, expected a JSON value") }
        parseValue: while true {
            var value: JSONValue
            skipWhitespace()
            guard pos < b.count else { throw fail("unexpected end of input, expected a value") }
            switch b[pos] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = b[pos] == UInt8(ascii: "{")
                if stack.count >= maxDepth { throw fail("nesting deeper than \(maxDepth) levels") }
                pos += 1
                skipWhitespace()
                if pos < b.count && b[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos += 1
                    value = isObject ? .object([]) : .array([])
                } else {
                    var frame = Frame(isObject: isObject)
                    if isObject { frame.key = try parseKey() }
                    stack.append(frame)
                    continue parseValue
                }
            case UInt8(ascii: "\""): value = .string(try parseString())
            case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
            case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
            case UInt8(ascii: "n"): try literal("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
            default: throw fail("unexpected \(describeHere()), expected a value")
            }
            // Hand the finished value to its container; close containers as long
            // as their closing bracket follows.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    if pos < b.count { throw fail("unexpected \(describeHere()) after the JSON value") }
                    return value
                }
                let top = stack.count - 1
                if stack[top].isObject {
                    stack[top].members.append((stack[top].key, value))
                } else {
                    stack[top].items.append(value)
                }
                skipWhitespace()
                guard pos < b.count else { throw fail("unexpected end of input inside \(stack[top].isObject ? "an object" : "an array")") }
                let c = b[pos]
                if c == UInt8(ascii: ",") {
                    pos += 1
                    if stack[top].isObject { stack[top].key = try parseKey() }
                    continue parseValue
                }
                if stack[top].isObject && c == UInt8(ascii: "}") {
                    pos += 1
                    value = .object(stack.removeLast().members)
                } else if !stack[top].isObject && c == UInt8(ascii: "]") {
                    pos += 1
                    value = .array(stack.removeLast().items)
                } else {
                    throw fail("unexpected \(describeHere()), expected ',' or '\(stack[top].isObject ? "}" : "]")'")
                }
            }
        }
    }

    private mutating func parseKey() throws(JSONParseError) -> String {
        skipWhitespace()
        guard pos < b.count, b[pos] == UInt8(ascii: "\"") else {
            throw fail("unexpected \(describeHere()), expected a member name in double quotes")
        }
        let key = try parseString()
        skipWhitespace()
        guard pos < b.count, b[pos] == UInt8(ascii: ":") else {
            throw fail("unexpected \(describeHere()), expected ':' after member name")
        }
        pos += 1
        return key
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let n = word.utf8CodeUnitCount
        let ok = pos + n <= b.count && word.withUTF8Buffer { w in
            (0..<n).allSatisfy { b[pos + $0] == w[$0] }
        }
        guard ok else { throw fail("invalid literal, expected '\(word)'") }
        pos += n
    }

    // MARK: Numbers

    private static let exactPowers: [Double] = (0...22).map { pow(10, Double($0)) }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = pos
        var negative = false
        if b[pos] == UInt8(ascii: "-") { negative = true; pos += 1 }
        var mantissa: UInt64 = 0
        var digitCount = 0  // significant digits folded into mantissa
        var dropped = 0  // integer digits that did not fit (shift the exponent)
        var fractionDigits = 0
        var exactInteger = true
        func isDigit(_ i: Int) -> Bool { i < b.count && b[i] >= 48 && b[i] <= 57 }
        guard isDigit(pos) else { throw fail("invalid number: expected a digit") }
        if b[pos] == UInt8(ascii: "0") {
            pos += 1
            if isDigit(pos) { throw fail("invalid number: leading zero", at: pos - 1) }
        } else {
            while isDigit(pos) {
                if digitCount < 19 {
                    mantissa = mantissa * 10 + UInt64(b[pos] - 48)
                    if mantissa != 0 { digitCount += 1 }
                } else {
                    dropped += 1
                    exactInteger = false
                }
                pos += 1
            }
        }
        if pos < b.count && b[pos] == UInt8(ascii: ".") {
            pos += 1
            exactInteger = false
            guard isDigit(pos) else { throw fail("invalid number: expected a digit after '.'") }
            while isDigit(pos) {
                if digitCount < 19 {
                    mantissa = mantissa * 10 + UInt64(b[pos] - 48)
                    if mantissa != 0 { digitCount += 1 }
                    fractionDigits += 1
                }
                pos += 1
            }
        }
        var exponent = 0
        if pos < b.count && (b[pos] == UInt8(ascii: "e") || b[pos] == UInt8(ascii: "E")) {
            pos += 1
            exactInteger = false
            var expNegative = false
            if pos < b.count && (b[pos] == UInt8(ascii: "+") || b[pos] == UInt8(ascii: "-")) {
                expNegative = b[pos] == UInt8(ascii: "-")
                pos += 1
            }
            guard isDigit(pos) else { throw fail("invalid number: expected a digit in the exponent") }
            while isDigit(pos) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(b[pos] - 48) }
                pos += 1
            }
            if expNegative { exponent = -exponent }
        }
        if exactInteger {
            if !negative && mantissa <= UInt64(Int64.max) { return .int(Int64(mantissa)) }
            if negative && mantissa <= UInt64(Int64.max) + 1 {
                return .int(mantissa == UInt64(Int64.max) + 1 ? .min : -Int64(mantissa))
            }
        }
        // Clinger's fast path: both the digits and the power of ten are exact
        // doubles, so one multiplication or division rounds correctly.
        let exp10 = exponent + dropped - fractionDigits
        var value: Double
        if mantissa < 1 << 53 && abs(exp10) <= 22 {
            value = Double(mantissa)
            value = exp10 < 0 ? value / JSONParser.exactPowers[-exp10] : value * JSONParser.exactPowers[exp10]
            if negative { value = -value }
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<pos]), as: UTF8.self)
            guard let parsed = Double(text) else { throw fail("invalid number", at: start) }
            value = parsed
        }
        guard value.isFinite else { throw fail("number out of range", at: start) }
        return .double(value)
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONParseError) -> String {
        pos += 1  // opening quote
        let start = pos
        // Fast path: plain ASCII without escapes becomes a String directly.
        while pos < b.count {
            let c = b[pos]
            if c == UInt8(ascii: "\"") {
                pos += 1
                return String(decoding: UnsafeBufferPointer(rebasing: b[start..<(pos - 1)]), as: UTF8.self)
            }
            if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
            pos += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<pos]))
        while true {
            guard pos < b.count else { throw fail("unterminated string", at: start - 1) }
            let c = b[pos]
            if c == UInt8(ascii: "\"") {
                pos += 1
                return String(decoding: scratch, as: UTF8.self)
            } else if c == UInt8(ascii: "\\") {
                try parseEscape()
            } else if c < 0x20 {
                throw fail("control character 0x\(String(c, radix: 16, uppercase: true)) in string (must be escaped)")
            } else if c < 0x80 {
                scratch.append(c)
                pos += 1
            } else {
                let n = try utf8SequenceLength()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[pos..<(pos + n)]))
                pos += n
            }
        }
    }

    /// Length of the valid UTF-8 sequence at `pos` (lead byte >= 0x80), rejecting
    /// overlong forms, encoded surrogates and code points above U+10FFFF.
    private func utf8SequenceLength() throws(JSONParseError) -> Int {
        let c = b[pos]
        let n: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // allowed range of the second byte
        switch c {
        case 0xC2...0xDF: n = 2
        case 0xE0: n = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: n = 3
        case 0xED: n = 3; high = 0x9F
        case 0xF0: n = 4; low = 0x90
        case 0xF1...0xF3: n = 4
        case 0xF4: n = 4; high = 0x8F
        default: throw fail("invalid UTF-8 byte 0x\(String(c, radix: 16, uppercase: true))")
        }
        guard pos + n <= b.count else { throw fail("truncated UTF-8 sequence") }
        guard b[pos + 1] >= low && b[pos + 1] <= high else { throw fail("invalid UTF-8 sequence") }
        for k in 2..<max(n, 2) where b[pos + k] & 0xC0 != 0x80 {
            throw fail("invalid UTF-8 sequence")
        }
        return n
    }

    private mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = pos
        pos += 1
        guard pos < b.count else { throw fail("unterminated string") }
        let c = b[pos]
        pos += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(c)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                guard pos + 1 < b.count, b[pos] == UInt8(ascii: "\\"), b[pos + 1] == UInt8(ascii: "u") else {
                    throw fail("unpaired surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
                }
                pos += 2
                let low = try hex4()
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw fail("invalid surrogate pair", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                throw fail("unpaired surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
            }
            scratch.append(contentsOf: String(Character(UnicodeScalar(scalar)!)).utf8)
        default:
            throw fail("invalid escape '\\\(Character(UnicodeScalar(c)))'", at: escapeStart)
        }
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard pos + 4 <= b.count else { throw fail("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[pos]
            let d: UInt8
            switch c {
            case 48...57: d = c - 48
            case 65...70: d = c - 55
            case 97...102: d = c - 87
            default: throw fail("invalid hex digit in \\u escape")
            }
            v = v << 4 | UInt32(d)
            pos += 1
        }
        return v
    }
}
