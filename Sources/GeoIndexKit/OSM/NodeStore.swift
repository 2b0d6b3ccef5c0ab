// Node coordinates kept during an import so ways and relations get geometry.
// Extracts list nodes by ascending id, so ids are stored as varint deltas in
// blocks of 32 (about 1.1 bytes a node, plus 12 bytes a block) beside
// fixed-point coordinates (8 bytes): roughly 9.5 bytes a node instead of 16. A
// look-up binary-searches the block and walks its deltas — no decoding into
// arrays — and a following look-up in the same block continues from where the
// last one stopped, since way references cluster. Out-of-order ids (rare,
// unsorted files) go to a small hash map so they still resolve.

public struct NodeStore {
    static let blockSize = 32

    private var blockFirstIDs: [Int64] = []
    private var blockByteStarts: [UInt32] = []
    private var deltaBytes: [UInt8] = []
    private var coordinates: [UInt64] = []
    private var lastID: Int64 = .min
    private var outOfOrder: [Int64: UInt64] = [:]

    // Where the last look-up stopped: block, index inside it, id there and byte offset after it.
    private var cursorBlock = -1
    private var cursorIndex = 0
    private var cursorID: Int64 = 0
    private var cursorOffset = 0

    public init() {}

    public var count: Int { coordinates.count + outOfOrder.count }

    /// Bytes held (for the memory report).
    public var memoryBytes: Int {
        blockFirstIDs.capacity * 8 + blockByteStarts.capacity * 4 + deltaBytes.capacity + coordinates.capacity * 8
            + outOfOrder.capacity * 24
    }

    public private(set) var outOfOrderCount = 0

    @inline(__always) static func pack(_ lat: Int32, _ lon: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: lat)) << 32 | UInt64(UInt32(bitPattern: lon))
    }

    @inline(__always) static func unpack(_ v: UInt64) -> FixedCoordinate {
        FixedCoordinate(lat: Int32(bitPattern: UInt32(truncatingIfNeeded: v >> 32)),
                        lon: Int32(bitPattern: UInt32(truncatingIfNeeded: v)))
    }

    public mutating func append(id: Int64, lat: Int32, lon: Int32) {
        guard id > lastID else {
            if outOfOrder.updateValue(NodeStore.pack(lat, lon), forKey: id) == nil { outOfOrderCount += 1 }
            return
        }
        let i = coordinates.count
        if i % NodeStore.blockSize == 0 {
            blockFirstIDs.append(id)
            blockByteStarts.append(UInt32(truncatingIfNeeded: deltaBytes.count))
            if deltaBytes.count > Int(UInt32.max) - 16 {
                // Past 4 GiB of deltas the offsets would wrap; extremely unlikely below planet scale.
                fatalError("node store exceeded 4 GiB of id deltas")
            }
        } else {
            var d = UInt64(id - lastID)
            while d >= 0x80 {
                deltaBytes.append(UInt8(truncatingIfNeeded: d) | 0x80)
                d >>= 7
            }
            deltaBytes.append(UInt8(d))
        }
        coordinates.append(NodeStore.pack(lat, lon))
        lastID = id
    }

    /// The coordinate of node `id`, or nil when the file did not contain it.
    public mutating func coordinate(of id: Int64) -> FixedCoordinate? {
        if !outOfOrder.isEmpty, let v = outOfOrder[id] { return NodeStore.unpack(v) }
        guard !blockFirstIDs.isEmpty, id >= blockFirstIDs[0], id <= lastID else { return nil }
        let block: Int
        if cursorBlock >= 0, id >= cursorID, cursorBlock + 1 >= blockFirstIDs.count || id < blockFirstIDs[cursorBlock + 1] {
            block = cursorBlock
        } else {
            // Last block whose first id <= id.
            var lo = 0, hi = blockFirstIDs.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if blockFirstIDs[mid] <= id { lo = mid } else { hi = mid - 1 }
            }
            block = lo
            cursorBlock = block
            cursorIndex = 0
            cursorID = blockFirstIDs[block]
            cursorOffset = Int(blockByteStarts[block])
        }
        let first = block * NodeStore.blockSize
        let count = min(NodeStore.blockSize, coordinates.count - first)
        return deltaBytes.withUnsafeBufferPointer { bytes -> FixedCoordinate? in
            while cursorID < id && cursorIndex + 1 < count {
                var shift: UInt64 = 0
                var d: UInt64 = 0
                while true {
                    let b = bytes[cursorOffset]
                    cursorOffset += 1
                    d |= UInt64(b & 0x7F) << shift
                    if b < 0x80 { break }
                    shift += 7
                }
                cursorID += Int64(d)
                cursorIndex += 1
            }
            return cursorID == id ? NodeStore.unpack(coordinates[first + cursorIndex]) : nil
        }
    }
}
