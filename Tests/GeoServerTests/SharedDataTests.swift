// The server over real extracts (skipped with a printed reason when
// ../shared/data is absent): Monaco's names found through each API, and a
// route and a GPS match over Andorra equal to what georoute computes.
import Foundation
import Testing
import GeoBase
import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport
@testable import GeoServer

@Suite struct SharedDataTests {
    @Test(.sharedData("monaco.osm.gz")) func monacoThroughEachAPI() throws {
        let monaco = try #require(Served.monaco)
        let photon = try #require(Served.get("/api?q=monte+carlo&limit=5", from: monaco).json?["features"]?.arrayValue)
        #expect(!photon.isEmpty)
        for f in photon {
            let c = f["geometry"]?["coordinates"]?.arrayValue?.compactMap { $0.doubleValue } ?? []
            #expect(c.count == 2 && (7.35...7.5).contains(c[0]) && (43.7...43.8).contains(c[1]))
        }
        let nominatim = try #require(Served.get("/search?q=monte+carlo&format=json&limit=5", from: monaco).json?.arrayValue)
        #expect(nominatim.count == photon.count)
        #expect(nominatim.first?["osm_id"] == photon.first?["properties"]?["osm_id"])
        let reverse = try #require(Served.get("/reverse?lat=43.7396&lon=7.4273&format=jsonv2", from: monaco).json)
        #expect(reverse["address"]?["road"]?.stringValue?.isEmpty == false)
    }

    @Test(.sharedData("andorra.osm.pbf", "map-matching/andorra_for_map_matching.gpx")) func andorraRouteAndMatchEqualGeoroutes() throws {
        let pbf = try #require(TestData.shared("andorra.osm.pbf"))
        let path = try TestData.indexPath(of: pbf)
        let service = try Service(state: ServiceState(paths: [path]))
        // Andorra la Vella to Escaldes.
        let (a, b) = (Coordinate(lat: 42.5063, lon: 1.5218), Coordinate(lat: 42.5096, lon: 1.5381))
        let osrm = try #require(Served.get("/route/v1/driving/\(a.lon),\(a.lat);\(b.lon),\(b.lat)?overview=false", from: service)
            .json?["routes"]?[0]?["distance"]?.doubleValue)
        let captured = CapturedStreams()
        #expect(GeorouteCommand.run(["route", "--from", "\(a.lat),\(a.lon)", "--to", "\(b.lat),\(b.lon)", "--mode", "car", "-i", path,
                                     "--format", "json", "--quiet"], io: captured.io()) == 0)
        let cli = try #require(try JSONValue.parse(captured.output)["distance_m"]?.doubleValue)
        #expect(abs(osrm - cli) < 0.5)

        let gpxPath = try #require(TestData.shared("map-matching/andorra_for_map_matching.gpx"))
        let gpx = try [UInt8](Data(contentsOf: URL(fileURLWithPath: gpxPath)))
        let served = Served.post("/match?format=json&mode=car", body: gpx, from: service)
        let run = CapturedStreams()
        _ = GeorouteCommand.run(["match", gpxPath, "--mode", "car", "-i", path, "--format", "json", "--quiet"], io: run.io())
        let expected = try JSONValue.parse(run.output)
        #expect(served.status == 200)
        #expect(served.json?["distance_m"] == expected["distance_m"])
        #expect(served.json?["points_summary"] == expected["points_summary"])
    }
}
