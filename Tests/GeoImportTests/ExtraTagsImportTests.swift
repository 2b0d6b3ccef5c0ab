// Extra tags through the import: the sample town's (website, cuisine, opening
// hours, operator, brand), which OSM keys feed which key, and hostile values —
// ten thousand characters, control characters, empty or blank — cleaned before
// they reach the index. On Monaco (skipped when ../shared/data is absent): the
// tags are there and the section stays small.
import Foundation
import Testing
@testable import GeoFormat
@testable import GeoImport
import GeoModel
import GeoTestSupport

private func landmark(_ index: LandmarkIndex, _ osm: String) -> Int? {
    (0..<index.count).first { index.record($0)?.osmRef?.description == osm }
}

@Test func theSampleTownKeepsItsExtraTags() throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    let hotel = try #require(landmark(index, "n20002"))
    #expect(index.extraTags(hotel, .everything) == ["website": "https://bellevue.example.org/?lang=fr&src=osm"])
    let fuel = try #require(landmark(index, "n20017"))
    #expect(index.extraTags(fuel, .everything) == ["opening_hours": "24/7", "brand": "Tamoil"])
    // Only what is asked for, and nothing for a key the landmark lacks.
    #expect(index.extraTags(fuel, ExtraTagSelection(["opening_hours", "phone"])) == ["opening_hours": "24/7"])
    #expect(index.extraTags(fuel, ExtraTagSelection([])) == [:])
    let post = try #require(landmark(index, "n20016"))
    #expect(index.extraTags(post, ExtraTagSelection(["OPERATOR"])) == ["operator": "La Poste"])
    let pizza = try #require(landmark(index, "n20007"))
    #expect(index.extraTags(pizza, ExtraTagSelection(["cuisine"])) == ["cuisine": "italian;pizza"])
}

@Test func oneKeyReadsSeveralOSMKeysTheFirstPresentWinning() {
    let t = ExtraTags.extract(["contact:phone": "+41 1", "phone": "+41 2", "url": "http://u", "contact:website": "http://c",
                               "contact:email": "a@b", "shop": "bakery"])
    #expect(t == [ExtraTag(key: "phone", value: "+41 2"), ExtraTag(key: "website", value: "http://c"),
                  ExtraTag(key: "email", value: "a@b")])
    #expect(ExtraTags.extract(["contact:phone": "+41 1", "url": "http://u"]).map(\.value) == ["+41 1", "http://u"])
}

@Test func valuesAreCleaned() {
    #expect(ExtraTags.clean("  Mo-Fr\t08:00-12:00\n\u{1}\u{7F}\u{85}; Sa  ") == "Mo-Fr 08:00-12:00 ; Sa")
    #expect(ExtraTags.clean("") == nil && ExtraTags.clean(" \t\n") == nil && ExtraTags.clean("\u{0}") == nil)
    let long = ExtraTags.clean(String(repeating: "é", count: 10_000))
    #expect(long?.unicodeScalars.count == ExtraTags.maxValueScalars)
    #expect(ExtraTags.clean("a" + String(repeating: " ", count: 300) + "b") == "a b")
}

@Test func hostileValuesAreCleanedOnImport() throws {
    let huge = String(repeating: "x", count: 10_000)
    let xml = """
    <?xml version='1.0' encoding='UTF-8'?>
    <osm version="0.6">
    <node id="1" lat="46.1" lon="6.9"><tag k="amenity" v="cafe"/><tag k="name" v="Huge"/><tag k="opening_hours" v="\(huge)"/></node>
    <node id="2" lat="46.1001" lon="6.9001"><tag k="amenity" v="cafe"/><tag k="name" v="Controls"/><tag k="phone" v="+41&#9;22&#10;&#13;333"/><tag k="website" v="   "/><tag k="contact:website" v="http://c.example"/></node>
    <node id="3" lat="46.1002" lon="6.9002"><tag k="amenity" v="cafe"/><tag k="name" v="Empty"/><tag k="wheelchair" v=""/><tag k="fee" v="no"/></node>
    <node id="4" lat="46.1003" lon="6.9003"><tag k="amenity" v="cafe"/><tag k="name" v="Same"/><tag k="fee" v="no"/><tag k="wheelchair" v="yes"/></node>
    </osm>
    """
    let input = TestData.tempPath("extra-hostile.osm")
    try xml.write(toFile: input, atomically: true, encoding: .utf8)
    var options = BuildOptions(output: TestData.tempPath("extra-hostile.geoidx"))
    options.buildTime = 0
    _ = try IndexBuilder.build(input: input, options: options)
    #expect(IndexVerifier.verify(path: options.output).isEmpty)
    let index = try LandmarkIndex(path: options.output)
    let tags = Dictionary(uniqueKeysWithValues: (0..<index.count).map { (index.record($0)!.osmID, index.extraTags($0, .everything)) })
    #expect(tags[1]?["opening_hours"] == String(repeating: "x", count: ExtraTags.maxValueScalars))
    // Blank website: the next key in line is used; tabs and line breaks become one space each run.
    #expect(tags[2] == ["phone": "+41 22 333", "website": "http://c.example"])
    #expect(tags[3] == ["fee": "no"])
    #expect(tags[4] == ["fee": "no", "wheelchair": "yes"])
    // Each distinct value is stored once ("no" serves two landmarks): 255 x's (2-byte length), "+41 22 333",
    // "http://c.example", "no", "yes", each with its length byte.
    #expect(index.extraTagReader.values.count == 257 + 11 + 17 + 3 + 4)
}

@Test(.sharedData("osrm/monaco.osm.gz")) func monacoKeepsItsExtraTagsInASmallSection() throws {
    let path = try #require(TestData.shared("osrm/monaco.osm.gz"))
    let index = try TestData.index(of: path)
    #expect(IndexVerifier.verify(path: index.path).isEmpty)
    var byKey: [String: Int] = [:]
    for i in 0..<index.count {
        for k in index.extraTags(i, .everything).keys { byKey[k, default: 0] += 1 }
    }
    // This extract is from before most of Monaco's shops had opening hours; phones and operators it has.
    #expect((byKey["operator"] ?? 0) > 80 && (byKey["phone"] ?? 0) > 40 && (byKey["website"] ?? 0) > 30
            && (byKey["opening_hours"] ?? 0) > 5, "\(byKey)")
    let extra = try #require(index.sections[.extraTags]).length
    let landmarks = index.file.view.count - (index.sections[.graph]?.length ?? 0) - (index.sections[.mapShapes]?.length ?? 0)
    print("Monaco: EXTR \(extra) bytes, \(landmarks) bytes of landmark sections, \(index.count) landmarks, by key \(byKey.sorted { $0.key < $1.key })")
    // Small beside the rest: under a tenth of the landmark sections.
    #expect(extra * 10 < landmarks)
}
