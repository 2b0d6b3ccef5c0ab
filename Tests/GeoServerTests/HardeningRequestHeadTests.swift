// What a client puts in a request's head is hostile (issue 21): Accept and
// Accept-Language lists with empty or broken elements (`Accept: ;` once killed
// the server, and a web page can make a browser send it), and q-values, which
// decide between the formats an endpoint offers. And the numbers in a query:
// decimal only, as in the files (`lat=0x2B` was read as 43°).
import Foundation
import Testing
import GeoBase
import GeoTestSupport
@testable import GeoServer

@Suite struct HardeningRequestHeadTests {
    static let track = Array("lat,lon\n46.2,6.8\n46.21,6.81\n".utf8)

    @Test func emptyAndBrokenAcceptElementsNeverCrashAnEndpoint() {
        let hostile = [";", ";;", "text/html,;", "application/json;q=1,;", ",", ", ,", ";q=", "a/b;q=2", "*/*;q=x",
                       "image/svg+xml;;;q=0.5", "application/json;q", "/", "\u{0}", String(repeating: ";", count: 5_000)]
        for accept in hostile {
            // POST /match reads Accept to pick its format; / reads it to choose the page or JSON.
            let match = Served.post("/match", body: Self.track, headers: ["accept": accept])
            #expect((200...499).contains(match.status), "\(accept.prefix(20).debugDescription) → \(match.status)")
            let index = Served.get("/", headers: ["accept": accept])
            #expect((200...499).contains(index.status))
            let suggest = Served.get("/suggest?q=ru", headers: ["accept-language": accept])
            #expect(suggest.status == 200)
        }
    }

    @Test func acceptIsWeighedByQualityAndSpecificity() {
        let offered = ["application/geo+json", "application/json", "application/gpx+xml", "image/svg+xml"]
        let cases: [(String?, String?)] = [
            (nil, nil), ("", nil), (";", nil), ("text/plain", nil),
            ("application/gpx+xml", "application/gpx+xml"),
            ("application/json;q=0.5, image/svg+xml", "image/svg+xml"),
            ("image/svg+xml;q=0, */*", "application/geo+json"),
            ("*/*;q=0.1, application/json", "application/json"),
            ("application/gpx+xml, application/json", "application/gpx+xml"),      // the client's order at equal weight
            ("image/*", "image/svg+xml"),
            ("application/json;q=0", nil),
            ("APPLICATION/JSON ; Q=0.9", "application/json"),
            ("application/json;q=1.5", nil),                                           // not a q-value: the element is dropped
            ("application/json;charset=utf-8;q=0.8, image/svg+xml;q=0.7", "application/json"),
        ]
        for (header, expected) in cases {
            #expect(ContentNegotiation.preferredType(header, offered: offered) == expected, "\(header ?? "nil")")
        }
        #expect(ContentNegotiation.qValue("0.125") == 125 && ContentNegotiation.qValue("1.000") == 1000)
        #expect(ContentNegotiation.qValue("1.001") == nil && ContentNegotiation.qValue("0.1234") == nil && ContentNegotiation.qValue(".5") == nil)
    }

    @Test func theMatchFormatFollowsTheWeightedAccept() throws {
        let ride = Array(try Data(contentsOf: URL(fileURLWithPath: TestData.sample("town-ride.gpx"))))
        let svg = Served.post("/match", body: ride, headers: ["accept": "application/json;q=0.2, image/svg+xml;q=0.9"])
        #expect(svg.response.header("Content-Type") == "image/svg+xml")
        let page = Served.get("/", headers: ["accept": "text/html;q=0.1, application/json"])
        #expect(page.json?["endpoints"] != nil)
    }

    @Test func acceptLanguageTakesTheHeaviestRangeAndSkipsJunk() {
        let cases: [(String?, String?)] = [
            (nil, nil), (";", nil), ("*", nil), ("de-CH;q=0.9, fr;q=1", "fr"), ("de-CH", "de"), ("en;q=0, de;q=0.1", "de"),
            (",,;q=0.5,", nil), ("1234", nil), ("sv_FI", "sv"), ("ru;q=0.5, *;q=0.9", "ru"),
        ]
        for (header, expected) in cases {
            #expect(ContentNegotiation.preferredLanguage(header) == expected, "\(header ?? "nil")")
        }
    }

    @Test func hexadecimalAndNonFiniteNumbersAreRefusedInEveryDialect() {
        for target in ["/reverse?lat=0x2B&lon=7.42&format=jsonv2", "/reverse?lat=43.7&lon=0x1p2", "/api?q=a&lat=0x2B&lon=7",
                       "/route/v1/driving/0x1p2,46.2;6.8,46.2", "/nearest/v1/car/6.8,inf", "/suggest?q=a&near=0x2B,7",
                       "/match/v1/car/6.8,46.2;6.81,46.21?radiuses=0x10;5", "/match/v1/car/6.8,46.2;6.81,46.21?timestamps=0;0x10",
                       "/features?bbox=0x6,46,6.9,46.3"] {
            let r = Served.get(target)
            #expect(r.status == 400, "\(target) → \(r.status) \(r.text.prefix(120))")
        }
        // A query that only looks like a coordinate in hex is searched as text, not read as a point.
        let q = Served.get("/search?q=0x2B+0x7&format=jsonv2")
        #expect(q.status == 200 && q.text.contains("43.") == false)
    }
}
