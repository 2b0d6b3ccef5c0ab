// Builds GeoJSON (RFC 7946) documents as JSONValue: geometries with positions
// [lon, lat] rounded to 7 decimals, features whose properties keep the order
// given, and collections with an optional bbox. Member order is fixed (type,
// id, bbox, geometry, properties) so output is stable between runs. Search
// results, tracks, routes and the server's map features are all written
// with it (a track's feature: GeoTracks' GeoJSONTrack).
import Foundation

public enum GeoJSONGeometry: Sendable, Equatable {
    case point(Coordinate)
    case lineString([Coordinate])
    case multiLineString([[Coordinate]])
    /// An outer ring and its holes, each closed (RFC 7946: the first position repeated last).
    case polygon([[Coordinate]])

    public var json: JSONValue {
        switch self {
        case .point(let c):
            return ["type": "Point", "coordinates": JSONValue.position(c)]
        case .lineString(let line):
            return ["type": "LineString", "coordinates": .array(line.map(JSONValue.position))]
        case .multiLineString(let lines):
            return ["type": "MultiLineString", "coordinates": .array(lines.map { .array($0.map(JSONValue.position)) })]
        case .polygon(let rings):
            return ["type": "Polygon", "coordinates": .array(rings.map { .array($0.map(JSONValue.position)) })]
        }
    }

    public var boundingBox: BoundingBox? {
        let all: [Coordinate]
        switch self {
        case .point(let c): all = [c]
        case .lineString(let line): all = line
        case .multiLineString(let lines), .polygon(let lines): all = lines.flatMap { $0 }
        }
        return GeoJSONWriter.boundingBox(of: all)
    }
}

public struct GeoJSONFeature: Sendable {
    public var geometry: GeoJSONGeometry?
    /// Written in this order.
    public var properties: [(String, JSONValue)]
    public var id: JSONValue?

    public init(geometry: GeoJSONGeometry?, properties: [(String, JSONValue)] = [], id: JSONValue? = nil) {
        self.geometry = geometry
        self.properties = properties
        self.id = id
    }

    public func json(bbox: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", "Feature")]
        if let id { members.append(("id", id)) }
        if bbox, let box = geometry?.boundingBox { members.append(("bbox", GeoJSONWriter.bbox(box))) }
        members.append(("geometry", geometry?.json ?? .null))
        members.append(("properties", .object(properties)))
        return .object(members)
    }
}

public enum GeoJSONWriter {
    /// A FeatureCollection; with `bbox`, each feature and the collection carry one.
    public static func featureCollection(_ features: [GeoJSONFeature], bbox: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", "FeatureCollection")]
        if bbox {
            var box: BoundingBox?
            for f in features {
                guard let b = f.geometry?.boundingBox else { continue }
                if box == nil { box = b } else { box!.extend(b) }
            }
            if let box { members.append(("bbox", self.bbox(box))) }
        }
        members.append(("features", .array(features.map { $0.json(bbox: bbox) })))
        return .object(members)
    }

    /// `[minlon, minlat, maxlon, maxlat]` rounded to 7 decimals.
    public static func bbox(_ b: BoundingBox) -> JSONValue {
        .array(b.array.map(JSONValue.coordinate))
    }

    public static func boundingBox(of coordinates: [Coordinate]) -> BoundingBox? {
        guard let first = coordinates.first else { return nil }
        var box = BoundingBox(first)
        for c in coordinates.dropFirst() { box.extend(c) }
        return box
    }
}
