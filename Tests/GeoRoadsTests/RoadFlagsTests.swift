// The road graph's format 5 additions on their own: the tunnel and toll flags
// read from a way's tags as OSRM's WayHandlers.classes reads them, the flags
// byte and the shape points' OSM ids surviving the writer and the reader (and
// the merger of regions), and a graph of the previous format refused with a
// message naming both versions.
import Testing
import GeoBase
@testable import GeoRoads

@Suite struct RoadFlagsTests {
    static func flags(_ tags: [String: String]) -> RoadFlags { AccessRules.profile(tags)?.flags ?? [] }

    @Test func tunnelIsAnyTunnelValueButNo() {
        #expect(Self.flags(["highway": "primary", "tunnel": "yes"]) == .tunnel)
        #expect(Self.flags(["highway": "primary", "tunnel": "building_passage"]) == .tunnel)
        #expect(Self.flags(["highway": "primary", "tunnel": "no"]) == [])
        #expect(Self.flags(["highway": "primary"]) == [])
    }

    @Test func tollIsPerDirection() {
        #expect(Self.flags(["highway": "primary", "toll": "yes"]) == [.tollForward, .tollBackward])
        #expect(Self.flags(["highway": "primary", "toll": "no"]) == [])
        #expect(Self.flags(["highway": "primary", "toll:forward": "yes"]) == .tollForward)
        #expect(Self.flags(["highway": "primary", "toll:backward": "yes"]) == .tollBackward)
        // toll:forward overrides the plain key in its direction only.
        #expect(Self.flags(["highway": "primary", "toll": "yes", "toll:forward": "no"]) == .tollBackward)
        // On a oneway (a motorway is one) the plain key counts in the open direction only, as
        // Tags.get_forward_backward_by_key reads it.
        #expect(Self.flags(["highway": "motorway", "toll": "yes"]) == .tollForward)
        #expect(Self.flags(["highway": "primary", "oneway": "-1", "toll": "yes"]) == .tollBackward)
        let p = RoadProfileProbe.profile(flags: [.tunnel, .tollBackward])
        #expect(p.tunnel && !p.toll(forward: true) && p.toll(forward: false))
    }

    @Test func flagsAndShapeIDsSurviveTheFileAndTheMerger() throws {
        let g = RoadProfileProbe.graph(flags: [.tunnel, .tollForward], shapeIDs: [501, 502])
        let p = g.profile(g.edge(0).profile)
        #expect(p.flags == [.tunnel, .tollForward])
        #expect(g.osmIDs(ofEdge: 0) == [101, 501, 502, 102])
        // Out of range reads give 0, not a trap.
        #expect(g.osmID(ofShapePoint: 2) == 0 && g.osmID(ofShapePoint: -1) == 0)
        let merged = RoadGraph.merged([g, RoadProfileProbe.graph(flags: [], shapeIDs: [601, 602], offset: 2)])
        #expect(merged.edgeCount == 2)
        let ids = (0..<merged.edgeCount).map { merged.osmIDs(ofEdge: $0) }
        #expect(ids.contains([101, 501, 502, 102]) && ids.contains([103, 601, 602, 104]), "\(ids)")
        let tunnel = (0..<merged.edgeCount).first { merged.osmIDs(ofEdge: $0)[1] == 501 }!
        #expect(merged.profile(merged.edge(tunnel).profile).flags == [.tunnel, .tollForward])
    }

    @Test func aVersion4GraphIsRefusedNamingBothVersions() throws {
        var bytes = RoadGraphWriter.serialize(RoadProfileProbe.parts(flags: [], shapeIDs: [1, 2]))
        let current = GraphStorage(bytes)
        #expect(RoadGraph(view: current.view) != nil)
        #expect(RoadGraph.versionMismatch(current.view) == nil)
        bytes[0] = 4
        let old = GraphStorage(bytes)
        #expect(RoadGraph(view: old.view) == nil)
        let message = try #require(RoadGraph.versionMismatch(old.view))
        #expect(message.contains("version 4 is older than") && message.contains("(5)") && message.contains("rebuild"), "\(message)")
    }
}

/// A one-edge graph with two shape points, written and read back.
enum RoadProfileProbe {
    static func parts(flags: RoadFlags, shapeIDs: [Int64], offset: Int32 = 0) -> RoadGraphParts {
        var parts = RoadGraphParts()
        let lon = 70_000_000 + offset * 100_000
        parts.nodes = [FixedCoordinate(lat: 450_000_000, lon: lon), FixedCoordinate(lat: 450_000_000, lon: lon + 3_000)]
        parts.barriers = [[], []]
        parts.osmIDs = [101 + Int64(offset), 102 + Int64(offset)]
        parts.shapes = [FixedCoordinate(lat: 450_000_000, lon: lon + 1_000), FixedCoordinate(lat: 450_000_000, lon: lon + 2_000)]
        parts.shapeIDs = shapeIDs
        parts.profiles = [WayProfile(roadClass: .primary, access: RoadAccess(byte: 0b111111), speeds: [50, 20, 5], name: "A",
                                     flags: flags)]
        parts.edges = [RoadGraphParts.Edge(from: 0, to: 1, profile: 0, length: 24, shapeStart: 0)]
        for c in parts.nodes { parts.box.extend(c) }
        return parts
    }

    static func graph(flags: RoadFlags, shapeIDs: [Int64], offset: Int32 = 0) -> RoadGraph {
        let storage = GraphStorage(RoadGraphWriter.serialize(parts(flags: flags, shapeIDs: shapeIDs, offset: offset)))
        return RoadGraph(view: storage.view, owner: storage)!
    }

    static func profile(flags: RoadFlags) -> RoadProfile {
        let g = graph(flags: flags, shapeIDs: [])
        return g.profile(0)
    }
}
