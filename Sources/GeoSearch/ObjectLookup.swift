// Finding places by their OSM objects (`N123`, `W45`, `R6`), as Nominatim's
// /lookup does: the indexes are searched by name and position, not by id, so
// each index gets a table of its landmarks sorted by OSM reference, made on
// the first look-up (a pass over the records' first bytes: ~1 ms per 20 000
// landmarks) and kept for the index's lifetime. That table is the one piece
// of state here that is filled after opening; a Mutex guards it, and it is
// made outside the lock, so a look-up waits for nothing but the copy.
import GeoBase
import GeoFormat
import GeoModel
import Synchronization

public final class ObjectLookup: Sendable {
    public let indexes: [LandmarkIndex]
    private let tables: Mutex<[[Entry]?]>

    struct Entry: Comparable {
        var id: Int64
        var type: UInt8
        var landmark: Int32

        static func < (a: Entry, b: Entry) -> Bool { (a.id, a.type, a.landmark) < (b.id, b.type, b.landmark) }
    }

    public init(indexes: [LandmarkIndex]) {
        self.indexes = indexes
        tables = Mutex(Array(repeating: nil, count: indexes.count))
    }

    /// The place of each reference found, in the order asked (one per reference; the first index that has
    /// it answers, and of several landmarks of one object the most important).
    public func places(_ refs: [OSMRef], language: String? = nil) -> [SearchResult] {
        let describer = ReverseGeocoder(indexes: indexes)
        var out: [SearchResult] = []
        for ref in refs {
            for (s, index) in indexes.enumerated() {
                let hits = landmarks(of: ref, in: s)
                guard let i = hits.max(by: { index.importance($0) < index.importance($1) }),
                      let r = describer.describe(i, in: index, source: s, distance: 0, language: language) else { continue }
                out.append(r)
                break
            }
        }
        return out
    }

    /// The landmarks of index `s` that stand for `ref`.
    func landmarks(of ref: OSMRef, in s: Int) -> [Int] {
        let table = table(s)
        let key = Entry(id: ref.id, type: ref.type.rawValue, landmark: Int32.min)
        var lo = 0, hi = table.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if table[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        var found: [Int] = []
        while lo < table.count, table[lo].id == ref.id, table[lo].type == ref.type.rawValue {
            found.append(Int(table[lo].landmark))
            lo += 1
        }
        return found
    }

    private func table(_ s: Int) -> [Entry] {
        if let t = tables.withLock({ $0[s] }) { return t }
        let index = indexes[s]
        var t: [Entry] = []
        t.reserveCapacity(index.count)
        for i in 0..<index.count {
            if let ref = index.osmRef(i) { t.append(Entry(id: ref.id, type: ref.type.rawValue, landmark: Int32(i))) }
        }
        t.sort()
        tables.withLock { $0[s] = t }
        return t
    }
}
