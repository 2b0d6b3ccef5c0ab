// Where test inputs live: the project's own samples (always present) and the
// real extracts in ../shared/data beside the checkout (present on the team's
// machines and in CI, absent in a user's fresh clone — tests then skip with a
// printed reason). Also a temporary directory per test process, indexes built
// into it once per input, and small fixtures read from sample files.
import Foundation
import GeoIndexKit

package enum TestData {
    package static let projectRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file of the project's samples/ folder.
    package static func sample(_ name: String) -> String { projectRoot.appendingPathComponent("samples/\(name)").path }

    package static let sharedData: URL = projectRoot.deletingLastPathComponent().appendingPathComponent("shared/data")

    /// Path of a shared extract, or nil (with a printed reason) when the shared data is absent.
    package static func shared(_ relative: String) -> String? {
        let path = sharedData.appendingPathComponent(relative).standardized.path
        if FileManager.default.fileExists(atPath: path) { return path }
        print("skipping: \(relative) not found (the real extracts live in ../shared/data beside the checkout)")
        return nil
    }

    package static let tempDirectory: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("geoindex-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    package static func tempPath(_ name: String) -> String { tempDirectory.appendingPathComponent(name).path }

    /// A fresh empty directory, removed after `body`.
    package static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let dir = tempDirectory.appendingPathComponent("dir-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        return try body(dir)
    }

    private static let cache = IndexCache()

    /// The index of `input`, built once per test process.
    package static func index(of input: String, roads: Bool = true) throws -> LandmarkIndex {
        try cache.index(of: input, roads: roads)
    }

    /// The path of the index of `input` (built once per test process).
    package static func indexPath(of input: String, roads: Bool = true) throws -> String {
        try cache.index(of: input, roads: roads).path
    }

    /// The road graph of an OSM file (its index built once per test process).
    package static func graph(of input: String) throws -> RoadGraph {
        let index = try cache.index(of: input, roads: true)
        guard let g = index.roadGraph else { throw InputError(file: index.path, message: "no road graph") }
        return g
    }

    /// `id → coordinate` of the nodes of a plain OSM XML fixture.
    package static func nodes(_ osmPath: String) throws -> [Int64: Coordinate] {
        let text = try String(contentsOfFile: osmPath, encoding: .utf8)
        var out: [Int64: Coordinate] = [:]
        for line in text.split(separator: "\n") where line.contains("<node ") {
            func attr(_ name: String) -> String? {
                guard let r = line.range(of: " \(name)=\"") else { return nil }
                let rest = line[r.upperBound...]
                return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
            }
            if let id = attr("id").flatMap({ Int64($0) }), let lat = attr("lat").flatMap(Double.init),
               let lon = attr("lon").flatMap(Double.init) {
                out[id] = Coordinate(lat: lat, lon: lon)
            }
        }
        return out
    }

    /// A one-segment track through `coordinates`, without times.
    package static func track(_ coordinates: [Coordinate], name: String? = nil) -> Track {
        Track(name: name, segments: [coordinates.map { TrackPoint(coordinate: $0) }])
    }
}

/// Builds each input's index once even when tests run in parallel.
final class IndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [String: LandmarkIndex] = [:]

    func index(of input: String, roads: Bool) throws -> LandmarkIndex {
        lock.lock()
        defer { lock.unlock() }
        let key = "\(input)|\(roads)"
        if let i = built[key] { return i }
        let out = TestData.tempPath("\(built.count)-\(PathName.lastComponent(input)).geoidx")
        var options = BuildOptions(output: out)
        options.includeRoads = roads
        options.buildTime = 0
        _ = try IndexBuilder.build(input: input, options: options)
        let index = try LandmarkIndex(path: out)
        built[key] = index
        return index
    }
}
