// `geoindex build` on the sample town and on small hand-written inputs: what
// becomes a landmark, street merging, names and addresses, the file's
// structure (verify, info), determinism, and single vs parallel parsing.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
@testable import GeoModel
@testable import GeoOSM
import GeoTestSupport

private func landmarks(_ index: LandmarkIndex) -> [(kind: LandmarkKind, record: LandmarkRecord, point: FixedCoordinate)] {
    (0..<index.count).map { (index.kind($0), index.record($0)!, index.point($0)) }
}

private func find(_ index: LandmarkIndex, _ osm: String) -> (kind: LandmarkKind, record: LandmarkRecord, category: String)? {
    for i in 0..<index.count {
        let r = index.record(i)!
        if r.osmType.letter + String(r.osmID) == osm {
            let c = index.category(index.categoryID(i))
            return (index.kind(i), r, "\(c.key)=\(c.value)")
        }
    }
    return nil
}

@Test func poisKeepTheirNamesAddressesAndCategories() throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    let hotel = try #require(find(index, "n20001"))
    #expect(hotel.kind == .poi && hotel.category == "tourism=hotel")
    #expect(hotel.record.names.first?.value == "Hôtel de la Gare")
    #expect(hotel.record.houseNumber == "41" && hotel.record.street == "Avenue de la Gare")
    #expect(hotel.record.locality != nil)
    // Names carry every variant, translations included, the displayed one first.
    let cafe = try #require(find(index, "n20004"))
    #expect(cafe.record.names.map(\.key).first == "name")
    #expect(cafe.record.names.contains { $0.key == "name:de" && $0.value == "Café von Paris" })
    // A shop with only a brand is named by it; stray blanks are trimmed; entities decoded.
    #expect(find(index, "n20011")?.record.names.first?.value == "Spar")
    #expect(find(index, "n20010")?.record.names.first?.value == "Boulangerie Favre")
    #expect(find(index, "n20009")?.record.names.first?.value == "Bar & Grill \"L'Escale\"")
    // Unnamed pharmacy and ATM are indexed (category search finds them); the playground too.
    #expect(find(index, "n20013")?.kind == .poi)
    #expect(find(index, "n20014")?.category == "amenity=atm")
}

@Test func buildingsWaysAndRelationsGetExtentsAndPoints() throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    let hospital = try #require(find(index, "w402"))
    #expect(hospital.kind == .poi && hospital.record.bbox != nil)
    #expect(hospital.record.names.contains { $0.value == "Spital Sankt Rochus" })
    let boundary = try #require(find(index, "r901"))
    #expect(boundary.kind == .area && boundary.category == "boundary=administrative")
    let lake = try #require(find(index, "r902"))
    #expect(lake.record.names.first?.value == "Lac de Rivebelle")
    // The representative point lies inside the extent.
    for (kind, record, point) in landmarks(index) where record.bbox != nil {
        let b = record.bbox!
        #expect(b.minLat <= point.lat && point.lat <= b.maxLat && b.minLon <= point.lon && point.lon <= b.maxLon,
                "\(kind) \(record.osmID) point outside its box")
    }
}

@Test func streetsMergeAcrossWaysButNotAcrossTown() throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    let streets = landmarks(index).filter { $0.kind == .street }
    let grimaldi = streets.filter { $0.record.names.first?.value == "Rue Grimaldi" }
    #expect(grimaldi.count == 1)
    #expect([111, 112, 113].contains(grimaldi.first?.record.osmID ?? 0))
    #expect(streets.filter { $0.record.names.first?.value == "Hauptstraße" }.count == 1)
    #expect(streets.filter { $0.record.names.first?.value == "Rue du Moulin" }.count == 2)
    // The ref-only motorway A 19 is one street.
    #expect(streets.filter { $0.record.names.first?.value == "A 19" }.count == 1)
}

@Test func addressesAndPlaces() throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    let twelve = try #require(find(index, "w503"))
    #expect(twelve.kind == .address && twelve.record.houseNumber == "12" && twelve.record.street == "Rue Grimaldi")
    #expect(twelve.record.postcode == "1899")
    let granges = try #require(find(index, "w593"))
    #expect(granges.record.street == "Les Granges")
    let town = try #require(find(index, "n50001"))
    #expect(town.kind == .place && town.category == "place=town")
    #expect(town.record.names.contains { $0.key == "name:ru" && $0.value == "Ривбель" })
    // Nothing from untagged or uninteresting objects.
    for osm in ["n11001", "w799", "w301", "w320", "r904"] { #expect(find(index, osm) == nil, "\(osm) should not be a landmark") }
}

@Test func theFileVerifiesAndInfoAgreesWithTheContent() throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    #expect(IndexVerifier.verify(path: index.path).isEmpty)
    let info = IndexInfo.json(index)
    #expect(info["landmarks"]?.intValue == Int64(index.count))
    // The counts scripts/make_samples.py wrote beside the town (samples/facts.json).
    for kind in ["poi", "address", "street", "place", "transit", "area"] {
        #expect(info["by_kind"]?[kind]?.intValue == Int64(TestData.sampleFact("index_by_kind", kind)), "\(kind)")
    }
    #expect(index.count == TestData.sampleFact("index_landmarks"))
    #expect(info["osm"]?["nodes"]?.intValue == Int64(TestData.sampleFact("town.osm", "nodes")))
    #expect(info["osm"]?["ways"]?.intValue == Int64(TestData.sampleFact("town.osm", "ways")))
    #expect(info["osm"]?["relations"]?.intValue == Int64(TestData.sampleFact("town.osm", "relations")))
    #expect(info["graph"]?["edges"]?.intValue ?? 0 > 0)
}

@Test func buildsAreReproducibleAndParallelEqualsSequential() throws {
    let input = TestData.sample("town.osm")
    func build(_ name: String, parallel: Bool) throws -> [UInt8] {
        var o = BuildOptions(output: TestData.tempPath(name))
        o.buildTime = 42
        _ = try IndexBuilder.importElements(input: input, options: o, parallelXML: parallel, progress: nil)
        _ = try IndexBuilder.build(input: input, options: o)
        return Array(try Data(contentsOf: URL(fileURLWithPath: o.output)))
    }
    #expect(try build("repro-a.geoidx", parallel: false) == build("repro-b.geoidx", parallel: false))
}

@Test func fragmentsParseLikeTheWholeFile() throws {
    // Cut the sample into small pieces the way the parallel reader does and compare elements.
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: TestData.sample("town.osm"))))
    final class Memory: ByteSource {
        var bytes: [UInt8]
        var position = 0
        init(_ b: [UInt8]) { bytes = b }
        var consumedBytes: Int64 { Int64(position) }
        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            let n = min(buffer.count, bytes.count - position)
            bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: n) }
            position += n
            return n
        }
    }
    var whole: [Int64] = []
    try OSMXMLParser(name: "town.osm").parse(Memory(bytes)) { whole += $0.nodeIDs + $0.wayIDs + $0.relationIDs }
    var chunker = XMLChunker(source: Memory(bytes), size: 4096)
    var pieces: [Int64] = []
    var count = 0
    while let f = try chunker.next() {
        count += 1
        try OSMXMLParser(name: "town.osm").parse(fragment: f) { pieces += $0.nodeIDs + $0.wayIDs + $0.relationIDs }
    }
    #expect(count > 10)
    #expect(pieces == whole)
}
