// The road graph of an open index: the GRPH section handed to the road
// network's reader, its bytes kept alive by the index's mapping.
import GeoBase
import GeoRoads

extension LandmarkIndex {
    /// The road graph, or nil when the index was built with --no-roads (or the section is unusable).
    public var roadGraph: RoadGraph? {
        guard let s = sections[.graph] else { return nil }
        return RoadGraph(view: file.view.slice(s.offset, s.length), owner: file)
    }
}
