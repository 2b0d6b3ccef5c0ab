// Several indexes (one per region) used as one: search merges by score and
// shows an object present in two overlapping extracts once; georoute matches
// each track on the region that holds it; a directory stands for its indexes.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoSearch
import GeoTestSupport

/// The sample town moved one degree north: a second "region" with the same names.
private func shiftedTown() throws -> String {
    let path = TestData.tempPath("town-north.osm")
    if FileManager.default.fileExists(atPath: path) { return path }
    var text = try String(contentsOfFile: TestData.sample("town.osm"), encoding: .utf8)
    let pattern = try NSRegularExpression(pattern: #"lat=["'](-?[0-9.]+)["']"#)
    let ns = text as NSString
    var out = ""
    var last = 0
    for m in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
        out += ns.substring(with: NSRange(location: last, length: m.range.location - last))
        let lat = Double(ns.substring(with: m.range(at: 1)))! + 1
        out += "lat=\"\(String(format: "%.7f", lat))\""
        last = m.range.location + m.range.length
    }
    out += ns.substring(from: last)
    text = out.replacingOccurrences(of: "minlat=\"", with: "minlat=\"").replacingOccurrences(of: "<bounds", with: "<bounds")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

private func regions() throws -> (south: LandmarkIndex, north: LandmarkIndex) {
    (try TestData.index(of: TestData.sample("town.osm")), try TestData.index(of: shiftedTown()))
}

@Test func searchMergesRegionsByScoreAndDistance() throws {
    let (south, north) = try regions()
    let engine = SearchEngine(indexes: [south, north])
    var o = SearchOptions()
    o.near = Coordinate(lat: 47.2, lon: 6.8)     // in the northern copy
    let r = engine.search("hotel bellevue", options: o)
    #expect(r.results.count == 2)
    #expect(r.results[0].source == 1 && r.results[1].source == 0)
    #expect(r.results[0].distance! < r.results[1].distance!)
    o.near = Coordinate(lat: 46.2, lon: 6.8)
    #expect(engine.search("hotel bellevue", options: o).results.first?.source == 0)
}

@Test func theSameObjectInTwoExtractsIsShownOnce() throws {
    let town = try TestData.index(of: TestData.sample("town.osm"))
    let engine = SearchEngine(indexes: [town, town])
    let r = engine.search("hotel bellevue", options: SearchOptions())
    #expect(r.results.count == 1)
}

@Test func commandsTakeSeveralIndexesOrADirectory() throws {
    let (south, north) = try regions()
    let dir = TestData.tempPath("regions")
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: south.path, toPath: dir + "/south.geoidx")
    try FileManager.default.copyItem(atPath: north.path, toPath: dir + "/north.geoidx")
    let both = try Executable.run("geoquery", ["hotel bellevue", "-i", dir, "--format", "json"])
    #expect(both.status == 0)
    #expect(try JSONValue.parse(Array(both.stdout.utf8))["count"]?.intValue == 2)
    let two = try Executable.run("geoquery", ["hotel bellevue", "-i", south.path, "-i", north.path, "--near", "47.2,6.8", "--format", "json"])
    #expect(try JSONValue.parse(Array(two.stdout.utf8))["results"]?[0]?["lat"]?.doubleValue ?? 0 > 47)
    // Each result says which index it came from: the northern copy is the second given.
    #expect(try JSONValue.parse(Array(two.stdout.utf8))["results"]?[0]?["source"]?.intValue == 1)
    // The ride drawn in the southern town matches there; moved north it matches on the northern index.
    let south1 = try Executable.run("georoute", ["match", TestData.sample("town-ride.gpx"), "-i", dir, "--format", "json"])
    #expect(south1.status == 0)
    let json = try JSONValue.parse(Array(south1.stdout.utf8))
    #expect((json["distance_m"]?.doubleValue ?? 0) > 2_500)
}

@Test func openingManyIndexesIsCheap() throws {
    let town = try TestData.index(of: TestData.sample("town.osm"))
    let start = Date()
    let opened = try (0..<10).map { _ in try LandmarkIndex(path: town.path) }
    #expect(opened.count == 10)
    // Generous bound for a debug build on a busy machine; the benchmark measures the real figure.
    #expect(Date().timeIntervalSince(start) < 1)
}

/// Monaco and Andorra as two regions: a category word typed near Andorra lists Andorra's
/// pharmacies (named "Farmacia …" or not at all), not Monaco's "Pharmacie …" 500 km away whose
/// name happens to spell the word; near Monaco, Monaco's come first.
@Test(.sharedData("osrm/monaco.osm.pbf", "andorra.osm.pbf")) func aCategoryWordFindsTheNearbyRegionsObjects() throws {
    let monacoFile = try #require(TestData.shared("osrm/monaco.osm.pbf"))
    let andorraFile = try #require(TestData.shared("andorra.osm.pbf"))
    let engine = SearchEngine(indexes: [try TestData.index(of: monacoFile), try TestData.index(of: andorraFile)])
    var o = SearchOptions()
    o.near = Coordinate(lat: 42.507, lon: 1.521)   // Andorra la Vella
    o.limit = 5
    for word in ["pharmacie", "pharmacy", "farmacia"] {
        let r = engine.search(word, options: o)
        // The extract has three pharmacies: all three first, before anything of Monaco's.
        let andorran = r.results.prefix { $0.source == 1 }
        #expect(andorran.count == 3, "\(word)")
        #expect(andorran.allSatisfy { $0.category == "amenity=pharmacy" && $0.distance! < 20_000 }, "\(word)")
    }
    o.near = Coordinate(lat: 43.7384, lon: 7.4246)  // Monaco
    let r = engine.search("pharmacie", options: o)
    #expect(r.results.allSatisfy { $0.source == 0 && $0.distance! < 2_000 })
}
