// Nominatim's other outputs as its clients parse them: XML (well-formed, read
// back with expat: <searchresults>/<place>, <reversegeocode>/<result> with
// <addressparts>, <error> in the XML dialect), GeocodeJSON, JSONP with a
// checked callback name, the /reverse dialect told by its parameters, and
// the usage errors Nominatim 5 gives ("Nothing to search for.", "Unable to
// geocode" outside the world's coordinates).
import CExpat
import Foundation
import Testing
import GeoBase
@testable import GeoServer

/// The elements of an XML document in order, read by expat; nil when it is not well-formed.
private final class XMLElements {
    struct Element { var name: String; var attributes: [(String, String)]; var text = "" }
    var elements: [Element] = []
    private var open: [Int] = []

    static func read(_ bytes: [UInt8]) -> [Element]? {
        let reader = XMLElements()
        guard let parser = XML_ParserCreate(nil) else { return nil }
        defer { XML_ParserFree(parser) }
        XML_SetUserData(parser, Unmanaged.passUnretained(reader).toOpaque())
        XML_SetElementHandler(parser, { user, name, attributes in
            guard let user, let name else { return }
            var pairs: [(String, String)] = []
            var i = 0
            while let attributes, let k = attributes[i], let v = attributes[i + 1] {
                pairs.append((String(cString: k), String(cString: v)))
                i += 2
            }
            let r = Unmanaged<XMLElements>.fromOpaque(user).takeUnretainedValue()
            r.open.append(r.elements.count)
            r.elements.append(Element(name: String(cString: name), attributes: pairs))
        }, { user, _ in
            guard let user else { return }
            _ = Unmanaged<XMLElements>.fromOpaque(user).takeUnretainedValue().open.popLast()
        })
        XML_SetCharacterDataHandler(parser) { user, s, n in
            guard let user, let s, n > 0 else { return }
            let r = Unmanaged<XMLElements>.fromOpaque(user).takeUnretainedValue()
            guard let i = r.open.last else { return }
            r.elements[i].text += String(decoding: UnsafeRawBufferPointer(start: s, count: Int(n)), as: UTF8.self)
        }
        let ok = bytes.withUnsafeBufferPointer { b in
            XML_Parse(parser, b.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, Int32(b.count), 1)
        }
        return ok == XML_STATUS_OK ? reader.elements : nil
    }
}

private extension XMLElements.Element {
    subscript(_ key: String) -> String? { attributes.first { $0.0 == key }?.1 }
}

