// Posting lists: ascending landmark ids, delta-coded as varints. Lists longer
// than one block carry a skip table (first id and byte offset of every block
// of 64) so a reader can jump to the id range of a quadtree cell instead of
// decoding from the start.
//
// Layout: varint count; if count > 64: varint blockCount, then per block
// (varint firstID delta, varint byte offset delta), then the blocks, each
// holding its ids after the first as deltas. Short lists: the ids as deltas
// (first one absolute).
import GeoBase

public enum PostingList {
    public static let blockSize = 64

    public static func encode(_ ids: [UInt32], into w: inout ByteWriter) {
        w.varint(ids.count)
        if ids.count <= blockSize {
            var prev: UInt32 = 0
            for (i, id) in ids.enumerated() {
                w.varint(UInt64(i == 0 ? id : id - prev))
                prev = id
            }
            return
        }
        var blocks = ByteWriter()
        var skips: [(UInt32, Int)] = []
        for start in stride(from: 0, to: ids.count, by: blockSize) {
            skips.append((ids[start], blocks.count))
            var prev = ids[start]
            for id in ids[(start + 1)..<min(ids.count, start + blockSize)] {
                blocks.varint(UInt64(id - prev))
                prev = id
            }
        }
        w.varint(skips.count)
        var prevID: UInt32 = 0, prevOffset = 0
        for (id, offset) in skips {
            w.varint(UInt64(id - prevID))
            w.varint(offset - prevOffset)
            prevID = id
            prevOffset = offset
        }
        w.append(contentsOf: blocks.bytes)
    }
}

/// Reads one posting list from a region of the index. Every step is bounds-checked;
/// a corrupt list yields fewer or wrong ids, never an out-of-bounds read.
public struct PostingReader {
    @usableFromInline let view: ByteView
    public let count: Int
    @usableFromInline let skipStart: Int
    @usableFromInline let blockCount: Int
    @usableFromInline let dataStart: Int
    @usableFromInline let limit: UInt32
    /// A one-id list (a token of a single landmark, stored in its trie node).
    @usableFromInline let single: UInt32?

    @inlinable init(single id: UInt32) {
        view = .empty
        count = 1
        skipStart = 0
        blockCount = 0
        dataStart = 0
        limit = id &+ 1
        single = id
    }

    /// `limit` is the number of landmarks: ids at or past it are dropped.
    @inlinable public init?(view: ByteView, offset: Int, limit: Int) {
        self.view = view
        self.limit = UInt32(clamping: limit)
        single = nil
        var o = offset
        guard let n = view.varint(&o, limit: max(0, limit) + 1) else { return nil }
        count = n
        if n <= PostingList.blockSize {
            blockCount = 0
            skipStart = o
            dataStart = o
            return
        }
        // The writer makes exactly one block per 64 ids; any other count is a corrupt file (and
        // would make a block's id count negative below).
        guard let b = view.varint(&o, limit: n), b == (n + PostingList.blockSize - 1) / PostingList.blockSize else { return nil }
        blockCount = b
        skipStart = o
        for _ in 0..<(2 * b) { guard view.varint(&o) != nil else { return nil } }
        dataStart = o
    }

    /// Calls `body` with every id in `[lower, upper)`, ascending; `body` returns false to stop.
    @inlinable public func forEach(in lower: UInt32 = 0, _ upper: UInt32 = .max, _ body: (UInt32) -> Bool) {
        if let single {
            if single >= lower && single < upper { _ = body(single) }
            return
        }
        if blockCount == 0 {
            var o = dataStart
            var id: UInt32 = 0
            for i in 0..<count {
                guard let d = view.varint(&o) else { return }
                let next = UInt64(i == 0 ? 0 : id) + d
                guard next < UInt64(limit) else { return }
                id = UInt32(next)
                if id >= upper { return }
                if id >= lower, !body(id) { return }
            }
            return
        }
        var o = skipStart
        var blockID: UInt64 = 0
        var blockOffset = 0
        for b in 0..<blockCount {
            guard let di = view.varint(&o), let doff = view.varint(&o, limit: view.count) else { return }
            blockID += di
            blockOffset += doff
            guard blockID < UInt64(limit) else { return }
            if blockID >= UInt64(upper) { return }
            // Peek at the next block's first id to skip whole blocks below `lower`.
            var peek = o
            if b + 1 < blockCount, let nd = view.varint(&peek), blockID + nd <= UInt64(lower) { continue }
            var p = dataStart + blockOffset
            var id = UInt32(blockID)
            let inBlock = min(PostingList.blockSize, count - b * PostingList.blockSize)
            guard inBlock > 0 else { return }
            for j in 0..<inBlock {
                if j > 0 {
                    guard let d = view.varint(&p) else { return }
                    let next = UInt64(id) + d
                    guard next < UInt64(limit) else { return }
                    id = UInt32(next)
                }
                if id >= upper { return }
                if id >= lower, !body(id) { return }
            }
        }
    }

    /// All ids (for small lists and verification).
    public func all() -> [UInt32] {
        var r: [UInt32] = []
        r.reserveCapacity(min(count, 1 << 16))
        forEach { r.append($0); return true }
        return r
    }
}
