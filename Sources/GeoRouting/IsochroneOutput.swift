// An isochrone as GeoJSON in the shape of Valhalla's isochrone service, so
// its clients draw it unchanged: a FeatureCollection with one feature per
// contour, the largest time first (so a map draws the smaller ones on top),
// each with `contour` (minutes), `metric` "time", and the styling Leaflet and
// Mapbox read (`color`, `fill`, `fillColor`, `opacity`, `fillOpacity`,
// `fill-opacity`); a MultiPolygon per contour, or with `polygons` off one
// LineString feature per ring; with `showLocations` the input point and where
// it snapped as MultiPoint features, as Valhalla adds them.
import Foundation
import GeoBase

public enum IsochroneOutput {
    /// The colours given to contours without one, by position (smallest time first).
    public static let defaultColors = ["#2b9348", "#f4a300", "#e4572e", "#7b2cbf"]

    /// `#rrggbb` for a colour given as Valhalla takes it (`rrggbb` without `#`; `#rrggbb` too), nil when it is not one.
    public static func color(_ text: String) -> String? {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.utf8.count == 6, hex.allSatisfy(\.isHexDigit) else { return nil }
        return "#" + hex.lowercased()
    }

    /// The FeatureCollection of `iso`; `colors[k]` styles contour k (nil: the default colour).
    public static func geoJSON(_ iso: Isochrone, colors: [String?] = [], polygons: Bool = true, showLocations: Bool = false) -> JSONValue {
        var features: [JSONValue] = []
        for (k, c) in iso.contours.enumerated().reversed() {
            let color = (colors.indices.contains(k) ? colors[k] : nil) ?? defaultColors[k % defaultColors.count]
            let minutes: JSONValue = c.minutes == c.minutes.rounded() ? .int(Int64(c.minutes)) : .double(c.minutes)
            let properties: JSONValue = .object([
                ("fill-opacity", .double(0.33)), ("fillColor", .string(color)), ("opacity", .double(0.33)),
                ("fill", .string(color)), ("fillOpacity", .double(0.33)), ("color", .string(color)),
                ("contour", minutes), ("metric", .string("time")),
            ])
            if polygons {
                let coordinates = JSONValue.array(c.polygons.map { polygon in .array(polygon.map(line)) })
                features.append(feature(properties, type: "MultiPolygon", coordinates))
            } else {
                for ring in c.polygons.joined() { features.append(feature(properties, type: "LineString", line(ring))) }
            }
        }
        if showLocations {
            for (kind, point) in [("snapped", iso.snapped), ("input", iso.input)] {
                features.append(feature(.object([("location_index", .int(0)), ("type", .string(kind))]), type: "MultiPoint",
                                        .array([.position(point)])))
            }
        }
        return .object([("features", .array(features)), ("type", .string("FeatureCollection"))])
    }

    static func line(_ ring: [Coordinate]) -> JSONValue { .array(ring.map(JSONValue.position)) }

    static func feature(_ properties: JSONValue, type: String, _ coordinates: JSONValue) -> JSONValue {
        .object([("properties", properties), ("geometry", .object([("coordinates", coordinates), ("type", .string(type))])),
                 ("type", .string("Feature"))])
    }

    /// "5, 10, 15 min by car: 1,234 nodes reached (grid 25 m)": the command's summary line.
    public static func summary(_ iso: Isochrone) -> String {
        let times = iso.contours.map { $0.minutes == $0.minutes.rounded() ? String(Int($0.minutes)) : String($0.minutes) }
        let pieces = iso.contours.map { c in "\(c.polygons.count)" }.joined(separator: "/")
        return "\(times.joined(separator: ", ")) min by \(iso.mode.name): \(formatCount(iso.reachedNodes)) nodes reached, "
            + "\(pieces) polygon(s), grid \(Int(iso.cellSize.rounded())) m"
    }
}
