// The road network of several region indexes, for one route or one track:
// the graphs of the regions near its points joined into one, with a routing
// overlay composed from theirs (OverlayComposer), so a trip that crosses from
// one region into the next is found as on one extract, about as fast. A joined network is kept for the next request near the same
// regions; safe to share between threads (the HTTP server's workers). That
// cache is GeoRouting's one piece of shared mutable state, behind a Mutex
// (docs/ARCHITECTURE.md names it among the exceptions to "immutable, no
// locks"); the graphs themselves are immutable.
import Foundation
import GeoBase
import GeoRoads
import Synchronization

public final class RegionNetworks: Sendable {
    public let graphs: [RoadGraph]
    private let joined = Mutex<[[Int]: RoadGraph]>([:])

    public init(graphs: [RoadGraph]) {
        precondition(!graphs.isEmpty, "RegionNetworks needs at least one graph")
        self.graphs = graphs
    }

    /// The areas the regions' roads cover.
    public var extents: [BoundingBox] { graphs.map(\.extent) }

    /// The network for `points`: with one region its graph; with several, those within `reach`
    /// metres of the points joined (the nearest region alone when none is that near).
    public func network(for points: [Coordinate], reach: Double = 20_000) -> RoadGraph {
        guard graphs.count > 1, let first = points.first(where: \.isValid) else { return graphs[0] }
        var box = BoundingBox(first)
        for p in points where p.isValid { box.extend(p) }
        let dLat = reach / MetresPerDegree.latitude, dLon = reach / MetresPerDegree.longitude(atLatitude: box.center.lat)
        let near = BoundingBox(minLon: box.minLon - dLon, minLat: box.minLat - dLat, maxLon: box.maxLon + dLon, maxLat: box.maxLat + dLat)
        var chosen = graphs.indices.filter { graphs[$0].extent.intersects(near) }
        if chosen.isEmpty {
            chosen = [graphs.indices.min { graphs[$0].extent.distance(from: first) < graphs[$1].extent.distance(from: first) }!]
        }
        if chosen.count == 1 { return graphs[chosen[0]] }
        if let g = joined.withLock({ $0[chosen] }) { return g }
        let g = OverlayComposer.merged(chosen.map { graphs[$0] })
        joined.withLock { cache in
            // A bounded cache: a server asked about many combinations keeps the most recent few.
            if cache.count >= 16 { cache.removeAll() }
            cache[chosen] = g
        }
        return g
    }
}
