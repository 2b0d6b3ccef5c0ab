// `geoquery --extra` as scripts use it: an unknown key is exit 2 with one line
// naming the flag, the key and the keys there are; JSON has `extra` only when
// asked for (empty when the landmark has none), keys in the documented order;
// text shows the tags on an indented line; batch lines and reverse look-ups
// take `extra` too; `geoindex info` counts the landmarks with each tag.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport

private func townIndex() throws -> String {
    try TestData.index(of: TestData.sample("town.osm")).path
}

@Test func anUnknownExtraKeyIsAUsageErrorListingTheKeys() throws {
    let idx = try townIndex()
    let bad = try InProcess.geoquery(["tamoil", "-i", idx, "--extra", "opening_hours,colour"])
    #expect(bad.status == 2)
    let first = bad.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.contains("--extra") && first.contains("\"colour\"") && first.contains("opening_hours, phone, website"))
    let empty = try InProcess.geoquery(["tamoil", "-i", idx, "--extra", ","])
    #expect(empty.status == 2 && empty.stderr.contains("--extra needs at least one key"))
    let missing = try InProcess.geoquery(["tamoil", "-i", idx, "--extra"])
    #expect(missing.status == 2)
}

@Test func jsonHasExtraOnlyWhenAskedInTheDocumentedOrder() throws {
    let idx = try townIndex()
    let plain = try JSONValue.parse(Array(try InProcess.geoquery(["tamoil", "-i", idx, "--format", "json"]).stdout.utf8))
    #expect(plain["results"]?[0]?["extra"] == nil)
    let asked = try InProcess.geoquery(["tamoil", "-i", idx, "--format", "json", "--extra", "brand,OPENING_HOURS,phone"])
    #expect(asked.status == 0)
    let r = try #require(try JSONValue.parse(Array(asked.stdout.utf8))["results"]?[0])
    #expect(r["extra"]?.objectValue?.map(\.0) == ["opening_hours", "brand"])
    #expect(r["extra"]?["opening_hours"]?.stringValue == "24/7")
    // The field sits after the address.
    let keys = r.objectValue?.map(\.0) ?? []
    #expect(keys.firstIndex(of: "extra") == keys.firstIndex(of: "address").map { $0 + 1 })
    // Asked for, but the landmark has none: an empty object, so clients need not test for it.
    let none = try JSONValue.parse(Array(try InProcess.geoquery(["tamoil", "-i", idx, "--format", "json", "--extra", "phone"]).stdout.utf8))
    #expect(none["results"]?[0]?["extra"]?.objectValue?.isEmpty == true)
}

@Test func textShowsTheTagsOnAnIndentedLine() throws {
    let out = try InProcess.geoquery(["tamoil", "-i", try townIndex(), "--format", "text", "--limit", "1", "--extra", "all"]).stdout
    let lines = out.split(separator: "\n")
    #expect(lines.count == 2 && lines[1] == "      opening_hours: 24/7 · brand: Tamoil", "\(out)")
}

@Test func batchLinesAndReverseLookUpsTakeExtra() throws {
    let idx = try townIndex()
    let input = """
    {"id": 1, "q": "tamoil", "limit": 1, "extra": ["opening_hours"]}
    {"id": 2, "q": "tamoil", "extra": ["nope"]}
    {"id": 3, "q": "tamoil", "extra": "opening_hours"}
    {"id": 4, "reverse": [46.19696, 6.80473], "extra": ["website"]}
    {"id": 5, "q": "tamoil", "limit": 1}
    """
    let run = try InProcess.geoquery(["--batch", "-", "-i", idx], stdin: input + "\n")
    let lines = run.stdout.split(separator: "\n").map { try? JSONValue.parse(Array($0.utf8)) }
    #expect(lines.count == 5)
    #expect(lines[0]?["results"]?[0]?["extra"]?.objectValue?.map(\.0) == ["opening_hours"])
    #expect(lines[1]?["error"]?.stringValue?.contains("unknown extra tag \"nope\"") == true)
    #expect(lines[2]?["error"]?.stringValue?.contains("must be an array") == true)
    #expect(lines[3]?["results"]?[0]?["extra"]?["website"]?.stringValue == "https://bellevue.example.org/?lang=fr&src=osm")
    #expect(lines[4]?["results"]?[0]?["extra"] == nil)
    // --extra on the command line is every line's default.
    let defaulted = try InProcess.geoquery(["--batch", "-", "-i", idx, "--extra", "brand"], stdin: "{\"q\": \"tamoil\", \"limit\": 1}\n")
    #expect(try JSONValue.parse(Array(defaulted.stdout.utf8))["results"]?[0]?["extra"]?["brand"]?.stringValue == "Tamoil")
    let reverse = try InProcess.geoquery(["--reverse", "46.19696,6.80473", "-i", idx, "--format", "json", "--extra", "website"])
    #expect(try JSONValue.parse(Array(reverse.stdout.utf8))["results"]?[0]?["extra"]?["website"] != nil)
}

@Test func infoCountsTheLandmarksWithEachExtraTag() throws {
    let idx = try townIndex()
    let json = try JSONValue.parse(try InProcess.geoindex(["info", idx, "--json"]).output)
    #expect(json["extra_tags"]?["cuisine"]?.intValue == 4 && json["extra_tags"]?["website"]?.intValue == 1)
    #expect(json["sections"]?["EXTR"]?.intValue ?? 0 > 0)
    let text = try InProcess.geoindex(["info", idx]).stdout
    #expect(text.contains("extra tags:    opening_hours ") && text.contains("cuisine 4"))
}
