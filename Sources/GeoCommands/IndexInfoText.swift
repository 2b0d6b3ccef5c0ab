// `geoindex info` for people: the summary JSON of `IndexInfo` laid out as
// aligned lines, counts with thousands separators.
import GeoBase
import GeoFrontEnd
import GeoFormat

extension IndexInfo {
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
        if let m = j["map"], case .object = m {
            let layers = (m["by_layer"]?.objectValue ?? []).map { "\($0.0) \(s($0.1["shapes"]))" }.joined(separator: ", ")
            lines.append("map shapes:    \(s(m["shapes"])) shapes (\(layers)), \(s(m["bytes"])) bytes")
        } else {
            lines.append("map shapes:    none (built with --no-map)")
        }
        if let e = j["extra_tags"]?.objectValue {
            lines.append("extra tags:    \(e.isEmpty ? "none" : s(j["extra_tags"])) (landmarks with each)")
        }
        lines.append("size:          \(s(j["file_bytes"])) bytes, \(s(j["bytes_per_landmark"])) bytes per landmark (without the graph and the map)")
        lines.append("sections:      \(s(j["sections"]))")
        return lines.joined(separator: "\n") + "\n"
    }
}
