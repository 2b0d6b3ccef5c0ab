// A track as a GeoJSON feature: its lines, its name, and its points' times in
// the `coordTimes` layout our GeoJSON reader takes back.
import Foundation
import GeoBase

extension GeoJSONFeature {
    /// A track as a LineString (one segment) or MultiLineString, with its name
    /// and, when every point has one, `coordTimes` in the layout our reader takes.
    public init(track: Track, properties extra: [(String, JSONValue)] = []) {
        let lines = track.coordinateSegments
        var props: [(String, JSONValue)] = []
        if let name = track.name { props.append(("name", .string(name))) }
        props += extra
        if track.hasTimes && track.pointCount > 0 {
            let times = track.segments.map { seg in JSONValue.array(seg.map { .string(TrackTime.format($0.time!)) }) }
            props.append(("coordTimes", lines.count == 1 ? times[0] : .array(times)))
        }
        self.init(geometry: lines.count == 1 ? .lineString(lines[0]) : .multiLineString(lines), properties: props)
    }
}
