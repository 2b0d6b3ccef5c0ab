// An open .geoidx file. Opening maps the file and checks the header, the
// section table and every size the readers rely on — no CRC pass, so opening
// costs the same for any size. All later reads go through bounds-checked
// views: a corrupt file can give wrong answers but never a crash.
// `geoindex verify` (IndexVerifier) does the full checksum and structure check.
import Foundation
import GeoBase
import GeoModel

public struct CategoryDescription: Sendable {
    public let key: String
    public let value: String
    public let tag: CategoryTag
    public let label: String
    public let icon: String
}

public final class LandmarkIndex: @unchecked Sendable {
    public let path: String
    public let file: MappedFile
    public let sections: [SectionTag: SectionEntry]
    public let formatVersion: UInt32
    public let buildTime: Int64
    public let count: Int

    @usableFromInline let points: ByteView
    @usableFromInline let attributes: ByteView
    @usableFromInline let recordOffsets: ByteView
    @usableFromInline let records: ByteView
    @usableFromInline let tokenOffsets: ByteView
    @usableFromInline let tokenLists: ByteView
    @usableFromInline let categoryTable: ByteView
    @usableFromInline let postings: ByteView
    /// PLCS: place hierarchies, six string offsets each.
    let placeTable: ByteView
    public let placeRowCount: Int
    /// EXTR: extra tags (opening hours, phone…), empty when the section is absent.
    package let extraTagReader: ExtraTagReader
    // Views into the mapping: internal, so nothing outlives the index that owns the file.
    let strings: StringTable
    @usableFromInline package let trie: TrieReader
    package let quadtree: QuadtreeReader
    public let categoryCount: Int

    public convenience init(path: String) throws {
        try self.init(file: MappedFile(path: path))
    }

