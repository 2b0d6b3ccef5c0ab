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
    /// The routing overlay of the graph (RouteOverlay), when the build made one; its items are its cut edges.
    public var overlaySection: [UInt8]?
    public var overlayItems = 0
    /// The SHPS section (MapShapeWriter.section) and its shape count; nil leaves it out.
    public var mapShapeSection: [UInt8]?
    public var mapShapeCount = 0

    public init(metadata: IndexMetadata) {
        self.metadata = metadata
    }

    /// Serialises everything and returns the sections in file order: the landmarks in Hilbert
    /// order, their categories, their tokens (the trie over the posting lists), the category
    /// table, the per-landmark columns, the quadtree; then META and the table of sections.
    /// The steps run in this order because the string table and the posting bytes fill in it.
    public func sections(for unsorted: [LandmarkDraft]) -> [(SectionTag, [UInt8], Int)] {
        let (drafts, keys) = IndexWriter.hilbertOrder(unsorted)
        var strings = StringTableBuilder()
        var post = ByteWriter()
        let categories = IndexWriter.categories(of: drafts)
        let tokens = IndexWriter.tokens(of: drafts)
        let trie = IndexWriter.trie(tokens, importance: drafts.map(\.importance), post: &post)
        let categoryTable = IndexWriter.categoryTable(categories, strings: &strings, post: &post)
        let columns = IndexWriter.columns(of: drafts, categories: categories, tokens: tokens, strings: &strings)
        let quadtree = QuadtreeBuilder.build(keys: keys, points: drafts.map(\.point))
        let n = drafts.count
        let sampled = (n + SampledOffsets.stride - 1) / SampledOffsets.stride
        var sections: [(SectionTag, [UInt8], Int)] = [
            (.meta, metaJSON(drafts: drafts, tokenCount: tokens.list.count, trieNodes: trie.nodes), 0),
            (.strings, strings.bytes, strings.count),
            (.points, columns.points.bytes, n),
            (.attributes, columns.attributes.bytes, n),
            (.recordOffsets, columns.recordOffsets.bytes, sampled),
            (.records, columns.records.bytes, n),
            (.tokenOffsets, columns.tokenOffsets.bytes, sampled),
            (.tokens, columns.tokens.bytes, n),
            (.categories, categoryTable, categories.list.count),
            (.trie, trie.bytes, tokens.list.count),
            (.postings, post.bytes, 0),
            (.quadtree, quadtree, n),
            (.places, columns.places.bytes, columns.placeRows),
            (.extraTags, ExtraTagSectionBuilder.build(drafts.map(\.extra)), n),
        ]
        if let graphSection { sections.append((.graph, graphSection, graphItems)) }
        if let overlaySection { sections.append((.overlay, overlaySection, overlayItems)) }
        if let mapShapeSection { sections.append((.mapShapes, mapShapeSection, mapShapeCount)) }
        return sections
    }

    /// The landmarks along a Hilbert curve over their box, with their curve keys; ties broken
    /// by identity so the output is deterministic.
    static func hilbertOrder(_ unsorted: [LandmarkDraft]) -> (drafts: [LandmarkDraft], keys: [UInt32]) {
        var box = FixedBoundingBox.empty
        for d in unsorted { box.extend(d.point) }
        let keyed = unsorted.map { (HilbertOrder.key($0.point, in: box), $0) }
        let sortedPairs = keyed.sorted {
            if $0.0 != $1.0 { return $0.0 < $1.0 }
            if $0.1.osmType != $1.1.osmType { return $0.1.osmType.rawValue < $1.1.osmType.rawValue }
            if $0.1.osmID != $1.1.osmID { return $0.1.osmID < $1.1.osmID }
            return $0.1.kind.rawValue < $1.1.kind.rawValue
        }
        return (sortedPairs.map(\.1), sortedPairs.map(\.0))
    }

    struct Categories {
        var list: [CategoryTag]
        /// Each landmark's category id.
        var ofLandmark: [UInt16]
        /// Each category's landmarks, ascending.
        var postings: [[UInt32]]
    }

    struct Tokens {
        /// Each landmark's tokens with their classes.
        var ofLandmark: [[(text: String, tokenClass: TokenClass)]]
        /// The distinct tokens that have postings, in byte order (their ordinals).
        var list: [[UInt8]]
        var ordinal: [String: Int]
        var postings: [String: [UInt32]]
    }

    /// Categories, numbered by first appearance in the sorted order (at most 65 535; the rest
    /// share the first): the list, each landmark's category id and each category's landmarks.
    static func categories(of drafts: [LandmarkDraft]) -> Categories {
        var ids: [CategoryTag: Int] = [:]
        var list: [CategoryTag] = []
        var postings: [[UInt32]] = []
        var ofLandmark = [UInt16](repeating: 0, count: drafts.count)
        for (i, d) in drafts.enumerated() {
            let tag = CategoryTag(key: d.categoryKey, value: d.categoryValue)
            var id = ids[tag]
            if id == nil, list.count < Int(UInt16.max) {
                id = list.count
                ids[tag] = id
                list.append(tag)
                postings.append([])
            }
            let cid = id ?? 0
            ofLandmark[i] = UInt16(cid)
            postings[cid].append(UInt32(i))
        }
        return Categories(list: list, ofLandmark: ofLandmark, postings: postings)
    }

    /// Every landmark's tokens, the distinct tokens in byte order with their ordinals, and each
    /// token's landmarks. Context words (the town a shop is in) narrow a search but never find a
    /// landmark alone: they get no postings, and so no ordinal unless another landmark has them.
    static func tokens(of drafts: [LandmarkDraft]) -> Tokens {
        var postings: [String: [UInt32]] = [:]
        var ofLandmark: [[(text: String, tokenClass: TokenClass)]] = []
        ofLandmark.reserveCapacity(drafts.count)
        for (i, d) in drafts.enumerated() {
            let toks = LandmarkTokens.tokens(of: d)
            ofLandmark.append(toks)
            for t in toks where t.tokenClass != .context { postings[t.text, default: []].append(UInt32(i)) }
        }
        let list = postings.keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        var ordinal: [String: Int] = [:]
        ordinal.reserveCapacity(list.count)
        for (i, t) in list.enumerated() { ordinal[String(decoding: t, as: UTF8.self)] = i }
        return Tokens(ofLandmark: ofLandmark, list: list, ordinal: ordinal, postings: postings)
    }

    /// The token trie (TRIE), its posting lists written to `post` first; and its node count.
    static func trie(_ tokens: Tokens, importance: [UInt8], post: inout ByteWriter) -> (bytes: [UInt8], nodes: Int) {
        var postingOffsets: [Int] = []
        var postingLists: [[UInt32]] = []
        postingOffsets.reserveCapacity(tokens.list.count)
        for t in tokens.list {
            let ids = tokens.postings[String(decoding: t, as: UTF8.self)]!
            postingLists.append(ids)
            // A token of one landmark keeps its id in its trie node: no list.
            if ids.count == 1 {
                postingOffsets.append(-1)
            } else {
                postingOffsets.append(post.count)
                PostingList.encode(ids, into: &post)
            }
        }
        var builder = TrieBuilder(tokens: tokens.list, postings: postingLists, postingOffsets: postingOffsets, importance: importance)
        let bytes = builder.build(post: &post)
        return (bytes, builder.nodeCount)
    }

    /// The category table (CATS): each category's key and value, and its landmarks' posting list
    /// (written to `post`).
    static func categoryTable(_ categories: Categories,
                              strings: inout StringTableBuilder, post: inout ByteWriter) -> [UInt8] {
        var cats = ByteWriter()
        cats.u32(UInt32(categories.list.count))
        for (c, tag) in categories.list.enumerated() {
            cats.u32(UInt32(strings.ref(tag.key)))
            cats.u32(UInt32(strings.ref(tag.value)))
            cats.u32(UInt32(post.count))
            cats.u32(UInt32(categories.postings[c].count))
            PostingList.encode(categories.postings[c], into: &post)
        }
        return cats.bytes
    }

    /// The per-landmark sections, written in one pass over the landmarks.
    struct Columns {
        var points: ByteWriter
        var attributes: ByteWriter
        var records = ByteWriter()
        var recordOffsets = ByteWriter()
        var tokens = ByteWriter()
        var tokenOffsets = ByteWriter()
        var places = ByteWriter()
        var placeRows = 0
    }

    /// Points (PNTS), attributes (ATTR), records (RECS, with ROFF), the forward index (FTOK,
    /// with FOFF) and the place rows the records refer to (PLCS), landmark by landmark.
    static func columns(of drafts: [LandmarkDraft], categories: Categories, tokens: Tokens,
                        strings: inout StringTableBuilder) -> Columns {
        let n = drafts.count
        var c = Columns(points: ByteWriter(capacity: n * 8), attributes: ByteWriter(capacity: n * 4))
        var placeRows: [PlaceChain: Int] = [:]
        for (i, d) in drafts.enumerated() {
            c.points.i32(d.point.lat)
            c.points.i32(d.point.lon)
            let nameTokens = min(31, LandmarkTokens.displayTokenCount(of: d))
            c.attributes.u8(d.kind.rawValue | UInt8(nameTokens) << 3)
            c.attributes.u8(d.importance)
            c.attributes.u16(categories.ofLandmark[i])
            if i % SampledOffsets.stride == 0 {
                c.recordOffsets.u32(UInt32(c.records.count))
                c.tokenOffsets.u32(UInt32(c.tokens.count))
            }
            var placesRow = 0
            if let chain = d.places {
                if let row = placeRows[chain] {
                    placesRow = row
                } else {
                    for part in chain.parts { c.places.u32(part.map { UInt32(strings.ref($0)) } ?? 0) }
                    placesRow = placeRows.count + 1
                    placeRows[chain] = placesRow
                }
            }
            let rec = RecordCodec.encode(d, placesRow: placesRow, strings: &strings)
            c.records.varint(rec.count)
            c.records.append(contentsOf: rec)
            // Forward index: TokenEntry (ordinal and class), ascending, delta-coded. A context word that is no
            // other landmark's token has no ordinal, and no query can match it: left out.
            var tw = ByteWriter()
            var prev = 0
            let entries = tokens.ofLandmark[i].compactMap { t in
                tokens.ordinal[t.text].map { TokenEntry(ordinal: $0, tokenClass: t.tokenClass).packed }
            }
            for (j, o) in entries.sorted().enumerated() {
                tw.varint(j == 0 ? o : o - prev)
                prev = o
            }
            c.tokens.varint(tw.count)
            c.tokens.append(contentsOf: tw.bytes)
        }
        c.placeRows = placeRows.count
        return c
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
