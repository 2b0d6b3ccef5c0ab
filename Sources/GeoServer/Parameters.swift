// Reading query parameters the way each API's clients send them, with one
// error type that names the parameter and what was wrong. Each API renders it
// in its own dialect (Photon {"message"}, Nominatim {"error": {"code",
// "message"}}, OSRM {"code", "message"}, ours {"error"}), always as JSON with
// a 4xx status, never a crash: every value a client sends is hostile input.
import GeoBase
import GeoFrontEnd

/// A bad request: the HTTP status, the message (naming the parameter) and, for OSRM, its code.
struct APIError: Error {
    var status: Int
    var message: String
    var code: String

    init(_ message: String, status: Int = 400, code: String = "InvalidQuery") {
        self.status = status
        self.message = message
        self.code = code
    }
}

/// Error answers of each dialect.
enum ServiceErrors {
    static func ours(_ status: Int, _ message: String) -> HTTPResponse {
        .json(.object([("error", .string(message))]), status: status)
    }

    /// 426 for a request to the WebSocket path that is not a handshake.
    static func notAWebSocketHandshake(_ path: String) -> HTTPResponse {
        var r = ours(426, "\(path.prefix(200)) is a WebSocket: send Upgrade: websocket and Connection: Upgrade (or GET the endpoints themselves)")
        r.headers.append(("Upgrade", "websocket"))
        return r
    }

    static func photon(_ e: APIError) -> HTTPResponse {
        .json(.object([("message", .string(e.message))]), status: e.status)
    }

    static func nominatim(_ e: APIError) -> HTTPResponse {
        .json(.object([("error", .object([("code", .int(Int64(e.status))), ("message", .string(e.message))]))]), status: e.status)
    }

    static func osrm(_ e: APIError) -> HTTPResponse {
        .json(.object([("code", .string(e.code)), ("message", .string(e.message))]), status: e.status)
    }
}

/// Typed access to a request's query, with errors that name the parameter.
struct Parameters {
    let request: HTTPRequest

    init(_ request: HTTPRequest) { self.request = request }

    func string(_ name: String) -> String? {
        guard let v = request.value(name) else { return nil }
        let t = v.trimmingCharacters(in: .whitespaces)
        return t.isEmpty ? nil : t
    }

    /// Extra tag names, comma-separated (`extra=opening_hours,phone` or `all`), checked against
    /// the kept keys; empty when absent.
    func extraTags(_ name: String) throws(APIError) -> [String] {
        guard let v = string(name) else { return [] }
        return try Parameters.parsed { try RequestParsing.extra(v.split(separator: ",").map(String.init), name: "parameter '\(name)'") }
    }

    /// A finite number (plain decimals, a sign, an exponent); nil when absent.
    func double(_ name: String, in range: ClosedRange<Double>? = nil) throws(APIError) -> Double? {
        guard let v = string(name) else { return nil }
        guard let d = NumberScan.double(v), d.isFinite else { throw APIError("parameter '\(name)' must be a number, not \"\(v.prefix(40))\"") }
        if let range, !range.contains(d) {
            throw APIError("parameter '\(name)' must be from \(Parameters.number(range.lowerBound)) to \(Parameters.number(range.upperBound)), not \(v.prefix(40))")
        }
        return d
    }

    func int(_ name: String) throws(APIError) -> Int? {
        guard let v = string(name) else { return nil }
        guard let n = Int(v) else { throw APIError("parameter '\(name)' must be a whole number, not \"\(v.prefix(40))\"") }
        return n
    }

    /// `lat` and `lon` together (both or neither), in range.
    func point(lat: String = "lat", lon: String = "lon", required: Bool) throws(APIError) -> Coordinate? {
        let la = try double(lat), lo = try double(lon)
        switch (la, lo) {
        case (nil, nil):
            if required { throw APIError("parameters '\(lat)' and '\(lon)' are required") }
            return nil
        case (nil, _): throw APIError("parameter '\(lat)' is missing (it goes with '\(lon)')")
        case (_, nil): throw APIError("parameter '\(lon)' is missing (it goes with '\(lat)')")
        case let (a?, b?):
            guard abs(a) <= 90 else { throw APIError("parameter '\(lat)' must be from -90 to 90, not \(Parameters.number(a))") }
            guard abs(b) <= 180 else { throw APIError("parameter '\(lon)' must be from -180 to 180, not \(Parameters.number(b))") }
            return Coordinate(lat: a, lon: b)
        }
    }

    /// Four numbers `a,b,c,d` as a box: `order` says which are longitudes (lon,lat,lon,lat for
    /// Photon's bbox and Nominatim's viewbox, whose corners may come in any order).
    func box(_ name: String) throws(APIError) -> BoundingBox? {
        guard let v = string(name) else { return nil }
        let parts = v.split(separator: ",", omittingEmptySubsequences: false).map { NumberScan.double($0) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil && $0!.isFinite }) else {
            throw APIError("parameter '\(name)' must be four numbers: minLon,minLat,maxLon,maxLat")
        }
        let x1 = parts[0]!, y1 = parts[1]!, x2 = parts[2]!, y2 = parts[3]!
        guard abs(y1) <= 90, abs(y2) <= 90, abs(x1) <= 180, abs(x2) <= 180 else {
            throw APIError("parameter '\(name)' is out of range: longitudes -180…180, latitudes -90…90 (the order is lon,lat,lon,lat)")
        }
        guard x1 != x2, y1 != y2 else { throw APIError("parameter '\(name)' is an empty box") }
        return BoundingBox(minLon: min(x1, x2), minLat: min(y1, y2), maxLon: max(x1, x2), maxLat: max(y1, y2))
    }

    /// An error for the first parameter not in `allowed`: a misspelt parameter silently ignored
    /// would be a wrong answer nobody notices.
    func checkKnown(_ allowed: Set<String>) throws(APIError) {
        if let unknown = request.query.first(where: { !allowed.contains($0.key) }) {
            throw APIError("unknown parameter '\(unknown.key.prefix(40))' (this endpoint takes \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    /// Runs a parser shared with the command line, its UsageError (which names the parameter)
    /// becoming a 400.
    static func parsed<T>(_ body: () throws -> T) throws(APIError) -> T {
        do { return try body() } catch let e as UsageError { throw APIError(e.message) } catch { throw APIError("\(error)") }
    }

    /// "12.5", not "12.500000".
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}
