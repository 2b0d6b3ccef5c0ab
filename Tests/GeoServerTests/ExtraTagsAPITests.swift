// Extra tags over HTTP: Nominatim's `extratags=1` adds `extratags` after
// `address` (an empty object when the place has none), Photon's answers carry
// `properties.extra` for `extra=KEYS` and leave it out when empty, and an
// unknown key is a 400 naming the parameter.
import Foundation
import Testing
import GeoBase
@testable import GeoServer

@Suite struct ExtraTagsAPITests {
    @Test func nominatimExtratags() throws {
        let places = try #require(Served.get("/search?q=tamoil&limit=1&addressdetails=1&extratags=1").json?.arrayValue)
        let p = try #require(places.first)
        #expect(p["extratags"]?["opening_hours"]?.stringValue == "24/7" && p["extratags"]?["brand"]?.stringValue == "Tamoil")
        let keys = p.keys
        #expect(keys.firstIndex(of: "extratags") == keys.firstIndex(of: "address").map { $0 + 1 })
        #expect(Served.get("/search?q=tamoil&limit=1").json?.arrayValue?.first?["extratags"] == nil)
        #expect(Served.get("/search?q=tamoil&limit=1&extratags=0").json?.arrayValue?.first?["extratags"] == nil)
        let reverse = try #require(Served.get("/reverse?format=jsonv2&lat=46.19696&lon=6.80473&extratags=1").json)
        #expect(reverse["extratags"]?["website"] != nil)
        // geojson carries it among the properties.
        let geo = try #require(Served.get("/search?q=tamoil&format=geojson&extratags=1").json)
        #expect(geo["features"]?[0]?["properties"]?["extratags"]?["brand"]?.stringValue == "Tamoil")
    }

    @Test func photonExtraOnRequest() throws {
        let f = try #require(Served.get("/api?q=tamoil&limit=1&extra=opening_hours,phone").json?["features"]?[0])
        #expect(f["properties"]?["extra"]?.objectValue?.map(\.0) == ["opening_hours"])
        #expect(f["properties"]?.keys.last == "extra")
        #expect(Served.get("/api?q=tamoil&limit=1").json?["features"]?[0]?["properties"]?["extra"] == nil)
        // Asked for but absent: left out, as Photon does.
        #expect(Served.get("/api?q=tamoil&limit=1&extra=phone").json?["features"]?[0]?["properties"]?["extra"] == nil)
        let reverse = try #require(Served.get("/reverse?lat=46.19696&lon=6.80473&extra=all").json?["features"]?[0])
        #expect(reverse["properties"]?["extra"]?["website"] != nil)
        let bad = Served.get("/api?q=tamoil&extra=colour")
        #expect(bad.status == 400)
        #expect(bad.json?["message"]?.stringValue?.contains("extra") == true && bad.json?["message"]?.stringValue?.contains("colour") == true)
    }

    @Test func ourSuggestEndpointTakesExtra() throws {
        let r = try #require(Served.get("/suggest?q=tamoil&limit=1&extra=brand").json?["results"]?[0])
        #expect(r["extra"]?["brand"]?.stringValue == "Tamoil")
    }
}
