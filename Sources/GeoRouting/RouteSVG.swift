// The SVG picture of a match or a route: the roads of the graph around it in
// grey (major roads wider), the input track dashed, the route bold, labels of
// the named streets it follows, markers and a scale bar (drawing in SVGMap).
import Foundation
import GeoBase
import GeoRoads
import GeoTracks

public enum RouteSVG {
    /// Roads drawn at most; beyond that the picture is a blur anyway.
    static let maxRoads = 40_000

    public static func render(_ r: MatchResult, input: Track, graph: RoadGraph, width: Int = 1000) -> String {
        let title = (r.name.map { $0 + " — " } ?? "") + "matched " + RouteOutput.summary(
            distance: r.distance, duration: r.duration, mode: r.mode, streets: [])
        return render(segments: r.segments, tracks: input.coordinateSegments, graph: graph, width: width, title: title)
    }

    public static func render(_ r: Route, graph: RoadGraph, width: Int = 1000) -> String {
        let title = "\(r.type.rawValue) route: " + RouteOutput.summary(distance: r.distance, duration: r.duration,
                                                                        mode: r.mode, streets: [])
        return render(segments: [r.segment], tracks: [], graph: graph, width: width, title: title)
    }

    static func render(segments: [RouteSegment], tracks: [[Coordinate]], graph: RoadGraph, width: Int, title: String) -> String {
        var box: BoundingBox?
        for c in (segments.map(\.coordinates) + tracks).joined() where c.isValid {
            if box == nil { box = BoundingBox(c) } else { box!.extend(c) }
        }
        var roads: [SVGMap.Road] = []
        if let b = box {
            // The picture shows a little more than the box (padding, minimum span): fetch roads from a wider one.
            let margin = max(150, 0.25 * max(b.center.distance(to: Coordinate(lat: b.maxLat, lon: b.center.lon)),
                                             b.center.distance(to: Coordinate(lat: b.center.lat, lon: b.maxLon))))
            var wide = BoundingBox(around: Coordinate(lat: b.minLat, lon: b.minLon), meters: margin)
            wide.extend(BoundingBox(around: Coordinate(lat: b.maxLat, lon: b.maxLon), meters: margin))
            var edges: [Int] = []
            graph.edges(near: FixedBoundingBox(wide)) { edges.append($0) }
            edges.sort()
            var previous = -1
            for e in edges where e != previous && roads.count < maxRoads {
                previous = e
                let p = graph.profile(graph.edge(e).profile)
                let name = graph.name(ofProfile: p)
                roads.append((graph.geometry(ofEdge: e).map(\.coordinate), name.isEmpty ? nil : name, p.roadClass.isMajor))
            }
        }
        var names: [SVGMap.NamedStretch] = []
        for s in segments {
            for st in s.streets where st.named && st.lastVertex > st.firstVertex && st.lastVertex < s.coordinates.count {
                names.append((Array(s.coordinates[st.firstVertex...st.lastVertex]), st.name))
            }
        }
        return SVGMap(roads: roads, tracks: tracks, route: segments.map(\.coordinates), routeNames: names,
                      width: width, title: title).render()
    }
}
