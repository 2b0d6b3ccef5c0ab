// Shared helpers of the routing and map-matching tests: where the samples and
// the shared real data are (relative to this file), indexes built once per
// test process, OSM node coordinates read straight from the fixture files, and
// geometric assertions on routes.
import Foundation
import Testing
@testable import GeoIndexKit

enum RoutingFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let samples = root.appendingPathComponent("samples")
    static let shared = root.deletingLastPathComponent().appendingPathComponent("shared/data")

    /// A file of ../shared/data, or nil (with the reason printed) when it is absent.
    static func sharedFile(_ relative: String) -> String? {
        let p = shared.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: p) else {
            print("skipping: \(relative) not found in \(shared.standardized.path)")
            return nil
        }
        return p
    }

    static func tempPath(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("geoindex-routing-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    private static let cache = IndexCache()

    /// The road graph of an OSM file, built once per process.
    static func graph(_ osmPath: String) throws -> RoadGraph {
        try cache.graph(osmPath)
    }

    /// The index file built from `osmPath` (built once per process).
    static func indexPath(_ osmPath: String) throws -> String {
        try cache.indexPath(osmPath)
    }

    /// `id → coordinate` of the nodes of a plain OSM XML fixture.
    static func nodes(_ osmPath: String) throws -> [Int64: Coordinate] {
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

    static func track(_ coordinates: [Coordinate], name: String? = nil) -> Track {
        Track(name: name, segments: [coordinates.map { TrackPoint(coordinate: $0) }])
    }
}

/// Indexes built during this test run, shared by all tests (they run in parallel).
final class IndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String: String] = [:]
    private var graphs: [String: RoadGraph] = [:]

    func indexPath(_ osm: String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let p = paths[osm] { return p }
        let out = RoutingFixtures.tempPath((osm as NSString).lastPathComponent + "-\(paths.count).geoidx")
        _ = try IndexBuilder.build(input: osm, options: BuildOptions(output: out))
        paths[osm] = out
        return out
    }

    func graph(_ osm: String) throws -> RoadGraph {
        let path = try indexPath(osm)
        lock.lock()
        defer { lock.unlock() }
        if let g = graphs[osm] { return g }
        guard let g = try LandmarkIndex(path: path).roadGraph else { throw InputError(file: path, message: "no road graph") }
        graphs[osm] = g
        return g
    }
}

extension RouteSegment {
    /// Metres from `c` to the nearest point of the segment's line.
    func distance(to c: Coordinate) -> Double {
        MapMatcher.project(c, on: coordinates, vertices: 0...(coordinates.count - 1))?.1 ?? .infinity
    }
}

/// The route passes within `tolerance` metres of each of `points`, in that order along its line.
func expectPasses(_ segment: RouteSegment, through points: [Coordinate], tolerance: Double = 1.5,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    var from = 0
    for p in points {
        guard let v = segment.coordinates[from...].firstIndex(where: { $0.distance(to: p) <= tolerance }) else {
            Issue.record("route does not pass \(p) after vertex \(from)", sourceLocation: sourceLocation)
            return
        }
        from = v
    }
}
