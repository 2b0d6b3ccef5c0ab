// The importer's compact stores (NodeStore, WayExtentStore) against a plain
// dictionary, in memory and file-backed, and `--node-store file` giving the
// same index byte for byte as the in-memory store.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoImport
import GeoTestSupport

/// Ascending ids with gaps of 1…40 and positions that wander like a real extract's, plus
/// occasional jumps across the globe (the deltas then need every varint byte).
private func syntheticNodes(_ n: Int, seed: UInt64) -> [(Int64, Int32, Int32)] {
    var rng = SplitMix64(seed: seed)
    var id: Int64 = 1_000 + Int64(rng.next() % 1000)
    var lat: Int32 = 437_000_000, lon: Int32 = 74_000_000
    var out: [(Int64, Int32, Int32)] = []
    for i in 0..<n {
        id += 1 + Int64(rng.next() % 40)
        if i % 997 == 0 {
            lat = Int32(Int64(rng.next() % 1_800_000_000) - 900_000_000)
            lon = Int32(Int64(rng.next() % 3_600_000_000) - 1_800_000_000)
        } else {
            lat = max(-900_000_000, min(900_000_000, lat &+ Int32(Int64(rng.next() % 2001) - 1000)))
            lon = max(-1_800_000_000, min(1_800_000_000, lon &+ Int32(Int64(rng.next() % 2001) - 1000)))
        }
        out.append((id, lat, lon))
    }
    return out
}

@Test(arguments: [false, true])
func nodeStoreAnswersLikeADictionary(fileBacked: Bool) throws {
    let store = fileBacked ? try NodeStore(backing: .file(directory: TestData.tempDirectory.path)) : NodeStore()
    let nodes = syntheticNodes(50_000, seed: fileBacked ? 7 : 3)
    for (id, lat, lon) in nodes { store.append(id: id, lat: lat, lon: lon) }
    // Out-of-order ids (an unsorted file) still resolve, and replace nothing sequential.
    store.append(id: 5, lat: 10, lon: 20)
    store.append(id: nodes[100].0 + 1, lat: -30, lon: -40)
    #expect(store.count == nodes.count + 2)
    #expect(store.outOfOrderCount == 2)
    #expect(store.failure == nil)

    // Random order (cursor restarts), then ascending runs (cursor continues), then misses.
    var rng = SplitMix64(seed: 11)
    for _ in 0..<20_000 {
        let (id, lat, lon) = nodes[Int(rng.next() % UInt64(nodes.count))]
        #expect(store.coordinate(of: id) == FixedCoordinate(lat: lat, lon: lon))
    }
    for (id, lat, lon) in nodes[1000..<3000] { #expect(store.coordinate(of: id) == FixedCoordinate(lat: lat, lon: lon)) }
    #expect(store.coordinate(of: 5) == FixedCoordinate(lat: 10, lon: 20))
    #expect(store.coordinate(of: nodes[100].0 + 1) == FixedCoordinate(lat: -30, lon: -40))
    let ids = Set(nodes.map(\.0))
    var misses = 0
    for probe in stride(from: nodes[0].0 - 10, to: nodes[400].0, by: 1) where !ids.contains(probe) && probe != 5 && probe != nodes[100].0 + 1 {
        #expect(store.coordinate(of: probe) == nil)
        misses += 1
    }
    #expect(misses > 1000)
    #expect(store.coordinate(of: nodes.last!.0 + 1) == nil)
    // Compact: the mostly-local positions cost well under the 16 bytes of a raw id and position.
    #expect(store.memoryBytes < nodes.count * 8)
}

@Test func wayExtentStoreAnswersLikeADictionary() {
    let store = WayExtentStore()
    var rng = SplitMix64(seed: 5)
    var expected: [Int64: FixedBoundingBox] = [:]
    var id: Int64 = 10
    for _ in 0..<20_000 {
        id += 1 + Int64(rng.next() % 5)
        let lat = Int32(Int64(rng.next() % 1_000_000) + 437_000_000), lon = Int32(Int64(rng.next() % 1_000_000) + 74_000_000)
        let box = FixedBoundingBox(minLon: lon, minLat: lat, maxLon: lon + Int32(rng.next() % 50_000),
                                   maxLat: lat + Int32(rng.next() % 50_000))
        store.append(id: id, box: box)
        expected[id] = box
    }
    for (k, v) in expected where k % 3 == 0 { #expect(store.box(of: k) == v) }
    #expect(store.box(of: 9) == nil)
    #expect(store.box(of: id + 1) == nil)
    #expect(store.memoryBytes < expected.count * 16)
}

@Test func aFileBackedNodeStoreGivesTheSameIndex() throws {
    var inputs = [TestData.sample("town.osm")]
    if let monaco = TestData.shared("osrm/monaco.osm.pbf") { inputs.append(monaco) } else {
        print("skipping osrm/monaco.osm.pbf: \(TestData.sharedData.path) is absent")
    }
    for input in inputs {
        var memory = BuildOptions(output: TestData.tempPath("store-memory.geoidx"))
        memory.buildTime = 0
        var file = memory
        file.output = TestData.tempPath("store-file.geoidx")
        file.nodeStore = .file
        _ = try IndexBuilder.build(input: input, options: memory)
        let report = try IndexBuilder.build(input: input, options: file)
        #expect(report.nodeStoreBytes > 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: memory.output))
        let b = try Data(contentsOf: URL(fileURLWithPath: file.output))
        #expect(a == b, "\(input): the file-backed store built a different index")
        unlink(memory.output)
        unlink(file.output)
    }
}
