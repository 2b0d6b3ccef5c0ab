// The geoindex and geoquery commands as scripts use them, run in process
// through their `run`: exit codes, stable JSON, batch mode with a bad line,
// index discovery, and clear one-line errors for bad options and corrupt or
// truncated index files.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport

private func townIndex() throws -> String {
    try TestData.index(of: TestData.sample("town.osm")).path
}

@Test func geoqueryExitCodesAndJSON() throws {
    let idx = try townIndex()
    let found = try InProcess.geoquery(["hotel bellevue", "-i", idx, "--near", "46.2,6.8", "--format", "json"])
    #expect(found.status == 0)
    let json = try JSONValue.parse(Array(found.stdout.utf8))
    #expect(json["query"]?.stringValue == "hotel bellevue")
    let first = try #require(json["results"]?[0])
    #expect(first["name"]?.stringValue == "Hotel Bellevue")
    #expect(first.objectValue?.map(\.0) == ["name", "subtitle", "kind", "category", "icon", "osm", "lat", "lon",
                                            "address", "distance_m", "distance", "highlights", "action", "score", "source"])
    #expect(json["area"]?.arrayValue?.count == 4)
    let none = try InProcess.geoquery(["zzqqxx", "-i", idx])
    #expect(none.status == 1)
    let bad = try InProcess.geoquery(["hotel", "-i", idx, "--bbox", "7.5,43.7,7.4,43.8"])
    #expect(bad.status == 2 && bad.stderr.contains("swapped"))
    let unknown = try InProcess.geoquery(["hotel", "-i", idx, "--frobnicate"])
    #expect(unknown.status == 2 && unknown.stderr.contains("unknown option --frobnicate"))
}

@Test func geoqueryFormats() throws {
    let idx = try townIndex()
    let geo = try InProcess.geoquery(["rue", "-i", idx, "--format", "geojson", "--limit", "3"])
    let fc = try JSONValue.parse(Array(geo.stdout.utf8))
    #expect(fc["type"]?.stringValue == "FeatureCollection")
    #expect(fc["features"]?.arrayValue?.count == 3)
    #expect(fc["features"]?[0]?["geometry"]?["type"]?.stringValue == "Point")
    let nd = try InProcess.geoquery(["rue", "-i", idx, "--format", "ndjson", "--limit", "4"])
    #expect(nd.stdout.split(separator: "\n").count == 4)
    let text = try InProcess.geoquery(["cafe mul", "-i", idx, "--format", "text"])
    #expect(text.stdout.contains("[Café] [Mül]ler"))
    let grouped = try InProcess.geoquery(["rue", "-i", idx, "--group", "--limit", "20", "--format", "json"])
    #expect((try JSONValue.parse(Array(grouped.stdout.utf8))["groups"]?.arrayValue?.count ?? 0) > 0)
    let miles = try InProcess.geoquery(["gare", "-i", idx, "--near", "46.19,6.79", "--units", "imperial", "--format", "json"])
    #expect(miles.stdout.contains(" mi\"") || miles.stdout.contains(" ft\""))
}

