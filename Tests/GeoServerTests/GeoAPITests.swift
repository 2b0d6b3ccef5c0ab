// Our own endpoints: /suggest is geoquery's JSON, POST /match is georoute
// match's output for the same track, /features the roads and places of a box,
// and the service's edges: 404, 405, OPTIONS and CORS, /healthz, /metrics.
import Foundation
import Testing
import GeoBase
import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport
import GeoTracks
@testable import GeoServer

@Suite struct GeoAPITests {
    @Test func suggestIsGeoquerysJSON() throws {
        let a = Served.get("/suggest?q=cafe+de+p&near=46.2,6.8&limit=3")
        #expect(a.status == 200)
        let captured = CapturedStreams()
        #expect(GeoqueryCommand.run(["cafe de p", "--near", "46.2,6.8", "--limit", "3", "-i", Served.townPath, "--format", "json"],
                                    io: captured.io()) == 0)
        var served = try #require(a.json?.objectValue)
        var cli = try JSONValue.parse(captured.output).objectValue ?? []
        // Everything but the time it took.
        served.removeAll { $0.0 == "took_ms" }
        cli.removeAll { $0.0 == "took_ms" }
        #expect(JSONValue.object(served) == JSONValue.object(cli))
        #expect(a.json?["results"]?[0]?["highlights"]?.arrayValue?.isEmpty == false)
    }

    @Test func suggestGroupsAndRejectsBadParameters() throws {
        let grouped = try #require(Served.get("/suggest?q=rue&group=300&limit=20").json)
        #expect(grouped["groups"]?.arrayValue?.isEmpty == false)
        let geojson = try #require(Served.get("/suggest?q=rue&format=geojson").json)
        #expect(geojson["type"]?.stringValue == "FeatureCollection")
        for (target, needle) in [("/suggest", "'q'"), ("/suggest?q=a&near=146.2,6.8", "'near'"), ("/suggest?q=a&limit=0", "'limit'"),
                                 ("/suggest?q=a&types=planet", "planet"), ("/suggest?q=a&radius=5", "'radius'"),
                                 ("/suggest?q=a&bbox=6.9,46,6.8,46.3", "'bbox'"), ("/suggest?q=a&qq=1", "'qq'"),
                                 ("/suggest?q=a&format=xml", "'format'")] {
            let a = Served.get(target)
            #expect(a.status == 400, "\(target)")
            #expect(a.json?["error"]?.stringValue?.contains(needle) == true, "\(target): \(a.text)")
        }
    }

    @Test func postMatchAnswersAsGeorouteMatch() throws {
        let gpx = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestData.sample("town-ride.gpx"))))
        let a = Served.post("/match?format=json&mode=bicycle", body: gpx)
        #expect(a.status == 200)
        #expect(a.response.header("X-Match-Summary")?.contains("matched") == true)
        let captured = CapturedStreams()
        #expect(GeorouteCommand.run(["match", TestData.sample("town-ride.gpx"), "-i", Served.townPath, "--format", "json", "--quiet"],
                                    io: captured.io()) == 0)
        let cli = try JSONValue.parse(captured.output)
        #expect(a.json?["distance_m"] == cli["distance_m"] && cli["distance_m"] != nil)
        #expect(a.json?["points_summary"] == cli["points_summary"])
        // The format from Accept when not in the query; GeoJSON when neither says.
        let svg = Served.post("/match", body: gpx, headers: ["accept": "image/svg+xml"])
        #expect(svg.response.header("Content-Type") == "image/svg+xml" && svg.text.hasPrefix("<svg") || svg.text.hasPrefix("<?xml"))
        let gpxOut = Served.post("/match", body: gpx, headers: ["accept": "application/gpx+xml"])
        #expect(gpxOut.response.header("Content-Type") == "application/gpx+xml" && gpxOut.text.contains("<gpx"))
        let plain = Served.post("/match", body: gpx)
        #expect(plain.response.header("Content-Type") == "application/geo+json" && plain.json?["type"]?.stringValue == "FeatureCollection")
    }

    @Test func postMatchRejectsBadBodies() throws {
        let cases: [([UInt8], String, String)] = [
            ([], "/match", "empty"),
            (Array("<gpx><trk><trkseg><trkpt lat=\"46.2\" lon=\"6.8\"/></trkseg></trk></gpx>".utf8), "/match", "two"),
            (Array("not a track".utf8), "/match", "body"),
            (Array("lat,lon\n46.2,6.8\n46.21,6.81\n".utf8), "/match?mode=plane", "'mode'"),
            (Array("lat,lon\n46.2,6.8\n46.21,6.81\n".utf8), "/match?accuracy=0", "'accuracy'"),
        ]
        for (body, target, needle) in cases {
            let a = Served.post(target, body: body)
            #expect(a.status == 400, "\(target) \(needle)")
            #expect(a.json?["error"]?.stringValue?.contains(needle) == true, "\(a.text)")
        }
        // A track far from every road: 422, every point accounted for.
        let far = Served.post("/match?format=json", body: Array("lat,lon\n10,10\n10.001,10.001\n".utf8))
        #expect(far.status == 422)
        #expect(far.json?["points_summary"]?["unmatched"]?.intValue == 2)
    }

    @Test func featuresGiveRoadsAndPlacesOfTheBox() throws {
        let json = try #require(Served.get("/features?bbox=6.79,46.19,6.81,46.21").json)
        #expect(json["type"]?.stringValue == "FeatureCollection" && json["truncated"] == .bool(false))
        let features = try #require(json["features"]?.arrayValue)
        let roads = features.filter { $0["properties"]?["layer"]?.stringValue == "roads" }
        let places = features.filter { $0["properties"]?["layer"]?.stringValue == "places" }
        #expect(roads.count > 20 && places.contains { $0["properties"]?["name"]?.stringValue == "Rivebelle" })
        #expect(roads.allSatisfy { $0["geometry"]?["type"]?.stringValue == "LineString" && $0["properties"]?["highway"] != nil })
        #expect(roads.contains { $0["properties"]?["name"]?.stringValue == "Boulevard du Lac" })
        // A limit keeps the most important roads and says the answer is cut.
        let cut = try #require(Served.get("/features?bbox=6.79,46.19,6.81,46.21&limit=3&layers=roads").json)
        #expect(cut["truncated"] == .bool(true) && cut["features"]?.arrayValue?.count == 3)
        #expect(Served.get("/features").status == 400)
        #expect(Served.get("/features?bbox=6.79,46.19,6.81,46.21&layers=sea").status == 400)
    }

    @Test func featuresAreWrittenAsGeoJSONWriterWouldWriteThem() {
        let features = [
            GeoJSONFeature(geometry: .point(Coordinate(lat: -33.8688197, lon: 151.2092955)),
                           properties: [("layer", "places"), ("name", "Say \"hi\"\n"), ("importance", .double(0.5))]),
            GeoJSONFeature(geometry: .lineString([Coordinate(lat: 0, lon: -0.00000004), Coordinate(lat: 7, lon: -180),
                                                  Coordinate(lat: 46.19, lon: 6.8000001)]), properties: [("layer", "roads")]),
            GeoJSONFeature(geometry: .polygon([[Coordinate(lat: 1, lon: 2), Coordinate(lat: 1.5, lon: 2.25), Coordinate(lat: 1, lon: 2.5),
                                                Coordinate(lat: 1, lon: 2)], []]), properties: [], id: .int(7)),
            GeoJSONFeature(geometry: nil, properties: [("kind", .null)]),
        ]
        var expected = GeoJSONWriter.featureCollection(features).objectValue ?? []
        expected.append(("truncated", .bool(true)))
        #expect(FeatureWriter.collection(features, truncated: true) == JSONValue.object(expected).jsonBytes())
        #expect(FeatureWriter.collection([], truncated: false) == Array(#"{"type":"FeatureCollection","features":[],"truncated":false}"#.utf8))
    }

    @Test func featuresAtAZoomAreFittedToItsPixels() throws {
        let full = try #require(Served.get("/features?bbox=6.79,46.19,6.81,46.21").json?["features"]?.arrayValue)
        let body = Served.get("/features?bbox=6.79,46.19,6.81,46.21&zoom=15")
        let fitted = try #require(body.json?["features"]?.arrayValue)
        // Still GeoJSON, the same layers, fewer bytes.
        #expect(fitted.allSatisfy { $0["type"]?.stringValue == "Feature" && $0["geometry"]?["type"] != nil })
        #expect(Set(fitted.compactMap { $0["properties"]?["layer"]?.stringValue }) == Set(full.compactMap { $0["properties"]?["layer"]?.stringValue }))
        #expect(body.text.utf8.count < Served.get("/features?bbox=6.79,46.19,6.81,46.21").text.utf8.count)
        // At zoom 15 a pixel is about 4e-5 degrees: five decimals are enough, and no point repeats.
        for f in fitted {
            let g = try #require(f["geometry"])
            let coordinates = try #require(g["coordinates"])
            let type = g["type"]?.stringValue
            let lines: [[JSONValue]] = type == "Point" ? [[coordinates]]
                : type == "LineString" ? [coordinates.arrayValue ?? []] : (coordinates.arrayValue ?? []).map { $0.arrayValue ?? [] }
            for line in lines {
                #expect(line.allSatisfy { p in p.arrayValue!.allSatisfy { abs($0.doubleValue! * 1e5 - ($0.doubleValue! * 1e5).rounded()) < 1e-6 } })
                #expect(zip(line, line.dropFirst()).allSatisfy { $0 != $1 })
            }
            if g["type"]?.stringValue == "Polygon" {
                #expect(lines.allSatisfy { $0.count >= 4 && $0.first == $0.last })
            }
        }
    }

    @Test func pathsMethodsAndCORS() throws {
        #expect(Served.get("/nope").status == 404)
        #expect(Served.get("/nope").json?["error"] != nil)
        let index = try #require(Served.get("/").json)
        #expect(index["endpoints"]?.arrayValue?.isEmpty == false)
        let post = Served.post("/api?q=a", body: [])
        #expect(post.status == 405 && post.response.header("Allow") == "GET, HEAD, OPTIONS")
        #expect(Served.get("/match").status == 405)
        // No CORS unless asked for; with an origin, on every answer, errors too.
        #expect(Served.get("/api?q=rue").response.header("Access-Control-Allow-Origin") == nil)
        let cors = Service(state: Served.town.state, corsOrigin: "*")
        #expect(Served.get("/api?q=rue", from: cors).response.header("Access-Control-Allow-Origin") == "*")
        #expect(Served.get("/nope", from: cors).response.header("Access-Control-Allow-Origin") == "*")
        let preflight = cors.handle(HTTPRequest(method: "OPTIONS", target: "/match"))
        #expect(preflight.status == 204 && preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
    }

    @Test func healthAndMetrics() throws {
        let service = Service(state: Served.town.state)
        let health = try #require(Served.get("/healthz", from: service).json)
        #expect(health["status"]?.stringValue == "ok" && health["landmarks"]?.intValue == 136)
        for target in ["/api?q=rue", "/api?q=rue", "/api?limit=x"] {
            let request = HTTPRequest(target: target)
            service.completed(request, service.handle(request), seconds: 0.0003)
        }
        let text = Served.get("/metrics", from: service).text
        #expect(text.contains("geoserve_requests_total{endpoint=\"photon_search\",status=\"2xx\"} 2"))
        #expect(text.contains("geoserve_requests_total{endpoint=\"photon_search\",status=\"4xx\"} 1"))
        #expect(text.contains("geoserve_request_duration_seconds_bucket{endpoint=\"photon_search\",le=\"0.0005\"} 3"))
        #expect(text.contains("geoserve_request_duration_seconds_count{endpoint=\"photon_search\"} 3"))
        // A client's random path never becomes a label.
        service.completed(HTTPRequest(target: "/random-\(UUID())"), HTTPResponse(status: 404), seconds: 0.001)
        #expect(!Served.get("/metrics", from: service).text.contains("random-"))
    }
}