@Suite struct NominatimFormatsTests {
    @Test func xmlSearchResultsAsNominatimWritesThem() throws {
        let a = Served.get("/search?q=boulevard+du+lac&format=xml&addressdetails=1&limit=2", headers: ["host": "geo.example:8080"])
        #expect(a.status == 200 && a.response.header("Content-Type") == "text/xml; charset=utf-8")
        let xml = try #require(XMLElements.read(a.response.body), "not well-formed: \(a.text)")
        let root = try #require(xml.first)
        #expect(root.name == "searchresults")
        #expect(root.attributes.map(\.0) == ["timestamp", "attribution", "querystring", "more_url", "exclude_place_ids"])
        #expect(root["querystring"] == "boulevard du lac")
        #expect(root["timestamp"]?.hasSuffix(" +00:00") == true)
        let places = xml.filter { $0.name == "place" }
        #expect(places.count == 2)
        let p = places[0]
        #expect(p.attributes.map(\.0) == ["place_id", "osm_type", "osm_id", "ref", "lat", "lon", "boundingbox", "place_rank",
                                          "address_rank", "display_name", "class", "type", "importance"])
        #expect(p["osm_type"] == "way" && p["osm_id"] == "141" && p["class"] == "highway")
        #expect(p["lat"] == "46.1965665" && p["boundingbox"]?.split(separator: ",").count == 4)
        #expect(root["exclude_place_ids"]?.hasPrefix("W141") == true)
        // The paging link repeats the search without what was shown.
        let more = try #require(root["more_url"])
        #expect(more.hasPrefix("http://geo.example:8080/search?") && more.contains("q=boulevard%20du%20lac")
                && more.contains("exclude_place_ids=W141"))
        // Address parts are child elements of the place, named as in JSON.
        #expect(xml.contains { $0.name == "road" && $0.text == "Boulevard du Lac" })
    }

    @Test func xmlReverseIsTheDefaultOfANominatimReverse() throws {
        // zoom is Nominatim's: no format needed. Bare lat/lon stays Photon's (GeoJSON).
        let a = Served.get("/reverse?lat=46.19660&lon=6.80041&zoom=18")
        let xml = try #require(XMLElements.read(a.response.body), "not well-formed: \(a.text)")
        #expect(xml.first?.name == "reversegeocode")
        #expect(xml.first?["querystring"] == "lat=46.1966&lon=6.80041&format=xml&zoom=18")
        let result = try #require(xml.first { $0.name == "result" })
        #expect(result.text.hasPrefix("11, Boulevard du Lac"))
        #expect(result["address_rank"] == "30")
        #expect(xml.contains { $0.name == "addressparts" })
        #expect(xml.contains { $0.name == "house_number" && $0.text == "11" })
        #expect(Served.get("/reverse?lat=46.19660&lon=6.80041").json?["type"]?.stringValue == "FeatureCollection")
        // Nothing there: the error inside the document, still 200.
        let none = Served.get("/reverse?lat=10&lon=10&format=xml")
        let empty = try #require(XMLElements.read(none.response.body))
        #expect(none.status == 200 && empty.map(\.name) == ["reversegeocode", "error"] && empty[1].text == "Unable to geocode")
    }

    @Test func xmlErrorsAreXML() throws {
        let a = Served.get("/reverse?lat=abc&lon=6.8&format=xml")
        #expect(a.status == 400 && a.response.header("Content-Type") == "text/xml; charset=utf-8")
        let xml = try #require(XMLElements.read(a.response.body))
        #expect(xml.map(\.name) == ["error", "code", "message"])
        #expect(xml[1].text == "400" && xml[2].text.contains("'lat'"))
    }

    @Test func geocodeJSONAsTheSpecAndNominatimFillIt() throws {
        let json = try #require(Served.get("/search?q=boulevard+du+lac&format=geocodejson&addressdetails=1&limit=1").json)
        #expect(json["type"]?.stringValue == "FeatureCollection")
        #expect(json["geocoding"]?["version"]?.stringValue == "0.1.0" && json["geocoding"]?["licence"]?.stringValue == "ODbL")
        #expect(json["geocoding"]?["query"]?.stringValue == "boulevard du lac")
        let g = try #require(json["features"]?.arrayValue?.first?["properties"]?["geocoding"])
        #expect(g["osm_key"]?.stringValue == "highway" && g["type"]?.stringValue == "street")
        #expect(g["label"]?.stringValue?.hasPrefix("Boulevard du Lac, ") == true && g["name"]?.stringValue == "Boulevard du Lac")
        #expect(g["admin"] == .object([]))
        #expect(json["features"]?.arrayValue?.first?["geometry"]?["type"]?.stringValue == "Point")
        let house = try #require(Served.get("/reverse?lat=46.19660&lon=6.80041&format=geocodejson").json)
        let h = try #require(house["features"]?.arrayValue?.first?["properties"]?["geocoding"])
        #expect(h["type"]?.stringValue == "house" && h["housenumber"]?.stringValue == "11" && h["street"]?.stringValue == "Boulevard du Lac")
        #expect(Served.get("/reverse?lat=10&lon=10&format=geocodejson").json == .object([("error", .string("Unable to geocode"))]))
    }

    @Test func jsonpWrapsWithACheckedCallbackName() throws {
        let a = Served.get("/search?q=boulevard+du+lac&format=json&limit=1&json_callback=L.geocoder._cb0")
        #expect(a.status == 200 && a.response.header("Content-Type") == "application/javascript; charset=utf-8")
        #expect(a.text.hasPrefix("L.geocoder._cb0([{") && a.text.hasSuffix("}])"))
        let inner = String(a.text.dropFirst("L.geocoder._cb0(".count).dropLast())
        #expect(try JSONValue.parse(Array(inner.utf8)).arrayValue?.count == 1)
        #expect(Served.get("/reverse?lat=46.1966&lon=6.80041&format=jsonv2&json_callback=cb").text.hasPrefix("cb({"))
        #expect(Served.get("/status?format=json&json_callback=cb").text.hasPrefix("cb({\"status\""))
        for bad in ["alert(1)//", "a..b", "1abc", "x-y", "", "a;b"] {
            let r = Served.get("/search?q=lac&format=json&json_callback=" + (bad.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            #expect(r.status == 400 && r.json?["error"]?["message"]?.stringValue == "Invalid json_callback value", "\(bad)")
        }
        // XML is never wrapped.
        #expect(Served.get("/search?q=lac&format=xml&json_callback=cb").text.hasPrefix("<?xml"))
    }

    @Test func usageErrorsAsNominatimGivesThem() throws {
        for target in ["/search?q=", "/search?q=%20%20", "/search", "/search?format=json&limit=3"] {
            let a = Served.get(target)
            #expect(a.status == 400 && a.json?["error"]?["message"]?.stringValue == "Nothing to search for.", "\(target)")
        }
        // Outside the world's coordinates nothing can be found: no error, as in Nominatim.
        let far = Served.get("/reverse?lat=100&lon=10&format=json")
        #expect(far.status == 200 && far.json == .object([("error", .string("Unable to geocode"))]))
        #expect(Served.get("/reverse?lat=0&lon=-181&format=jsonv2").json?["error"]?.stringValue == "Unable to geocode")
        let format = Served.get("/search?q=x&format=html")
        #expect(format.status == 400 && format.text.hasPrefix("ERROR 400: Parameter 'format' must be one of: xml, json"))
    }

    @Test func lookupFindsPlacesByTheirOSMObjects() throws {
        // Two places found by search, asked for again by their OSM references, in the other order.
        let found = try #require(Served.get("/search?q=cafe+de+paris&format=json&limit=1").json?.arrayValue)
            + (Served.get("/search?q=boulevard+du+lac&format=json&limit=1").json?.arrayValue ?? [])
        #expect(found.count == 2)
        let refs = found.compactMap { p -> String? in
            guard let type = p["osm_type"]?.stringValue?.first, let id = p["osm_id"]?.intValue else { return nil }
            return "\(type.uppercased())\(id)"
        }
        let a = Served.get("/lookup?osm_ids=\(refs[1]),bogus,N,\(refs[0].lowercased())&format=json")
        let places = try #require(a.json?.arrayValue)
        #expect(places.map { $0["display_name"] } == [found[1]["display_name"], found[0]["display_name"]])
        // Address details are on by default, as in Nominatim's lookup.
        #expect(places[0]["address"]?["road"]?.stringValue == "Boulevard du Lac")
        // XML by default, without the search's paging attributes.
        let xml = try #require(XMLElements.read(Served.get("/lookup.php?osm_ids=\(refs[1])").response.body))
        #expect(xml.first?.name == "searchresults" && xml.first?["exclude_place_ids"] == nil)
        #expect(xml.filter { $0.name == "place" }.count == 1)
        #expect(Served.get("/lookup?osm_ids=W999999999&format=json").json == .array([]))
        #expect(Served.get("/lookup?format=json").json == .array([]))
        let many = (1...51).map { "N\($0)" }.joined(separator: ",")
        let tooMany = Served.get("/lookup?osm_ids=\(many)&format=json")
        #expect(tooMany.status == 400 && tooMany.json?["error"]?["message"]?.stringValue == "Too many object IDs.")
    }

    @Test func layerFeatureTypeAndExcludedPlacesFilterTheSearch() throws {
        func places(_ target: String) throws -> [JSONValue] { try #require(Served.get(target).json?.arrayValue, "\(target)") }
        let everything = try places("/search?q=rue&format=json&limit=20")
        let pois = try places("/search?q=rue&format=json&limit=20&layer=poi")
        let addresses = try places("/search?q=rue&format=json&limit=20&layer=address")
        #expect(!addresses.isEmpty && addresses.count <= everything.count)
        for p in addresses { #expect(["highway", "place"].contains(p["class"]?.stringValue ?? "") || p["addresstype"]?.stringValue == "place", "\(p)") }
        for p in pois { #expect(!["highway", "place"].contains(p["class"]?.stringValue ?? ""), "\(p)") }
        let bad = Served.get("/search?q=rue&format=json&layer=poi,shops")
        #expect(bad.status == 400 && bad.json?["error"]?["message"]?.stringValue?.hasPrefix("Parameter 'layer' must be") == true)
        // featureType keeps places of its ranks only.
        let settlements = try places("/search?q=rivebelle&format=json&featureType=settlement")
        #expect(settlements.first?["name"]?.stringValue == "Rivebelle")
        for p in settlements { #expect(p["class"]?.stringValue == "place") }
        #expect(try places("/search?q=rivebelle&format=json&featureType=country").isEmpty)
        #expect(!pois.isEmpty)
        // A street is no city: nothing of "boulevard du lac" is left.
        #expect(try places("/search?q=boulevard+du+lac&format=json&featureType=city").isEmpty)
        // Paging: what was shown, by OSM id or place id, is left out next time.
        let first = try #require(try places("/search?q=rue&format=json&limit=1").first)
        let ref = "\(first["osm_type"]?.stringValue?.first?.uppercased() ?? "")\(first["osm_id"]?.intValue ?? 0)"
        let next = try places("/search?q=rue&format=json&limit=1&exclude_place_ids=\(ref)")
        #expect(next.first?["osm_id"] != first["osm_id"] || next.first?["osm_type"] != first["osm_type"])
        let byID = try places("/search?q=rue&format=json&limit=1&exclude_place_ids=\(first["place_id"]?.intValue ?? 0)")
        #expect(byID.first?["place_id"] != first["place_id"])
        let invalid = Served.get("/search?q=rue&format=json&exclude_place_ids=12,abc")
        #expect(invalid.status == 400 && invalid.json?["error"]?["message"]?.stringValue == "Invalid exclude ID: abc")
    }

    /// `countrycodes` keeps objects the place hierarchy put in those countries, as Nominatim's
    /// format_country reads the list (two-letter values only, case ignored; none left: no limit).
    @Test func countryCodesKeepTheirCountriesObjects() throws {
        func places(_ target: String, _ service: Service = Served.town) throws -> [JSONValue] {
            try #require(Served.get(target, from: service).json?.arrayValue, "\(target)")
        }
        // The town lies in no country: any code leaves nothing, a list of no two-letter code is no limit.
        let everything = try places("/search?q=rue&format=json&limit=5")
        #expect(!everything.isEmpty)
        #expect(try places("/search?q=rue&format=json&limit=5&countrycodes=fr").isEmpty)
        #expect(try places("/search?q=rue&format=json&limit=5&countrycodes=fra,,x") == everything)
        guard let monaco = Served.monaco else { return }
        let all = try places("/search?q=avenue&format=json&limit=40&addressdetails=1", monaco)
        let mc = try places("/search?q=avenue&format=json&limit=40&addressdetails=1&countrycodes=MC,de", monaco)
        #expect(mc.count >= 20, "\(mc.count) avenues in Monaco")
        for p in mc { #expect(p["address"]?["country_code"]?.stringValue == "mc", "\(p["display_name"] ?? .null)") }
        // The French avenues beyond the border are in all but not in mc (the extract cuts France: no country).
        let outside = all.filter { $0["address"]?["country_code"] == nil }
        #expect(!outside.isEmpty, "the search found no avenue outside Monaco")
        #expect(try places("/search?q=avenue&format=json&limit=40&countrycodes=fr", monaco).isEmpty)
    }

    @Test func nameDetailsListEveryName() throws {
        let p = try #require(Served.get("/search?q=cafe+de+paris&format=jsonv2&namedetails=1&limit=1").json?.arrayValue?.first)
        let names = try #require(p["namedetails"])
        #expect(names["name"]?.stringValue == "Café de Paris" && names["name:de"] != nil)
        #expect(p.keys.firstIndex(of: "namedetails").map { $0 < p.keys.firstIndex(of: "boundingbox")! } == true)
        #expect(Served.get("/search?q=cafe+de+paris&format=jsonv2&limit=1").json?.arrayValue?.first?["namedetails"] == nil)
        let xml = try #require(XMLElements.read(Served.get("/search?q=cafe+de+paris&format=xml&namedetails=1&limit=1").response.body))
        #expect(xml.contains { $0.name == "name" && $0["desc"] == "name" && $0.text == "Café de Paris" })
        #expect(xml.contains { $0.name == "name" && $0["desc"] == "name:de" })
    }

    @Test func pointBoxesAndTheStatusDateAsNominatim() throws {
        // A node's box is its point ± 0.00005°, whatever the index knows of its extent.
        // The Café de Paris is node 20004.
        let places = try #require(Served.get("/lookup?osm_ids=N20004&format=json").json?.arrayValue?.first)
        let box = try #require(places["boundingbox"]?.arrayValue?.compactMap { $0.stringValue }.compactMap(Double.init))
        let lat = try #require(places["lat"]?.stringValue.flatMap(Double.init))
        #expect(places["osm_type"]?.stringValue == "node")
        #expect(abs(box[1] - box[0] - 0.0001) < 2e-7 && abs((box[0] + box[1]) / 2 - lat) < 2e-7)
        let updated = try #require(Served.get("/status?format=json").json?["data_updated"]?.stringValue)
        #expect(updated.count == 25 && updated.hasSuffix("+00:00") && updated.dropFirst(10).hasPrefix("T"))
        #expect(UTCTime.nominatimStamp(Date(timeIntervalSince1970: 1_609_948_422)) == "Wed, 06 Jan 2021 15:53:42 +00:00")
    }
}