@Test func geoqueryBatchAnswersEveryLineInOrder() throws {
    let idx = try townIndex()
    let input = """
    {"id": 1, "q": "hotel", "near": [46.2, 6.8], "limit": 2}
    {"id": "two", "q": "pharmacy", "types": ["poi"]}
    this is not json
    {"id": 4, "q": "rue", "bbox": [6.81, 46.2, 6.80, 46.21]}
    {"id": 5, "q": "cafe", "lang": "de", "radius": 400, "near": [46.2, 6.8]}

    """
    let r = try InProcess.geoquery(["--batch", "-", "-i", idx], stdin: input)
    #expect(r.status == 0)
    let lines = r.stdout.split(separator: "\n").map { try? JSONValue.parse(Array($0.utf8)) }
    #expect(lines.count == 5)
    #expect(lines[0]?["id"]?.intValue == 1 && lines[0]?["count"]?.intValue == 2)
    #expect(lines[1]?["id"]?.stringValue == "two")
    #expect(lines[2]?["error"]?.stringValue?.contains("line 3") == true)
    #expect(lines[3]?["id"]?.intValue == 4 && lines[3]?["error"]?.stringValue?.contains("swapped") == true)
    let names = lines[4]?["results"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    #expect(names.contains("Café von Paris") && !names.contains("Café de Paris"))
}

@Test func geoqueryFindsTheOnlyIndexOrExplains() throws {
    let dir = TestData.tempPath("discover")
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "GEOINDEX")
    let none = try InProcess.geoquery(["hotel"], environment: env, currentDirectory: dir)
    #expect(none.status == 2 && none.stderr.contains("GEOINDEX"))
    try FileManager.default.copyItem(atPath: try townIndex(), toPath: dir + "/town.geoidx")
    let one = try InProcess.geoquery(["hotel", "--format", "json"], environment: env, currentDirectory: dir)
    #expect(one.status == 0)
    try FileManager.default.copyItem(atPath: try townIndex(), toPath: dir + "/other.geoidx")
    let two = try InProcess.geoquery(["hotel"], environment: env, currentDirectory: dir)
    #expect(two.status == 2 && two.stderr.contains("other.geoidx") && two.stderr.contains("town.geoidx"))
    env["GEOINDEX"] = dir + "/town.geoidx"
    #expect(try InProcess.geoquery(["hotel"], environment: env, currentDirectory: dir).status == 0)
}

@Test func corruptAndTruncatedIndexesExitTwoWithAMessage() throws {
    let good = Array(try Data(contentsOf: URL(fileURLWithPath: try townIndex())))
    let truncated = TestData.tempPath("truncated.geoidx")
    FileManager.default.createFile(atPath: truncated, contents: Data(good.prefix(good.count / 3)))
    let t = try InProcess.geoquery(["hotel", "-i", truncated])
    #expect(t.status == 2 && t.stderr.contains("corrupt"))
    var flipped = good
    flipped[10] ^= 0xFF    // the version field
    let v = TestData.tempPath("version.geoidx")
    FileManager.default.createFile(atPath: v, contents: Data(flipped))
    let vr = try InProcess.geoquery(["hotel", "-i", v])
    #expect(vr.status == 2 && vr.stderr.contains("version"))
    let text = TestData.tempPath("text.geoidx")
    FileManager.default.createFile(atPath: text, contents: Data("hello".utf8))
    #expect(try InProcess.geoquery(["hotel", "-i", text]).stderr.contains("not a geoindex file"))
}

@Test func geoindexCommandsAndExitCodes() throws {
    let out = TestData.tempPath("cli-town.geoidx")
    let build = try InProcess.geoindex(["build", TestData.sample("town.osm"), "-o", out])
    #expect(build.status == 0 && build.stderr.contains("136 landmarks"))
    let info = try InProcess.geoindex(["info", out, "--json"])
    #expect(try JSONValue.parse(Array(info.stdout.utf8))["landmarks"]?.intValue == 136)
    #expect(try InProcess.geoindex(["verify", out]).status == 0)
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: out)))
    bytes[bytes.count / 2] ^= 0x55
    let broken = TestData.tempPath("cli-broken.geoidx")
    FileManager.default.createFile(atPath: broken, contents: Data(bytes))
    let v = try InProcess.geoindex(["verify", broken])
    #expect(v.status == 1 && v.stderr.contains("index file is corrupt"))
    let quiet = try InProcess.geoindex(["build", TestData.sample("town.osm"), "-o", out, "--quiet"])
    #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    let missing = try InProcess.geoindex(["build", "no-such.osm"])
    #expect(missing.status == 2 && missing.stderr.contains("no-such.osm"))
    let usage = try InProcess.geoindex(["frob"])
    #expect(usage.status == 2)
    let stdin = try InProcess.geoindex(["build", "-", "-o", TestData.tempPath("stdin.geoidx"), "-q"],
                                   stdin: try String(contentsOfFile: TestData.sample("town.osm"), encoding: .utf8))
    #expect(stdin.status == 0)
}
