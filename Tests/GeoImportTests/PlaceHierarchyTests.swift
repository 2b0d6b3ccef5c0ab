// The place hierarchy's parts: point-in-polygon with holes and exclaves, the
// pin of an area whose box centre lies outside it, which tags make which
// role, broken boundaries (a member missing, an unclosed ring) counted and
// never fatal, and real extracts (Liechtenstein's municipalities, Monaco's
// quarters) when ../shared/data is present.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
@testable import GeoModel
@testable import GeoSearch
import GeoTestSupport

private func p(_ lat: Double, _ lon: Double) -> FixedCoordinate { FixedCoordinate(Coordinate(lat: lat, lon: lon)) }

private func square(_ lat: Double, _ lon: Double, _ size: Double) -> [FixedCoordinate] {
    [p(lat, lon), p(lat, lon + size), p(lat + size, lon + size), p(lat + size, lon)]
}

/// Builds the index of `xml` in a temporary directory, checks it with `verify`, and hands the
/// build's report and the opened index to `body`.
private func withIndex(of xml: String, _ body: (BuildReport, LandmarkIndex) throws -> Void) throws {
    try TestData.withTemporaryDirectory { dir in
        let input = dir + "/input.osm", output = dir + "/index.geoidx"
        try xml.write(toFile: input, atomically: true, encoding: .utf8)
        let report = try IndexBuilder.build(input: input, options: BuildOptions(output: output))
        #expect(IndexVerifier.verify(path: output).isEmpty)
        try body(report, try LandmarkIndex(path: output))
    }
}

@Suite struct AreaPolygonTests {
    @Test func aHoleIsOutsideAndAnExclaveInside() throws {
        let outer = square(0, 0, 1), hole = square(0.25, 0.25, 0.5), exclave = square(2, 2, 0.5)
        let polygon = try #require(AreaPolygon(rings: [outer, hole, exclave]))
        #expect(polygon.contains(p(0.1, 0.1)))
        #expect(!polygon.contains(p(0.5, 0.5)), "inside the hole")
        #expect(polygon.contains(p(2.2, 2.2)), "inside the exclave")
        #expect(!polygon.contains(p(1.5, 1.5)), "between the parts")
        #expect(!polygon.contains(p(-1, -1)) && !polygon.contains(p(3, 3)))
        // The centre of the box (1.25, 1.25) is outside: the pin goes inside.
        let pin = try #require(polygon.interiorPoint())
        #expect(polygon.contains(pin))
    }

    @Test func aPolygonOfManyEdgesAnswersLikeAPlainRayCast() throws {
        // A star of 2 000 points: the band index must agree with the test over every edge.
        var ring: [FixedCoordinate] = []
        for k in 0..<2_000 {
            let a = Double(k) / 2_000 * 2 * .pi, r = k % 2 == 0 ? 1.0 : 0.6
            ring.append(p(47 + r * sin(a), 9 + r * cos(a)))
        }
        let polygon = try #require(AreaPolygon(rings: [ring]))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let q = p(46 + Double.random(in: 0...2, using: &generator), 8 + Double.random(in: 0...2, using: &generator))
            #expect(polygon.contains(q) == RingAssembler.pointInRing(q, ring))
        }
    }

    @Test func degenerateRingsMakeNoPolygon() {
        #expect(AreaPolygon(rings: []) == nil)
        #expect(AreaPolygon(rings: [[p(0, 0), p(0, 1)]]) == nil)
        #expect(AreaPolygon(rings: [[p(0, 0), p(0, 1), p(0, 2)]]) == nil, "a flat ring has no inside")
    }

    @Test func tagsDecideTheRole() {
        let d = AdminAreaCollector.describe
        #expect(d(["boundary": "administrative", "admin_level": "2", "name": "Liechtenstein", "ISO3166-1:alpha2": "LI"])?.countryCode == "li")
        #expect(d(["boundary": "administrative", "admin_level": "4", "name": "A"])?.role == .state)
        #expect(d(["boundary": "administrative", "admin_level": "8", "name": "A"])?.role == .city)
        #expect(d(["boundary": "administrative", "admin_level": "10", "name": "A"])?.role == .suburb)
        #expect(d(["boundary": "administrative", "admin_level": "11", "name": "A"]) == nil)
        #expect(d(["boundary": "administrative", "admin_level": "8"]) == nil, "no name")
        #expect(d(["boundary": "administrative", "admin_level": "x", "name": "A"]) == nil)
        #expect(d(["boundary": "postal_code", "postal_code": "9490"])?.role == .postcode)
        #expect(d(["place": "town", "name": "A"])?.role == .city)
        #expect(d(["place": "quarter", "name": "A"])?.role == .suburb)
        #expect(d(["place": "locality", "name": "A"]) == nil)
    }
}

