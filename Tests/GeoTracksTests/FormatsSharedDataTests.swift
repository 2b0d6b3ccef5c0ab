// Reads the real GPX files of the shared map-matching test data (found next to
// the project as ../shared/data/map-matching) and checks facts read off the
// files by hand: point counts, names, times, and the clear errors of the
// deliberately broken edge cases. Skipped with a note when the data is absent.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoTracks

private let mapMatchingData: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/data/map-matching")

private func sharedGPXFiles() -> [String]? {
    guard FileManager.default.fileExists(atPath: mapMatchingData.path) else {
        print("skipping shared-data GPX tests: \(mapMatchingData.standardized.path) does not exist")
        return nil
    }
    let all = FileManager.default.enumerator(atPath: mapMatchingData.path)?.compactMap { $0 as? String } ?? []
    return all.filter { $0.hasSuffix(".gpx") }.sorted()
}

/// Expected facts per file (path relative to the data folder).
private struct Fact {
    var points: Int
    var segments = 1
    var name: String?
    var timed: Bool
    var check: (@Sendable (Track) -> Bool)? = nil
}

private let facts: [String: Fact] = [
    "issue-13.gpx": Fact(points: 29, name: nil, timed: true, check: {
        $0.points.allSatisfy { $0.time == formatsDate("2015-01-01T11:35:02Z") }
            && $0.points.last?.coordinate == Coordinate(lat: 41.01107275, lon: 29.09170405)
    }),
    "andorra_for_map_matching.gpx": Fact(points: 21, name: "new", timed: false, check: {
        $0.points.first?.elevation == 1695.5 && $0.points.allSatisfy { $0.elevation != nil }
            && $0.points.last?.coordinate == Coordinate(lat: 42.621798, lon: 1.540148)
    }),
    "issue-127.gpx": Fact(points: 2, name: nil, timed: false),
    "issue-147.gpx": Fact(points: 4, name: "JYB928 2019-01-02 0547", timed: true, check: {
        $0.points.first?.time == formatsDate("2019-01-02T08:25:47Z")
    }),
    "issue-70.gpx": Fact(points: 17, name: "converted track", timed: true, check: {
        $0.points.first?.elevation == 382 && $0.points.first?.time == formatsDate("2010-01-01T01:00:53Z")
    }),
    "leipzig-gpx/another-tour-with-loop.gpx": Fact(points: 14, name: "GraphHopper Track", timed: true),
    "leipzig-gpx/gpxv1_0.gpx": Fact(points: 14, name: "GraphHopper Track", timed: true, check: {
        $0.points.last?.time == formatsDate("2015-02-06T07:38:38Z")
    }),
    "leipzig-gpx/test1.gpx": Fact(points: 264, name: "GraphHopper", timed: true, check: {
        $0.points[1].time?.timeIntervalSince1970 == 14
    }),
    // Has an rte of 1 rtept too: the trk wins.
    "leipzig-gpx/test2.gpx": Fact(points: 2, name: "GraphHopper", timed: true, check: {
        abs($0.points[1].time!.timeIntervalSince1970 - 14.002) < 1e-6
    }),
    "leipzig-gpx/test2_no_millis.gpx": Fact(points: 3, name: "GraphHopper", timed: false),
    "leipzig-gpx/tour-with-loop.gpx": Fact(points: 11, name: "GraphHopper Track", timed: true),
    "leipzig-gpx/tour2-with-loop.gpx": Fact(points: 12, name: "GraphHopper Track", timed: true),
    "leipzig-gpx/tour3-with-long-edge.gpx": Fact(points: 7, name: "GraphHopper Track", timed: true),
    "leipzig-gpx/tour4-with-uturn.gpx": Fact(points: 5, name: "GraphHopper Track", timed: true),
    // Despite its name this file holds an rte of 5 rtept besides its 8 wpt, and
    // routes are read when there is no trk: the route is the track.
    "gpx-edge-cases/test-only-wpt.gpx": Fact(points: 5, name: nil, timed: false, check: {
        $0.points.first?.coordinate == Coordinate(lat: 51.377719, lon: 12.338217)
    }),
]

private let failures: [String: (line: Int, column: Int, message: String)] = [
    "gpx-edge-cases/no_trk.gpx": (1, 1, "no track found: the GPX file has no trk, rte or wpt element"),
    "gpx-edge-cases/no_trkseg.gpx": (2, 5, "no track found: the trk has no trkseg, so no track points"),
    "gpx-edge-cases/no_trkpt.gpx": (4, 9, "no track found: the trkseg has no trkpt"),
]

@Test func sharedGPXFilesReadAsExpected() throws {
    guard let files = sharedGPXFiles() else { return }
    #expect(files.count >= 18)
    for file in files {
        let path = mapMatchingData.appendingPathComponent(file).path
        if let failure = failures[file] {
            #expect(throws: InputError(file: path, line: failure.line, column: failure.column, message: failure.message)) {
                try TrackReader.read(path: path)
            }
            continue
        }
        let track = try TrackReader.read(path: path)
        guard let fact = facts[file] else {
            #expect(track.pointCount > 0, "\(file)")
            continue
        }
        #expect(track.pointCount == fact.points, "\(file)")
        #expect(track.segments.count == fact.segments, "\(file)")
        #expect(track.name == fact.name, "\(file)")
        #expect(track.hasTimes == fact.timed, "\(file)")
        #expect(track.points.contains { $0.time != nil } == fact.timed, "\(file)")
        if let check = fact.check { #expect(check(track), "\(file)") }
    }
    #expect(Set(facts.keys).union(failures.keys).isSubset(of: Set(files)))
}

@Test func sharedGPXSurvivesWriteAndRead() throws {
    guard let files = sharedGPXFiles() else { return }
    for file in files where failures[file] == nil {
        let original = try TrackReader.read(path: mapMatchingData.appendingPathComponent(file).path)
        let again = try TrackReader.read(data: GPXWriter().write(tracks: [original]), name: file)
        #expect(again.pointCount == original.pointCount, "\(file)")
        for (a, b) in zip(again.points, original.points) {
            // Written with 7 decimals: at most half a unit of the last digit away.
            #expect(abs(a.coordinate.lat - b.coordinate.lat) <= 5.1e-8 && abs(a.coordinate.lon - b.coordinate.lon) <= 5.1e-8, "\(file)")
            #expect(a.time == b.time, "\(file)")
            #expect(a.elevation == b.elevation, "\(file)")
        }
        let svg = SVGMap(tracks: original.coordinateSegments, route: again.coordinateSegments).render()
        #expect((try? FormatsXMLProbe.parse(svg)) != nil, "\(file)")
    }
}
