// Damaged index files, byte by byte. Every byte of the sample town's index is
// flipped in turn and `verify` must report a fault naming the section the byte
// belongs to (section CRCs, the header CRC, the padding check); the file is
// also cut at every section boundary. On a sample of the flipped files and on
// every cut one, the readers (open, searches, map shapes, a route, a match) must not crash
// or hang — a wrong answer or a clean refusal is fine.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoRouting
@testable import GeoSearch
import GeoTestSupport
@testable import GeoTracks

/// Where each byte of an index file belongs, as `verify` names it.
private struct IndexLayout {
    struct Section { var name: String; var offset: Int; var end: Int }
    let tableEnd: Int
    let sections: [Section]

    init(_ bytes: [UInt8]) {
        func u32(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16 | Int(bytes[o + 3]) << 24 }
        let n = u32(12)
        tableEnd = IndexFormat.headerSize + n * IndexFormat.sectionEntrySize
        sections = (0..<n).map { i in
            let e = IndexFormat.headerSize + i * IndexFormat.sectionEntrySize
            let name = String(decoding: bytes[e..<e + 4], as: UTF8.self)
            return Section(name: name, offset: u32(e + 8), end: u32(e + 8) + u32(e + 16))
        }.sorted { $0.offset < $1.offset }
    }

    /// The names a fault about byte `i` may carry: its section, or for padding the section before it.
    func names(for i: Int) -> [String] {
        if i < tableEnd { return ["header", "section table", "not a geoindex file", "index format version"] }
        if let s = sections.first(where: { $0.offset <= i && i < $0.end }) { return [s.name] }
        return [sections.last(where: { $0.end <= i })?.name ?? "header"]
    }
}

/// Opens `path` and uses it as geoquery and georoute would; any outcome but a crash or hang is fine.
func exerciseIndex(_ path: String, track: Track?) {
    guard let index = try? LandmarkIndex(path: path) else { return }
    let engine = SearchEngine(index: index)
    var options = SearchOptions()
    options.extra = ["all"]   // the EXTR reader, on the damaged bytes too
    _ = engine.search("rue du moulin", options: options)
    _ = engine.search("h", options: options)
    options.near = Coordinate(lat: 46.2, lon: 6.8)
    _ = engine.search("cafe", options: options)
    index.mapShapes?.forEach(in: FixedBoundingBox(minLon: 67_900_000, minLat: 461_900_000, maxLon: 68_200_000, maxLat: 462_100_000),
                             minimumSpan: 50) { _ in }
    guard let graph = index.roadGraph else { return }
    _ = try? Router(graph: graph).route(waypoints: [Coordinate(lat: 46.1957, lon: 6.7922), Coordinate(lat: 46.205, lon: 6.81)])
    if let track { _ = MapMatcher(graph: graph).match(track) }
}

/// A short piece of the sample GPS track (a match on each damaged file must stay cheap).
private func shortTrack() throws -> Track {
    let t = try TrackReader.read(path: TestData.sample("town-gps.gpx"))
    return Track(name: t.name, segments: [Array(t.points.prefix(12))])
}

/// Replaces the file's contents in place. (FileManager.createFile writes a temporary file, syncs and
/// renames: correct for real output, but twenty thousand syncs would dominate these tests.)
func overwrite(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

private func townIndexBytes() throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: try TestData.index(of: TestData.sample("town.osm")).path)))
}

@Test func everyFlippedByteIsReportedNamingItsSection() throws {
    let good = try townIndexBytes()
    let layout = IndexLayout(good)
    let path = TestData.tempPath("flip-verify.geoidx")
    #expect(IndexVerifier.verify(path: try TestData.index(of: TestData.sample("town.osm")).path).isEmpty)
    var missed: [String] = []
    for i in good.indices {
        var bytes = good
        // Alternate patterns: a whole byte and a single bit.
        bytes[i] ^= i % 2 == 0 ? 0xFF : 0x10
        overwrite(path, bytes)
        let faults = IndexVerifier.verify(path: path)
        let names = layout.names(for: i)
        if faults.isEmpty || !faults.contains(where: { f in names.contains { f.contains($0) } }) {
            missed.append("byte \(i) (\(names[0])): \(faults)")
        }
    }
    #expect(missed.isEmpty, "\(missed.count) flips not reported as expected, e.g. \(missed.prefix(5))")
}

@Test func readersSurviveFlippedBytes() throws {
    let good = try townIndexBytes()
    let layout = IndexLayout(good)
    let track = try shortTrack()
    // Every byte of the header and section table, and a seeded sample of the rest.
    var positions = Array(0..<layout.tableEnd)
    var rng = SplitMix64(seed: 0x6E0_1D3C)
    for _ in 0..<600 { positions.append(layout.tableEnd + Int(rng.next() % UInt64(good.count - layout.tableEnd))) }
    let path = TestData.tempPath("flip-read.geoidx")
    for i in positions {
        var bytes = good
        bytes[i] ^= UInt8(truncatingIfNeeded: rng.next() | 1)
        overwrite(path, bytes)
        exerciseIndex(path, track: track)
    }
}

@Test func everyTruncationAtASectionBoundaryIsReported() throws {
    let good = try townIndexBytes()
    let layout = IndexLayout(good)
    let track = try shortTrack()
    var cuts = Set([0, 1, 8, IndexFormat.headerSize - 1, IndexFormat.headerSize, layout.tableEnd - 1, layout.tableEnd, good.count - 1])
    for s in layout.sections {
        cuts.formUnion([s.offset, s.end, s.offset + (s.end - s.offset) / 2].filter { $0 < good.count })
    }
    let path = TestData.tempPath("truncated-at-boundary.geoidx")
    for cut in cuts.sorted() {
        overwrite(path, Array(good.prefix(cut)))
        let faults = IndexVerifier.verify(path: path)
        // The section the cut went through: the first one ending after it, else (a cut in the last padding) the last.
        let expected = cut < IndexFormat.headerSize ? "not a geoindex file"
            : cut < layout.tableEnd ? "header"
            : (layout.sections.first { $0.end > cut } ?? layout.sections.last!).name
        #expect(faults.contains { $0.contains(expected) }, "cut at \(cut): expected a fault naming \(expected), got \(faults)")
        exerciseIndex(path, track: track)
    }
}

@Test func appendedBytesAreReported() throws {
    let good = try townIndexBytes()
    let path = TestData.tempPath("appended.geoidx")
    overwrite(path, good + [0, 0, 0, 0, 0, 0, 0, 0])
    #expect(IndexVerifier.verify(path: path).contains { $0.contains("unexpected bytes after the last section") })
}

@Test func aNewerFormatVersionIsRefusedNamingBothVersions() throws {
    var bytes = try townIndexBytes()
    bytes[8] = UInt8(IndexFormat.version + 1)
    let path = TestData.tempPath("newer.geoidx")
    overwrite(path, bytes)
    #expect(throws: InputError.self) { _ = try LandmarkIndex(path: path) }
    let message = (try? LandmarkIndex(path: path)).map { _ in "" } ?? IndexVerifier.verify(path: path).joined()
    #expect(message.contains("version \(IndexFormat.version + 1)") && message.contains("(\(IndexFormat.version))"))
}
