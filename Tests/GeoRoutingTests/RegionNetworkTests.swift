// Several region indexes route and match as one network: an extract cut in two
// (as `osmium extract` cuts it) gives two graphs that join where they share
// OSM nodes (complete ways) or where a cut way's stub names the node beyond;
// a route or a track across the cut is then as long as on the whole extract.
// And a point far from every road is refused, never snapped silently.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
@testable import GeoRoads
@testable import GeoRouting
@testable import GeoTracks
import GeoTestSupport

@Suite struct RegionNetworkTests {
    /// The town cut at 6.800 E (through its middle) into two indexes, and its whole index.
    static func regions(completeWays: Bool) throws -> (west: RoadGraph, east: RoadGraph, whole: RoadGraph) {
        let dir = TestData.tempPath("regions-\(completeWays ? "complete" : "simple")")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let (w, e) = try RegionSplitter.split(TestData.sample("town.osm"), atLongitude: 6.8, completeWays: completeWays, into: dir)
        return (try TestData.graph(of: w), try TestData.graph(of: e), try TestData.graph(of: TestData.sample("town.osm")))
    }

    /// Pairs of points on either side of the cut, by the town's streets.
    static let crossings = [
        (Coordinate(lat: 46.2029872, lon: 6.7978337), Coordinate(lat: 46.1985241, lon: 6.8086255)),
        (Coordinate(lat: 46.1957171, lon: 6.7922507), Coordinate(lat: 46.2065144, lon: 6.8073534)),
        (Coordinate(lat: 46.2050896, lon: 6.7905881), Coordinate(lat: 46.1985241, lon: 6.8036255)),
    ]

    @Test func graphsKeepTheirNodesOSMIds() throws {
        let graph = try TestData.graph(of: TestData.sample("town.osm"))
        let nodes = try TestData.nodes(TestData.sample("town.osm"))
        for n in 0..<graph.nodeCount {
            let id = graph.osmID(ofNode: n)
            let c = try #require(nodes[id], "node \(n) has OSM id \(id), which the file does not have")
            #expect(c.distance(to: graph.coordinate(ofNode: n).coordinate) < 0.02)
        }
    }

    @Test(arguments: [true, false])
    func routesAcrossTheCutAreAsLongAsOnTheWholeExtract(completeWays: Bool) throws {
        let (west, east, whole) = try Self.regions(completeWays: completeWays)
        // A cut way leaves stubs only when the extract drops the nodes beyond it.
        #expect((west.stubCount + east.stubCount > 0) == !completeWays)
        let joined = RoadGraph.merged([west, east])
        for mode in TravelMode.allCases {
            for (a, b) in Self.crossings {
                guard let reference = try? Router(graph: whole).route(waypoints: [a, b], mode: mode) else { continue }
                let alone = try? Router(graph: west).route(waypoints: [a, b], mode: mode)
                let route = try Router(graph: joined).route(waypoints: [a, b], mode: mode)
                #expect(abs(route.distance - reference.distance) <= reference.distance * 0.01,
                        "\(mode) \(a)→\(b): \(route.distance) m joined, \(reference.distance) m whole, \(alone?.distance ?? -1) m west alone")
            }
        }
    }

    @Test func aTrackAcrossTheCutMatchesAsOnTheWholeExtract() throws {
        let (west, east, whole) = try Self.regions(completeWays: true)
        let track = try TrackReader.read(path: TestData.sample("town-ride.gpx"))
        let reference = MapMatcher(graph: whole).match(track)
        let joined = MapMatcher(graph: RoadGraph.merged([west, east])).match(track)
        #expect(abs(joined.distance - reference.distance) <= reference.distance * 0.01, "\(joined.distance) vs \(reference.distance)")
        #expect(joined.matchedPointCount == reference.matchedPointCount)
    }

    @Test func mergingOneGraphIsThatGraphAndSharedWaysAreKeptOnce() throws {
        let (west, east, _) = try Self.regions(completeWays: true)
        #expect(RoadGraph.merged([west]).edgeCount == west.edgeCount)
        let twice = RoadGraph.merged([west, west])
        #expect(twice.nodeCount == west.nodeCount && twice.edgeCount == west.edgeCount)
        let joined = RoadGraph.merged([west, east])
        #expect(joined.nodeCount < west.nodeCount + east.nodeCount, "no node shared across the cut")
    }

    @Test func theCommandJoinsADirectoryOfRegions() throws {
        let dir = TestData.tempPath("regions-command")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/split", withIntermediateDirectories: true)
        let (w, e) = try RegionSplitter.split(TestData.sample("town.osm"), atLongitude: 6.8, completeWays: true, into: dir + "/split")
        try FileManager.default.createDirectory(atPath: dir + "/regions", withIntermediateDirectories: true)
        for (input, name) in [(w, "west"), (e, "east")] {
            var o = BuildOptions(output: dir + "/regions/\(name).geoidx")
            o.buildTime = 0
            _ = try IndexBuilder.build(input: input, options: o)
        }
        let (a, b) = Self.crossings[0]
        let whole = try Router(graph: try TestData.graph(of: TestData.sample("town.osm"))).route(waypoints: [a, b])
        let split = try Router(graph: RoadGraph.merged([try LandmarkIndex(path: dir + "/regions/west.geoidx").roadGraph!,
                                                        try LandmarkIndex(path: dir + "/regions/east.geoidx").roadGraph!]))
            .route(waypoints: [a, b])
        #expect(abs(split.distance - whole.distance) <= whole.distance * 0.01)
    }

    /// Andorra cut at 1.545 E with osmium (when it and the extract are here), the issue's case:
    /// the start 10 m from a road must not be snapped a kilometre away onto the other half.
    @Test(.sharedData("andorra.osm.pbf")) func andorraCutByOsmiumRoutesAsOne() throws {
        let andorra = try #require(TestData.shared("andorra.osm.pbf"))
        guard let osmium = ["/usr/bin/osmium", "/usr/local/bin/osmium"].first(where: FileManager.default.isExecutableFile) else {
            print("skipping: osmium (Debian osmium-tool) is not installed")
            return
        }
        let dir = TestData.tempPath("andorra-regions")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var graphs: [RoadGraph] = []
        for (name, box) in [("west", "1.3,42.3,1.545,42.7"), ("east", "1.545,42.3,1.8,42.7")] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: osmium)
            p.arguments = ["extract", "-s", "complete_ways", "-b", box, andorra, "-o", "\(dir)/\(name).osm.pbf", "--overwrite"]
            try p.run()
            p.waitUntilExit()
            try #require(p.terminationStatus == 0)
            graphs.append(try TestData.graph(of: "\(dir)/\(name).osm.pbf"))
        }
        let whole = try TestData.graph(of: andorra)
        let a = Coordinate(lat: 42.5075, lon: 1.5218), b = Coordinate(lat: 42.5347, lon: 1.5800)
        for mode in TravelMode.allCases {
            let reference = try Router(graph: whole).route(waypoints: [a, b], mode: mode)
            let route = try Router(graph: RoadGraph.merged(graphs)).route(waypoints: [a, b], mode: mode)
            #expect(abs(route.distance - reference.distance) <= reference.distance * 0.01, "\(mode)")
            #expect(route.waypoints[0].distance < 20, "\(mode): start snapped \(route.waypoints[0].distance) m away")
        }
    }
}