@Suite struct BrokenBoundaryTests {
    /// A town node inside a boundary whose relation lacks one of its three ways.
    static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <osm version="0.6">
      <node id="1" lat="47.0" lon="9.0"/><node id="2" lat="47.0" lon="9.1"/>
      <node id="3" lat="47.1" lon="9.1"/><node id="4" lat="47.1" lon="9.0"/>
      <node id="5" lat="47.05" lon="9.05"><tag k="place" v="village"/><tag k="name" v="Dorf"/></node>
      <node id="6" lat="47.051" lon="9.051"><tag k="amenity" v="cafe"/><tag k="name" v="Café Eck"/>
        <tag k="addr:street" v="Dorfstrasse"/><tag k="addr:housenumber" v="3"/><tag k="addr:postcode" v="9999"/></node>
      <node id="7" lat="47.2" lon="9.2"><tag k="place" v="village"/><tag k="name" v="Fern"/></node>
      <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="boundary" v="administrative"/></way>
      <way id="11"><nd ref="3"/><nd ref="4"/><tag k="boundary" v="administrative"/></way>
      <relation id="20"><member type="way" ref="10" role="outer"/><member type="way" ref="11" role="outer"/>
        <member type="way" ref="12" role="outer"/>
        <tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="8"/>
        <tag k="name" v="Gemeinde"/></relation>
      <relation id="21"><member type="way" ref="10" role="outer"/><member type="way" ref="11" role="outer"/>
        <member type="way" ref="13" role="outer"/>
        <tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="8"/>
        <tag k="name" v="Zweite"/></relation>
    </osm>
    """

    @Test func aBoundaryMissingAMemberIsCountedAndThePlaceNodeStandsIn() throws {
        try withIndex(of: BrokenBoundaryTests.xml) { report, index in
            #expect(report.warnings[.boundariesWithoutPolygon] == 2)
            #expect(report.warnings[.unclosedBoundaryRings] == 2)
            let info = index.metadata["warnings"]
            #expect(info?["boundaries_without_polygon"]?.intValue == 2 && info?["unclosed_boundary_rings"]?.intValue == 2)
            let engine = SearchEngine(index: index)
            let cafe = try #require(engine.search("café eck", options: SearchOptions()).results.first)
            #expect(cafe.places?.city == "Dorf", "the village node within reach names it")
            #expect(cafe.subtitle == "Café · Dorfstrasse 3, 9999 Dorf")
            let code = try #require(engine.search("9999", options: SearchOptions()).results.first)
            #expect(code.category == "boundary=postal_code" && code.coordinate.distance(to: cafe.coordinate) < 1)
        }
    }
}

@Suite struct HostileAddressDataTests {
    /// A self-intersecting boundary (a bow tie), absurd house numbers and ranges, conflicting tags.
    static func xml() -> String {
        let huge = String(repeating: "9", count: 10_000)
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6">
          <node id="1" lat="47.0" lon="9.0"/><node id="2" lat="47.1" lon="9.1"/>
          <node id="3" lat="47.0" lon="9.1"/><node id="4" lat="47.1" lon="9.0"/>
          <node id="5" lat="47.02" lon="9.05"><tag k="amenity" v="cafe"/><tag k="name" v="Bow"/>
            <tag k="addr:street" v="Knotenweg"/><tag k="addr:place" v="Elsewhere"/><tag k="addr:housenumber" v="1-10000000"/></node>
          <node id="6" lat="47.03" lon="9.05"><tag k="addr:street" v="Knotenweg"/><tag k="addr:housenumber" v="\(huge)"/></node>
          <node id="7" lat="47.04" lon="9.05"><tag k="addr:street" v="Knotenweg"/><tag k="addr:housenumber" v="-"/>
            <tag k="addr:postcode" v="\(huge)"/></node>
          <node id="8" lat="47.05" lon="9.02"><tag k="amenity" v="cafe"/><tag k="name" v="Lobe"/></node>
          <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/>
            <tag k="boundary" v="administrative"/><tag k="admin_level" v="8"/><tag k="name" v="Schleife"/></way>
        </osm>
        """
    }

    @Test func theBuildSucceedsQuicklyAndEverythingStaysBounded() throws {
        let started = Date()
        try withIndex(of: HostileAddressDataTests.xml()) { _, index in
            #expect(Date().timeIntervalSince(started) < 10)
            let engine = SearchEngine(index: index)
            // The street wins over the place; a range too wide is not expanded, its words still match.
            let bow = try #require(engine.search("bow", options: SearchOptions()).results.first)
            #expect(bow.street == "Knotenweg" && bow.houseNumber == "1-10000000")
            #expect(engine.search("knotenweg 10000000", options: SearchOptions()).results.first?.name == "Bow")
            // The bow tie by the even-odd rule: a point in a lobe lies in it, a point below its
            // waist (where the two lobes meet) does not.
            #expect(bow.places?.city == nil)
            #expect(engine.search("lobe", options: SearchOptions()).results.first?.places?.city == "Schleife")
            // A postcode longer than any postcode makes no postcode landmark.
            var o = SearchOptions()
            o.kinds = [.area]
            #expect(!engine.search("9999", options: o).results.contains { $0.category == "boundary=postal_code" })
        }
    }
}