    public init(file: MappedFile) throws {
        self.file = file
        path = file.path
        let v = file.view
        func corrupt(_ what: String) -> InputError {
            InputError(file: file.path, message: "index file is corrupt: \(what)")
        }
        guard v.count >= IndexFormat.headerSize else {
            if v.count == 0 { throw InputError(file: file.path, message: "not a geoindex file: the file is empty") }
            throw InputError(file: file.path, message: "not a geoindex file: too short (\(v.count) bytes)")
        }
        let magic = v.bytes(0, 8)
        guard magic.elementsEqual(IndexFormat.magic) else {
            throw InputError(file: file.path, message: "not a geoindex file (wrong magic bytes)")
        }
        formatVersion = v.u32(8)
        guard formatVersion == IndexFormat.version else {
            let relation = formatVersion > IndexFormat.version ? "newer than" : "older than"
            throw InputError(file: file.path, message: "index format version \(formatVersion) is \(relation) the version this program reads (\(IndexFormat.version)); rebuild the index with `geoindex build`\(formatVersion > IndexFormat.version ? " or upgrade geoindex" : "")")
        }
        let sectionCount = Int(v.u32(12))
        let tableEnd = Int(v.u32(16))
        guard sectionCount <= IndexFormat.maxSections,
              tableEnd == IndexFormat.headerSize + sectionCount * IndexFormat.sectionEntrySize,
              tableEnd <= v.count else { throw corrupt("header") }
        buildTime = v.i64(24)
        // The header and table are small: check their CRC on every open.
        var headerBytes = Array(v.bytes(0, tableEnd))
        for i in 32..<36 { headerBytes[i] = 0 }
        guard CRC32.checksum(headerBytes) == v.u32(32) else { throw corrupt("header") }
        var table: [SectionTag: SectionEntry] = [:]
        for i in 0..<sectionCount {
            let e = IndexFormat.headerSize + i * IndexFormat.sectionEntrySize
            let code = v.u32(e)
            let offset = v.u64(e + 8), length = v.u64(e + 16), items = v.u64(e + 24)
            guard offset <= UInt64(v.count), length <= UInt64(v.count) - offset, offset >= UInt64(tableEnd),
                  items <= UInt64(Int32.max) else { throw corrupt("section table") }
            guard let tag = SectionTag(code: code) else { continue }   // unknown optional section
            guard table[tag] == nil else { throw corrupt("section table (duplicate \(tag.rawValue))") }
            table[tag] = SectionEntry(tag: tag, crc: v.u32(e + 4), offset: Int(offset), length: Int(length), items: Int(items))
        }
        sections = table
        func section(_ t: SectionTag) throws -> (ByteView, Int) {
            guard let s = table[t] else { throw corrupt("missing \(t.rawValue) section") }
            return (v.slice(s.offset, s.length), s.items)
        }
        let (pts, n) = try section(.points)
        count = n
        points = pts
        guard pts.count == n * 8 else { throw corrupt("PNTS (the section table gives \(n) items, the section holds \(pts.count) bytes)") }
        (attributes, _) = try section(.attributes)
        guard attributes.count == n * 4 else { throw corrupt("ATTR") }
        let sampled = (n + SampledOffsets.stride - 1) / SampledOffsets.stride
        (recordOffsets, _) = try section(.recordOffsets)
        (tokenOffsets, _) = try section(.tokenOffsets)
        guard recordOffsets.count == sampled * 4, tokenOffsets.count == sampled * 4 else { throw corrupt("ROFF/FOFF") }
        (records, _) = try section(.records)
        (tokenLists, _) = try section(.tokens)
        let (strs, _) = try section(.strings)
        strings = StringTable(view: strs)
        (categoryTable, _) = try section(.categories)
        categoryCount = Int(categoryTable.u32(0))
        guard categoryTable.count >= 4 + categoryCount * 16 else { throw corrupt("CATS") }
        (postings, _) = try section(.postings)
        // No PLCS: no landmark has a place hierarchy (records then name row 0).
        (placeTable, placeRowCount) = table[.places] == nil ? (ByteView.empty, 0) : try section(.places)
        guard placeTable.count == placeRowCount * IndexFormat.placeRowSize else {
            throw corrupt("PLCS (the section table gives \(placeRowCount) items, the section holds \(placeTable.count) bytes)")
        }
        // No EXTR: no landmark has extra tags.
        if table[.extraTags] == nil {
            extraTagReader = .empty
        } else {
            let (extraView, extraItems) = try section(.extraTags)
            guard extraItems == n else { throw corrupt("EXTR (the section table gives \(extraItems) items, the index has \(n) landmarks)") }
            guard let reader = ExtraTagReader(view: extraView, landmarkCount: n) else { throw corrupt("EXTR") }
            extraTagReader = reader
        }
        let (trieView, _) = try section(.trie)
        guard trieView.count >= 16 else { throw corrupt("TRIE") }
        trie = TrieReader(view: trieView)
        let (qt, _) = try section(.quadtree)
        guard qt.count >= 16 else { throw corrupt("QTRE") }
        quadtree = QuadtreeReader(view: qt, landmarkCount: n)
        var ids: [CategoryTag: Int] = [:]
        var described: [CategoryDescription] = []
        for c in 0..<min(categoryCount, 1 << 16) {
            let o = 4 + c * 16
            let k = StringTable(view: strs).string(at: Int(categoryTable.u32(o))) ?? ""
            let v = StringTable(view: strs).string(at: Int(categoryTable.u32(o + 4))) ?? ""
            let tag = CategoryTag(key: k, value: v)
            ids[tag] = c
            described.append(CategoryDescription(key: k, value: v, tag: tag, label: CategoryCatalog.label(key: k, value: v),
                                                 icon: CategoryCatalog.icon(key: k, value: v)))
        }
        categoryIDs = ids
        categoryDescriptions = described
    }

    /// Category ids of this index by their tag.
    public let categoryIDs: [CategoryTag: Int]
    /// Per category id: its tag, label and icon, worked out once at open.
    public let categoryDescriptions: [CategoryDescription]

    public func categoryDescription(_ id: Int) -> CategoryDescription {
        id >= 0 && id < categoryDescriptions.count ? categoryDescriptions[id]
            : CategoryDescription(key: "", value: "", tag: CategoryTag(key: "", value: ""), label: "", icon: CategoryCatalog.defaultIcon)
    }

