// What `geoindex info` reports about an index, as ordered JSON (the text form
// is derived from the same values), and the NDJSON landmark export.
import Foundation
import GeoBase
import GeoModel

public enum IndexInfo {
    public static func json(_ index: LandmarkIndex) -> JSONValue {
        let meta = index.metadata
        var sections: [(String, JSONValue)] = []
        var total = 0
        for tag in SectionTag.allCases {
            guard let s = index.sections[tag] else { continue }
            sections.append((tag.rawValue, .int(Int64(s.length))))
            total += s.length
        }
        let graphBytes = index.sections[.graph]?.length ?? 0
        let mapBytes = index.sections[.mapShapes]?.length ?? 0
        let landmarkBytes = index.file.view.count - graphBytes - mapBytes
        var fields: [(String, JSONValue)] = [
            ("file", .string(index.path)),
            ("format_version", .int(Int64(index.formatVersion))),
            ("source", meta["source"] ?? .null),
            ("build_time", .string(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(index.buildTime))))),
            ("bbox", meta["bbox"] ?? .null),
            ("landmarks", .int(Int64(index.count))),
            ("by_kind", meta["by_kind"] ?? .null),
            ("tokens", .int(Int64(index.trie.tokenCount))),
            ("categories", .int(Int64(index.categoryCount))),
            ("osm", meta["osm"] ?? .null),
            ("warnings", meta["warnings"] ?? .null),
            ("file_bytes", .int(Int64(index.file.view.count))),
            ("bytes_per_landmark", .double(index.count > 0 ? (Double(landmarkBytes) / Double(index.count) * 10).rounded() / 10 : 0)),
            ("sections", .object(sections)),
        ]
        if let g = index.roadGraph {
            fields.append(("graph", .object([("nodes", .int(Int64(g.nodeCount))), ("edges", .int(Int64(g.edgeCount))),
                                             ("bytes", .int(Int64(graphBytes)))])))
        } else {
            fields.append(("graph", .null))
        }
        fields.append(("map", mapJSON(index)))
        // Landmarks per extra tag (a walk over EXTR's entries: fine for `info`, kept off every open).
        fields.append(("extra_tags", index.sections[.extraTags] == nil ? .null
                       : .object(index.extraTagReader.landmarksByKey().map { ($0.key, .int(Int64($0.landmarks))) })))
        return .object(fields)
    }

    /// The map shapes: count, section bytes, and per layer the shapes and their bytes (records
    /// and boxes; the tree and the kind table are shared). Null when the index has none.
    static func mapJSON(_ index: LandmarkIndex) -> JSONValue {
        guard let section = index.sections[.mapShapes] else { return .null }
        guard let shapes = index.mapShapes else { return .object([("bytes", .int(Int64(section.length))), ("shapes", .null)]) }
        let counts = shapes.layerCounts, bytes = shapes.layerBytes
        let layers: [(String, JSONValue)] = MapLayer.allCases.map { l in
            let i = Int(l.rawValue)
            return (l.name, .object([("shapes", .int(Int64(counts[i]))),
                                     ("bytes", .int(Int64(bytes[i] &+ counts[i] &* MapShapeFormat.boxSize)))]))
        }
        return .object([("shapes", .int(Int64(shapes.count))), ("bytes", .int(Int64(section.length))),
                        ("by_layer", .object(layers))])
    }

    /// One JSON line per landmark: what other tools (and the benchmark's FTS5 peer) need.
    public static func export(_ index: LandmarkIndex, write: ([UInt8]) throws -> Void) rethrows {
        var buffer: [UInt8] = []
        for i in 0..<index.count {
            guard let r = index.record(i) else { continue }
            let p = index.point(i).coordinate
            let cat = index.category(index.categoryID(i))
            let display = r.names.first?.value ?? r.formattedAddress ?? ""
            let line: JSONValue = .object([
                ("id", .int(Int64(i))),
                ("osm", .string(r.osmRef?.description ?? "")),
                ("kind", .string(index.kind(i).name)),
                ("category", .string(CategoryTag(key: cat.key, value: cat.value).description)),
                ("name", .string(display)),
                ("names", .array(r.names.dropFirst().map { .string($0.value) })),
                ("housenumber", JSONValue.optional(r.houseNumber)),
                ("street", JSONValue.optional(r.street)),
                ("lat", .coordinate(p.lat)),
                ("lon", .coordinate(p.lon)),
                ("importance", .double(Double(index.importance(i)) / 255)),
            ])
            line.write(to: &buffer)
            buffer.append(0x0A)
            if buffer.count > 1 << 20 { try write(buffer); buffer.removeAll(keepingCapacity: true) }
        }
        if !buffer.isEmpty { try write(buffer) }
    }
}
