// The roads nearest a point for a travel mode, as a public answer (OSRM's
// `nearest` service, the reverse of a tap on a map): where on each road the
// point snaps, how far that is, the road's name and the OSM nodes at the ends
// of the stretch it lies on.
import GeoBase
import GeoRoads

public struct NearestRoad: Sendable {
    /// The point on the road.
    public var location: Coordinate
    /// Metres from the point looked up.
    public var distance: Double
    /// The road's name ("" when it has none).
    public var name: String
    /// OSM ids of the graph nodes at the ends of the stretch (0 when unknown).
    public var nodes: (Int64, Int64)
}

public enum NearestRoads {
    /// Up to `count` usable roads within `radius` metres of `point`, nearest first, one per stretch.
    /// `rule`: the point's bearing and approach (its radius, when given, replaces `radius`); `ferries`: whether
    /// ferries count as roads here (OSRM's `snapping=any`); `excluded`: road classes that do not (OSRM's `exclude`),
    /// `excludingToll`: nor toll roads in their toll directions.
    public static func find(_ point: Coordinate, in graph: RoadGraph, mode: TravelMode, count: Int = 1,
                            radius: Double = 5_000, rule: WaypointRule? = nil, ferries: Bool = true,
                            excluding excluded: Set<RoadClass> = [], excludingToll: Bool = false) -> [NearestRoad] {
        guard point.isValid, count > 0 else { return [] }
        var rules = TraversalRules(graph: graph, mode: mode, type: .fastest)
        rules.excluded = TraversalRules.exclusionBits(excluded, toll: excludingToll)
        var search = CandidateSearch(rules: rules)
        search.rule = rule
        search.snapsToFerries = ferries
        let radius = rule?.radius ?? radius
        let found = search.nearestInRings(to: point, need: count, slack: 0, maxRadius: radius, limit: count)
        return found.map { c in
            NearestRoad(location: c.position.coordinate, distance: c.position.distance,
                        name: graph.name(ofProfile: c.profile),
                        nodes: (graph.osmID(ofNode: c.from), graph.osmID(ofNode: c.to)))
        }
    }
}
