// The import's map shapes (the SHPS section): fed by the landmark collector
// with every way (its node coordinates already looked up) and every relation,
// in file order. Ways of a layer become shapes at once — closed ways as areas,
// the others as lines — simplified (1 m for buildings, 2.5 m for the rest) and
// encoded into an archive that grows in a mapping of its own, in memory or,
// with `--node-store file`, in the build's temporary directory. Ways that may
// be parts of a multipolygon keep their geometry (RelationRings) until the
// relations are read; a type=multipolygon relation of a layer then gets its
// rings from there, one shape per outer ring. At the end
// the archive becomes the section (MapShapeWriter) and is released.
import GeoBase
import GeoFormat
import GeoOSM

final class MapShapeCollector {
    /// Metres a simplified outline may move: buildings, every other layer, and ring parts
    /// (simplified again, with their layer's tolerance, once their ring is assembled).
    static let buildingTolerance = 1.0
    static let tolerance = 2.5
    static let ringPartTolerance = 0.5

    private let archive: GrowableRegion
    private(set) var count = 0
    /// The ways that may be parts of multipolygons, until the relations are read.
    private let ringParts: RelationRings
    private var kinds: [String] = []
    private var kindIndex: [String: Int] = [:]
    private var entry: [UInt8] = []
    private var record: [UInt8] = []
    private var lastKind = (kind: "", index: -1)
    private var simplifier = ShapeSimplifier()
    private(set) var unclosedRings = 0
    private(set) var strayInnerRings = 0

    init(backing: StorageBacking) throws {
        archive = try GrowableRegion(backing: backing, reservation: GrowableRegion.defaultReservation / 8)
        ringParts = try RelationRings(backing: backing, tolerance: MapShapeCollector.ringPartTolerance)
    }

    /// Why a store could not grow (out of memory or disk), if so.
    var failure: String? { archive.failure ?? ringParts.failure }

    /// Bytes held: the encoded shapes and the kept ring parts.
    var memoryBytes: Int { archive.count + ringParts.memoryBytes }

    /// A way: its refs, the coordinates of those that were found, its tags in `b`.
    func way(id: Int64, refs: ArraySlice<Int64>, points: [FixedCoordinate], _ b: OSMBatch, tags: Range<Int>) {
        guard !points.isEmpty else { return }
        let t = MapShapeClassifier.scan(b, tags)
        // Most tagged ways (roads, paths, fences) are nothing of ours: one pass over their keys.
        guard !t.describesAFeature || t.hasLayerKey else { return }
        let closed = refs.count >= 4 && refs.first == refs.last
        let shape = MapShapeClassifier.classify(t, b, closed: closed, lines: true)
        if let (layer, kind) = shape {
            let tolerance = layer == .building ? MapShapeCollector.buildingTolerance : MapShapeCollector.tolerance
            if layer.isArea {
                if let ring = simplifier.ring(points, tolerance: tolerance) {
                    add(layer, kind, name: t.value(.name, b), rings: [RingAssembler.oriented(ring, outer: true)])
                }
            } else if let line = simplifier.line(points, tolerance: tolerance) {
                add(layer, kind, name: t.value(.name, b), rings: [line])
            }
        }
        if ringParts.isKeeping, MapShapeClassifier.mayBeRingPart(t, b, drawnAs: shape?.0) {
            ringParts.keep(id: id, points: points)
        }
    }

    /// A relation: a type=multipolygon of an area layer becomes one shape per outer ring.
    func relation(_ b: OSMBatch, _ i: Int) {
        let tags = b.tagRange(ofRelation: i)
        guard !tags.isEmpty, ringParts.isKeeping else { return }
        let t = MapShapeClassifier.scan(b, tags)
        guard t.hasLayerKey, t.value(.type, b) == "multipolygon",
              let (layer, kind) = MapShapeClassifier.classify(t, b, closed: true, lines: false) else { return }
        guard let rings = ringParts.rings(of: b, i), rings.outerWays > 0 else { return }
        unclosedRings += rings.unclosed
        let tolerance = layer == .building ? MapShapeCollector.buildingTolerance : MapShapeCollector.tolerance
        let simplify = { (rings: [[FixedCoordinate]]) in rings.compactMap { self.simplifier.ring($0, tolerance: tolerance) } }
        let (polygons, stray) = RingAssembler.polygons(outers: simplify(rings.outer), inners: simplify(rings.inner))
        strayInnerRings += stray
        let name = t.value(.name, b)
        for polygon in polygons { add(layer, kind, name: name, rings: RingAssembler.oriented(polygon)) }
    }

    private func add(_ layer: MapLayer, _ kind: String, name: String?, rings: [[FixedCoordinate]]) {
        let k: Int
        if lastKind.index >= 0 && lastKind.kind == kind {
            k = lastKind.index   // runs of the same kind (building=yes) skip the hashing
        } else if let known = kindIndex[kind] {
            k = known
        } else {
            k = kinds.count
            kinds.append(kind)
            kindIndex[kind] = k
        }
        lastKind = (kind, k)
        entry.removeAll(keepingCapacity: true)
        MapShapeWriter.appendEntry(layer: layer, kind: k, name: name.flatMap(MapShapeCollector.trimmed), rings: rings,
                                   to: &entry, scratch: &record)
        archive.append(contentsOf: entry)
        count += 1
    }

    /// `name` without blanks around it, nil when nothing else is left; Foundation's trimming only
    /// when a blank is there (it costs thousands of instructions a call).
    static func trimmed(_ name: String) -> String? {
        guard let first = name.utf8.first, let last = name.utf8.last else { return nil }
        if first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F { return name }
        return name.trimmed.nonEmpty
    }

    /// Lets the ring parts go (relations are done).
    func releaseMembers() {
        ringParts.release()
    }

    /// The SHPS section (the collector can go afterwards: its archive is no longer needed).
    func section() -> [UInt8] {
        archive.withBytes(0..<archive.count) { MapShapeWriter.section(kinds: kinds, entries: $0, count: count) }
    }
}