@Suite struct CutCountryTests {
    /// A country relation the extract cut (one open member way), labelled at its capital, whose
    /// municipality is a closed boundary way around the label, and the country's node beside it.
    static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <osm version="0.6">
      <node id="1" lat="47.0" lon="9.0"/><node id="2" lat="47.0" lon="9.1"/>
      <node id="3" lat="47.1" lon="9.1"/><node id="4" lat="47.1" lon="9.0"/>
      <node id="5" lat="46.5" lon="8.5"/><node id="6" lat="47.5" lon="9.5"/>
      <node id="7" lat="47.05" lon="9.05"><tag k="place" v="town"/><tag k="name" v="Hauptort"/></node>
      <node id="8" lat="47.06" lon="9.06"><tag k="place" v="country"/><tag k="name" v="Land"/></node>
      <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/>
        <tag k="boundary" v="administrative"/><tag k="admin_level" v="8"/><tag k="name" v="Hauptort"/></way>
      <way id="11"><nd ref="5"/><nd ref="6"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="2"/></way>
      <relation id="20"><member type="way" ref="11" role="outer"/><member type="node" ref="7" role="label"/>
        <tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="2"/>
        <tag k="name" v="Land"/></relation>
    </osm>
    """

    @Test func aCutCountryDoesNotLieInItsCapital() throws {
        try withIndex(of: CutCountryTests.xml) { report, index in
            #expect(report.warnings[.boundariesWithoutPolygon] == 1)
            let engine = SearchEngine(index: index)
            var areas = SearchOptions()
            areas.kinds = [.area]
            let country = try #require(engine.search("land", options: areas).results.first)
            #expect(country.osm == "r20")
            #expect(country.places == nil && country.subtitle == "Administrative area", "\(country.subtitle)")
            // Nor does the country's node, pinned inside the capital's municipality; it ranks first
            // and its boundary is shown with it.
            let node = engine.search("land", options: SearchOptions()).results
            // (Other boundaries may follow: "land" also starts the category word "landkreis".)
            #expect(node.first?.osm == "n8" && node.first?.subtitle == "Country" && !node.contains { $0.osm == "r20" },
                    "\(node.map { ($0.osm, $0.subtitle) })")
            // So the capital's name is no word of the country's: "land h" matches the country only
            // with "h" let go.
            let r = engine.search("land h", options: SearchOptions()).results
            #expect(r.first { $0.osm == "r20" }.map { $0.unmatched == ["h"] } ?? true, "\(r.map { ($0.name, $0.unmatched) })")
        }
    }
}

@Suite struct CutCountryChordTests {
    /// A country relation of one open chain (a U of three ways: its fourth side is beyond the extract),
    /// a café inside the U, and — when `named` — the country's own place node inside it too.
    static func xml(named: Bool) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6">
          <node id="1" lat="47.0" lon="9.0"/><node id="2" lat="47.0" lon="9.2"/>
          <node id="3" lat="47.2" lon="9.2"/><node id="4" lat="47.2" lon="9.0"/>
          <node id="5" lat="47.1" lon="9.1"><tag k="amenity" v="cafe"/><tag k="name" v="Grenzcafé"/></node>
          \(named ? "<node id=\"6\" lat=\"47.12\" lon=\"9.12\"><tag k=\"place\" v=\"town\"/><tag k=\"name\" v=\"Kleinland\"/></node>" : "")
          <way id="10"><nd ref="1"/><nd ref="2"/></way><way id="11"><nd ref="2"/><nd ref="3"/></way>
          <way id="12"><nd ref="3"/><nd ref="4"/></way>
          <relation id="20"><member type="way" ref="10" role="outer"/><member type="way" ref="11" role="outer"/>
            <member type="way" ref="12" role="outer"/>
            <tag k="type" v="boundary"/><tag k="boundary" v="administrative"/><tag k="admin_level" v="2"/>
            <tag k="name" v="Kleinland"/><tag k="ISO3166-1" v="KL"/></relation>
        </osm>
        """
    }

    @Test func aChordIsTrustedOnlyWithTheCountrysOwnPlaceInside() throws {
        for named in [true, false] {
            try withIndex(of: Self.xml(named: named)) { report, index in
                let cafe = try #require(SearchEngine(index: index).search("grenzcafé", options: SearchOptions()).results.first)
                if named {
                    #expect(cafe.places?.country == "Kleinland" && cafe.places?.countryCode == "kl")
                    #expect(report.warnings[.boundariesWithoutPolygon] == 0)
                } else {
                    // No place of that name where the chord closes: it may lie over a neighbour; not guessed at.
                    #expect(cafe.places?.country == nil)
                    #expect(report.warnings[.boundariesWithoutPolygon] == 1)
                }
                #expect(report.warnings[.unclosedBoundaryRings] == 1)
            }
        }
    }
}

