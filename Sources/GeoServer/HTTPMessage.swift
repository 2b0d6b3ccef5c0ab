// One HTTP request and its response as plain values, so every endpoint is a
// function from one to the other that tests can call without a socket. The
// query keeps every parameter in order with repeats (Photon's osm_tag and
// layer repeat), values already decoded (`+` and %XX), and tells a key given
// without `=` from one given with an empty value.
import GeoBase
import GeoFrontEnd

public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, %XX-decoded, without the query.
    public var path: String
    /// Query parameters in order, repeats kept; nil value for a key given without `=`.
    public var query: [(key: String, value: String?)]
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The client's address, for the access log.
    public var client: String
    /// The request target as the client sent it (path and query, still %-encoded), for the log.
    public var target: String
    /// Header names the client sent more than once (their values are joined with ", ").
    public var repeatedHeaders: Set<String> = []

    public init(method: String = "GET", path: String, query: [(key: String, value: String?)] = [],
                headers: [String: String] = [:], body: [UInt8] = [], client: String = "-") {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.client = client
        target = path
    }

    /// A request from a target such as `/api?q=rue&limit=5` (decoding `+` and %XX as servers do).
    public init(method: String = "GET", target: String, headers: [String: String] = [:], body: [UInt8] = []) {
        var path = target, query: [(String, String?)] = []
        if let q = target.firstIndex(of: "?") {
            path = String(target[..<q])
            for item in target[target.index(after: q)...].split(separator: "&", omittingEmptySubsequences: true) {
                if let eq = item.firstIndex(of: "=") {
                    query.append((HTTPRequest.decode(item[..<eq], plus: true), HTTPRequest.decode(item[item.index(after: eq)...], plus: true)))
                } else {
                    query.append((HTTPRequest.decode(item, plus: true), nil))
                }
            }
        }
        self.init(method: method, path: HTTPRequest.decode(Substring(path), plus: false), query: query,
                  headers: headers, body: body)
        self.target = target
    }

    /// The first value of `key` (exact, case-sensitive); nil when absent or given without a value.
    public func value(_ key: String) -> String? {
        query.first { $0.key == key }?.value ?? nil
    }

    /// Whether `key` is present at all.
    public func has(_ key: String) -> Bool { query.contains { $0.key == key } }

    /// Every value of a repeated key, in order.
    public func values(_ key: String) -> [String] { query.filter { $0.key == key }.compactMap(\.value) }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// %XX decoding (and `+` as a space in query strings); invalid escapes are kept as they are.
    static func decode(_ s: Substring, plus: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        var it = Array(s.utf8)[...]
        while let b = it.popFirst() {
            if b == UInt8(ascii: "+") && plus { bytes.append(0x20); continue }
            if b == UInt8(ascii: "%"), it.count >= 2, let h = hex(it[it.startIndex]), let l = hex(it[it.startIndex + 1]) {
                bytes.append(h << 4 | l)
                it = it.dropFirst(2)
                continue
            }
            bytes.append(b)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// JSON with the content type every API client checks for.
    public static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: value.jsonBytes())
    }

    public static func text(_ text: String, status: Int = 200, type: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", type)], body: Array(text.utf8))
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}