    // MARK: hot columns

    @inlinable @inline(__always) public func point(_ i: Int) -> FixedCoordinate {
        FixedCoordinate(lat: points.i32(i * 8), lon: points.i32(i * 8 + 4))
    }

    @inlinable @inline(__always) public func kind(_ i: Int) -> LandmarkKind {
        LandmarkKind(rawValue: attributes.u8(i * 4) & 7) ?? .poi
    }

    @inlinable @inline(__always) public func nameTokenCount(_ i: Int) -> Int { Int(attributes.u8(i * 4) >> 3) }

    @inlinable @inline(__always) public func importance(_ i: Int) -> UInt8 { attributes.u8(i * 4 + 1) }

    @inlinable @inline(__always) public func categoryID(_ i: Int) -> Int { Int(attributes.u16(i * 4 + 2)) }

    // MARK: categories

    public func category(_ id: Int) -> (key: String, value: String) {
        guard id >= 0, id < categoryCount else { return ("", "") }
        let o = 4 + id * 16
        return (strings.string(at: Int(categoryTable.u32(o))) ?? "", strings.string(at: Int(categoryTable.u32(o + 4))) ?? "")
    }

    @inlinable public func categoryPostings(_ id: Int) -> PostingReader? {
        guard id >= 0, id < categoryCount else { return nil }
        return postingList(at: Int(categoryTable.u32(4 + id * 16 + 8)))
    }

    @inlinable public func postingList(at offset: Int) -> PostingReader? {
        PostingReader(view: postings, offset: offset, limit: count)
    }

    /// The landmarks of a terminal trie node's token (its inline id or its list).
    @inlinable public func postings(of node: TrieNode) -> PostingReader? {
        if let id = node.inlinePosting { return id < UInt32(count) ? PostingReader(single: id) : nil }
        return node.postingOffset.flatMap(postingList(at:))
    }

    /// How many landmarks the tokens under `node` list (with repeats). Inner nodes store it; a
    /// leaf's is its own list's length, read from the list (the trie only knows "at least 2").
    @inlinable public func postingTotal(of node: TrieNode) -> Int {
        if node.childCount > 0 { return node.postingTotal }
        return postings(of: node)?.count ?? 0
    }

    /// Postings of the one token that ends at `node` (its own list, not its subtree's).
    @inlinable public func tokenPostingCount(of node: TrieNode) -> Int {
        node.isTerminal ? postings(of: node)?.count ?? 0 : 0
    }

    /// A top list: landmark ids by falling importance.
    public func topList(at offset: Int) -> [UInt32] {
        var o = offset
        guard let n = postings.varint(&o, limit: 1024) else { return [] }
        var r: [UInt32] = []
        for _ in 0..<n {
            guard let id = postings.varint(&o, limit: count - 1) else { break }
            r.append(UInt32(id))
        }
        return r
    }

    // MARK: variable-length tables

    /// The payload of entry `i` in a table with sampled offsets.
    @inlinable func entry(_ i: Int, table: ByteView, offsets: ByteView) -> ByteView {
        guard i >= 0, i < count else { return .empty }
        var o = Int(offsets.u32((i / SampledOffsets.stride) * 4))
        for _ in 0..<(i % SampledOffsets.stride) {
            // Most entries are shorter than 128 bytes: their length is one byte.
            let b = table.u8(o)
            if b < 0x80, o < table.count {
                o += 1 + Int(b)
                continue
            }
            guard let len = table.varint(&o, limit: table.count) else { return .empty }
            o += len
        }
        guard let len = table.varint(&o, limit: table.count) else { return .empty }
        return table.slice(o, len)
    }

    public func record(_ i: Int) -> LandmarkRecord? {
        RecordCodec.decode(entry(i, table: records, offsets: recordOffsets), point: point(i), strings: strings,
                           placeRows: placeRowCount)
    }

    /// The OSM object landmark `i` stands for, read without decoding the rest of its record.
    public func osmRef(_ i: Int) -> OSMRef? {
        RecordCodec.osmRef(entry(i, table: records, offsets: recordOffsets))
    }

