// Reading OSM input in tests and fuzzers alike: a canonical one-line-per-element
// text form of parsed batches (walking every range also checks a batch's
// offsets against its arrays), and short calls that parse PBF or XML bytes.
import GeoBase
import GeoOSM

/// One line per element, for comparing what two readers produced.
package func dumpElements(_ batches: [OSMBatch]) -> [String] {
    var lines: [String] = []
    func tags(_ t: OSMTags) -> String { t.range.map { "\(t.key(at: $0))=\(t.value(at: $0))" }.joined(separator: "|") }
    for b in batches {
        for i in b.nodeIDs.indices { lines.append("n\(b.nodeIDs[i]) \(b.nodeLats[i]) \(b.nodeLons[i]) \(tags(b.tags(ofNode: i)))") }
        for i in b.wayIDs.indices {
            lines.append("w\(b.wayIDs[i]) \(b.refs(ofWay: i).map(String.init).joined(separator: ",")) \(tags(b.tags(ofWay: i)))")
        }
        for i in b.relationIDs.indices {
            let members = b.members(ofRelation: i).map { "\(b.memberTypes[$0].rawValue):\(b.memberRefs[$0]):\(b.string(b.memberRoles[$0]))" }
            lines.append("r\(b.relationIDs[i]) \(members.joined(separator: ",")) \(tags(b.tags(ofRelation: i)))")
        }
    }
    return lines
}

package func readPBF(_ bytes: [UInt8], workers: Int = 2, limits: OSMParseLimits = OSMParseLimits()) throws -> (PBFReader, [OSMBatch]) {
    let reader = PBFReader(name: "test.osm.pbf", limits: limits, workers: workers)
    var batches: [OSMBatch] = []
    try reader.parse(MemorySource(bytes)) { batches.append($0) }
    return (reader, batches)
}

package func readXML(_ source: ByteSource, name: String = "test.osm") throws -> [OSMBatch] {
    var batches: [OSMBatch] = []
    try OSMXMLParser(name: name).parse(source) { batches.append($0) }
    return batches
}
