// libFuzzer target: the index-file reader on a mutated .geoidx. The header
// CRC and the section CRCs are recomputed over the mutated bytes first, so
// mutations get past the checksums and reach what opening, searching, map
// shape queries, routing, matching and `verify` read from the sections — the case of a file
// written wrongly rather than damaged in transit. None of them may crash,
// hang or read outside the mapping; wrong answers are allowed.
//
// Seed mode (`GEOINDEX_FUZZ_WRITE_SEEDS=dir`, see Fuzz/run.sh) writes indexes of
// the sample town (with and without roads, and with a routing overlay of tiny
// cells) and of the small routing samples.
import Foundation
@testable import GeoBase
@testable import GeoFormat
@testable import GeoRoads
@testable import GeoRouting
@testable import GeoSearch
@testable import GeoTracks

@_cdecl("LLVMFuzzerInitialize")
public func initializeIndexFuzz(_ argc: UnsafeMutablePointer<CInt>?,
                                _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    guard let dir = Fuzz.seedDirectory() else { return 0 }
    let rules = PathName.directory(Fuzz.townOSM) + "/rules"
    var inputs: [(String, String, Bool, Int?)] = [(Fuzz.townOSM, "town", true, nil), (Fuzz.townOSM, "town-noroads", false, nil),
                                                  (Fuzz.townOSM, "town-overlay", true, 2)]
    for f in (try? FileManager.default.contentsOfDirectory(atPath: rules)) ?? [] where f.hasSuffix(".osm") {
        inputs.append((rules + "/" + f, "rules-" + PathName.stem(f), true, nil))
    }
    for (input, name, roads, leafSize) in inputs {
        do {
            try Fuzz.buildIndex(input, dir + "/" + name + ".geoidx", roads: roads, overlayLeafSize: leafSize)
        } catch {
            FileHandle.standardError.write(Data("cannot build seed \(name): \(error)\n".utf8))
            exit(1)
        }
    }
    exit(0)
}

/// Recomputes the section CRCs and then the header CRC of a (mutated) index in place.
func fixChecksums(_ b: inout [UInt8]) {
    func u32(_ o: Int) -> UInt32 { b[o..<o + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) } }
    func u64(_ o: Int) -> UInt64 { b[o..<o + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) } }
    func put(_ v: UInt32, _ o: Int) { for i in 0..<4 { b[o + i] = UInt8(truncatingIfNeeded: v >> (8 * i)) } }
    guard b.count >= IndexFormat.headerSize else { return }
    let sections = Int(u32(12))
    let tableEnd = IndexFormat.headerSize + sections * IndexFormat.sectionEntrySize
    guard sections <= IndexFormat.maxSections, tableEnd <= b.count else { return }
    for i in 0..<sections {
        let e = IndexFormat.headerSize + i * IndexFormat.sectionEntrySize
        let offset = u64(e + 8), length = u64(e + 16)
        guard offset <= UInt64(b.count), length <= UInt64(b.count) - offset else { continue }
        put(b.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[Int(offset)..<Int(offset + length)])) }, e + 4)
    }
    put(0, 32)
    put(CRC32.checksum(Array(b[0..<tableEnd])), 32)
}

/// Short tracks on the town's streets, read once from the committed samples.
let townTrack: Track? = {
    let gpx = PathName.directory(Fuzz.townOSM) + "/town-gps.gpx"
    guard let t = try? TrackReader.read(path: gpx) else { return nil }
    return Track(name: t.name, segments: t.segments.map { Array($0.prefix(40)) })
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIndex(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var bytes = Fuzz.bytes(data, size)
    fixChecksums(&bytes)
    let path = Fuzz.write(bytes, to: "fuzz.geoidx")
    _ = IndexVerifier.verify(path: path)
    guard let index = try? LandmarkIndex(path: path) else { return 0 }
    _ = index.metadata
    let engine = SearchEngine(index: index)
    var options = SearchOptions()
    _ = engine.search("rue du", options: options)
    _ = engine.search("café paris", options: options)
    _ = engine.search("b", options: options)
    _ = engine.search("10-14 rue grimaldi", options: options)
    _ = engine.search("restaurant", options: options)
    _ = engine.search("hotl", options: options)   // typo matching
    options.extra = ["all"]   // the EXTR reader, for every result from here on
    options.near = Coordinate(lat: 46.2, lon: 6.8)
    options.groupDistance = 200
    _ = engine.search("gare", options: options)
    options.radius = 2_000
    _ = engine.search("pharmacie", options: options)
    for i in 0..<min(index.count, 64) {
        _ = index.record(i)
        _ = index.bbox(i)
    }
    if let shapes = index.mapShapes {
        let world = FixedBoundingBox(minLon: -1_800_000_000, minLat: -900_000_000, maxLon: 1_800_000_000, maxLat: 900_000_000)
        var n = 0
        shapes.forEach(in: world) { s in n += s.rings.count }
        shapes.forEach(in: FixedBoundingBox(minLon: 67_900_000, minLat: 461_950_000, maxLon: 68_000_000, maxLat: 462_000_000),
                       minimumSpan: 100) { _ in }
        shapes.forEachShape { _ in }
        _ = (shapes.layerCounts, shapes.layerBytes)
    }
    guard let graph = index.roadGraph else { return 0 }
    var waypoints = [Coordinate(lat: 46.1957, lon: 6.7922), Coordinate(lat: 46.2050, lon: 6.8100)]
    if graph.nodeCount > 1 {
        waypoints.append(graph.coordinate(ofNode: 0).coordinate)
        waypoints.append(graph.coordinate(ofNode: graph.nodeCount - 1).coordinate)
    }
    for mode in [TravelMode.car, .bicycle, .foot] {
        _ = try? Router(graph: graph).route(waypoints: waypoints, mode: mode)
    }
    if let townTrack { _ = MapMatcher(graph: graph).match(townTrack) }
    return 0
}
