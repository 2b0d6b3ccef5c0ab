// Nominatim's /details as Nominatim-UI and scripts written against Nominatim 5
// read it, on the sample town: the object by osmtype/osmid (with class) or by
// a place_id from another answer, Nominatim's keys in its order with their
// value types, the address rows from the object to its postcode, the objects a
// street is the address of, the words it is found by, JSONP, and the errors
// worded as Nominatim's server words them; /polygons and /deletable as empty
// lists.
import Foundation
import Testing
import GeoBase
@testable import GeoServer

@Suite struct NominatimDetailsTests {
    static let keys = ["place_id", "parent_place_id", "osm_type", "osm_id", "category", "type", "admin_level", "localname", "names",
                       "addresstags", "housenumber", "calculated_postcode", "country_code", "indexed_date", "importance",
                       "calculated_importance", "extratags", "calculated_wikipedia", "rank_address", "rank_search", "isarea",
                       "centroid", "geometry", "icon"]
    static let rowKeys = ["localname", "place_id", "osm_id", "osm_type", "place_type", "class", "type", "admin_level",
                          "rank_address", "distance", "isaddress"]

    func details(_ query: String) throws -> JSONValue {
        let a = Served.get("/details?" + query)
        #expect(a.status == 200, "\(query): \(a.text)")
        return try #require(a.json, "\(query): \(a.text)")
    }

    /// The Café de Paris is node 20004 at 3 Place du Marché (way 171), in Les Prés (relation 905), Rivebelle
    /// (relation 901), Canton du Lac (way 707), postcode 1899.
    @Test func byOSMIDTheObjectWithNominatimsKeysAndTypes() throws {
        let d = try details("osmtype=N&osmid=20004")
        #expect(d.keys == Self.keys)
        #expect(d["osm_type"] == .string("N") && d["osm_id"] == .int(20004))
        #expect(d["category"] == .string("amenity") && d["type"] == .string("cafe") && d["admin_level"] == .int(15))
        #expect(d["localname"] == .string("Café de Paris"))
        #expect(d["names"] == .object([("name", .string("Café de Paris")), ("name:de", .string("Café von Paris"))]))
        #expect(d["addresstags"] == .object([("housenumber", .string("3")), ("street", .string("Place du Marché"))]))
        #expect(d["housenumber"] == .string("3") && d["calculated_postcode"] == .string("1899"))
        // The town lies in no country; the index keeps no Wikipedia article, no icon, no outline.
        #expect(d["country_code"] == .null && d["calculated_wikipedia"] == .null && d["icon"] == .null)
        #expect(d["extratags"] == .object([]))
        #expect(d["rank_address"] == .int(30) && d["rank_search"] == .int(30) && d["isarea"] == .bool(false))
        let point: JSONValue = .object([("type", .string("Point")), ("coordinates", .array([.double(6.7993629), .double(46.2013775)]))])
        #expect(d["centroid"] == point && d["geometry"] == point)
        #expect(Served.get("/details?osmtype=N&osmid=20004&polygon_geojson=1").json?["geometry"] == point)
        let importance = try #require(d["importance"]?.doubleValue)
        #expect(importance > 0 && d["calculated_importance"]?.doubleValue == importance)
        // Python's isoformat() of the build time: "2026-12-03T09:00:00+00:00".
        let date = try #require(d["indexed_date"]?.stringValue)
        #expect(date.count == 25 && date.hasSuffix("+00:00") && date.dropFirst(10).hasPrefix("T"))
        // Its parent is the street its address names.
        let street = try details("place_id=\(try #require(d["parent_place_id"]?.intValue))")
        #expect(street["osm_type"] == .string("W") && street["osm_id"] == .int(171) && street["localname"] == .string("Place du Marché"))
        #expect(street["parent_place_id"] == .null && street["rank_address"] == .int(26) && street["housenumber"] == .null)
        // The same answer at /details.php; the tags the index keeps are the extra tags.
        #expect(Served.get("/details.php?osmtype=N&osmid=20004").json == d)
        #expect(try details("osmtype=N&osmid=20017")["extratags"] == .object([("opening_hours", .string("24/7")), ("brand", .string("Tamoil"))]))
    }

