// addr:interpolation ways made into addresses: each type (odd, even, all, a step,
// alphabetic), numbers with letters, descending ranges, numbered nodes between the
// ends, placement by length along the line, every case left out with its warning,
// numbers that exist already, and search finding an interpolated number where it lies.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
@testable import GeoModel
@testable import GeoSearch
import GeoTestSupport

/// OSM XML for the tests: nodes and ways with tags, in file order.
struct OSMFixture {
    var body = ""

    mutating func node(_ id: Int, _ lat: Double, _ lon: Double, _ tags: [String: String] = [:]) {
        body += "  <node id=\"\(id)\" lat=\"\(lat)\" lon=\"\(lon)\">" + OSMFixture.tags(tags) + "</node>\n"
    }

    /// An address node: house number and street (and more tags).
    mutating func house(_ id: Int, _ lat: Double, _ lon: Double, _ number: String, _ street: String = "Rue Test",
                        _ more: [String: String] = [:]) {
        node(id, lat, lon, more.merging(["addr:housenumber": number, "addr:street": street]) { a, _ in a })
    }

    mutating func way(_ id: Int, _ refs: [Int], _ tags: [String: String]) {
        body += "  <way id=\"\(id)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined() + OSMFixture.tags(tags) + "</way>\n"
    }

    static func tags(_ t: [String: String]) -> String {
        t.keys.sorted().map { "<tag k=\"\($0)\" v=\"\(t[$0]!)\"/>" }.joined()
    }

    var xml: String { "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\">\n" + body + "</osm>\n" }

    /// Builds the index of the fixture (named `name` in the test directory).
    func build(_ name: String) throws -> (report: BuildReport, index: LandmarkIndex) {
        let input = TestData.tempPath("interp-\(name).osm")
        try xml.write(toFile: input, atomically: true, encoding: .utf8)
        var options = BuildOptions(output: TestData.tempPath("interp-\(name).geoidx"))
        options.buildTime = 0
        let report = try IndexBuilder.build(input: input, options: options)
        return (report, try LandmarkIndex(path: options.output))
    }
}

/// The addresses of an index by house number (the interpolated ones are those of way `way`).
func addresses(_ index: LandmarkIndex, way: Int64? = nil) -> [String: (record: LandmarkRecord, point: Coordinate)] {
    var out: [String: (LandmarkRecord, Coordinate)] = [:]
    for i in 0..<index.count where index.kind(i) == .address {
        guard let r = index.record(i), way == nil || (r.osmType == .way && r.osmID == way) else { continue }
        out[r.houseNumber ?? ""] = (r, index.point(i).coordinate)
    }
    return out
}

/// Metres per degree of longitude at the tests' latitude.
private let lat0 = 46.2, lon0 = 6.8
private func east(_ metres: Double) -> Double { lon0 + metres / (111_320 * cos(lat0 * .pi / 180)) }
private func north(_ metres: Double) -> Double { lat0 + metres / 111_320 }

/// A straight street 800 m long eastwards with numbered ends and a shape node between.
private func line(_ type: String, from a: String, to b: String, way: [String: String] = [:]) -> OSMFixture {
    var f = OSMFixture()
    f.house(1, lat0, lon0, a)
    f.node(2, lat0, east(300))
    f.house(3, lat0, east(800), b)
    f.way(100, [1, 2, 3], way.merging(["addr:interpolation": type]) { a, _ in a })
    return f
}

