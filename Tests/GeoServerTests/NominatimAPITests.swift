// Nominatim's API as geopy's Nominatim geocoder and Leaflet's control
// geocoder read it: jsonv2 by default, `class` in json and `category` in
// jsonv2, lat/lon/boundingbox as 7-decimal strings with the box as [minlat,
// maxlat, minlon, maxlon], reverse as one object (200 {"error": "Unable to
// geocode"} when nothing is near), errors as {"error": {"code", "message"}}.
import Foundation
import Testing
import GeoBase
import GeoModel
@testable import GeoServer

@Suite struct NominatimAPITests {
    @Test func searchJSONv2IsAnArrayOfPlacesWithStringCoordinates() throws {
        let a = Served.get("/search?q=boulevard%20du%20lac&limit=2")
        #expect(a.status == 200)
        let places = try #require(a.json?.arrayValue)
        #expect(places.count == 2)
        let p = places[0]
        #expect(p.keys == ["place_id", "licence", "osm_type", "osm_id", "lat", "lon", "category", "type", "place_rank",
                           "importance", "addresstype", "name", "display_name", "boundingbox"])
        #expect(p["osm_type"]?.stringValue == "way" && p["osm_id"]?.intValue == 141)
        #expect(p["lat"]?.stringValue == "46.1965665" && p["lon"]?.stringValue == "6.8022454")
        #expect(p["category"]?.stringValue == "highway" && p["addresstype"]?.stringValue == "road")
        let box = try #require(p["boundingbox"]?.arrayValue?.compactMap { $0.stringValue }.compactMap(Double.init))
        #expect(box.count == 4 && box[0] < box[1] && box[2] < box[3] && box[0] > 46 && box[2] < 7)
        #expect(p["display_name"]?.stringValue?.hasPrefix("Boulevard du Lac, ") == true)
    }

    @Test func jsonSaysClassAndAddressDetailsOnRequest() throws {
        let places = try #require(Served.get("/search.php?q=boulevard+du+lac&format=json&addressdetails=1&limit=1").json?.arrayValue)
        let p = try #require(places.first)
        #expect(p["class"]?.stringValue == "highway" && p["category"] == nil)
        #expect(p["address"]?["road"]?.stringValue == "Boulevard du Lac")
        // geopy sends extratags=True: any value but 0 is true, and an unknown flag is no error.
        #expect(Served.get("/search?q=lac&format=json&addressdetails=0&limit=1").json?.arrayValue?.first?["address"] == nil)
    }

    @Test func geojsonIsAFeatureCollectionWithNumbers() throws {
        let json = try #require(Served.get("/search?q=boulevard+du+lac&format=geojson&limit=1").json)
        #expect(json["type"]?.stringValue == "FeatureCollection" && json["licence"] != nil)
        let f = try #require(json["features"]?.arrayValue?.first)
        #expect(f["properties"]?["category"]?.stringValue == "highway")
        #expect(f["properties"]?["lat"] == nil)
        #expect(f["bbox"]?.arrayValue?.count == 4)
        #expect(f["geometry"]?["coordinates"]?.arrayValue?.first?.doubleValue.map { abs($0 - 6.8022454) < 1e-6 } == true)
    }

    @Test func structuredSearchAndItsConflictWithQ() throws {
        let places = try #require(Served.get("/search?street=boulevard+du+lac&city=rivebelle&format=json").json?.arrayValue)
        #expect(places.first?["name"]?.stringValue == "Boulevard du Lac")
        // A city alone is a place: not the station, the museum or the bus stops named after it.
        let town = try #require(Served.get("/search?city=rivebelle&format=jsonv2").json?.arrayValue)
        #expect(town.map { $0["type"]?.stringValue } == ["town"])
        let conflict = Served.get("/search?q=x&city=y&format=json")
        #expect(conflict.status == 400)
        #expect(conflict.json?["error"]?["code"]?.intValue == 400)
        #expect(conflict.json?["error"]?["message"]?.stringValue?.contains("cannot be used together with 'q'") == true)
    }

    @Test func viewboxBoundsTheSearch() throws {
        // A box around the lake shore's east end: nothing of the old town's west side comes back.
        let all = try #require(Served.get("/search?q=rue&limit=20").json?.arrayValue)
        let bounded = try #require(Served.get("/search?q=rue&limit=20&viewbox=6.803,46.195,6.813,46.205&bounded=1").json?.arrayValue)
        #expect(bounded.count < all.count)
        for p in bounded {
            let lon = Double(p["lon"]?.stringValue ?? "") ?? 0, lat = Double(p["lat"]?.stringValue ?? "") ?? 0
            #expect(lon >= 6.803 && lon <= 6.813 && lat >= 46.195 && lat <= 46.205, "\(p["name"] ?? .null)")
        }
        #expect(Served.get("/search?q=rue&viewbox=1,2,3").status == 400)
    }

    @Test func aCoordinateTypedAsQueryIsAReverseLookUp() throws {
        let places = try #require(Served.get("/search?q=46.19660,+6.80041&format=json").json?.arrayValue)
        #expect(places.count == 1)
        #expect(places.first?["display_name"]?.stringValue?.hasPrefix("11, Boulevard du Lac") == true)
    }

    @Test func reverseIsOneObjectWithAddressByDefault() throws {
        let a = Served.get("/reverse?lat=46.19660&lon=6.80041&format=jsonv2")
        let p = try #require(a.json)
        #expect(p.arrayValue == nil)
        #expect(p["address"]?["house_number"]?.stringValue == "11")
        #expect(p["address"]?["road"]?.stringValue == "Boulevard du Lac")
        // zoom 16 asks for the street, 10 for the town.
        #expect(Served.get("/reverse?lat=46.19660&lon=6.80041&format=json&zoom=16").json?["addresstype"]?.stringValue == "road")
        #expect(Served.get("/reverse?lat=46.19660&lon=6.80041&format=json&zoom=10").json?["name"]?.stringValue == "Rivebelle")
        // Nothing near: 200 with the error geopy and Leaflet's geocoder treat as "no result".
        let none = Served.get("/reverse?lat=10&lon=10&format=json")
        #expect(none.status == 200 && none.json == .object([("error", .string("Unable to geocode"))]))
    }

    @Test func searchIsStrictAsNominatimUnlessRelaxed() throws {
        func types(_ q: String) -> [String] {
            (Served.get("/search?q=\(q)&format=jsonv2").json?.arrayValue ?? []).compactMap { $0["type"]?.stringValue }
        }
        // A word nothing matches: Nominatim finds nothing; our relaxed mode still answers the rest.
        #expect(types("Rivebelle%20xyzzy") == [])
        #expect(Served.get("/search?q=Rivebelle%20xyzzy&format=jsonv2&relaxed=1").json?[0]?["name"]?.stringValue == "Rivebelle")
        // A house number a house has: that house alone, no fallback street or other house.
        #expect(types("Boulevard%20du%20Lac%2011") == ["housenumber"])
        #expect(Served.get("/search?q=11%20Boulevard%20du%20Lac&format=jsonv2").json?[0]?["display_name"]?.stringValue?
            .hasPrefix("11, Boulevard du Lac") == true)
        // A number no house has: the street, and no house or POI at another number.
        #expect(types("Boulevard%20du%20Lac%20999") == ["secondary"])
        // No number typed: the street and its houses as before.
        #expect(types("Boulevard%20du%20Lac").first == "secondary" && types("Boulevard%20du%20Lac").contains("housenumber"))
    }

    @Test func specialPhrasesFindAKindOfPlaceInAPlace() throws {
        func answer(_ q: String) -> [(category: String, name: String)] {
            (Served.get("/search?q=\(q)&format=jsonv2").json?.arrayValue ?? []).compactMap {
                guard let c = $0["category"]?.stringValue, let t = $0["type"]?.stringValue, let n = $0["name"]?.stringValue else { return nil }
                return (c + "=" + t, n)
            }
        }
        // "in" and "near" join the kind to the place: they need match no name, as in Nominatim.
        #expect(answer("bakery%20in%20Rivebelle").map(\.name) == ["Boulangerie Favre"])
        let pharmacies = answer("pharmacy%20near%20Rivebelle")
        #expect(!pharmacies.isEmpty && pharmacies.allSatisfy { $0.category == "amenity=pharmacy" })
        // A tag in brackets: objects with that tag, near the place named after it.
        #expect(answer("%5Bshop%3Dbakery%5D").map(\.name) == ["Boulangerie Favre"])
        #expect(answer("%5Bamenity%3Dpharmacy%5D%20Rivebelle").map(\.category) == pharmacies.map(\.category))
        #expect(NominatimStrictness.phrase("[amenity=pharmacy] Vaduz")
                == .init(text: "Pharmacy Vaduz", category: CategoryTag(key: "amenity", value: "pharmacy")))
        #expect(NominatimStrictness.phrase("[foo] Vaduz").category == nil)
    }

    @Test func addressPartsAreKeyedByTheirKindOfPlace() throws {
        // Rivebelle is a place=town, Les Prés a place=suburb: Nominatim says `town`, not `city`.
        let address = try #require(Served.get("/reverse?lat=46.2003922&lon=6.7958723&format=jsonv2").json?["address"])
        #expect(address["town"]?.stringValue == "Rivebelle" && address["city"] == nil)
        #expect(address["suburb"]?.stringValue == "Les Prés")
        // The same in every format that writes Nominatim's address, and the town itself says it once.
        let xml = Served.get("/reverse?lat=46.2003922&lon=6.7958723&format=xml").text
        #expect(xml.contains("<town>Rivebelle</town>") && !xml.contains("<city>"))
        let town = try #require(Served.get("/search?q=Rivebelle&format=jsonv2&addressdetails=1&limit=1").json?[0])
        #expect(town["type"]?.stringValue == "town")
        guard case .object(let keys)? = town["address"] else { Issue.record("no address"); return }
        #expect(Set(keys.map(\.0)).count == keys.count, "a key twice: \(keys.map(\.0))")
        #expect(keys.filter { $0.0 == "town" }.count == 1)
    }

    /// Nominatim's zooms: 18 is whatever named object is there (a POI too), 0–4 the country the point is in.
    @Test func reverseZoomsAnswerPOIsAndTheCountry() throws {
        // The town lies in no country: nothing at the coarsest zooms.
        #expect(Served.get("/reverse?lat=46.19660&lon=6.80041&format=json&zoom=3").json?["error"]?.stringValue == "Unable to geocode")
        guard let monaco = Served.monaco else { return }
        let museum = try #require(Served.get("/search?q=musee+oceanographique&format=jsonv2&limit=1", from: monaco).json?.arrayValue?.first)
        #expect(museum["addresstype"]?.stringValue != "road", "\(museum)")
        let at = "lat=\(museum["lat"]?.stringValue ?? "")&lon=\(museum["lon"]?.stringValue ?? "")"
        let poi = try #require(Served.get("/reverse?\(at)&format=jsonv2&zoom=18", from: monaco).json)
        #expect(poi["osm_id"] == museum["osm_id"] && poi["place_rank"]?.intValue == 30, "\(poi)")
        let street = try #require(Served.get("/reverse?\(at)&format=jsonv2&zoom=16", from: monaco).json)
        #expect(street["addresstype"]?.stringValue == "road", "\(street)")
        for zoom in [0, 3, 4] {
            let country = try #require(Served.get("/reverse?\(at)&format=jsonv2&zoom=\(zoom)", from: monaco).json)
            #expect(country["name"]?.stringValue == "Monaco" && country["place_rank"]?.intValue == 4
                    && country["addresstype"]?.stringValue == "country" && country["osm_type"]?.stringValue == "relation", "\(country)")
            #expect(country["address"] == .object([("country", .string("Monaco")), ("country_code", .string("mc"))]), "\(country)")
        }
    }

    @Test func errorsNameTheParameter() throws {
        let missing = Served.get("/reverse?lat=46.2&format=json")
        #expect(missing.status == 400 && missing.json?["error"]?["message"]?.stringValue == "Parameter 'lon' missing.")
        let bad = Served.get("/reverse?lat=abc&lon=6.8&format=json")
        #expect(bad.status == 400 && bad.json?["error"]?["message"]?.stringValue?.contains("'lat'") == true)
        let format = Served.get("/search?q=x&format=html")
        #expect(format.status == 400 && format.text.hasPrefix("ERROR 400: Parameter 'format'"))
    }

    @Test func statusAsTextAndJSON() throws {
        #expect(Served.get("/status").text == "OK")
        let json = try #require(Served.get("/status.php?format=json").json)
        #expect(json["status"]?.intValue == 0 && json["message"]?.stringValue == "OK")
        #expect(json["software_version"]?.stringValue?.hasPrefix("geoserve ") == true)
        #expect(json["data_updated"]?.stringValue?.hasSuffix("+00:00") == true)
        #expect(Served.get("/status?format=html").status == 400)
    }

    @Test func languageFromParameterOrHeader() throws {
        // The Café de Paris has a German name: name:de, asked for either way, is what comes back.
        let de = Served.get("/search?q=cafe+de+paris&format=json&accept-language=de&limit=1").json?.arrayValue?.first
        let header = Served.get("/search?q=cafe+de+paris&format=json&limit=1", headers: ["accept-language": "de-CH,de;q=0.9"])
            .json?.arrayValue?.first
        let plain = Served.get("/search?q=cafe+de+paris&format=json&limit=1").json?.arrayValue?.first
        #expect(de?["name"] == header?["name"])
        #expect(plain?["name"]?.stringValue == "Café de Paris")
        #expect(de?["name"]?.stringValue != "Café de Paris")
    }
}
