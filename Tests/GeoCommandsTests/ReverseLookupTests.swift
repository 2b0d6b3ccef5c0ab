// `geoquery --reverse`: what is at a point, at each level of detail, in text,
// JSON and batch lines; nothing near is exit 1 with one line on stderr; bad
// points and flag combinations are usage errors.
import Foundation
import Testing
import GeoBase
import GeoTestSupport

@Suite struct ReverseLookupTests {
    var index: String { get throws { try TestData.indexPath(of: TestData.sample("town.osm")) } }

    @Test func eachLevelAnswersItsOwnKindOfPlace() throws {
        // Three metres from the address 11 Boulevard du Lac.
        let address = try InProcess.geoquery(["--reverse", "46.19660,6.80041", "-i", index, "--format", "text"])
        #expect(address.status == 0 && address.stdout.hasPrefix(" 1. 11 Boulevard du Lac  — Address · 1899 Rivebelle  (3 m)"))
        let street = try InProcess.geoquery(["--reverse", "46.19660,6.80041", "--reverse-level", "street", "-i", index, "--format", "json"])
        let s = try JSONValue.parse(street.output)
        #expect(s["level"]?.stringValue == "street" && s["results"]?[0]?["name"]?.stringValue == "Boulevard du Lac")
        // The distance is to the street's line, and its label says the same.
        let d = try #require(s["results"]?[0]?["distance_m"]?.intValue)
        #expect(d < 40 && s["results"]?[0]?["distance"]?.stringValue == "\(d) m")
        #expect(s["reverse"]?.arrayValue?.compactMap { $0.doubleValue } == [46.1966, 6.80041])
        let city = try InProcess.geoquery(["--reverse", "46.19660,6.80041", "--reverse-level", "city", "-i", index, "--format", "json"])
        #expect(try JSONValue.parse(city.output)["results"]?[0]?["name"]?.stringValue == "Rivebelle")
    }

    @Test func nothingNearIsExit1() throws {
        let far = try InProcess.geoquery(["--reverse", "10,10", "-i", index, "--format", "json"])
        #expect(far.status == 1)
        #expect(try JSONValue.parse(far.output)["count"]?.intValue == 0)
        #expect(far.stderr == "geoquery: nothing within 1.0 km of 10,10\n")
        // A wider radius reaches farther: the town from 3 km out.
        let out = try InProcess.geoquery(["--reverse", "46.23,6.80", "--reverse-level", "city", "--radius", "5000", "-i", index])
        #expect(out.status == 0)
    }

    @Test func batchLinesMixSearchesAndReverseLookUps() throws {
        let lines = """
        {"id":1,"reverse":[46.1966,6.80041]}
        {"id":2,"q":"rue gri","limit":1}
        {"id":3,"reverse":[46.1966,6.80041],"level":"suburb"}
        {"id":4,"reverse":[46.1966]}
        {"id":5,"reverse":[46.1966,6.80041],"level":"planet"}
        """
        let run = try InProcess.geoquery(["--batch", "-", "-i", index], stdin: lines + "\n")
        let answers = try run.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(answers.count == 5)
        #expect(answers[0]["results"]?[0]?["name"]?.stringValue == "11 Boulevard du Lac")
        #expect(answers[1]["query"]?.stringValue == "rue gri")
        #expect(answers[2]["level"]?.stringValue == "suburb" && answers[2]["results"]?[0]?["kind"]?.stringValue == "place")
        #expect(answers[3]["error"]?.stringValue?.contains("\"reverse\" must be [lat, lon]") == true)
        #expect(answers[4]["error"]?.stringValue?.contains("planet") == true)
    }

    @Test func badPointsAndCombinationsAreUsageErrors() throws {
        for (args, needle) in [(["--reverse", "7.42"], "--reverse expects LAT,LON"),
                               (["--reverse", "146.2,6.8"], "latitude 146.2 is out of range"),
                               (["--reverse", "46.2,6.8", "rue"], "give no TEXT"),
                               (["--reverse", "46.2,6.8", "--reverse-level", "house"], "--reverse-level must be"),
                               (["rue", "--reverse-level", "street"], "--reverse-level needs --reverse"),
                               (["--reverse", "46.2,6.8", "--near", "46.2,6.8"], "cannot be used together"),
                               (["--reverse", "46.2,6.8", "--batch"], "cannot be used together")] {
            let r = try InProcess.geoquery(args + ["-i", index])
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains(needle), "\(args): \(r.stderr)")
        }
    }
}