@Suite struct AddressInterpolationTests {
    @Test func oddNumbersSitEvenlyAlongTheLine() throws {
        var f = OSMFixture()
        f.house(1, lat0, lon0, "1", "Rue Test", ["addr:postcode": "1200", "addr:city": "Testville"])
        f.node(2, lat0, east(300))
        f.house(3, lat0, east(800), "11")
        f.way(100, [1, 2, 3], ["addr:interpolation": "odd"])
        let (report, index) = try f.build("odd")
        let made = addresses(index, way: 100)
        #expect(Set(made.keys) == ["3", "5", "7", "9"])
        #expect(report.interpolationWays == 1 && report.interpolatedAddresses == 4 && report.warnings.total == 0)
        for (number, expected) in [("3", 160.0), ("5", 320), ("7", 480), ("9", 640)] {
            let a = try #require(made[number])
            #expect(a.point.distance(to: Coordinate(lat: lat0, lon: east(expected))) < 1, "\(number) at \(a.point)")
            #expect(a.record.street == "Rue Test" && a.record.postcode == "1200" && a.record.locality == "Testville")
            #expect(a.record.osmType == .way && a.record.osmID == 100 && a.record.names.isEmpty)
        }
        // Like any address: category, importance, and nothing else made of the line.
        let i = try #require((0..<index.count).first { index.record($0)?.houseNumber == "7" })
        #expect(index.category(index.categoryID(i)).key == "addr" && index.importance(i) == 20)
        // (Besides the addresses: the postcode they carry, a landmark of its own.)
        #expect((0..<index.count).allSatisfy {
            index.kind($0) == .address || index.category(index.categoryID($0)) == ("boundary", "postal_code")
        })
        #expect(IndexVerifier.verify(path: index.path).isEmpty)
    }

    @Test func placesFollowTheLineAroundItsBends() throws {
        // An L: 400 m east, then 400 m north; 2, 3 and 4 of 1…5 fall at a quarter, half and three quarters.
        var f = OSMFixture()
        f.house(1, lat0, lon0, "1")
        f.node(2, lat0, east(400))
        f.house(3, north(400), east(400), "5")
        f.way(100, [1, 2, 3], ["addr:interpolation": "all"])
        let made = addresses(try f.build("bend").index, way: 100)
        let expected = ["2": Coordinate(lat: lat0, lon: east(200)), "3": Coordinate(lat: lat0, lon: east(400)),
                        "4": Coordinate(lat: north(200), lon: east(400))]
        for (n, p) in expected { #expect((made[n]?.point.distance(to: p) ?? .infinity) < 1, "\(n)") }
    }

    @Test func evenStepsAndDescendingRanges() throws {
        // Drawn from the high number down: swapped, each number nearer the end that is nearer its value.
        let even = addresses(try line("even", from: "10", to: "2").build("even").index, way: 100)
        #expect(Set(even.keys) == ["4", "6", "8"])
        #expect((even["8"]?.point.distance(to: Coordinate(lat: lat0, lon: east(200))) ?? .infinity) < 1)
        let all = addresses(try line("all", from: "1", to: "4").build("all").index, way: 100)
        #expect(Set(all.keys) == ["2", "3"])
        let step = addresses(try line("3", from: "1", to: "10").build("step").index, way: 100)
        #expect(Set(step.keys) == ["4", "7"])
    }

    @Test func numberedNodesBetweenTheEndsSplitTheLine() throws {
        var f = OSMFixture()
        f.house(1, lat0, lon0, "1")
        f.house(2, lat0, east(200), "9")
        f.house(3, lat0, east(800), "21")
        f.way(100, [1, 2, 3], ["addr:interpolation": "odd"])
        let made = addresses(try f.build("middle").index, way: 100)
        #expect(Set(made.keys) == ["3", "5", "7", "11", "13", "15", "17", "19"])
        #expect((made["5"]?.point.distance(to: Coordinate(lat: lat0, lon: east(100))) ?? .infinity) < 1)
        #expect((made["15"]?.point.distance(to: Coordinate(lat: lat0, lon: east(500))) ?? .infinity) < 1)
    }

    @Test func lettersAtTheEndsUseTheNumberAndAlphabeticRangesTheLetters() throws {
        #expect(Set(addresses(try line("odd", from: "5a", to: "11").build("suffix").index, way: 100).keys) == ["7", "9"])
        let letters = addresses(try line("alphabetic", from: "12a", to: "12f").build("alpha").index, way: 100)
        #expect(Set(letters.keys) == ["12b", "12c", "12d", "12e"])
        #expect((letters["12c"]?.point.distance(to: Coordinate(lat: lat0, lon: east(320))) ?? .infinity) < 1)
        #expect(Set(addresses(try line("alphabetic", from: "7", to: "7C").build("alpha2").index, way: 100).keys) == ["7A", "7B"])
    }

    @Test func rangesThatDoNotFitTheirTypeAreInterpolatedByTheType() throws {
        let (report, index) = try line("odd", from: "4", to: "12").build("parity")
        #expect(Set(addresses(index, way: 100).keys) == ["5", "7", "9", "11"])
        #expect(report.warnings[.interpolationsNotFittingType] == 1)
        // Alphabetic between two different numbers cannot be: left out, counted.
        let (r2, i2) = try line("alphabetic", from: "12a", to: "14c").build("alpha-bad")
        #expect(addresses(i2, way: 100).isEmpty && r2.warnings[.interpolationsNotFittingType] == 1)
    }

    @Test func eachBadLineIsLeftOutAndCounted() throws {
        // The last node carries no number.
        var f = OSMFixture()
        f.house(1, lat0, lon0, "1")
        f.node(2, lat0, east(800))
        f.way(100, [1, 2], ["addr:interpolation": "odd"])
        var (report, index) = try f.build("no-end")
        #expect(addresses(index, way: 100).isEmpty && report.warnings[.interpolationsWithoutEndNumber] == 1)
        // A number without a street takes the line's, from the other end (as Nominatim's do): no fault.
        f = OSMFixture()
        f.house(1, lat0, lon0, "1")
        f.node(2, lat0, east(800), ["addr:housenumber": "9"])
        f.way(100, [1, 2], ["addr:interpolation": "odd"])
        (report, index) = try f.build("no-street")
        #expect(addresses(index, way: 100).count == 3 && report.warnings.interpolationWarnings == 0)
        #expect(addresses(index)["9"]?.record.street == "Rue Test")
        // Without any street, within reach or on the line, the end is no address: the line has no end number.
        f = OSMFixture()
        f.node(1, lat0, lon0, ["addr:housenumber": "1"])
        f.node(2, lat0, east(800), ["addr:housenumber": "9"])
        f.way(100, [1, 2], ["addr:interpolation": "odd"])
        (report, index) = try f.build("no-street-at-all")
        #expect(addresses(index).isEmpty && report.warnings[.interpolationsWithoutEndNumber] == 1)
        #expect(report.warnings[.addressesWithoutStreet] == 2)
        // Ends on different streets.
        f = OSMFixture()
        f.house(1, lat0, lon0, "1", "Rue A")
        f.house(2, lat0, east(800), "9", "Rue B")
        f.way(100, [1, 2], ["addr:interpolation": "odd"])
        (report, index) = try f.build("streets")
        #expect(addresses(index, way: 100).isEmpty && report.warnings[.interpolationsAcrossStreets] == 1)
        // A value that is no type.
        (report, index) = try line("yes", from: "1", to: "9").build("unknown")
        #expect(addresses(index, way: 100).isEmpty && report.warnings[.interpolationsOfUnknownType] == 1)
        #expect(report.warnings.total == 1 && report.interpolationWays == 1)
        // Ten million numbers: one warning, at once.
        let started = Date()
        (report, index) = try line("all", from: "1", to: "10000001").build("long")
        #expect(addresses(index, way: 100).isEmpty && report.warnings[.interpolationsTooLong] == 1)
        #expect(Date().timeIntervalSince(started) < 5)
        // Descending is no fault.
        #expect(try line("odd", from: "9", to: "1").build("down").report.warnings.total == 0)
        // The warnings are in META, for `geoindex info`.
        let w = index.metadata["warnings"]
        #expect(w?["interpolations_too_long"]?.intValue == 1 && w?["interpolations_across_streets"]?.intValue == 0)
    }

    @Test func numbersThatExistNearbyAreNotAddedTwice() throws {
        var f = line("odd", from: "1", to: "11")
        // 7 exists as a building 30 m off the line; 5 exists on a street of that name 20 km away, another town.
        f.node(11, north(30), east(470))
        f.node(12, north(50), east(470))
        f.node(13, north(50), east(490))
        f.way(200, [11, 12, 13, 11], ["building": "house", "addr:housenumber": "7", "addr:street": "Rue Test"])
        f.house(20, north(20_000), lon0, "5")
        let (report, index) = try f.build("existing")
        #expect(Set(addresses(index, way: 100).keys) == ["3", "5", "9"])
        #expect(report.interpolatedAddresses == 3)
        // Two lines over the same range give each number once.
        var twice = line("odd", from: "1", to: "11")
        twice.way(101, [1, 2, 3], ["addr:interpolation": "odd"])
        let both = try twice.build("twice").index
        #expect(addresses(both, way: 100).count == 4 && addresses(both, way: 101).isEmpty)
    }

    @Test func theLineIsNothingElseAndItsOwnStreetWins() throws {
        // Mappers sometimes put the range and the street on the line itself.
        let f = line("odd", from: "1", to: "5", way: ["addr:housenumber": "1-5", "addr:street": "Rue Test", "addr:postcode": "999"])
        let index = try f.build("tagged").index
        let made = addresses(index, way: 100)
        #expect(Set(made.keys) == ["3"] && made["3"]?.record.postcode == "999")
        // A street tagged with a range stays a street as well.
        let street = try line("odd", from: "1", to: "5", way: ["highway": "residential", "name": "Rue Test"]).build("street").index
        #expect((0..<street.count).contains { street.kind($0) == .street } && addresses(street, way: 100).count == 1)
    }

    @Test func searchFindsAnInterpolatedNumberWhereItLies() throws {
        let index = try line("odd", from: "1", to: "11").build("search").index
        let engine = SearchEngine(index: index)
        let top = try #require(engine.search("7 rue test", options: SearchOptions()).results.first)
        #expect(top.houseNumber == "7" && top.kind == .address && top.osm == "w100")
        #expect(top.coordinate.distance(to: Coordinate(lat: lat0, lon: east(480))) < 3)
        // Numbers of one line share its id, yet none hides another: across two indexes, and in reverse.
        let street = SearchEngine(indexes: [index, index]).search("rue test", options: SearchOptions())
        #expect(Set(street.results.compactMap(\.houseNumber)).isSuperset(of: ["3", "5", "7", "9"]))
        let near = ReverseGeocoder(indexes: [index]).nearest(Coordinate(lat: lat0, lon: east(410)), radius: 300, limit: 4)
        #expect(near.compactMap(\.houseNumber) == ["7", "5", "9", "3"])
    }

    @Test func rulesAsValues() {
        #expect(HouseNumber("12a") == HouseNumber("12 a") && HouseNumber("12a")?.number == 12 && HouseNumber("12a")?.letter == 1)
        #expect(HouseNumber("A5") == nil && HouseNumber("99999999999999999999") == nil && HouseNumber("12/3")?.letter == nil)
        #expect(InterpolationType("odd") == .numbers(step: 2, parity: 1) && InterpolationType(" Even ") == .numbers(step: 2, parity: 0))
        #expect(InterpolationType("4") == .numbers(step: 4, parity: nil) && InterpolationType("0") == nil && InterpolationType("yes") == nil)
        var w = ImportWarnings()
        let n = InterpolationLines.numbers(from: HouseNumber("20")!, to: HouseNumber("12")!, type: .numbers(step: 2, parity: 0), warnings: &w)
        #expect(n?.map(\.text) == ["14", "16", "18"] && n?.map(\.fraction) == [0.75, 0.5, 0.25] && w.total == 0)
        #expect(InterpolationLines.numbers(from: HouseNumber("1")!, to: HouseNumber("2004")!, type: .numbers(step: 2, parity: 1),
                                           warnings: &w) == nil)
        #expect(w[.interpolationsTooLong] == 1 && w[.interpolationsNotFittingType] == 1)
        #expect(InterpolationLines.numberKeys("7 A") == ["7a"] && InterpolationLines.numberKeys("5;7") == ["5", "7"])
        #expect(InterpolationLines.numberKeys("10-12") == ["10-12", "10", "11", "12"])
    }
}
