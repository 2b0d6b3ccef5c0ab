// The part of `geoindex verify` that checks the section table's item counts.
// Each count is under the header CRC but was never compared with its section,
// so a table saying ROFF holds 123456789 entries passed as sound; readers that
// took a count for a bound would have gone wrong on it. Opening checks the
// counts it uses (PNTS, PLCS, EXTR); verify checks every one against what its
// section holds (docs/FORMAT.md, "Landmark sections": the items column).
import GeoBase
import GeoRoads

enum IndexCountCheck {
    /// A fault per section whose item count is not what its section holds.
    static func faults(_ index: LandmarkIndex) -> [String] {
        var faults: [String] = []
        if stringCount(index) == nil { faults.append("index file is corrupt: STRS (a string runs past the end of the section)") }
        for (tag, expected) in expectedCounts(index) {
            guard let s = index.sections[tag], s.items != expected else { continue }
            faults.append("index file is corrupt: \(tag.rawValue) (the section table gives \(s.items) items, the section holds \(expected))")
        }
        return faults
    }

    /// What each section holds, counted from the section itself (or, for the per-landmark
    /// sections, from PNTS, whose count opening checks against its length).
    static func expectedCounts(_ index: LandmarkIndex) -> [(SectionTag, Int)] {
        let n = index.count
        let sampled = (n + SampledOffsets.stride - 1) / SampledOffsets.stride
        var out: [(SectionTag, Int)] = [(.meta, 0), (.strings, stringCount(index) ?? 0), (.points, n), (.attributes, n),
                                        (.recordOffsets, sampled), (.records, n), (.tokenOffsets, sampled), (.tokens, n),
                                        (.categories, index.categoryCount), (.trie, index.trie.tokenCount), (.postings, 0),
                                        (.quadtree, n), (.places, index.placeRowCount), (.extraTags, n)]
        if let g = index.roadGraph { out.append((.graph, g.nodeCount)) }
        if let o = index.roadGraph?.overlay { out.append((.overlay, o.cutCount)) }
        if let m = index.mapShapes { out.append((.mapShapes, m.count)) }
        return out
    }

    /// The strings in STRS (each a varint length and its bytes, to the end); nil when one runs past it.
    static func stringCount(_ index: LandmarkIndex) -> Int? {
        guard let s = index.sections[.strings] else { return 0 }
        let v = index.file.view.slice(s.offset, s.length)
        var o = 0, count = 0
        while o < v.count {
            guard let length = v.varint(&o, limit: v.count), length <= v.count - o else { return nil }
            o += length
            count += 1
        }
        return count
    }
}
