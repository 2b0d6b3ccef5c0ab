// The in-memory form of a recorded or matched trip: what every track reader
// (GPX, GeoJSON, CSV) produces and what the GPX/GeoJSON writers consume.
// A track is a list of segments because GPX recordings have gaps (trkseg) and
// several trk/rte elements are folded into one track.
import Foundation
import GeoBase

public struct TrackPoint: Sendable, Equatable {
    public var coordinate: Coordinate
    public var time: Date?
    public var elevation: Double?

    public init(coordinate: Coordinate, time: Date? = nil, elevation: Double? = nil) {
        self.coordinate = coordinate
        self.time = time
        self.elevation = elevation
    }
}

public struct Track: Sendable, Equatable {
    public var name: String?
    public var segments: [[TrackPoint]]

    public init(name: String? = nil, segments: [[TrackPoint]]) {
        self.name = name
        self.segments = segments
    }

    /// All points of all segments in order.
    public var points: [TrackPoint] { segments.flatMap { $0 } }

    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Coordinates per segment, the shape map matching and drawing work on.
    public var coordinateSegments: [[Coordinate]] { segments.map { $0.map(\.coordinate) } }

    /// True when every point carries a time.
    public var hasTimes: Bool { segments.allSatisfy { $0.allSatisfy { $0.time != nil } } }
}
