// The EXTR section: each landmark's extra tags (opening hours, phone, website…,
// see ExtraTags), which only answers show. Stored apart from the records so a
// search that asks for none never reads them, and compactly: a small key table,
// each distinct value once (most used first, so "yes" and common opening hours
// cost one byte a use), and per landmark pairs of key id and value offset.
// Layout (docs/FORMAT.md):
//   16-byte header: u32 key count, u32 key list bytes, u32 value bytes, u32 entry bytes
//   key list: per key varint length + UTF-8 (a key's id is its position)
//   values: varint length + UTF-8 each, referred to by byte offset
//   ⌈n/16⌉ × u32: offset in the entries of every 16th landmark's entry
//   entries: per landmark varint length, then (varint key id, varint value offset) pairs, key ids ascending
// The reader owns every bounds check: the index is hostile input.
import GeoBase
import GeoModel

enum ExtraTagSectionBuilder {
    /// The section for the landmarks' extra tags, in landmark order.
    static func build(_ tags: [[ExtraTag]]) -> [UInt8] {
        // Keys in the documented order first, then any others by name (none today; kept general).
        var used = Set<String>()
        var uses: [String: Int] = [:]
        for list in tags {
            for t in list {
                used.insert(t.key)
                uses[t.value, default: 0] += 1
            }
        }
        let keys = used.sorted {
            let a = ExtraTags.order[$0] ?? Int.max, b = ExtraTags.order[$1] ?? Int.max
            return a != b ? a < b : $0 < $1
        }
        let keyID = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        // Most used values first: their offsets are the shortest varints. Ties by bytes, so builds repeat.
        let values = uses.keys.sorted {
            let a = uses[$0]!, b = uses[$1]!
            return a != b ? a > b : Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
        }
        var valueBytes = ByteWriter()
        var valueOffset: [String: Int] = [:]
        for v in values {
            valueOffset[v] = valueBytes.count
            valueBytes.string(v)
        }
        var keyBytes = ByteWriter()
        for k in keys { keyBytes.string(k) }
        var offsets = ByteWriter()
        var entries = ByteWriter()
        var pairs = ByteWriter()
        for (i, list) in tags.enumerated() {
            if i % SampledOffsets.stride == 0 { offsets.u32(UInt32(entries.count)) }
            pairs.removeAll()
            var seen = Set<Int>()
            for t in list.sorted(by: { keyID[$0.key]! < keyID[$1.key]! }) where seen.insert(keyID[t.key]!).inserted {
                pairs.varint(keyID[t.key]!)
                pairs.varint(valueOffset[t.value]!)
            }
            entries.varint(pairs.count)
            entries.append(contentsOf: pairs.bytes)
        }
        var out = ByteWriter()
        out.u32(UInt32(keys.count))
        out.u32(UInt32(keyBytes.count))
        out.u32(UInt32(valueBytes.count))
        out.u32(UInt32(entries.count))
        out.append(contentsOf: keyBytes.bytes)
        out.append(contentsOf: valueBytes.bytes)
        out.append(contentsOf: offsets.bytes)
        out.append(contentsOf: entries.bytes)
        return out.bytes
    }
}

