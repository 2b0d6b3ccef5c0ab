// `geoindex verify`: the full check that opening skips. Every section's CRC-32
// and the zero padding between sections (IndexLayoutCheck), the section
// table's item counts (IndexCountCheck), then the structure: records and token lists decode and fill their sections exactly,
// sampled offsets agree, ids and ordinals stay in range and ascend, the trie
// and quadtree are well formed, the road graph's references hold, and the map
// shapes' records, boxes and tree agree (MapShapeCheck), and the extra tags
// decode (ExtraTagReader.check).
// Faults name the section: "index file is corrupt: TRIE (…)".
import GeoBase
import GeoModel
import GeoRoads

public enum IndexVerifier {
    /// Returns the faults found (empty when the file is sound).
    public static func verify(path: String) -> [String] {
        let index: LandmarkIndex
        do {
            index = try LandmarkIndex(path: path)
        } catch let e as InputError {
            // Opening says "section table" for a cut file; verify names the section the cut went through.
            if let file = try? MappedFile(path: path), let cut = IndexLayoutCheck.truncation(file.view) { return [cut] }
            return [e.message]
        } catch {
            return ["\(error)"]
        }
        var faults: [String] = []
        func fault(_ tag: SectionTag, _ what: String) { faults.append("index file is corrupt: \(tag.rawValue) (\(what))") }
        for tag in SectionTag.allCases {
            guard let s = index.sections[tag] else { continue }
            let crc = CRC32.checksum(index.file.view.bytes(s.offset, s.length))
            if crc != s.crc { fault(tag, "checksum mismatch") }
        }
        // The padding between sections is under no CRC.
        if let f = IndexLayoutCheck.padding(index.file.view) { faults.append(f) }
        if !faults.isEmpty { return faults }
        faults += IndexCountCheck.faults(index)
        checkTable(index, index.records, index.recordOffsets, .records) { i, e in
            RecordCodec.decode(e, point: index.point(i), strings: index.strings, placeRows: index.placeRowCount) != nil
        }.map { fault(.records, $0) }
        checkTable(index, index.tokenLists, index.tokenOffsets, .tokens) { _, e in
            var o = 0, prev = -1
            while o < e.count {
                guard let d = e.varint(&o, limit: TokenEntry.end(tokenCount: index.trie.tokenCount)) else { return false }
                let v = prev < 0 ? d : prev + d
                guard v > prev, TokenEntry(packed: v).ordinal < index.trie.tokenCount else { return false }
                prev = v
            }
            return true
        }.map { fault(.tokens, $0) }
        for i in 0..<index.count where index.categoryID(i) >= index.categoryCount || index.attributes.u8(i * 4) & 7 > 5 {
            fault(.attributes, "landmark \(i) has an invalid kind or category")
            break
        }
        for c in 0..<index.categoryCount {
            guard let p = index.categoryPostings(c), checkAscending(p) else { fault(.categories, "category \(c) postings"); break }
        }
        for k in 0..<(index.placeRowCount * 6) {
            let offset = Int(index.placeTable.u32(k * 4))
            if offset != 0 && index.strings.string(at: offset) == nil { fault(.places, "row \(k / 6) names no string"); break }
        }
        if index.sections[.extraTags] != nil, let f = index.extraTagReader.check(index) { fault(.extraTags, f) }
        if let f = checkTrie(index) { fault(.trie, f) }
        if let f = checkQuadtree(index) { fault(.quadtree, f) }
        if index.sections[.graph] != nil {
            if let f = checkGraph(index) { fault(.graph, f) }
        }
        if let s = index.sections[.overlay], index.roadGraph?.overlay == nil {
            // An overlay of another version is no damage, but it is not used: say which, and what to do.
            let stored = RouteOverlay.storedVersion(index.file.view.slice(s.offset, s.length))
            if let stored, !RouteOverlay.readableVersions.contains(stored) {
                let known = RouteOverlay.readableVersions.map(String.init).joined(separator: " and ")
                fault(.overlay, "routing overlay version \(stored), this build reads versions \(known): "
                      + "routes are searched without it; rebuild the index to use it")
            } else {
                fault(.overlay, "not a well-formed routing overlay of this road graph (routes are searched without it)")
            }
        }
        if index.sections[.mapShapes] != nil {
            if let f = index.mapShapes.map({ $0.check() }) ?? "layout does not match its counts" { fault(.mapShapes, f) }
        }
        if case .object(let m) = index.metadata, m.isEmpty { fault(.meta, "not valid JSON") }
        return faults
    }

    /// Decodes a variable-length table from start to end; nil when sound, else what failed.
    static func checkTable(_ index: LandmarkIndex, _ table: ByteView, _ offsets: ByteView, _ tag: SectionTag,
                           _ valid: (Int, ByteView) -> Bool) -> String? {
        var o = 0
        for i in 0..<index.count {
            if i % SampledOffsets.stride == 0, Int(offsets.u32((i / SampledOffsets.stride) * 4)) != o {
                return "sampled offset of entry \(i) disagrees"
            }
            guard let len = table.varint(&o, limit: table.count), table.contains(o, len) else { return "entry \(i) overruns" }
            if !valid(i, table.slice(o, len)) { return "entry \(i) is malformed" }
            o += len
        }
        return o == table.count ? nil : "\(table.count - o) bytes after the last entry"
    }

    static func checkAscending(_ p: PostingReader) -> Bool {
        var prev: Int64 = -1
        var n = 0
        var ok = true
        p.forEach { id in
            if Int64(id) <= prev { ok = false; return false }
            prev = Int64(id)
            n += 1
            return true
        }
        return ok && n == p.count
    }

