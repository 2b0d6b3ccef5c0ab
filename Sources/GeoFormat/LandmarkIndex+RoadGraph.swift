// The road graph of an open index: the GRPH section handed to the road
// network's reader with the routing overlay (OVLY) when there is one, their
// bytes kept alive by the index's mapping.
import GeoBase
import GeoRoads

extension LandmarkIndex {
    /// The road graph, or nil when the index was built with --no-roads (or the section is unusable).
    public var roadGraph: RoadGraph? {
        guard let s = sections[.graph] else { return nil }
        let overlay = sections[.overlay].map { file.view.slice($0.offset, $0.length) } ?? .empty
        return RoadGraph(view: file.view.slice(s.offset, s.length), owner: file, overlay: overlay)
    }
}
