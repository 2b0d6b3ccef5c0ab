// What `geoindex build` and `geoindex info` say about addr:interpolation ways:
// the addresses interpolated, and the lines left out, by reason, among the warnings.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
import GeoFormat
import GeoTestSupport

@Test func buildAndInfoReportInterpolatedAddressesAndTheLinesLeftOut() throws {
    let dir = TestData.tempPath("geoindex-interpolation")
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    func node(_ id: Int, _ lon: Double, _ number: String, _ street: String) -> String {
        "<node id=\"\(id)\" lat=\"46.2\" lon=\"\(lon)\"><tag k=\"addr:housenumber\" v=\"\(number)\"/><tag k=\"addr:street\" v=\"\(street)\"/></node>\n"
    }
    let osm = osmHead + node(1, 6.80, "1", "Rue Test") + node(2, 6.81, "11", "Rue Test") + node(3, 6.82, "21", "Rue Autre")
        + "<way id=\"10\"><nd ref=\"1\"/><nd ref=\"2\"/><tag k=\"addr:interpolation\" v=\"odd\"/></way>\n"
        + "<way id=\"11\"><nd ref=\"2\"/><nd ref=\"3\"/><tag k=\"addr:interpolation\" v=\"odd\"/></way>\n</osm>\n"
    try osm.write(toFile: dir + "/in.osm", atomically: true, encoding: .utf8)
    let build = try InProcess.geoindex(["build", dir + "/in.osm", "-o", dir + "/out.geoidx"])
    #expect(build.status == 0)
    #expect(build.stderr.contains("; 4 addresses interpolated along 2 ways; "))
    #expect(build.stderr.contains("warnings: address interpolations 1 across streets"))
    let info = try InProcess.geoindex(["info", dir + "/out.geoidx"]).stdout
    #expect(info.contains("address 7") && info.contains("interpolations_across_streets 1"))
    let json = try JSONValue.parse(try InProcess.geoindex(["info", dir + "/out.geoidx", "--json"]).output)
    #expect(json["warnings"]?["interpolations_too_long"]?.intValue == 0)
}

@Test func theBuildSummaryNamesEveryWarningItCounts() {
    var w = ImportWarnings()
    #expect(GeoindexCommand.summary(w) == "")
    w[.missingNodeRefs] = 3
    w[.waysWithMissingNodes] = 2
    w[.deletedElementsSkipped] = 4
    w[.unclosedRings] = 5   // only in META
    w[.interpolationsTooLong] = 1
    w[.interpolationsAcrossStreets] = 2
    #expect(GeoindexCommand.summary(w) == "3 missing node references in 2 ways, 4 deleted elements skipped, "
        + "address interpolations 2 across streets, 1 over 1,000 numbers")
    #expect(w.total == 10 && w.interpolationWarnings == 3)
}
