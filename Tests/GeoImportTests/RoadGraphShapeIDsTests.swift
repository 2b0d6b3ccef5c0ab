// The import keeps what OSRM's answers need of each way beyond its geometry:
// the OSM id of every shape point between junctions (OSRM's `nodes`
// annotation) and the tunnel and toll flags of its profile (OSRM's intersection
// classes, `exclude=toll`). Checked on a hand-made file where every id is
// known, and on Monaco against the extract's own ways.
import Foundation
import Testing
import GeoBase
import GeoFormat
import GeoOSM
import GeoRoads
import GeoTestSupport

@Suite struct RoadGraphShapeIDsTests {
    /// A way 1–2–3–4–5 with a tunnel and toll road in its middle, crossed at 3 by another street.
    static let fixture: String = {
        var xml = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n"
        for (id, lat, lon) in [(1, 45.0, 7.0), (2, 45.0, 7.001), (3, 45.0, 7.002), (4, 45.0, 7.003), (5, 45.0, 7.004),
                               (6, 44.999, 7.002), (7, 45.001, 7.002)] {
            xml += "<node id=\"\(id)\" lat=\"\(lat)\" lon=\"\(lon)\"/>\n"
        }
        xml += "<way id=\"100\"><nd ref=\"1\"/><nd ref=\"2\"/><nd ref=\"3\"/><nd ref=\"4\"/><nd ref=\"5\"/>"
            + "<tag k=\"highway\" v=\"primary\"/><tag k=\"tunnel\" v=\"yes\"/><tag k=\"toll:forward\" v=\"yes\"/></way>\n"
        xml += "<way id=\"101\"><nd ref=\"6\"/><nd ref=\"3\"/><nd ref=\"7\"/><tag k=\"highway\" v=\"residential\"/></way>\n"
        return xml + "</osm>\n"
    }()

    @Test func shapePointsKeepTheirOSMIdsAndProfilesTheirFlags() throws {
        let index = try TestData.index(ofXML: Self.fixture, named: "shape-ids.osm")
        let g = try #require(index.roadGraph)
        // Junctions 1, 3, 5, 6, 7: way 100 is cut at 3 into 1–2–3 and 3–4–5.
        let ids = Set((0..<g.edgeCount).map { g.osmIDs(ofEdge: $0) })
        #expect(ids == [[1, 2, 3], [3, 4, 5], [6, 3], [3, 7]], "\(ids)")
        for e in 0..<g.edgeCount {
            let p = g.profile(g.edge(e).profile)
            let main = g.osmIDs(ofEdge: e).contains(2) || g.osmIDs(ofEdge: e).contains(4)
            #expect(p.tunnel == main && p.toll(forward: true) == main && !p.toll(forward: false))
        }
    }

    @Test(.sharedData("osrm/monaco.osm.pbf")) func monacosShapePointsAreItsWaysNodes() throws {
        let path = try #require(TestData.shared("osrm/monaco.osm.pbf"))
        let g = try TestData.graph(of: path)
        let (_, batches) = try readPBF(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        var coordinates: [Int64: FixedCoordinate] = [:]
        struct Pair: Hashable { var a, b: Int64 }
        var neighbours = Set<Pair>()
        for b in batches {
            for i in b.nodeIDs.indices { coordinates[b.nodeIDs[i]] = FixedCoordinate(lat: b.nodeLats[i], lon: b.nodeLons[i]) }
            for i in b.wayIDs.indices {
                let refs = Array(b.refs(ofWay: i))
                for k in refs.indices.dropFirst() { neighbours.insert(Pair(a: refs[k - 1], b: refs[k])) }
            }
        }
        var shapePoints = 0, tunnels = 0
        for e in 0..<g.edgeCount {
            let ids = g.osmIDs(ofEdge: e), points = g.geometry(ofEdge: e)
            #expect(ids.count == points.count)
            shapePoints += ids.count - 2
            if g.profile(g.edge(e).profile).tunnel { tunnels += 1 }
            // Every point is the node of that id, and each step is a step along one of the extract's ways.
            for (id, p) in zip(ids, points) where coordinates[id] != p {
                Issue.record("edge \(e): node \(id) is not at \(p)")
                break
            }
            for k in ids.indices.dropFirst() where !neighbours.contains(Pair(a: ids[k - 1], b: ids[k])) {
                Issue.record("edge \(e): \(ids[k - 1]) → \(ids[k]) is no step along a way")
                break
            }
        }
        #expect(shapePoints == g.layout.shapeCount && shapePoints > 1000)
        // Monaco's roads run through many tunnels.
        #expect(tunnels > 50, "\(tunnels)")
    }
}
