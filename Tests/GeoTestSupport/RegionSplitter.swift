// Cuts an OSM XML file into two regions at a meridian, as `osmium extract`
// does, for tests of several region indexes used as one: with `completeWays`
// (osmium's default) a way that crosses the cut goes whole into both regions,
// nodes included; without, each region keeps only its own nodes and the ways
// that reach them, cut (osmium's simple strategy). Line-oriented: it reads the
// files this project and osmium write (one element start per line).
import Foundation

package enum RegionSplitter {
    /// Writes `west.osm` and `east.osm` into `directory`; returns their paths. With `overlap` (degrees of
    /// longitude), each region also has the nodes that far beyond the cut, as scripts/regions.py widens them.
    package static func split(_ osmPath: String, atLongitude cut: Double, completeWays: Bool, overlap: Double = 0,
                              into directory: String) throws -> (west: String, east: String) {
        let text = osmPath.hasSuffix(".gz") ? String(decoding: try TestData.gunzip(osmPath), as: UTF8.self)
            : try String(contentsOfFile: osmPath, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var nodeLon: [Int64: Double] = [:]
        var elements: [(kind: String, id: Int64, lines: [Substring], refs: [Int64])] = []
        var header: [Substring] = []
        var current: (kind: String, id: Int64, lines: [Substring], refs: [Int64])?
        func attr(_ line: Substring, _ name: String) -> String? {
            guard let r = line.range(of: " \(name)=\"") else { return nil }
            let rest = line[r.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        for line in lines {
            let t = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                for kind in ["node", "way", "relation"] where t.hasPrefix("<\(kind) ") {
                    let id = Int64(attr(line, "id") ?? "") ?? 0
                    current = (kind, id, [line], [])
                    if kind == "node", let lon = attr(line, "lon").flatMap(Double.init) { nodeLon[id] = lon }
                    if t.hasSuffix("/>") { elements.append(current!); current = nil }
                }
                if current == nil && elements.isEmpty && !t.hasPrefix("</osm") && !t.hasPrefix("<node") { header.append(line) }
                continue
            }
            current!.lines.append(line)
            if t.hasPrefix("<nd "), let r = attr(line, "ref").flatMap({ Int64($0) }) { current!.refs.append(r) }
            if t == "</\(current!.kind)>" { elements.append(current!); current = nil }
        }
        var paths: [String] = []
        for east in [false, true] {
            var nodes = Set(nodeLon.filter { east ? $0.value >= cut - overlap : $0.value < cut + overlap }.keys)
            var ways = Set<Int64>()
            for e in elements where e.kind == "way" && e.refs.contains(where: { nodes.contains($0) }) { ways.insert(e.id) }
            if completeWays {
                for e in elements where e.kind == "way" && ways.contains(e.id) { nodes.formUnion(e.refs) }
            }
            var out = header.map(String.init)
            for e in elements {
                switch e.kind {
                case "node" where nodes.contains(e.id), "way" where ways.contains(e.id): out += e.lines.map(String.init)
                case "relation": out += e.lines.map(String.init)
                default: continue
                }
            }
            out.append("</osm>")
            let path = directory + (east ? "/east.osm" : "/west.osm")
            try (out.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        return (paths[0], paths[1])
    }
}
