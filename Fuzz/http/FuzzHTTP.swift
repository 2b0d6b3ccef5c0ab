// libFuzzer target: what an HTTP client sends. The first byte picks the
// endpoint (and GET or POST), the bytes up to the first NUL are the rest of
// the request target (query strings, OSRM coordinate lists and polylines),
// the bytes after it the body (tracks for POST /match). The request goes
// through the server's own dispatcher over the sample town; every answer must
// be a status from 200 to 599 whose JSON, when it says JSON, parses.
import Foundation
@testable import GeoBase
@testable import GeoServer

nonisolated(unsafe) private var service: Service?

private let prefixes = ["/api?", "/reverse?", "/search?", "/reverse?format=json&", "/route/v1/driving/", "/match/v1/foot/",
                        "/nearest/v1/car/", "/suggest?", "/features?", "/match?", "", "/status?", "/search?format=geojson&",
                        "/route/v1/bike/polyline(", "/api?q=", "/match/v1/car/polyline6("]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if service == nil {
        _ = Fuzz.town
        service = try! Service(state: ServiceState(paths: [Fuzz.scratchPath("town.geoidx")]))
    }
    let bytes = Fuzz.bytes(data, size)
    guard let selector = bytes.first else { return 0 }
    let rest = bytes.dropFirst()
    let split = rest.firstIndex(of: 0) ?? rest.endIndex
    let target = prefixes[Int(selector & 0x7F) % prefixes.count] + String(decoding: rest[..<split], as: UTF8.self)
    let body = Array(rest[split...].dropFirst())
    let request = HTTPRequest(method: selector & 0x80 != 0 ? "POST" : "GET", target: target, body: body)
    let response = service!.handle(request)
    Fuzz.require((200...599).contains(response.status), "status \(response.status) for \(target.prefix(80))")
    if response.header("Content-Type")?.contains("json") == true {
        Fuzz.require((try? JSONValue.parse(response.body)) != nil, "unparseable JSON answer to \(target.prefix(80))")
    }
    return 0
}
