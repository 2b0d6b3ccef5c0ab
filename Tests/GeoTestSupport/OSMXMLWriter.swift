// Writes small OSM XML files for tests that generate a town of their own:
// nodes with tags, and two-node ways (streets). Nodes go first and ways after,
// as OSM files order them; values are escaped. Several search fixtures had
// each written their own copy of this.
import Foundation

package struct OSMXMLWriter {
    private var nodes = ""
    private var ways = ""

    package init() {}

    package mutating func node(_ id: Int, _ lat: Double, _ lon: Double, _ tags: [String: String] = [:]) {
        nodes += "  <node id=\"\(id)\" lat=\"\(String(format: "%.7f", lat))\" lon=\"\(String(format: "%.7f", lon))\">"
            + OSMXMLWriter.tags(tags) + "</node>\n"
    }

    /// A way through the nodes `refs` (written with `node`).
    package mutating func way(_ id: Int, _ refs: [Int], _ tags: [String: String]) {
        ways += "  <way id=\"\(id)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined() + OSMXMLWriter.tags(tags) + "</way>\n"
    }

    /// A short east–west street from (lat, lon), its two nodes numbered `firstNode` and the next.
    package mutating func street(_ id: Int, name: String, highway: String = "residential", lat: Double, lon: Double,
                                 length: Double = 0.002, firstNode: Int) {
        node(firstNode, lat, lon)
        node(firstNode + 1, lat, lon + length)
        way(id, [firstNode, firstNode + 1], ["highway": highway, "name": name])
    }

    package var text: String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n" + nodes + ways + "</osm>\n"
    }

    private static func tags(_ tags: [String: String]) -> String {
        tags.sorted { $0.key < $1.key }.map { "<tag k=\"\(escape($0.key))\" v=\"\(escape($0.value))\"/>" }.joined()
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&apos;")
    }
}
