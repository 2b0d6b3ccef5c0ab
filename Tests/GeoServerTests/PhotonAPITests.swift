// Photon's API as its clients read it (geopy's Photon geocoder, Leaflet's
// control geocoder): a FeatureCollection that always has `features`, points as
// [lon, lat], properties only when known with osm_type as one letter, extent
// as [minLon, maxLat, maxLon, minLat], errors 400 {"message"}.
import Foundation
import Testing
import GeoBase
@testable import GeoServer

@Suite struct PhotonAPITests {
    @Test func searchAnswersAFeatureCollectionInPhotonsShape() throws {
        let a = Served.get("/api?q=boulevard+du+lac&limit=3")
        #expect(a.status == 200)
        #expect(a.response.header("Content-Type") == "application/json; charset=utf-8")
        let json = try #require(a.json)
        #expect(json.keys == ["type", "features"])
        let features = try #require(json["features"]?.arrayValue)
        #expect(!features.isEmpty && features.count <= 3)
        let first = features[0]
        #expect(first.keys == ["type", "properties", "geometry"])
        let props = try #require(first["properties"])
        #expect(props["name"]?.stringValue == "Boulevard du Lac")
        #expect(props["osm_type"]?.stringValue == "W")
        #expect(props["osm_id"]?.intValue == 141)
        #expect(props["osm_key"]?.stringValue == "highway")
        #expect(props["type"]?.stringValue == "street")
        // Coordinates lon first; extent NW corner then SE corner.
        let point = try #require(first["geometry"]?["coordinates"]?.arrayValue?.compactMap { $0.doubleValue })
        #expect(abs(point[0] - 6.8022454) < 1e-6 && abs(point[1] - 46.1965665) < 1e-6)
        let extent = try #require(props["extent"]?.arrayValue?.compactMap { $0.doubleValue })
        #expect(extent.count == 4 && extent[0] < extent[2] && extent[1] > extent[3])
        // Properties in Photon's order, none of them null.
        let order = ["osm_type", "osm_id", "osm_key", "osm_value", "type", "postcode", "housenumber", "name", "city", "district", "street", "county",
                     "state", "country", "countrycode", "extent"]
        let keys = props.keys
        #expect(keys == order.filter(keys.contains))
        #expect(!(props.objectValue ?? []).contains { $0.1 == .null })
    }

    @Test func trailingSlashAndNoResultsAreStillACollection() throws {
        let a = Served.get("/api/?q=zzqqxxyy")
        #expect(a.status == 200)
        #expect(a.json?["features"]?.arrayValue?.isEmpty == true)
    }

    @Test func addressesCarryHouseNumberAndStreet() throws {
        let json = try #require(Served.get("/api?q=11+boulevard+du+lac&limit=5").json)
        let house = try #require(json["features"]?.arrayValue?.first { $0["properties"]?["housenumber"] != nil })
        #expect(house["properties"]?["housenumber"]?.stringValue == "11")
        #expect(house["properties"]?["street"]?.stringValue == "Boulevard du Lac")
        #expect(house["properties"]?["type"]?.stringValue == "house")
        #expect(house["properties"]?["name"] == nil)
    }

    @Test func locationBiasPrefersTheNearOne() throws {
        // Two bus stops or cafés: whichever is nearest the bias point comes first.
        let nodes = Served.townNodes
        let near = try #require(nodes[10048])
        let json = try #require(Served.get("/api?q=rue&lat=\(near.lat)&lon=\(near.lon)&limit=5").json)
        let coords = try #require(json["features"]?.arrayValue?.compactMap { f -> Coordinate? in
            guard let c = f["geometry"]?["coordinates"]?.arrayValue?.compactMap(\.doubleValue), c.count == 2 else { return nil }
            return Coordinate(lat: c[1], lon: c[0])
        })
        let plain = try #require(Served.get("/api?q=rue&limit=5").json?["features"]?.arrayValue)
        #expect(coords.count == plain.count)
        #expect(coords.first.map { $0.distance(to: near) } ?? .infinity < 600)
    }

    @Test func filtersByLayerAndTag() throws {
        let streets = try #require(Served.get("/api?q=r&layer=street&limit=20").json?["features"]?.arrayValue)
        #expect(!streets.isEmpty && streets.allSatisfy { $0["properties"]?["type"]?.stringValue == "street" })
        let highways = try #require(Served.get("/api?q=r&osm_tag=highway&limit=20").json?["features"]?.arrayValue)
        #expect(!highways.isEmpty && highways.allSatisfy { $0["properties"]?["osm_key"]?.stringValue == "highway" })
        let noHighways = try #require(Served.get("/api?q=r&osm_tag=!highway&limit=20").json?["features"]?.arrayValue)
        #expect(!noHighways.isEmpty && noHighways.allSatisfy { $0["properties"]?["osm_key"]?.stringValue != "highway" })
        let notResidential = try #require(Served.get("/api?q=r&osm_tag=highway:!residential&limit=20").json?["features"]?.arrayValue)
        #expect(notResidential.allSatisfy {
            $0["properties"]?["osm_key"]?.stringValue == "highway" && $0["properties"]?["osm_value"]?.stringValue != "residential"
        })
    }

    @Test func badParametersGet400WithAMessageNamingThem() throws {
        let cases: [(String, String)] = [
            ("/api", "q parameter is required"),
            ("/api?q=a&lat=46.2", "'lon'"),
            ("/api?q=a&lat=946.2&lon=6.8", "'lat'"),
            ("/api?q=a&lat=NaN&lon=6.8", "'lat'"),
            ("/api?q=a&limit=abc", "'limit'"),
            ("/api?q=a&bbox=1,2,3", "'bbox'"),
            ("/api?q=a&layer=planet", "Unknown layer type"),
            ("/api?q=a&osm_tag=bad:bad:bad", "osm_tag"),
            ("/api?q=a&bogus=1", "Unknown query parameter 'bogus'"),
            ("/reverse?lat=46.2", "'lon'"),
            ("/reverse?lat=46.2&lon=6.8&radius=0", "'radius'"),
        ]
        for (target, needle) in cases {
            let a = Served.get(target)
            #expect(a.status == 400, "\(target)")
            #expect(a.json?.keys == ["message"], "\(target)")
            #expect(a.json?["message"]?.stringValue?.contains(needle) == true, "\(target): \(a.text)")
        }
    }

    @Test func reverseFindsTheNearestAddressThenStreet() throws {
        // Beside the address 11 Boulevard du Lac.
        let json = try #require(Served.get("/reverse?lat=46.19660&lon=6.80041").json)
        let features = try #require(json["features"]?.arrayValue)
        #expect(features.count == 1)
        #expect(features[0]["properties"]?["housenumber"]?.stringValue == "11")
        let three = try #require(Served.get("/reverse?lat=46.19660&lon=6.80041&limit=3").json?["features"]?.arrayValue)
        #expect(three.count == 3)
        // Far from everything: an empty collection, not an error.
        let far = try #require(Served.get("/reverse?lat=10&lon=10").json)
        #expect(far["features"]?.arrayValue?.isEmpty == true)
    }
}