    @Test func boundariesAndPlacesAsTheIndexKeepsThem() throws {
        let boundary = try details("osmtype=R&osmid=901")
        #expect(boundary["category"] == .string("boundary") && boundary["localname"] == .string("Rivebelle"))
        // The index does not keep admin levels.
        #expect(boundary["admin_level"] == .null && boundary["isarea"] == .bool(true))
        let town = try details("osmtype=N&osmid=50001")
        #expect(town["type"] == .string("town") && town["rank_search"] == .int(18) && town["rank_address"] == .int(16))
        #expect(town["extratags"] == .object([("population", .string("12345"))]))
        #expect(town["names"]?["name:it"] == .string("Rivabella"))
    }

    @Test func addressDetailsListTheHierarchyFromTheObjectToItsPostcode() throws {
        let d = try details("osmtype=N&osmid=20004&addressdetails=1")
        #expect(d.keys == Self.keys + ["address"])
        let rows = try #require(d["address"]?.arrayValue)
        for row in rows { #expect(row.keys == Self.rowKeys, "\(row)") }
        func column(_ key: String) -> [JSONValue] { rows.map { $0[key] ?? .string("missing") } }
        #expect(column("localname") == ["Café de Paris", "3", "Place du Marché", "Les Prés", "Rivebelle", "Canton du Lac", "1899"].map { .string($0) })
        #expect(column("class") == ["amenity", "place", "highway", "boundary", "boundary", "boundary", "place"].map { .string($0) })
        #expect(column("type") == ["cafe", "house_number", "pedestrian", "administrative", "administrative", "administrative", "postcode"]
            .map { .string($0) })
        #expect(column("rank_address") == [30, 28, 26, 20, 16, 8, 5].map { .int($0) })
        #expect(column("osm_type") == [.string("N"), .null, .string("W"), .string("R"), .string("R"), .string("W"), .null])
        #expect(column("osm_id") == [.int(20004), .null, .int(171), .int(905), .int(901), .int(707), .null])
        #expect(column("isaddress") == Array(repeating: .bool(true), count: 7))
        #expect(column("place_type") == Array(repeating: .null, count: 7))
        // The object is its own first row; a made line (house number, postcode) has no object.
        #expect(rows[0]["place_id"] == d["place_id"] && rows[1]["place_id"] == .null && rows[1]["admin_level"] == .null)
        #expect(rows[2]["place_id"] == d["parent_place_id"])
        // Distances in degrees: 0 for the areas holding it, the street's point about 100 m away.
        #expect(rows[3]["distance"]?.doubleValue == 0 && rows[4]["distance"]?.doubleValue == 0)
        let toStreet = try #require(rows[2]["distance"]?.doubleValue)
        #expect(toStreet > 0.0005 && toStreet < 0.002)
        // Each row's place_id is that object's: asked for again, it answers its OSM id.
        let suburb = try details("place_id=\(try #require(rows[3]["place_id"]?.intValue))")
        #expect(suburb["osm_type"] == .string("R") && suburb["osm_id"] == .int(905))
        #expect(try details("osmtype=N&osmid=20004")["address"] == nil)
    }

    @Test func unknownObjectsAre404AndBadParameters400AsNominatimWordsThem() throws {
        func error(_ query: String) -> (Int, JSONValue) {
            let a = Served.get("/details?" + query)
            return (a.status, a.json ?? .null)
        }
        func body(_ code: Int, _ message: String) -> JSONValue {
            .object([("error", .object([("code", .int(Int64(code))), ("message", .string(message))]))])
        }
        let notFound = body(404, "No place with that OSM ID found.")
        #expect(error("osmtype=N&osmid=999999") == (404, notFound))
        #expect(error("place_id=999999999") == (404, notFound))
        #expect(error("place_id=-4") == (404, notFound))
        // A class the object does not have.
        #expect(error("osmtype=N&osmid=20004&class=shop") == (404, notFound))
        #expect(error("") == (400, body(400, "Missing ID parameter 'place_id' or 'osmtype'.")))
        #expect(error("place_id=0") == (400, body(400, "Missing ID parameter 'place_id' or 'osmtype'.")))
        #expect(error("osmid=20004") == (400, body(400, "Missing ID parameter 'place_id' or 'osmtype'.")))
        #expect(error("osmtype=N") == (400, body(400, "Parameter 'osmid' missing.")))
        #expect(error("osmtype=N&osmid=x1") == (400, body(400, "Parameter 'osmid' must be a number.")))
        #expect(error("place_id=12a") == (400, body(400, "Parameter 'place_id' must be a number.")))
        #expect(error("osmtype=node&osmid=20004") == (400, body(400, "Illegal OSM type 'node'. Must be one of N, W, R.")))
        // json is details' only format; another is answered in plain text, as Nominatim does.
        let xml = Served.get("/details?osmtype=N&osmid=20004&format=xml")
        #expect(xml.status == 400 && xml.text == "ERROR 400: Parameter 'format' must be one of: json")
        #expect(xml.response.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(Served.get("/details?osmtype=N&osmid=20004&format=json").status == 200)
    }

