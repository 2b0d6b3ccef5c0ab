// Lays out the sections of a .geoidx file from landmark drafts (and, when
// present, the road graph section): landmarks sorted along a Hilbert curve,
// categories, the token trie and its posting lists, per-landmark columns,
// records and token lists, the quadtree and the META summary.
// IndexFileWriter then streams them to disk.
import Foundation
import GeoBase
import GeoModel

public struct IndexWriter {
    public var metadata: IndexMetadata
    public var graphSection: [UInt8]?
    public var graphItems = 0
    public var graphMeta: [String: Int] = [:]
    /// The SHPS section (MapShapeWriter.section) and its shape count; nil leaves it out.
    public var mapShapeSection: [UInt8]?
    public var mapShapeCount = 0

    public init(metadata: IndexMetadata) {
        self.metadata = metadata
    }

    /// Serialises everything and returns the sections in file order.
    public func sections(for unsorted: [LandmarkDraft]) -> [(SectionTag, [UInt8], Int)] {
        var box = FixedBoundingBox.empty
        for d in unsorted { box.extend(d.point) }
        // Hilbert order, ties broken by identity so the output is deterministic.
        let keyed = unsorted.map { (HilbertOrder.key($0.point, in: box), $0) }
        let sortedPairs = keyed.sorted {
            if $0.0 != $1.0 { return $0.0 < $1.0 }
            if $0.1.osmType != $1.1.osmType { return $0.1.osmType.rawValue < $1.1.osmType.rawValue }
            if $0.1.osmID != $1.1.osmID { return $0.1.osmID < $1.1.osmID }
            return $0.1.kind.rawValue < $1.1.kind.rawValue
        }
        let drafts = sortedPairs.map(\.1)
        let keys = sortedPairs.map(\.0)
        let n = drafts.count

        var strings = StringTableBuilder()

        // Categories, numbered by first appearance in the sorted order.
        var categoryIDs: [CategoryTag: Int] = [:]
        var categoryList: [CategoryTag] = []
        var categoryPostings: [[UInt32]] = []
        var landmarkCategory = [UInt16](repeating: 0, count: n)
        for (i, d) in drafts.enumerated() {
            let tag = CategoryTag(key: d.categoryKey, value: d.categoryValue)
            var id = categoryIDs[tag]
            if id == nil, categoryList.count < Int(UInt16.max) {
                id = categoryList.count
                categoryIDs[tag] = id
                categoryList.append(tag)
                categoryPostings.append([])
            }
            let cid = id ?? 0
            landmarkCategory[i] = UInt16(cid)
            categoryPostings[cid].append(UInt32(i))
        }

        // Tokens → postings.
        var tokenPostings: [String: [UInt32]] = [:]
        var landmarkTokens: [[(text: String, tokenClass: TokenClass)]] = []
        landmarkTokens.reserveCapacity(n)
        for (i, d) in drafts.enumerated() {
            let toks = LandmarkTokens.tokens(of: d)
            landmarkTokens.append(toks)
            // Context words (the town a shop is in) narrow a search but never find a landmark alone.
            for t in toks where t.tokenClass != .context { tokenPostings[t.text, default: []].append(UInt32(i)) }
        }
        let tokenList = tokenPostings.keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        var ordinal: [String: Int] = [:]
        ordinal.reserveCapacity(tokenList.count)
        for (i, t) in tokenList.enumerated() { ordinal[String(decoding: t, as: UTF8.self)] = i }

        var post = ByteWriter()
        var postingOffsets: [Int] = []
        var postingLists: [[UInt32]] = []
        postingOffsets.reserveCapacity(tokenList.count)
        for t in tokenList {
            let ids = tokenPostings[String(decoding: t, as: UTF8.self)]!
            postingLists.append(ids)
            // A token of one landmark keeps its id in its trie node: no list.
            if ids.count == 1 {
                postingOffsets.append(-1)
            } else {
                postingOffsets.append(post.count)
                PostingList.encode(ids, into: &post)
            }
        }
        var trieBuilder = TrieBuilder(tokens: tokenList, postings: postingLists, postingOffsets: postingOffsets,
                                      importance: drafts.map(\.importance))
        let trie = trieBuilder.build(post: &post)

        var cats = ByteWriter()
        cats.u32(UInt32(categoryList.count))
        for (c, tag) in categoryList.enumerated() {
            cats.u32(UInt32(strings.ref(tag.key)))
            cats.u32(UInt32(strings.ref(tag.value)))
            cats.u32(UInt32(post.count))
            cats.u32(UInt32(categoryPostings[c].count))
            PostingList.encode(categoryPostings[c], into: &post)
        }

        // Per-landmark columns and records.
        var points = ByteWriter(capacity: n * 8)
        var attrs = ByteWriter(capacity: n * 4)
        var records = ByteWriter()
        var recordOffsets = ByteWriter()
        var ftok = ByteWriter()
        var ftokOffsets = ByteWriter()
        var placeTable = ByteWriter()
        var placeRows: [PlaceChain: Int] = [:]
        for (i, d) in drafts.enumerated() {
            points.i32(d.point.lat)
            points.i32(d.point.lon)
            let nameTokens = min(31, LandmarkTokens.displayTokenCount(of: d))
            attrs.u8(d.kind.rawValue | UInt8(nameTokens) << 3)
            attrs.u8(d.importance)
            attrs.u16(landmarkCategory[i])
            if i % SampledOffsets.stride == 0 {
                recordOffsets.u32(UInt32(records.count))
                ftokOffsets.u32(UInt32(ftok.count))
            }
            var placesRow = 0
            if let chain = d.places {
                if let row = placeRows[chain] {
                    placesRow = row
                } else {
                    for part in chain.parts { placeTable.u32(part.map { UInt32(strings.ref($0)) } ?? 0) }
                    placesRow = placeRows.count + 1
                    placeRows[chain] = placesRow
                }
            }
            let rec = RecordCodec.encode(d, placesRow: placesRow, strings: &strings)
            records.varint(rec.count)
            records.append(contentsOf: rec)
            // Forward index: TokenEntry (ordinal and class), ascending, delta-coded. A context word that is no
            // other landmark's token has no ordinal, and no query can match it: left out.
            var tw = ByteWriter()
            var prev = 0
            let entries = landmarkTokens[i].compactMap { t in ordinal[t.text].map { TokenEntry(ordinal: $0, tokenClass: t.tokenClass).packed } }
            for (j, o) in entries.sorted().enumerated() {
                tw.varint(j == 0 ? o : o - prev)
                prev = o
            }
            ftok.varint(tw.count)
            ftok.append(contentsOf: tw.bytes)
        }
        let quadtree = QuadtreeBuilder.build(keys: keys, points: drafts.map(\.point))

        var sections: [(SectionTag, [UInt8], Int)] = [
            (.meta, metaJSON(drafts: drafts, tokenCount: tokenList.count, trieNodes: trieBuilder.nodeCount), 0),
            (.strings, strings.bytes, strings.count),
            (.points, points.bytes, n),
            (.attributes, attrs.bytes, n),
            (.recordOffsets, recordOffsets.bytes, (n + SampledOffsets.stride - 1) / SampledOffsets.stride),
            (.records, records.bytes, n),
            (.tokenOffsets, ftokOffsets.bytes, (n + SampledOffsets.stride - 1) / SampledOffsets.stride),
            (.tokens, ftok.bytes, n),
            (.categories, cats.bytes, categoryList.count),
            (.trie, trie, tokenList.count),
            (.postings, post.bytes, 0),
            (.quadtree, quadtree, n),
            (.places, placeTable.bytes, placeRows.count),
            (.extraTags, ExtraTagSectionBuilder.build(drafts.map(\.extra)), n),
        ]
        if let graphSection { sections.append((.graph, graphSection, graphItems)) }
        if let mapShapeSection { sections.append((.mapShapes, mapShapeSection, mapShapeCount)) }
        return sections
    }

