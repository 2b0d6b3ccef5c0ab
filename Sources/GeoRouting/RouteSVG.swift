// The SVG picture of a match or a route: the roads of the graph around it in
// grey (major roads wider), the route bold, labels of the named streets it
// follows, markers and a scale bar (drawing in SVGMap). A match also shows its
// input track; a planned route has none, says "route" in its legend and marks
// each via point with its number.
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
        return render(segments: r.segments, tracks: input.coordinateSegments, vias: [], caption: "matched route",
                      graph: graph, width: width, title: title)
    }

    public static func render(_ r: Route, graph: RoadGraph, width: Int = 1000) -> String {
        let title = "\(r.type.rawValue) route: " + RouteOutput.summary(distance: r.distance, duration: r.duration,
                                                                        mode: r.mode, streets: [])
        // The snapped points: they lie on the route, where the marker belongs.
        let vias = r.waypoints.count > 2 ? r.waypoints.dropFirst().dropLast().map(\.snapped) : []
        return render(segments: [r.segment], tracks: [], vias: vias, caption: "route", graph: graph, width: width, title: title)
    }

    static func render(segments: [RouteSegment], tracks: [[Coordinate]], vias: [Coordinate], caption: String,
                       graph: RoadGraph, width: Int, title: String) -> String {
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
        return SVGMap(roads: roads, tracks: tracks, route: segments.map(\.coordinates), vias: vias, routeCaption: caption,
                      routeNames: names, width: width, title: title).render()
    }
}