/// Reads EXTR. Built at open from the section's header; every later read is bounds-checked, so
/// a corrupt section gives missing or wrong tags, never a crash.
package struct ExtraTagReader: Sendable {
    static let headerSize = 16
    /// More keys than this is no file we wrote (the documented list has 15).
    static let maxKeys = 256

    package let keys: [String]
    let values: ByteView
    let offsets: ByteView
    let entries: ByteView
    let count: Int

    static let empty = ExtraTagReader(keys: [], values: .empty, offsets: .empty, entries: .empty, count: 0)

    private init(keys: [String], values: ByteView, offsets: ByteView, entries: ByteView, count: Int) {
        self.keys = keys
        self.values = values
        self.offsets = offsets
        self.entries = entries
        self.count = count
    }

    /// nil when the parts the header declares do not fill the section exactly.
    init?(view v: ByteView, landmarkCount n: Int) {
        let k = Int(v.u32(0)), kb = Int(v.u32(4)), vb = Int(v.u32(8)), eb = Int(v.u32(12))
        let sampled = (n + SampledOffsets.stride - 1) / SampledOffsets.stride
        guard v.count >= ExtraTagReader.headerSize, k <= ExtraTagReader.maxKeys,
              v.count - ExtraTagReader.headerSize == kb + vb + sampled * 4 + eb else { return nil }
        let keyView = v.slice(ExtraTagReader.headerSize, kb)
        var o = 0
        var keys: [String] = []
        for _ in 0..<k {
            guard let s = keyView.string(&o) else { return nil }
            keys.append(s)
        }
        guard o == kb else { return nil }
        self.init(keys: keys, values: v.slice(ExtraTagReader.headerSize + kb, vb),
                  offsets: v.slice(ExtraTagReader.headerSize + kb + vb, sampled * 4),
                  entries: v.slice(ExtraTagReader.headerSize + kb + vb + sampled * 4, eb), count: n)
    }

    /// The entry of landmark `i` (its pairs), empty when out of range or unreadable.
    func entry(_ i: Int) -> ByteView {
        guard i >= 0, i < count else { return .empty }
        var o = Int(offsets.u32((i / SampledOffsets.stride) * 4))
        for _ in 0..<(i % SampledOffsets.stride) {
            guard let len = entries.varint(&o, limit: entries.count) else { return .empty }
            o += len
        }
        guard let len = entries.varint(&o, limit: entries.count) else { return .empty }
        return entries.slice(o, len)
    }

    /// The tags of landmark `i` that `selection` asks for.
    package func tags(_ i: Int, _ selection: ExtraTagSelection) -> [String: String] {
        guard !selection.isEmpty else { return [:] }
        var out: [String: String] = [:]
        forEachPair(entry(i)) { key, valueOffset in
            guard selection.contains(keys[key]) else { return }
            var o = valueOffset
            if let v = values.string(&o) { out[keys[key]] = v }
        }
        return out
    }

    /// Calls `body` with each pair whose key id is in range, until the entry ends or a varint breaks.
    private func forEachPair(_ e: ByteView, _ body: (Int, Int) -> Void) {
        var o = 0
        while o < e.count, !keys.isEmpty {
            guard let k = e.varint(&o, limit: keys.count - 1), let v = e.varint(&o, limit: values.count) else { return }
            body(k, v)
        }
    }

    /// How many landmarks have each key, in key-table order (for `geoindex info`).
    func landmarksByKey() -> [(key: String, landmarks: Int)] {
        var counts = [Int](repeating: 0, count: keys.count)
        var o = 0
        for _ in 0..<count {
            guard let len = entries.varint(&o, limit: entries.count) else { break }
            forEachPair(entries.slice(o, len)) { k, _ in counts[k] += 1 }
            o += len
        }
        return keys.indices.map { (keys[$0], counts[$0]) }
    }

    /// For `geoindex verify`: the key list is distinct, values are packed, every entry decodes to
    /// its end with ascending key ids and value offsets at the start of a value. nil when sound.
    func check(_ index: LandmarkIndex) -> String? {
        guard Set(keys).count == keys.count, !keys.contains("") else { return "key table" }
        var starts = Set<Int>()
        var o = 0
        while o < values.count {
            starts.insert(o)
            guard values.string(&o) != nil else { return "value at byte \(o)" }
        }
        return IndexVerifier.checkTable(index, entries, offsets, .extraTags) { _, e in
            var o = 0, previous = -1
            while o < e.count {
                guard !keys.isEmpty, let k = e.varint(&o, limit: keys.count - 1), k > previous,
                      let v = e.varint(&o, limit: values.count), starts.contains(v) else { return false }
                previous = k
            }
            return true
        }
    }
}
