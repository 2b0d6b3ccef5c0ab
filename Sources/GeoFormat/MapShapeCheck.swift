// `geoindex verify` for the SHPS section: the header's per-layer counts and
// bytes add up, the kind table is packed and readable, every leaf's records
// fill exactly the range its offsets give and decode completely, each shape's
// box is the tight box of its points, and every tree node holds exactly the
// box and largest span of its children. Queries never rely on these rules for
// safety (they are bounds-checked anyway); verify says whether answers are right.
import GeoBase

extension MapShapeReader {
    /// What is wrong with the section; nil when it is sound.
    package func check() -> String? {
        if layerCounts.reduce(0, +) != count { return "layer counts do not add up to \(count) shapes" }
        if layerBytes.reduce(0, &+) != records.count { return "layer bytes do not add up to \(records.count) record bytes" }
        if view.u64(120) != 0 { return "reserved header bytes are not zero" }
        if let fault = checkKinds() { return fault }
        if let fault = checkRecords() { return fault }
        return checkTree()
    }

    private func checkKinds() -> String? {
        var expected = 0
        for k in 0..<kindCount {
            var o = Int(kindOffsets.u32(k * 4))
            guard o == expected, kindBlob.string(&o) != nil else { return "kind \(k)" }
            expected = o
        }
        return expected == kindBlob.count ? nil : "kind table length"
    }

    private func checkRecords() -> String? {
        let leaves = levels.first ?? 0
        guard leafOffsets.u64(0) == 0, leafOffsets.u64(leaves * 8) == UInt64(records.count) else { return "leaf offsets" }
        var counts = [Int](repeating: 0, count: 8), bytes = [Int](repeating: 0, count: 8)
        var previousEnd = 0
        for leaf in 0..<leaves {
            guard let range = leafRange(leaf), range.lowerBound == previousEnd else { return "offsets of leaf \(leaf)" }
            var o = range.lowerBound
            let first = leaf * MapShapeFormat.fanout
            for s in first..<min(first + MapShapeFormat.fanout, count) {
                let start = o
                guard let len = records.varint(&o, limit: range.upperBound), len <= range.upperBound - o else {
                    return "record of shape \(s) runs past its leaf"
                }
                let box = shapeBox(s)
                guard let shape = decode(records.slice(o, len), box: box) else { return "record of shape \(s) is malformed" }
                var tight = FixedBoundingBox.empty
                for ring in shape.rings { for p in ring { tight.extend(p) } }
                guard tight == box else { return "box of shape \(s) is not the box of its points" }
                counts[Int(shape.layer.rawValue)] += 1
                bytes[Int(shape.layer.rawValue)] += o + len - start
                o += len
            }
            guard o == range.upperBound else { return "\(range.upperBound - o) bytes after the records of leaf \(leaf)" }
            previousEnd = o
        }
        if counts != layerCounts || bytes != layerBytes { return "layer counts or bytes disagree with the records" }
        return nil
    }

    private func checkTree() -> String? {
        for (level, nodesOfLevel) in MapShapeFormat.treeLevels(over: (0..<count).map(shapeBox)).enumerated() {
            for (j, (box, span)) in nodesOfLevel.enumerated() {
                let o = (levelStarts[level] + j) * MapShapeFormat.nodeSize
                guard nodeBox(o) == box, Int64(nodes.u32(o + 16)) == min(span, Int64(UInt32.max)) else {
                    return "node \(j) of tree level \(level + 1)"
                }
            }
        }
        return nil
    }
}
