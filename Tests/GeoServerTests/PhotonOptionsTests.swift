// Photon 1.0's parameters and endpoints beyond the plain search, as a Photon
// client sends them: `countrycode`, /structured, /status as JSON, and what this
// server cannot do (`geometry=true`, `suggest_addresses=true`, a language that
// is no ISO 639-1 code) refused in Photon's words instead of ignored.
import Foundation
import Testing
import GeoBase
@testable import GeoServer

@Suite struct PhotonOptionsTests {
    /// The `features` of a 200 answer (nil otherwise).
    func features(_ target: String) -> [JSONValue]? {
        let a = Served.get(target)
        guard a.status == 200 else { return nil }
        return a.json?["features"]?.arrayValue
    }

    @Test func countrycodeKeepsOnlyResultsInThoseCountries() throws {
        // The sample town lies in no country: a country list matches nothing there, no list everything.
        let all = try #require(features("/api?q=boulevard+du+lac"))
        #expect(!all.isEmpty)
        #expect(features("/api?q=boulevard+du+lac&countrycode=fr")?.isEmpty == true)
        #expect(features("/api?q=boulevard+du+lac&countrycode=fr,ch")?.isEmpty == true)
        // Values that are no two-letter code are dropped, as Nominatim's countrycodes: no limit is left.
        #expect(features("/api?q=boulevard+du+lac&countrycode=france")?.count == all.count)
    }

    @Test func structuredSearchFindsTheHouseByStreetAndNumber() throws {
        let found = try #require(features("/structured?street=boulevard+du+lac&housenumber=11"))
        let house = try #require(found.first)
        #expect(house["properties"]?["housenumber"]?.stringValue == "11")
        #expect(house["properties"]?["street"]?.stringValue == "Boulevard du Lac")
        // A street alone gives the street; a city that is not the result's drops it.
        let street = try #require(features("/structured?street=boulevard+du+lac"))
        #expect(street.first?["properties"]?["name"]?.stringValue == "Boulevard du Lac")
        #expect(features("/structured?street=boulevard+du+lac&city=zzqqxxyy")?.isEmpty == true)
        // Only a country code: nothing to search by name, an empty collection.
        #expect(features("/structured?countrycode=ch")?.isEmpty == true)
    }

    @Test func structuredWithoutAnAddressPartIsRefusedAsPhotonDoes() throws {
        let a = Served.get("/structured?lang=en")
        #expect(a.status == 400)
        #expect(a.json?["message"]?.stringValue
                == "at least one of the parameters [countrycode, state, county, city, postcode, district, housenumber, street] is required.")
        let q = Served.get("/structured?q=lac&street=lac")
        #expect(q.status == 400)
        #expect(q.json?["message"]?.stringValue?.hasPrefix("Unknown query parameter 'q'.") == true)
    }

    @Test func whatThisServerCannotDoIsRefusedNotIgnored() throws {
        let cases: [(String, String)] = [
            ("/api?q=lac&geometry=true", "Geometry output requested but not available in database."),
            ("/reverse?lat=46.1966&lon=6.8004&geometry=TRUE", "Geometry output requested but not available in database."),
            ("/api?q=lac&geometry=1", "'geometry'"),
            ("/api?q=lac&suggest_addresses=true", "suggest_addresses"),
            ("/api?q=lac&lang=xx", "Language is not supported. Supported are: default, "),
            ("/api?q=lac&lang=de-CH", "Language is not supported."),
        ]
        for (target, needle) in cases {
            let a = Served.get(target)
            #expect(a.status == 400, "\(target)")
            #expect(a.json?.keys == ["message"], "\(target)")
            #expect(a.json?["message"]?.stringValue?.contains(needle) == true, "\(target): \(a.text)")
        }
        // What it can do is answered: no geometry asked for, a known language, the local names.
        for ok in ["/api?q=lac&geometry=false", "/api?q=lac&lang=de", "/api?q=lac&lang=default", "/api?q=lac&suggest_addresses=false"] {
            #expect(Served.get(ok).status == 200, "\(ok)")
        }
    }

    @Test func layerAndUnknownParameterMessagesListAsPhotonPrintsThem() throws {
        let layer = Served.get("/api?q=lac&layer=planet")
        #expect(layer.json?["message"]?.stringValue
                == "Unknown layer type. Available layers: [house, street, locality, district, city, county, state, country, other]")
        let unknown = try #require(Served.get("/api?q=lac&bogus=1").json?["message"]?.stringValue)
        #expect(unknown.hasPrefix("Unknown query parameter 'bogus'.  Allowed parameters are: ["))
        #expect(!unknown.contains("\""))
    }

    @Test func statusIsPhotonsJsonWhenJsonIsAskedForAndNominatimsTextElse() throws {
        let json = Served.get("/status", headers: ["accept": "application/json"])
        #expect(json.status == 200)
        #expect(json.json?.keys == ["status", "import_date"])
        #expect(json.json?["status"]?.stringValue == "Ok")
        let date = try #require(json.json?["import_date"]?.stringValue)
        #expect(date.count == 20 && date.hasSuffix("Z") && date.dropFirst(10).first == "T", "\(date)")
        // A bare request, or Nominatim's own parameters, keep Nominatim's answer.
        #expect(Served.get("/status").text == "OK")
        #expect(Served.get("/status?format=json", headers: ["accept": "application/json"]).json?["status"]?.intValue == 0)
    }
}
