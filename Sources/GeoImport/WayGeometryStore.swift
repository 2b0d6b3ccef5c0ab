// The geometry of the ways that may turn out to be parts of a multipolygon's
// rings, kept while the file streams by because relations come after all
// ways (which ways: MapShapeClassifier.mayBeRingPart). Each is kept
// simplified by half a metre, so a curvy shore traced from imagery takes a
// fraction of its nodes, and compactly, like the node store: blocks of 16
// ways with the first id and byte offset in a BlockDirectory, then per way
// varints — id difference (not for a block's first way), the byte length of
// the rest, the point count, the first point as the zig-zag difference from
// the previous way's first point (in full for a block's first way), and the
// others as differences from the point before. A look-up binary-searches the
// block and skips whole entries by their length. Released with the way
// extents, once relations are read.
import GeoBase

final class WayGeometryStore {
    static let blockSize = 16

    private let data: GrowableRegion
    private let index: BlockDirectory
    private var sequentialCount = 0
    private var lastID: Int64 = .min
    private var lastFirst = FixedCoordinate(lat: 0, lon: 0)
    private var outOfOrder: [Int64: [FixedCoordinate]] = [:]
    private var entry = ByteWriter()

    init(backing: StorageBacking) throws {
        data = try GrowableRegion(backing: backing, reservation: GrowableRegion.defaultReservation / 8)
        index = try BlockDirectory(backing: backing, reservation: GrowableRegion.defaultReservation / 16)
    }

    var count: Int { sequentialCount + outOfOrder.count }

    /// Bytes held (for the memory report).
    var memoryBytes: Int { data.count + index.bytes + outOfOrder.values.reduce(0) { $0 + 8 * $1.count + 64 } }

    /// Why the store could not grow (out of memory or disk), if so.
    var failure: String? { data.failure ?? index.failure }

    func append(id: Int64, points: [FixedCoordinate]) {
        guard let first = points.first else { return }
        guard id > lastID else {
            outOfOrder[id] = points
            return
        }
        let blockStart = sequentialCount % WayGeometryStore.blockSize == 0
        if blockStart { index.append(firstID: id, offset: data.count) } else { data.appendVarint(NodeStore.gap(from: lastID, to: id)) }
        entry.removeAll()
        entry.varint(points.count)
        let origin = blockStart ? FixedCoordinate(lat: 0, lon: 0) : lastFirst
        var lat = Int64(origin.lat), lon = Int64(origin.lon)
        for p in points {
            entry.svarint(Int64(p.lat) - lat)
            entry.svarint(Int64(p.lon) - lon)
            lat = Int64(p.lat)
            lon = Int64(p.lon)
        }
        data.appendVarint(UInt64(entry.count))
        data.append(contentsOf: entry.bytes)
        sequentialCount += 1
        lastID = id
        lastFirst = first
    }

    /// Puts the points of way `id` into `out` (replacing its contents); false when it was not kept.
    func points(of id: Int64, into out: inout [FixedCoordinate]) -> Bool {
        out.removeAll(keepingCapacity: true)
        if !outOfOrder.isEmpty, let p = outOfOrder[id] {
            out.append(contentsOf: p)
            return true
        }
        guard failure == nil, id <= lastID, let block = index.block(containing: id) else { return false }
        let entries = min(WayGeometryStore.blockSize, sequentialCount - block * WayGeometryStore.blockSize)
        var cid = index.firstID(block)
        return data.withBytes(index.offset(block)..<index.end(block, dataCount: data.count)) { bytes -> Bool in
            var i = 0
            var firstLat: Int64 = 0, firstLon: Int64 = 0
            for k in 0..<entries {
                if k > 0 { cid = NodeStore.id(cid, plus: NodeStore.varint(bytes, &i)) }
                let length = Int(NodeStore.varint(bytes, &i))
                let end = min(i + length, bytes.count)
                let n = Int(NodeStore.varint(bytes, &i))
                firstLat += NodeStore.unzigzag(NodeStore.varint(bytes, &i))
                firstLon += NodeStore.unzigzag(NodeStore.varint(bytes, &i))
                if cid == id {
                    var lat = firstLat, lon = firstLon
                    out.append(FixedCoordinate(lat: Int32(truncatingIfNeeded: lat), lon: Int32(truncatingIfNeeded: lon)))
                    for _ in 1..<max(1, n) where i < end {
                        lat += NodeStore.unzigzag(NodeStore.varint(bytes, &i))
                        lon += NodeStore.unzigzag(NodeStore.varint(bytes, &i))
                        out.append(FixedCoordinate(lat: Int32(truncatingIfNeeded: lat), lon: Int32(truncatingIfNeeded: lon)))
                    }
                    return true
                }
                guard cid < id else { return false }
                i = end
            }
            return false
        }
    }
}
