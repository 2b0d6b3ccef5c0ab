// A house mapped with addr:housenumber alone takes the nearest named street at import
// (GeoImport's NearestStreet): the APIs answer it as an address of that street — Nominatim's
// `road` on /search and /reverse, Photon's `street` — as Nominatim answers such a house by
// its parent street.
import Foundation
import Testing
import GeoBase
import GeoTestSupport
@testable import GeoServer

private let xml = """
    <?xml version='1.0' encoding='UTF-8'?>
    <osm version="0.6">
      <node id="1" lat="47.1" lon="9.5"/>
      <node id="2" lat="47.1" lon="9.51"/>
      <node id="3" lat="47.1002" lon="9.505"><tag k="addr:housenumber" v="12"/></node>
      <node id="4" lat="47.1" lon="9.52"/>
      <way id="100"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Landstrasse"/></way>
      <way id="101"><nd ref="2"/><nd ref="4"/><tag k="highway" v="service"/></way>
    </osm>
    """

@Suite struct StreetlessAddressAPITests {
    static let service: Service = try! Service(state: ServiceState(paths: [
        TestData.index(ofXML: xml, named: "streetless-api.osm").path,
    ]))

    @Test func nominatimAnswersTheHouseWithTheStreetItWasGiven() throws {
        let a = Served.get("/search?q=Landstrasse%2012&format=jsonv2&addressdetails=1&limit=1", from: Self.service)
        let p = try #require(a.json?.arrayValue?.first)
        #expect(p["osm_type"]?.stringValue == "node" && p["osm_id"]?.intValue == 3)
        #expect(p["address"]?["road"]?.stringValue == "Landstrasse" && p["address"]?["house_number"]?.stringValue == "12")
        let r = try #require(Served.get("/reverse?lat=47.10021&lon=9.50501&format=jsonv2", from: Self.service).json)
        #expect(r["osm_id"]?.intValue == 3 && r["address"]?["road"]?.stringValue == "Landstrasse")
    }

    @Test func photonAnswersItsStreet() throws {
        let a = Served.get("/api?q=12+landstrasse&limit=1", from: Self.service)
        let props = try #require(a.json?["features"]?.arrayValue?.first?["properties"])
        #expect(props["osm_id"]?.intValue == 3 && props["street"]?.stringValue == "Landstrasse"
                && props["housenumber"]?.stringValue == "12")
    }
}