    @Test func placeIDsFromOtherAnswersFindTheSameObject() throws {
        let found = try #require(Served.get("/search?q=cafe+de+paris&format=jsonv2&limit=1").json?.arrayValue?.first)
        let id = try #require(found["place_id"]?.intValue)
        let d = try details("place_id=\(id)")
        #expect(d["place_id"] == .int(id) && d["osm_type"] == .string("N") && d["osm_id"] == found["osm_id"])
        #expect(d["localname"] == found["name"])
        // The first landmark of the index too: its place_id is 1, not 0 (which Nominatim reads as none).
        let first = try details("place_id=1")
        #expect(first["place_id"] == .int(1))
        let letter = try #require(first["osm_type"]?.stringValue), osm = try #require(first["osm_id"]?.intValue)
        let looked = try #require(Served.get("/lookup?osm_ids=\(letter)\(osm)&format=json").json?.arrayValue?.first)
        #expect(looked["place_id"] == .int(1))
        // A place_id wins over osmtype/osmid, as in Nominatim.
        #expect(try details("place_id=\(id)&osmtype=W&osmid=171")["osm_id"] == found["osm_id"])
    }

    /// Way 595 is an `addr:interpolation` line: its addresses 7 and 9 carry its id; `class` picks one by
    /// its number (Nominatim's class_as_housenumber), or an object's entry by its main key.
    @Test func classPicksTheEntryOfAnObject() throws {
        #expect(try details("osmtype=W&osmid=595&class=9")["housenumber"] == .string("9"))
        #expect(try details("osmtype=W&osmid=595&class=7")["housenumber"] == .string("7"))
        #expect(try details("osmtype=N&osmid=20004&class=amenity")["osm_id"] == .int(20004))
        #expect(Served.get("/details?osmtype=W&osmid=595&class=11").status == 404)
    }

    @Test func hierarchyListsWhatTheStreetIsTheAddressOf() throws {
        let d = try details("osmtype=W&osmid=171&hierarchy=1")
        #expect(d.keys == Self.keys + ["hierarchy"])
        let rows = try #require(d["hierarchy"]?.arrayValue)
        #expect(rows.map { $0["localname"] } == ["Hôtel de Ville", "Monument aux Morts", "Café de Paris", "Banque Cantonale de Rivebelle"]
            .map { .string($0) })
        #expect(rows.map { $0["osm_id"] } == [.int(405), .int(20025), .int(20004), .int(20015)])
        for row in rows { #expect(row.keys == Self.rowKeys && row["rank_address"] == .int(30) && row["isaddress"] == .bool(true)) }
        // Metres, nearest first.
        let metres = rows.compactMap { $0["distance"]?.doubleValue }
        #expect(metres == metres.sorted() && metres.count == 4 && metres[0] > 10 && metres[3] < 200)
        // Grouped by type, each group sorted by name.
        let grouped = try #require(try details("osmtype=W&osmid=171&hierarchy=1&group_hierarchy=1")["hierarchy"])
        #expect(grouped.keys == ["townhall", "memorial", "cafe", "bank"])
        #expect(grouped["cafe"]?.arrayValue?.map { $0["osm_id"] } == [.int(20004)])
        // A POI is no one's address.
        #expect(try details("osmtype=N&osmid=20004&hierarchy=1")["hierarchy"] == .array([]))
    }

