// Shared pieces of the libFuzzer targets (compiled into each by Fuzz/build.sh;
// in-memory input and the element dump come from GeoTestSupport, which the
// tests use too): a scratch directory for
// inputs the library only reads from files (index files, builds), the sample
// town index the search, route and match targets run against, and the
// invariant check that trips libFuzzer when an oracle fails.
//
// A target only has to survive hostile bytes: a thrown error is a pass. A
// crash, an ASan report, a timeout or a failed `require` is a finding.
import Foundation
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
@testable import GeoRouting
@testable import GeoSearch
@testable import GeoTracks

enum Fuzz {
    /// Where files made during a run go: /dev/shm when there is one (the index target writes a
    /// file per execution, and a RAM disk keeps that from dominating), else the temp directory.
    static let scratch: String = {
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let dir = PathName.join(base, "geoindex-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Fuzz.scratch) }
        return dir
    }()

    static func scratchPath(_ name: String) -> String { PathName.join(scratch, name) }

    /// Writes `bytes` to a scratch file (replacing it) and returns its path.
    @discardableResult
    static func write(_ bytes: [UInt8], to name: String) -> String {
        let path = scratchPath(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// The sample town's OSM file: `GEOINDEX_FUZZ_TOWN`, set by Fuzz/run.sh, else samples/town.osm.
    static var townOSM: String {
        ProcessInfo.processInfo.environment["GEOINDEX_FUZZ_TOWN"] ?? "samples/town.osm"
    }

    /// Builds an index of the OSM file at `input` into `output` (the library's own build path).
    /// `overlayLeafSize`: also write the routing overlay, with cells that small (the sample town is far
    /// below the size where `geoindex build` makes one), so its reader is fuzzed too.
    static func buildIndex(_ input: String, _ output: String, roads: Bool = true, overlayLeafSize: Int? = nil) throws {
        var options = BuildOptions(output: output)
        options.includeRoads = roads
        if let leafSize = overlayLeafSize {
            options.routingOverlay = { OverlayBuilder.section(for: $0, leafSize: leafSize) }
        }
        options.buildTime = 0
        // No decoding threads per input: a 2-core machine, and libFuzzer's coverage is per process anyway.
        options.threads = 1
        _ = try IndexBuilder.build(input: input, options: options)
    }

    /// The sample town index, built once per process (targets that search or match hostile input).
    nonisolated(unsafe) private static var cachedTown: LandmarkIndex?
    static var town: LandmarkIndex {
        if let cachedTown { return cachedTown }
        let path = scratchPath("town.geoidx")
        do {
            try buildIndex(townOSM, path)
            cachedTown = try LandmarkIndex(path: path)
        } catch {
            fatalError("cannot build the sample town index from \(townOSM): \(error) (run from the project root)")
        }
        return cachedTown!
    }

    /// An invariant of the code under test: when it fails, abort so libFuzzer saves the input.
    static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() {
            FileHandle.standardError.write(Data("fuzz invariant failed: \(message())\n".utf8))
            abort()
        }
    }

    /// Copies libFuzzer's input into an array.
    static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Seed mode: `GEOINDEX_FUZZ_WRITE_SEEDS=dir` makes a target write generated seeds
    /// (built indexes, say) into `dir` and exit, before libFuzzer starts.
    static func seedDirectory() -> String? {
        guard let dir = ProcessInfo.processInfo.environment["GEOINDEX_FUZZ_WRITE_SEEDS"], !dir.isEmpty else { return nil }
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}

extension Fuzz {
    /// Builds an index of OSM data that parsed cleanly and checks what the build promises:
    /// `geoindex verify` finds the new file sound, and it opens and answers a search.
    static func buildAndVerify(_ bytes: [UInt8], name: String) {
        let input = write(bytes, to: name)
        let output = scratchPath(name + ".geoidx")
        defer {
            unlink(input)
            unlink(output)
        }
        do {
            try buildIndex(input, output)
        } catch {
            return   // a refusal with a message is a correct answer
        }
        let faults = IndexVerifier.verify(path: output)
        require(faults.isEmpty, "a freshly built index fails verification: \(faults)")
        guard let index = try? LandmarkIndex(path: output) else {
            require(false, "a freshly built index does not open")
            return
        }
        _ = SearchEngine(index: index).search("a", options: SearchOptions())
    }
}

extension Fuzz {
    /// Matches a parsed track on the sample town's roads (at most 300 points, so one input
    /// stays fast) and routes between its ends: hostile coordinates must not upset either.
    static func matchOnTown(_ track: Track) {
        guard let graph = town.roadGraph else { return }
        var kept = 0
        let segments = track.segments.map { seg -> [TrackPoint] in
            let take = max(0, min(seg.count, 300 - kept))
            kept += take
            return Array(seg.prefix(take))
        }
        let small = Track(name: track.name, segments: segments)
        let result = MapMatcher(graph: graph).match(small)
        require(result.points.count == small.pointCount, "match result has \(result.points.count) points for \(small.pointCount) input points")
        let ends = small.points.map(\.coordinate)
        if let a = ends.first, let b = ends.last {
            _ = try? Router(graph: graph).route(waypoints: [a, b])
        }
    }
}
