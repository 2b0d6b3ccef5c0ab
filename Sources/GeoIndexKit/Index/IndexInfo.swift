// What `geoindex info` reports about an index, as ordered JSON (the text form
// is derived from the same values), and the NDJSON landmark export.
import Foundation

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
        let landmarkBytes = index.file.view.count - graphBytes
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
        return .object(fields)
    }

    public static func text(_ index: LandmarkIndex) -> String {
        let j = json(index)
        var lines: [String] = []
        func s(_ v: JSONValue?) -> String {
            switch v {
            case .string(let x)?: x
            case .int(let x)?: formatCount(Int(x))
            case .double(let x)?: JSONValue.numberText(x)
            case .array(let a)?: a.map { s($0) }.joined(separator: ", ")
            case .object(let o)?: o.map { "\($0.0) \(s($0.1))" }.joined(separator: ", ")
            default: "-"
            }
        }
        lines.append("file:          \(s(j["file"])) (format version \(s(j["format_version"])))")
        lines.append("source:        \(s(j["source"])), built \(s(j["build_time"]))")
        lines.append("bbox:          \(s(j["bbox"]))")
        lines.append("landmarks:     \(s(j["landmarks"])) (\(s(j["by_kind"])))")
        lines.append("tokens:        \(s(j["tokens"])), categories \(s(j["categories"]))")
        lines.append("osm input:     \(s(j["osm"]))")
        lines.append("warnings:      \(s(j["warnings"]))")
        if let g = j["graph"], case .object = g {
            lines.append("road graph:    \(s(g["nodes"])) nodes, \(s(g["edges"])) edges, \(s(g["bytes"])) bytes")
        } else {
            lines.append("road graph:    none (built with --no-roads)")
        }
        lines.append("size:          \(s(j["file_bytes"])) bytes, \(s(j["bytes_per_landmark"])) bytes per landmark (without the graph)")
        lines.append("sections:      \(s(j["sections"]))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON line per landmark: what other tools (and the benchmark's FTS5 peer) need.
    public static func export(_ index: LandmarkIndex, write: ([UInt8]) -> Void) {
        var buffer: [UInt8] = []
        for i in 0..<index.count {
            guard let r = index.record(i) else { continue }
            let p = index.point(i).coordinate
            let cat = index.category(index.categoryID(i))
            let display = r.names.first?.value ?? r.formattedAddress ?? ""
            let line: JSONValue = .object([
                ("id", .int(Int64(i))),
                ("osm", .string(r.osmType.letter + String(r.osmID))),
                ("kind", .string(index.kind(i).name)),
                ("category", .string("\(cat.key)=\(cat.value)")),
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
            if buffer.count > 1 << 20 { write(buffer); buffer.removeAll(keepingCapacity: true) }
        }
        if !buffer.isEmpty { write(buffer) }
    }
}

/// 1234567 → "1,234,567".
public func formatCount(_ n: Int) -> String {
    let s = String(abs(n))
    var out = ""
    for (i, ch) in s.enumerated() {
        if i > 0 && (s.count - i) % 3 == 0 { out.append(",") }
        out.append(ch)
    }
    return n < 0 ? "-" + out : out
}
