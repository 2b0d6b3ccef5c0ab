// The bounding box of every way, kept while the file streams by because a
// relation (which comes after all ways) takes its extent from its member
// ways, and any way may turn out to be a member. Stored like the node store:
// blocks of 32 ways with the first id and byte offset in an index, then per
// way varints — id difference, zig-zag differences of the box's south-west
// corner from the previous way's, and the box's height and width. Real ways are
// small, so that is about 12 bytes a way instead of 24 for an id and a box.
// Look-ups (one per relation member) binary-search the block and walk it.
import GeoBase

final class WayExtentStore {
    static let blockSize = 32

    private let data = try! GrowableRegion(backing: .memory, reservation: GrowableRegion.defaultReservation / 8)
    private let index = try! BlockDirectory(backing: .memory, reservation: GrowableRegion.defaultReservation / 16)
    private var sequentialCount = 0
    private var lastID: Int64 = .min
    private var lastLat: Int32 = 0
    private var lastLon: Int32 = 0
    private var outOfOrder: [Int64: FixedBoundingBox] = [:]

    var count: Int { sequentialCount + outOfOrder.count }

    /// Bytes held (for the memory report).
    var memoryBytes: Int { data.count + index.bytes + outOfOrder.capacity * 32 }

    func append(id: Int64, box: FixedBoundingBox) {
        guard id > lastID else {
            outOfOrder[id] = box
            return
        }
        if sequentialCount % WayExtentStore.blockSize == 0 {
            index.append(firstID: id, offset: data.count)
            data.appendVarint(NodeStore.zigzag(Int64(box.minLat)))
            data.appendVarint(NodeStore.zigzag(Int64(box.minLon)))
        } else {
            data.appendVarint(NodeStore.gap(from: lastID, to: id))
            data.appendVarint(NodeStore.zigzag(Int64(box.minLat) - Int64(lastLat)))
            data.appendVarint(NodeStore.zigzag(Int64(box.minLon) - Int64(lastLon)))
        }
        data.appendVarint(UInt64(Int64(box.maxLat) - Int64(box.minLat)))
        data.appendVarint(UInt64(Int64(box.maxLon) - Int64(box.minLon)))
        sequentialCount += 1
        lastID = id
        lastLat = box.minLat
        lastLon = box.minLon
    }

    /// The box of way `id`, or nil when it had none (missing, or no node found).
    func box(of id: Int64) -> FixedBoundingBox? {
        if !outOfOrder.isEmpty, let b = outOfOrder[id] { return b }
        guard id <= lastID, let block = index.block(containing: id) else { return nil }
        let entries = min(WayExtentStore.blockSize, sequentialCount - block * WayExtentStore.blockSize)
        var cid = index.firstID(block)
        return data.withBytes(index.offset(block)..<index.end(block, dataCount: data.count)) { bytes -> FixedBoundingBox? in
            var i = 0
            var lat = NodeStore.unzigzag(NodeStore.varint(bytes, &i))
            var lon = NodeStore.unzigzag(NodeStore.varint(bytes, &i))
            var k = 0
            while true {
                let height = Int64(NodeStore.varint(bytes, &i)), width = Int64(NodeStore.varint(bytes, &i))
                if cid == id {
                    return FixedBoundingBox(minLon: Int32(truncatingIfNeeded: lon), minLat: Int32(truncatingIfNeeded: lat),
                                            maxLon: Int32(truncatingIfNeeded: lon + width),
                                            maxLat: Int32(truncatingIfNeeded: lat + height))
                }
                k += 1
                guard cid < id, k < entries, i < bytes.count else { return nil }
                cid = NodeStore.id(cid, plus: NodeStore.varint(bytes, &i))
                lat += NodeStore.unzigzag(NodeStore.varint(bytes, &i))
                lon += NodeStore.unzigzag(NodeStore.varint(bytes, &i))
            }
        }
    }
}