    /// The extent of landmark `i` (streets, areas, places drawn as ways or relations).
    public func bbox(_ i: Int) -> FixedBoundingBox? {
        RecordCodec.bbox(entry(i, table: records, offsets: recordOffsets), point: point(i))
    }

    /// The record with only the displayed name (and `name:<language>` when asked) — for showing results.
    public func displayRecord(_ i: Int, language: String?) -> LandmarkRecord? {
        RecordCodec.decode(entry(i, table: records, offsets: recordOffsets), point: point(i), strings: strings,
                           placeRows: placeRowCount, allNames: false, language: language)
    }

    /// The places a record lies in (suburb, city, county, state, country), nil when none are known.
    public func places(_ r: LandmarkRecord) -> PlaceChain? {
        guard r.placesRow > 0, r.placesRow <= placeRowCount else { return nil }
        let o = (r.placesRow - 1) * IndexFormat.placeRowSize
        let parts = (0..<6).map { k -> String? in
            let offset = Int(placeTable.u32(o + 4 * k))
            return offset == 0 ? nil : strings.string(at: offset)
        }
        return PlaceChain(parts: parts)
    }

    /// The extra tags of landmark `i` that `selection` asks for (key → value), empty when none.
    public func extraTags(_ i: Int, _ selection: ExtraTagSelection) -> [String: String] {
        extraTagReader.tags(i, selection)
    }

    /// The tokens of landmark `i`, ascending, each a packed TokenEntry (its ordinal and TokenClass).
    @inlinable public func tokenOrdinals(_ i: Int, into out: inout [Int]) {
        let n = tokenEntries(i, into: &out)
        out.removeLast(out.count - n)
    }

    /// `tokenOrdinals` for hot loops: the entries go to the first slots of `buffer` (grown when
    /// too short, never shrunk) and their number is returned, so a buffer reused across
    /// landmarks is neither cleared nor refilled one append at a time.
    @inlinable public func tokenEntries(_ i: Int, into buffer: inout [Int]) -> Int {
        let e = entry(i, table: tokenLists, offsets: tokenOffsets)
        // Every entry takes at least one byte, so `e.count` slots hold them all.
        if buffer.count < e.count { buffer.append(contentsOf: repeatElement(0, count: e.count - buffer.count)) }
        let limit = TokenEntry.end(tokenCount: trie.tokenCount)
        return buffer.withUnsafeMutableBufferPointer { slots -> Int in
            var o = 0, k = 0, prev = 0
            while o < e.count {
                let d: Int
                let b = e.u8(o)
                if b < 0x80 {
                    o += 1
                    d = Int(b)
                } else {
                    // Deltas between words are mostly two bytes (ordinals are far apart).
                    let b2 = e.u8(o + 1)
                    if b2 < 0x80 && o + 1 < e.count {
                        o += 2
                        d = Int(b & 0x7F) | Int(b2) << 7
                    } else {
                        guard let v = e.varint(&o, limit: limit) else { break }
                        d = v
                    }
                }
                prev = k == 0 ? d : prev + d
                guard prev < limit, k < slots.count else { break }
                slots[k] = prev
                k += 1
            }
            return k
        }
    }

    // MARK: metadata

    /// The extent of the OSM data the index was built from (from META), nil when unknown.
    public var dataBox: BoundingBox? {
        guard let a = metadata["bbox"]?.arrayValue, a.count == 4 else { return nil }
        let v = a.compactMap(\.doubleValue)
        guard v.count == 4, v[0] < v[2] || v[1] < v[3] else { return nil }
        return BoundingBox(minLon: v[0], minLat: v[1], maxLon: v[2], maxLat: v[3])
    }

    /// The META section parsed (for `info`; parsed on each call, so keep it off hot paths).
    public var metadata: JSONValue {
        guard let s = sections[.meta] else { return .object([]) }
        let bytes = Array(file.view.bytes(s.offset, s.length))
        return (try? JSONValue.parse(bytes)) ?? .object([])
    }
}
