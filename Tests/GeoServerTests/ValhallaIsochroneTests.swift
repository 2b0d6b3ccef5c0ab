// Valhalla's isochrone API as its clients call it: GET ?json={...} and the
// same JSON POSTed, answered with a GeoJSON FeatureCollection (largest
// contour first, the colour asked for, MultiPolygons or LineStrings, the
// locations when asked, the request's id), and every fault HTTP 400 with
// Valhalla's {error_code, error, status_code, status} and its code.
import Foundation
import Testing
import GeoBase
import GeoTestSupport
@testable import GeoServer

@Suite struct ValhallaIsochroneTests {
    static let location = #"{"lat":46.2029872,"lon":6.7978337}"#

    func get(_ json: String) -> Served.Answer {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&+=?#")
        return Served.get("/isochrone?json=" + json.addingPercentEncoding(withAllowedCharacters: allowed)!)
    }

    @Test func getAndPostAnswerValhallasShape() throws {
        let request = #"{"locations":[\#(Self.location)],"costing":"auto","contours":[{"time":5,"color":"ff0000"},{"time":10}],"polygons":true,"id":"home"}"#
        let a = get(request)
        #expect(a.status == 200, "\(a.text)")
        let json = try #require(a.json)
        #expect(json["type"]?.stringValue == "FeatureCollection" && json["id"]?.stringValue == "home")
        let features = try #require(json["features"]?.arrayValue)
        #expect(features.count == 2)
        #expect(features.map { $0["properties"]?["contour"]?.doubleValue ?? 0 } == [10, 5])
        #expect(features[1]["properties"]?["color"]?.stringValue == "#ff0000" && features[1]["properties"]?["fillColor"]?.stringValue == "#ff0000")
        #expect(features.allSatisfy { $0["geometry"]?["type"]?.stringValue == "MultiPolygon" })
        let ring = try #require(features[0]["geometry"]?["coordinates"]?[0]?[0]?.arrayValue)
        #expect(ring.count >= 4 && ring.first == ring.last)
        // POSTed, the same answer.
        let posted = Served.post("/isochrone", body: Array(request.utf8), headers: ["content-type": "application/json"])
        #expect(posted.status == 200 && posted.response.body == a.response.body)
        // Lines by default, as Valhalla; the locations as two MultiPoints when asked.
        let lines = try #require(get(#"{"locations":[\#(Self.location)],"costing":"pedestrian","contours":[{"time":5}],"show_locations":true}"#).json)
        let lf = try #require(lines["features"]?.arrayValue)
        #expect(lf.dropLast(2).allSatisfy { $0["geometry"]?["type"]?.stringValue == "LineString" } && lf.count >= 3)
        #expect(lf.suffix(2).map { $0["properties"]?["type"]?.stringValue } == ["snapped", "input"])
    }

    @Test func faultsAreValhallasErrors() throws {
        let cases: [(String, Int)] = [
            ("not json", 100),
            (#"{"costing":"auto","contours":[{"time":5}]}"#, 110),
            (#"{"locations":[],"costing":"auto","contours":[{"time":5}]}"#, 120),
            (#"{"locations":[\#(Self.location),\#(Self.location)],"costing":"auto","contours":[{"time":5}]}"#, 150),
            (#"{"locations":[{"lat":95,"lon":6.8}],"costing":"auto","contours":[{"time":5}]}"#, 130),
            (#"{"locations":[\#(Self.location)],"contours":[{"time":5}]}"#, 124),
            (#"{"locations":[\#(Self.location)],"costing":"truck","contours":[{"time":5}]}"#, 125),
            (#"{"locations":[\#(Self.location)],"costing":"auto"}"#, 113),
            (#"{"locations":[\#(Self.location)],"costing":"auto","contours":[{"time":1},{"time":2},{"time":3},{"time":4},{"time":5}]}"#, 152),
            (#"{"locations":[\#(Self.location)],"costing":"auto","contours":[{"time":121}]}"#, 151),
            (#"{"locations":[\#(Self.location)],"costing":"auto","contours":[{"time":10},{"time":5}]}"#, 111),
            (#"{"locations":[\#(Self.location)],"costing":"auto","contours":[{"time":5,"color":"red"}]}"#, 113),
            (#"{"locations":[\#(Self.location)],"costing":"auto","contours":[{"time":5}],"denoise":3}"#, 158),
            // Farther from every road than Valhalla's search cutoff (35 km).
            (#"{"locations":[{"lat":46.6,"lon":6.8}],"costing":"auto","contours":[{"time":5}]}"#, 171),
        ]
        for (request, code) in cases {
            let a = get(request)
            #expect(a.status == 400, "\(request): \(a.status)")
            let json = try #require(a.json, "\(request)")
            #expect(json["error_code"]?.intValue == Int64(code), "\(request): \(a.text)")
            #expect(json["status_code"]?.intValue == 400 && json["status"]?.stringValue == "Bad Request")
            #expect(json["error"]?.stringValue?.isEmpty == false)
        }
        // No JSON at all; a method the endpoint does not take.
        #expect(Served.get("/isochrone").json?["error_code"]?.intValue == 100)
        let delete = Served.Answer(response: Served.town.handle(HTTPRequest(method: "DELETE", target: "/isochrone")))
        #expect(delete.status == 405 && delete.json?["error_code"]?.intValue == 101 && delete.json?["status"]?.stringValue == "Method Not Allowed")
    }
}