    @Test func keywordsAreTheWordsTheObjectIsFoundBy() throws {
        let words = try #require(try details("osmtype=N&osmid=20004&keywords=1")["keywords"])
        #expect(words.keys == ["name", "address"])
        #expect(words["name"]?.arrayValue?.map { $0["token"] } == ["cafe", "de", "paris", "von"].map { .string($0) })
        let address = words["address"]?.arrayValue?.compactMap { $0["token"]?.stringValue } ?? []
        #expect(Set(address) == ["1899", "3", "du", "les", "marche", "place", "pres", "rivebelle"])
        #expect(words["name"]?.arrayValue?.allSatisfy { $0.keys == ["id", "token"] && $0["id"]?.intValue != nil } == true)
    }

    @Test func jsonCallbackWrapsTheAnswer() throws {
        let plain = Served.get("/details?osmtype=N&osmid=20004")
        let wrapped = Served.get("/details?osmtype=N&osmid=20004&json_callback=L.cb_1")
        #expect(wrapped.status == 200 && wrapped.response.header("Content-Type") == "application/javascript; charset=utf-8")
        #expect(wrapped.text == "L.cb_1(" + plain.text + ")")
        let bad = Served.get("/details?osmtype=N&osmid=20004&json_callback=alert(1)")
        #expect(bad.status == 400 && bad.json?["error"]?["message"] == .string("Invalid json_callback value"))
        // Errors are not wrapped.
        #expect(Served.get("/details?osmtype=N&osmid=999999&json_callback=cb").text.hasPrefix("{\"error\""))
    }

    @Test func polygonsAndDeletableAreEmptyListsOffline() throws {
        for path in ["/polygons", "/polygons.php", "/deletable", "/deletable.php"] {
            let a = Served.get(path)
            #expect(a.status == 200 && a.json == .array([]) && a.response.header("Content-Type")?.hasPrefix("application/json") == true, "\(path)")
            #expect(Served.get(path + "?json_callback=cb").text == "cb([])", "\(path)")
            let xml = Served.get(path + "?format=xml")
            #expect(xml.status == 400 && xml.text == "ERROR 400: Parameter 'format' must be one of: json", "\(path)")
        }
        #expect(Served.get("/polygons?days=7&class=boundary&reduced=1").json == .array([]))
        let days = Served.get("/polygons?days=week")
        #expect(days.status == 400 && days.json?["error"]?["message"] == .string("Parameter 'days' must be a number."))
        #expect(Service.endpoint(HTTPRequest(method: "GET", target: "/details.php?place_id=1")) == .nominatimDetails)
        #expect(Service.endpoint(HTTPRequest(method: "GET", target: "/deletable")) == .nominatimDeletable)
    }

    @Test func wikipediaTagsAsNominatimCalculatesThem() {
        #expect(NominatimDetails.wikipedia("de:Pariser Platz") == "de:Pariser_Platz")
        #expect(NominatimDetails.wikipedia("FR:Musée océanographique de Monaco") == "fr:Musée_océanographique_de_Monaco")
        #expect(NominatimDetails.wikipedia("https://en.wikipedia.org/wiki/Monaco") == nil)
        #expect(NominatimDetails.wikipedia("Monaco") == nil && NominatimDetails.wikipedia(nil) == nil)
    }

    /// Monaco lies in a country: the country code line (no part of the address) comes before the country's.
    @Test func aCountrysLinesAsNominatimSortsThem() throws {
        guard let monaco = Served.monaco else { return }
        let museum = try #require(Served.get("/search?q=musee+oceanographique&format=jsonv2&limit=1", from: monaco).json?.arrayValue?.first)
        let answer = Served.get("/details?place_id=\(museum["place_id"]?.intValue ?? 0)&addressdetails=1", from: monaco)
        let d = try #require(answer.json)
        #expect(d["country_code"] == .string("mc"))
        let rows = try #require(d["address"]?.arrayValue)
        let tail = rows.suffix(2)
        #expect(tail.map { $0["type"] } == [.string("country_code"), .string("administrative")], "\(rows)")
        #expect(tail.map { $0["localname"] } == [.string("mc"), .string("Monaco")] && tail.first?["isaddress"] == .bool(false))
        // One landmark is one line: Monaco the city is not the country's relation too.
        let ids = rows.compactMap { $0["place_id"]?.intValue }
        #expect(Set(ids).count == ids.count, "\(rows)")
        // Without an addr:street, its parent is the street nearest it, as /reverse names it.
        #expect(d["parent_place_id"] != .null && rows.contains { $0["rank_address"] == .int(26) })
    }
}