    private func metaJSON(drafts: [LandmarkDraft], tokenCount: Int, trieNodes: Int) -> [UInt8] {
        var byKind: [(String, JSONValue)] = []
        for k in LandmarkKind.allCases {
            byKind.append((k.name, .int(Int64(drafts.filter { $0.kind == k }.count))))
        }
        let box = metadata.dataBox.isEmpty ? BoundingBox(minLon: 0, minLat: 0, maxLon: 0, maxLat: 0) : metadata.dataBox.boundingBox
        var graph: [(String, JSONValue)] = []
        for k in graphMeta.keys.sorted() { graph.append((k, .int(Int64(graphMeta[k]!)))) }
        let meta: JSONValue = .object([
            ("source", .string(metadata.sourceName)),
            ("build_time", .int(metadata.buildTime)),
            ("bbox", .array(box.array.map { .double($0) })),
            ("landmarks", .int(Int64(drafts.count))),
            ("by_kind", .object(byKind)),
            ("tokens", .int(Int64(tokenCount))),
            ("trie_nodes", .int(Int64(trieNodes))),
            ("osm", .object([("nodes", .int(Int64(metadata.elementCounts.nodes))),
                             ("ways", .int(Int64(metadata.elementCounts.ways))),
                             ("relations", .int(Int64(metadata.elementCounts.relations)))])),
            ("warnings", metadata.warnings.metaJSON),
            ("graph", .object(graph)),
        ])
        return meta.jsonBytes()
    }
}

/// Shared strings, written once and referred to by offset.
struct StringTableBuilder {
    private(set) var bytes: [UInt8] = [0]   // offset 0 = the empty string
    private var offsets: [String: Int] = ["": 0]
    var count: Int { offsets.count }

    mutating func ref(_ s: String) -> Int {
        if let o = offsets[s] { return o }
        let o = bytes.count
        var w = ByteWriter()
        w.string(s)
        bytes.append(contentsOf: w.bytes)
        offsets[s] = o
        return o
    }
}