    static func checkTrie(_ index: LandmarkIndex) -> String? {
        let trie = index.trie
        guard let root = trie.root else { return "root node unreadable" }
        guard root.ordinalStart == 0, root.ordinalCount == trie.tokenCount else { return "root does not cover all tokens" }
        var terminals = 0
        var stack = [root]
        var visited = 0
        while let n = stack.popLast() {
            visited += 1
            if visited > 4 * trie.tokenCount + 16 { return "too many nodes" }
            var next = n.ordinalStart
            if n.isTerminal {
                terminals += 1
                next += 1
                guard let p = index.postings(of: n), p.count >= 1, checkAscending(p) else {
                    return "posting list of token \(n.ordinalStart)"
                }
            }
            if let m = n.mergedOffset, index.postingList(at: m).map(checkAscending) != true { return "merged list at node \(n.offset)" }
            var ok = true
            var childCount = 0
            trie.forEachChild(of: n) { label, c in
                childCount += 1
                if label.count == 0 || c.ordinalStart != next || c.offset >= n.offset { ok = false; return false }
                next += c.ordinalCount
                stack.append(c)
                return true
            }
            if !ok || childCount != n.childCount { return "children of node \(n.offset)" }
            if next != n.ordinalStart + n.ordinalCount { return "ordinal ranges of node \(n.offset)" }
        }
        return terminals == trie.tokenCount ? nil : "\(terminals) tokens reachable, \(trie.tokenCount) declared"
    }

    static func checkQuadtree(_ index: LandmarkIndex) -> String? {
        let v = index.quadtree.view
        let n = UInt32(index.count)
        var covered: UInt32 = 0
        var ranges: [Range<UInt32>] = []
        var stack: [(Int, Int, Range<UInt32>)] = [(Int(v.u32(0)), v.count, 0..<n)]
        while let (o, bound, parent) = stack.popLast() {
            guard o >= 16, o < bound, v.contains(o, 25) else { return "node offset \(o)" }
            let a = v.u32(o + 16), b = v.u32(o + 20)
            guard a <= b, a >= parent.lowerBound, b <= parent.upperBound else { return "range of node \(o)" }
            let k = Int(v.u8(o + 24))
            guard v.contains(o + 25, 4 * k) else { return "children of node \(o)" }
            if k == 0 {
                ranges.append(a..<b)
                for i in a..<b {
                    let p = index.point(Int(i))
                    if p.lat < v.i32(o) || p.lat > v.i32(o + 8) || p.lon < v.i32(o + 4) || p.lon > v.i32(o + 12) { return "point \(i) outside its cell" }
                }
            }
            for i in 0..<k { stack.append((Int(v.u32(o + 25 + 4 * i)), o, a..<b)) }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        for r in ranges {
            guard r.lowerBound == covered else { return "leaves do not cover every landmark once" }
            covered = r.upperBound
        }
        return covered == n ? nil : "leaves cover \(covered) of \(n) landmarks"
    }

    static func checkGraph(_ index: LandmarkIndex) -> String? {
        guard let g = index.roadGraph else {
            let s = index.sections[.graph]!
            return RoadGraph.versionMismatch(index.file.view.slice(s.offset, s.length)) ?? "layout does not match its counts"
        }
        let l = g.layout
        let v = g.view
        var prev: UInt32 = 0
        for i in 0...l.nodeCount {
            let s = v.u32(l.adjStart + i * 4)
            if s < prev || Int(s) > 2 * l.edgeCount { return "adjacency offsets" }
            prev = s
        }
        if Int(prev) != 2 * l.edgeCount { return "adjacency count" }
        for k in 0..<(2 * l.edgeCount) where Int(v.u32(l.adj + k * 4) >> 1) >= l.edgeCount { return "adjacency entry \(k)" }
        var shapePrev: UInt32 = 0
        for e in 0..<l.edgeCount {
            let o = l.edges + e * RoadGraphFormat.edgeSize
            if Int(v.u32(o)) >= l.nodeCount || Int(v.u32(o + 4)) >= l.nodeCount { return "edge \(e) end nodes" }
            if Int(v.u32(o + 8)) >= l.profileCount { return "edge \(e) profile" }
            let len = Float(bitPattern: v.u32(o + 12))
            if !len.isFinite || len < 0 { return "edge \(e) length" }
            let s = v.u32(o + 16)
            if s < shapePrev || Int(s) > l.shapeCount { return "edge \(e) geometry" }
            shapePrev = s
        }
        for p in 0..<l.profileCount {
            let pr = g.profile(p)
            if pr.nameOffset >= max(1, l.namesLength) && l.namesLength > 0 { return "profile \(p) name" }
        }
        for k in 0..<l.stubCount {
            let o = l.stubs + k * RoadGraphFormat.stubSize
            if Int(v.u32(o)) >= l.nodeCount || Int(v.u32(o + 4)) >= l.profileCount || v.u8(o + 16) > 1 { return "stub \(k)" }
        }
        prev = 0
        for c in 0...(l.rows * l.cols) {
            let s = v.u32(l.gridStart + c * 4)
            if s < prev || Int(s) > l.gridEntryCount { return "grid offsets" }
            prev = s
        }
        for k in 0..<l.gridEntryCount where Int(v.u32(l.gridEdges + k * 4)) >= l.edgeCount { return "grid entry \(k)" }
        return nil
    }
}