@Suite struct RealPlaceHierarchyTests {
    @Test(.sharedData("valhalla/liechtenstein-latest.osm.pbf")) func liechtensteinsMunicipalitiesAndCountry() throws {
        let file = try #require(TestData.shared("valhalla/liechtenstein-latest.osm.pbf"))
        let engine = SearchEngine(index: try TestData.index(of: file))
        var o = SearchOptions()
        o.limit = 3
        let museum = try #require(engine.search("städtle 32", options: o).results.first)
        #expect(museum.name == "Kunstmuseum Liechtenstein")
        #expect(museum.places?.city == "Vaduz" && museum.places?.country == "Liechtenstein" && museum.places?.countryCode == "li")
        #expect(museum.subtitle.hasSuffix("Städtle 32, 9490 Vaduz"), "the number after the street, as in Liechtenstein")
        // A village names its county, never the neighbouring village.
        let vaduz = try #require(engine.search("vaduz", options: o).results.first { $0.kind == .place })
        #expect(vaduz.subtitle.hasSuffix("Wahlkreis Oberland"))
        #expect(engine.search("9490", options: o).results.first?.category == "boundary=postal_code")
    }

    @Test(.sharedData("osrm/monaco.osm.pbf")) func monacosQuartersNameMonaco() throws {
        let file = try #require(TestData.shared("osrm/monaco.osm.pbf"))
        let engine = SearchEngine(index: try TestData.index(of: file))
        var o = SearchOptions()
        o.kinds = [.area]
        let fontvieille = try #require(engine.search("fontvieille", options: o).results.first)
        #expect(fontvieille.subtitle == "Administrative area · Monaco")
        o.kinds = Set(LandmarkKind.allCases)
        let cafe = try #require(engine.search("25 avenue albert ii", options: o).results.first)
        #expect(cafe.street == "Avenue Albert II" && cafe.houseNumber == "25")
        #expect(cafe.subtitle.contains("25 Avenue Albert II"), "the number first, as in Monaco")
    }

    /// This extract cuts Monaco's boundary at sea (its land border alone is there, one open chain): closed
    /// across the cut, Monaco still holds Monaco's landmarks, and the French towns beyond the land border none.
    @Test(.sharedData("osrm/monaco.osm.pbf")) func aCountryCutAtSeaStillHoldsItsLandmarks() throws {
        let index = try TestData.index(of: try #require(TestData.shared("osrm/monaco.osm.pbf")))
        var inMonaco = 0, without: [String] = [], french: [String] = []
        for i in 0..<index.count {
            guard let r = index.record(i), let chain = index.places(r) else { continue }
            if chain.city == "Monaco" {
                if chain.country == "Monaco" && chain.countryCode == "mc" { inMonaco += 1 } else { without.append(r.names.first?.value ?? "?") }
            }
            if ["Beausoleil", "Cap-d'Ail", "Roquebrune-Cap-Martin"].contains(chain.city ?? ""), chain.country == "Monaco" {
                french.append(r.names.first?.value ?? "?")
            }
        }
        #expect(inMonaco > 300, "only \(inMonaco) landmarks of the city of Monaco in the country")
        #expect(Double(without.count) < 0.05 * Double(inMonaco), "\(without.count) without the country: \(without.prefix(10))")
        #expect(french.isEmpty, "\(french.count) French landmarks put in Monaco: \(french.prefix(10))")
    }

    /// The extract holds Monaco's whole boundary but cuts France's and Cap-d'Ail's: Monaco's town pin
    /// must not name the French streets and houses beyond the border (they had city Monaco and no
    /// country; a Monaco label with no Monaco country is always that mistake).
    @Test(.sharedData("monaco.osm.gz")) func monacosPinDoesNotNameFrance() throws {
        let index = try TestData.index(of: try #require(TestData.shared("monaco.osm.gz")))
        var inMonaco = 0, wrong: [String] = []
        for i in 0..<index.count {
            guard let r = index.record(i), let chain = index.places(r), chain.city == "Monaco" else { continue }
            if chain.country == "Monaco" { inMonaco += 1 } else { wrong.append(r.names.first?.value ?? "?") }
        }
        #expect(inMonaco > 300, "only \(inMonaco) landmarks in the city of Monaco")
        #expect(wrong.isEmpty, "\(wrong.count) landmarks outside Monaco named Monaco: \(wrong.prefix(10))")
    }
}
