// Node coordinates kept during an import so ways and relations get geometry:
// the largest structure of an import (every node of the file), so it is kept
// compact. Extracts list nodes by ascending id, and consecutive ids were
// mostly created together, close to each other. So nodes go in blocks of 32:
// the block's first id and byte offset in an index (16 bytes a block), then
// per node varints — the id's difference from the previous one, and the
// zig-zag differences of latitude and longitude in 1e-7° (the first node of
// a block holds its coordinates in full). On real extracts that is about 6
// bytes a node (monaco: 1.1 for the id, 4.6 for the position, 0.5 for the
// index) instead of 16 for an id and a position.
//
// A look-up binary-searches the block and walks its entries; a following
// look-up in the same block continues from where the last one stopped, since
// the refs of a way cluster. Both arrays live in GrowableRegions, so they grow
// without copies, in memory or (`--node-store file`) in an unlinked temporary
// file. Out-of-order ids (rare, unsorted files) go to a small hash map so
// they still resolve.
import GeoBase

public final class NodeStore {
    static let blockSize = 32

    private let data: GrowableRegion
    private let index: BlockDirectory
    private var sequentialCount = 0
    private var lastID: Int64 = .min
    private var lastLat: Int32 = 0
    private var lastLon: Int32 = 0
    private var outOfOrder: [Int64: UInt64] = [:]

    // Where the last look-up stopped: block, entry inside it, that entry's id and position, and
    // the byte offset after it.
    private var cursorBlock = -1
    private var cursorIndex = 0
    private var cursorID: Int64 = 0
    private var cursorLat: Int32 = 0
    private var cursorLon: Int32 = 0
    private var cursorOffset = 0

    /// An empty store in memory.
    public convenience init() {
        // Only address space is reserved; failing to get 32 MiB of it means the process cannot run anyway.
        try! self.init(backing: .memory)
    }

    /// An empty store in memory or in a temporary file (created and unlinked in its directory).
    public init(backing: StorageBacking) throws {
        data = try GrowableRegion(backing: backing)
        index = try BlockDirectory(backing: backing, reservation: GrowableRegion.defaultReservation / 8)
    }

    public var backing: StorageBacking { data.backing }

    public var count: Int { sequentialCount + outOfOrder.count }

    /// Bytes held (for the memory report).
    public var memoryBytes: Int { data.count + index.bytes + outOfOrder.capacity * 24 }

    public private(set) var outOfOrderCount = 0

    /// Why the store could not take more nodes (out of memory or disk), if so.
    public var failure: String? { data.failure ?? index.failure }

    @inline(__always) static func pack(_ lat: Int32, _ lon: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: lat)) << 32 | UInt64(UInt32(bitPattern: lon))
    }

    @inline(__always) static func unpack(_ v: UInt64) -> FixedCoordinate {
        FixedCoordinate(lat: Int32(bitPattern: UInt32(truncatingIfNeeded: v >> 32)),
                        lon: Int32(bitPattern: UInt32(truncatingIfNeeded: v)))
    }

    @inline(__always) static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }

    @inline(__always) static func unzigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1) }

    /// How far `id` lies above `previous` (ids ascend within a block; from −2⁶³ to 2⁶³−1 the gap
    /// fits a UInt64, not an Int64). The stores of nodes, way extents and way geometry code ids so.
    @inline(__always) static func gap(from previous: Int64, to id: Int64) -> UInt64 { UInt64(bitPattern: id &- previous) }

    /// The id `gap` above `id`.
    @inline(__always) static func id(_ id: Int64, plus gap: UInt64) -> Int64 { id &+ Int64(bitPattern: gap) }

    public func append(id: Int64, lat: Int32, lon: Int32) {
        guard id > lastID else {
            if outOfOrder.updateValue(NodeStore.pack(lat, lon), forKey: id) == nil { outOfOrderCount += 1 }
            return
        }
        if sequentialCount % NodeStore.blockSize == 0 {
            index.append(firstID: id, offset: data.count)
            data.appendVarint(NodeStore.zigzag(Int64(lat)))
            data.appendVarint(NodeStore.zigzag(Int64(lon)))
        } else {
            data.appendVarint(NodeStore.gap(from: lastID, to: id))
            data.appendVarint(NodeStore.zigzag(Int64(lat) - Int64(lastLat)))
            data.appendVarint(NodeStore.zigzag(Int64(lon) - Int64(lastLon)))
        }
        sequentialCount += 1
        lastID = id
        lastLat = lat
        lastLon = lon
    }

    /// The coordinate of node `id`, or nil when the file did not contain it.
    public func coordinate(of id: Int64) -> FixedCoordinate? {
        if !outOfOrder.isEmpty, let v = outOfOrder[id] { return NodeStore.unpack(v) }
        guard failure == nil, id <= lastID else { return nil }
        let block: Int
        if cursorBlock >= 0, id >= cursorID, cursorBlock + 1 >= index.count || id < index.firstID(cursorBlock + 1) {
            block = cursorBlock
        } else {
            guard let found = index.block(containing: id) else { return nil }
            block = found
            cursorBlock = block
            cursorIndex = 0
            cursorID = index.firstID(block)
            cursorOffset = index.offset(block)
            data.withBytes(cursorOffset..<index.end(block, dataCount: data.count)) { bytes in
                var i = 0
                cursorLat = Int32(truncatingIfNeeded: NodeStore.unzigzag(NodeStore.varint(bytes, &i)))
                cursorLon = Int32(truncatingIfNeeded: NodeStore.unzigzag(NodeStore.varint(bytes, &i)))
                cursorOffset += i
            }
        }
        if cursorID < id {
            let entries = min(NodeStore.blockSize, sequentialCount - block * NodeStore.blockSize)
            data.withBytes(cursorOffset..<index.end(block, dataCount: data.count)) { bytes in
                var i = 0
                var cid = cursorID, lat = Int64(cursorLat), lon = Int64(cursorLon), k = cursorIndex
                while cid < id && k + 1 < entries && i < bytes.count {
                    cid = NodeStore.id(cid, plus: NodeStore.varint(bytes, &i))
                    lat += NodeStore.unzigzag(NodeStore.varint(bytes, &i))
                    lon += NodeStore.unzigzag(NodeStore.varint(bytes, &i))
                    k += 1
                }
                cursorID = cid
                cursorLat = Int32(truncatingIfNeeded: lat)
                cursorLon = Int32(truncatingIfNeeded: lon)
                cursorIndex = k
                cursorOffset += i
            }
        }
        return cursorID == id ? FixedCoordinate(lat: cursorLat, lon: cursorLon) : nil
    }

    /// Reads one unsigned varint at `i`, stopping at the end of `bytes` (the store wrote them, so
    /// a cut-off one only happens after `failure`).
    @inline(__always) static func varint(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> UInt64 {
        var shift: UInt64 = 0
        var v: UInt64 = 0
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
        }
        return v
    }
}
