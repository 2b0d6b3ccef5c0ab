// The small readers every request goes through: Google's polyline algorithm
// (checked on its published examples), query-string decoding, and the typed
// parameters whose errors name what was wrong.
import Foundation
import Testing
import GeoBase
@testable import GeoServer

@Suite struct PolylineAndParametersTests {
    let line = [Coordinate(lat: 38.5, lon: -120.2), Coordinate(lat: 40.7, lon: -120.95), Coordinate(lat: 43.252, lon: -126.453)]

    @Test func encodesGooglesExample() {
        #expect(Polyline.encode(line, precision: 5) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(Polyline.encode(line, precision: 6) == "_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI")
        #expect(Polyline.encode([Coordinate(lat: 0, lon: -179.9832104)], precision: 5).hasSuffix("`~oia@"))
    }

    @Test func decodesWhatItEncodesAndOSRMsExample() throws {
        let back = try #require(Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5))
        #expect(zip(back, line).allSatisfy { abs($0.lat - $1.lat) < 1e-5 && abs($0.lon - $1.lon) < 1e-5 })
        let berlin = try #require(Polyline.decode("ofp_Ik_vpAilAyu@te@g`E", precision: 5))
        #expect(berlin.count == 3 && abs(berlin[0].lat - 52.51704) < 1e-5 && abs(berlin[0].lon - 13.38886) < 1e-5)
    }

    @Test func refusesBrokenPolylines() {
        for bad in ["_p~iF~ps|U_ulL", "\u{1}\u{2}", "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~", "_p~iF"] {
            #expect(Polyline.decode(Substring(bad), precision: 5) == nil, "\(bad)")
        }
        // Too many points for the request.
        let long = String(repeating: "??", count: 200)
        #expect(Polyline.decode(Substring(long), precision: 5, maxPoints: 10) == nil)
    }

    @Test func queryStringsDecodeAsClientsEncode() {
        let r = HTTPRequest(target: "/api?q=caf%C3%A9+de+paris&osm_tag=a&osm_tag=b&flag&empty=&bad=%ZZ%4")
        #expect(r.path == "/api")
        #expect(r.value("q") == "café de paris")
        #expect(r.values("osm_tag") == ["a", "b"])
        #expect(r.has("flag") && r.value("flag") == nil)
        #expect(r.has("empty") && r.value("empty") == "")
        #expect(r.value("bad") == "%ZZ%4")
        #expect(HTTPRequest(target: "/route/v1/car/polyline(a%3Fb)").path == "/route/v1/car/polyline(a?b)")
    }

    @Test func typedParametersNameWhatIsWrong() throws {
        let p = Parameters(HTTPRequest(target: "/x?lat=46.2&lon=1e400&n=4.5&box=6.9,46.3,6.8,46.1&inf=inf"))
        #expect(throws: APIError.self) { try p.point(required: true) }
        #expect((try? p.int("n")) == nil)
        #expect((try? p.double("inf")) == nil)
        // Nominatim's viewbox takes any two opposite corners.
        let box = try #require(try p.box("box"))
        #expect(box.minLon == 6.8 && box.maxLat == 46.3)
        do {
            _ = try Parameters(HTTPRequest(target: "/x?lat=95&lon=6")).point(required: true)
            Issue.record("a latitude of 95 was accepted")
        } catch {
            #expect(error.message.contains("'lat'") && error.status == 400)
        }
    }
}
