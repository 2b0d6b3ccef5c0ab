// A batch of parsed OSM elements in struct-of-arrays form. Readers (XML and
// PBF) fill batches; the index builder consumes them in file order. Tag
// keys and values stay as byte ranges into one arena, so the hot path creates
// no String per attribute; handlers turn the few tags they keep into Strings.
import Foundation

/// A byte range in the batch arena.
public struct ArenaRange: Sendable, Hashable {
    public var start: UInt32
    public var length: UInt32
}

public enum OSMMemberType: UInt8, Sendable {
    case node = 0, way = 1, relation = 2
}

public struct OSMBatch: Sendable {
    public var nodeIDs: [Int64] = []
    public var nodeLats: [Int32] = []
    public var nodeLons: [Int32] = []
    /// `nodeTagEnds[i]` is one past the last tag of node i (tags are consecutive).
    public var nodeTagEnds: [Int32] = []

    public var wayIDs: [Int64] = []
    public var wayRefEnds: [Int32] = []
    public var wayRefs: [Int64] = []
    public var wayTagEnds: [Int32] = []

    public var relationIDs: [Int64] = []
    public var relationMemberEnds: [Int32] = []
    public var memberTypes: [OSMMemberType] = []
    public var memberRefs: [Int64] = []
    public var memberRoles: [ArenaRange] = []
    public var relationTagEnds: [Int32] = []

    public var tagKeys: [ArenaRange] = []
    public var tagValues: [ArenaRange] = []
    public var arena: [UInt8] = []

    /// Tag index where the first node's/way's/relation's tags start in this batch.
    public var nodeTagBase: Int32 = 0
    public var wayTagBase: Int32 = 0
    public var relationTagBase: Int32 = 0

    public init() {}

    public var elementCount: Int { nodeIDs.count + wayIDs.count + relationIDs.count }

    public var isEmpty: Bool { elementCount == 0 }

    mutating func addToArena(_ p: UnsafePointer<CChar>) -> ArenaRange {
        let start = UInt32(arena.count)
        let n = strlen(p)
        arena.append(contentsOf: UnsafeRawBufferPointer(start: p, count: n))
        return ArenaRange(start: start, length: UInt32(n))
    }

    public func tags(ofNode i: Int) -> OSMTags { OSMTags(batch: self, range: tagRange(ofNode: i)) }
    public func tags(ofWay i: Int) -> OSMTags { OSMTags(batch: self, range: tagRange(ofWay: i)) }
    public func tags(ofRelation i: Int) -> OSMTags { OSMTags(batch: self, range: tagRange(ofRelation: i)) }

    // The importer's hot path reads tags by index range: an `OSMTags` value holds a copy of the
    // batch (a retain of each of its arrays), which costs more than the look-up for untagged nodes.

    /// Indices into `tagKeys`/`tagValues` of node i's tags.
    @inlinable @inline(__always) public func tagRange(ofNode i: Int) -> Range<Int> {
        Int(i == 0 ? nodeTagBase : nodeTagEnds[i - 1])..<Int(nodeTagEnds[i])
    }

    @inlinable @inline(__always) public func tagRange(ofWay i: Int) -> Range<Int> {
        Int(i == 0 ? wayTagBase : wayTagEnds[i - 1])..<Int(wayTagEnds[i])
    }

    @inlinable @inline(__always) public func tagRange(ofRelation i: Int) -> Range<Int> {
        Int(i == 0 ? relationTagBase : relationTagEnds[i - 1])..<Int(relationTagEnds[i])
    }

    /// True when some key in `tags` equals one of `keys` or starts with one of its prefixes.
    @inlinable @inline(__always) public func hasAnyTag(in tags: Range<Int>, of keys: KeyFilter) -> Bool {
        arena.withUnsafeBufferPointer { arena in
            for i in tags {
                let k = tagKeys[i]
                if keys.matches(UnsafeBufferPointer(rebasing: arena[Int(k.start)..<Int(k.start + k.length)])) { return true }
            }
            return false
        }
    }

    /// The tags in `tags` as a dictionary (for the few elements worth a closer look).
    @inlinable public func tagDictionary(in tags: Range<Int>) -> [String: String] {
        var d: [String: String] = [:]
        d.reserveCapacity(tags.count)
        for i in tags { d[string(tagKeys[i])] = string(tagValues[i]) }
        return d
    }

    @inlinable public func refs(ofWay i: Int) -> ArraySlice<Int64> {
        wayRefs[Int(i == 0 ? 0 : wayRefEnds[i - 1])..<Int(wayRefEnds[i])]
    }

    @inlinable public func members(ofRelation i: Int) -> Range<Int> {
        Int(i == 0 ? 0 : relationMemberEnds[i - 1])..<Int(relationMemberEnds[i])
    }

    @inlinable public func string(_ r: ArenaRange) -> String {
        arena.withUnsafeBufferPointer { buf in
            String(decoding: UnsafeBufferPointer(rebasing: buf[Int(r.start)..<Int(r.start + r.length)]), as: UTF8.self)
        }
    }
}

/// The tags of one element, read without allocating.
public struct OSMTags {
    // Read for every tagged element of an import: inlinable into the collector.
    @usableFromInline let batch: OSMBatch
    public let range: Range<Int>

    @inlinable init(batch: OSMBatch, range: Range<Int>) {
        self.batch = batch
        self.range = range
    }

    public var isEmpty: Bool { range.isEmpty }
    public var count: Int { range.count }

    /// The value of `key`, or nil.
    @inlinable @inline(__always) public func value(_ key: StaticString) -> String? {
        guard let i = index(key) else { return nil }
        return batch.string(batch.tagValues[i])
    }

    @inlinable @inline(__always) public func index(_ key: StaticString) -> Int? {
        let kp = key.utf8Start
        let kn = key.utf8CodeUnitCount
        return batch.arena.withUnsafeBufferPointer { arena -> Int? in
            for i in range {
                let k = batch.tagKeys[i]
                if Int(k.length) == kn && memcmp(arena.baseAddress! + Int(k.start), kp, kn) == 0 { return i }
            }
            return nil
        }
    }

    @inlinable @inline(__always) public func key(at i: Int) -> String { batch.string(batch.tagKeys[i]) }
    @inlinable @inline(__always) public func value(at i: Int) -> String { batch.string(batch.tagValues[i]) }

    /// True when some key equals one of `keys` or starts with one of `prefixes`.
    public func hasAny(of keys: KeyFilter) -> Bool { batch.hasAnyTag(in: range, of: keys) }

    /// All tags as a dictionary.
    public func dictionary() -> [String: String] { batch.tagDictionary(in: range) }
}

/// A fast membership test for tag keys: exact keys and key prefixes, as bytes,
/// bucketed by first byte so most keys are rejected by one table look-up.
public struct KeyFilter: Sendable {
    @usableFromInline var buckets = [[(bytes: [UInt8], isPrefix: Bool)]](repeating: [], count: 256)

    public init(keys: [String], prefixes: [String] = []) {
        for k in keys where !k.isEmpty { buckets[Int(k.utf8.first!)].append((Array(k.utf8), false)) }
        for p in prefixes where !p.isEmpty { buckets[Int(p.utf8.first!)].append((Array(p.utf8), true)) }
    }

    @inlinable public func matches(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let f = key.first, let base = key.baseAddress else { return false }
        for entry in buckets[Int(f)] {
            let n = entry.bytes.count
            if entry.isPrefix ? key.count >= n : key.count == n, memcmp(base, entry.bytes, n) == 0 { return true }
        }
        return false
    }
}
