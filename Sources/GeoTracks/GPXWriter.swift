// Writes tracks as a GPX 1.1 document that validates against the GPX 1.1 XSD:
// children in schema order (metadata: name, desc, time, bounds; rte before
// trk; trk: name, desc, trkseg; trkpt: ele before time), coordinates with 7
// decimals (the precision of OSM), times in UTC. Typically the first track is
// the matched route and the second the original input, so both show up in any
// GPX viewer.
import Foundation
import GeoBase

public struct GPXWriter: Sendable {
    public var creator: String
    /// metadata/name, metadata/desc and metadata/time; omitted when nil.
    public var name: String?
    public var desc: String?
    public var time: Date?
    /// Adds metadata/bounds covering every point written.
    public var includeBounds: Bool

    public init(creator: String = "geoindex", name: String? = nil, desc: String? = nil, time: Date? = nil,
                includeBounds: Bool = true) {
        self.creator = creator
        self.name = name
        self.desc = desc
        self.time = time
        self.includeBounds = includeBounds
    }

    /// The document as UTF-8 bytes. Each track becomes a `trk` (with an
    /// optional `desc` from `trackDescriptions` at the same index); each
    /// segment of each `routes` track becomes an `rte`.
    public func write(tracks: [Track], trackDescriptions: [String?] = [], routes: [Track] = []) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512 + 110 * (tracks + routes).reduce(0) { $0 + $1.pointCount })
        func put(_ s: String) { out.append(contentsOf: s.utf8) }

        put("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        put("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\" creator=\"\(MarkupText.escape(creator))\"")
        put(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
        put(" xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">\n")

        let bounds = includeBounds ? GPXWriter.bounds(of: tracks + routes) : nil
        if name != nil || desc != nil || time != nil || bounds != nil {
            put("  <metadata>\n")
            if let name { put("    <name>\(MarkupText.escape(name))</name>\n") }
            if let desc { put("    <desc>\(MarkupText.escape(desc))</desc>\n") }
            if let time { put("    <time>\(TrackTime.format(time))</time>\n") }
            if let b = bounds {
                put("    <bounds minlat=\"\(GPXWriter.lat(b.minLat))\" minlon=\"\(GPXWriter.lon(b.minLon))\"")
                put(" maxlat=\"\(GPXWriter.lat(b.maxLat))\" maxlon=\"\(GPXWriter.lon(b.maxLon))\"/>\n")
            }
            put("  </metadata>\n")
        }
        for route in routes {
            for segment in route.segments {
                put("  <rte>\n")
                if let n = route.name { put("    <name>\(MarkupText.escape(n))</name>\n") }
                for p in segment { GPXWriter.point(p, element: "rtept", indent: "    ", into: &out) }
                put("  </rte>\n")
            }
        }
        for (i, track) in tracks.enumerated() {
            put("  <trk>\n")
            if let n = track.name { put("    <name>\(MarkupText.escape(n))</name>\n") }
            if i < trackDescriptions.count, let d = trackDescriptions[i] { put("    <desc>\(MarkupText.escape(d))</desc>\n") }
            for segment in track.segments {
                put("    <trkseg>\n")
                for p in segment { GPXWriter.point(p, element: "trkpt", indent: "      ", into: &out) }
                put("    </trkseg>\n")
            }
            put("  </trk>\n")
        }
        put("</gpx>\n")
        return out
    }

    public func string(tracks: [Track], trackDescriptions: [String?] = [], routes: [Track] = []) -> String {
        String(decoding: write(tracks: tracks, trackDescriptions: trackDescriptions, routes: routes), as: UTF8.self)
    }

    private static func point(_ p: TrackPoint, element: String, indent: String, into out: inout [UInt8]) {
        out.append(contentsOf: indent.utf8)
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: element.utf8)
        out.append(contentsOf: " lat=\"".utf8)
        MarkupText.appendFixedScaled(scaledLat(p.coordinate.lat), 7, to: &out)
        out.append(contentsOf: "\" lon=\"".utf8)
        MarkupText.appendFixedScaled(scaledLon(p.coordinate.lon), 7, to: &out)
        out.append(UInt8(ascii: "\""))
        let ele = p.elevation.flatMap { $0.isFinite ? $0 : nil }
        if ele == nil && p.time == nil {
            out.append(contentsOf: "/>\n".utf8)
            return
        }
        out.append(UInt8(ascii: ">"))
        if let ele {
            out.append(contentsOf: "<ele>".utf8)
            MarkupText.appendFixed(ele, 3, trimZeros: true, to: &out)
            out.append(contentsOf: "</ele>".utf8)
        }
        if let t = p.time {
            out.append(contentsOf: "<time>".utf8)
            TrackTime.append(t, to: &out)
            out.append(contentsOf: "</time>".utf8)
        }
        out.append(contentsOf: "</".utf8)
        out.append(contentsOf: element.utf8)
        out.append(contentsOf: ">\n".utf8)
    }

    static func lat(_ v: Double) -> String { MarkupText.fixedScaled(scaledLat(v), 7) }

    static func lon(_ v: Double) -> String { MarkupText.fixedScaled(scaledLon(v), 7) }

    private static func scaledLat(_ v: Double) -> Int64 {
        v.isFinite ? Int64((min(90, max(-90, v)) * 1e7).rounded()) : 0
    }

    /// The schema's longitude range is [-180, 180), so 180 is written as -180.
    private static func scaledLon(_ v: Double) -> Int64 {
        guard v.isFinite else { return 0 }
        let scaled = Int64((min(180, max(-180, v)) * 1e7).rounded())
        return scaled == 1_800_000_000 ? -1_800_000_000 : scaled
    }

    private static func bounds(of tracks: [Track]) -> BoundingBox? {
        var box: BoundingBox?
        for t in tracks {
            for s in t.segments {
                for p in s {
                    if box == nil { box = BoundingBox(p.coordinate) } else { box!.extend(p.coordinate) }
                }
            }
        }
        return box
    }
}
