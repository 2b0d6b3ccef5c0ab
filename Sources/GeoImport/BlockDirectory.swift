// The directory of a delta-coded store (NodeStore, WayExtentStore): entries
// are written in blocks of a fixed count, each block starting with its first
// id in full; the directory keeps, per block, that id and the block's byte
// offset in the store's data, so a look-up binary-searches the directory and
// walks one block. Kept in a GrowableRegion like the data it points into.

final class BlockDirectory {
    static let entrySize = 16

    private let region: GrowableRegion
    private(set) var count = 0

    init(backing: StorageBacking, reservation: Int) throws {
        region = try GrowableRegion(backing: backing, reservation: reservation)
    }

    /// Bytes held.
    var bytes: Int { region.count }

    var failure: String? { region.failure }

    /// Starts a block whose first entry has `id` and whose bytes start at `offset` in the data.
    func append(firstID id: Int64, offset: Int) {
        region.append(id)
        region.append(UInt64(offset))
        count += 1
    }

    @inline(__always) func firstID(_ block: Int) -> Int64 {
        region.load(at: block * BlockDirectory.entrySize, as: Int64.self)
    }

    @inline(__always) func offset(_ block: Int) -> Int {
        Int(region.load(at: block * BlockDirectory.entrySize + 8, as: UInt64.self))
    }

    /// Where `block`'s bytes end: the next block's start, else the end of the data.
    @inline(__always) func end(_ block: Int, dataCount: Int) -> Int {
        block + 1 < count ? offset(block + 1) : dataCount
    }

    /// The last block whose first id is at most `id`; nil when there is none.
    func block(containing id: Int64) -> Int? {
        guard count > 0, id >= firstID(0) else { return nil }
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if firstID(mid) <= id { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
