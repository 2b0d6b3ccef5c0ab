// The ways a collector keeps for the multipolygon relations it reads, and the
// rings those relations make of them. Relations come after all ways, so a way
// that may be part of a ring keeps its geometry (simplified by the collector's
// tolerance, in a WayGeometryStore) until the relations are read; a relation
// then gets its way members by role, joined into rings (RingAssembler). The
// map shapes and the place hierarchy each have one, with their own tolerance:
// the points they keep differ, and so must the stores.
import GeoBase
import GeoOSM

final class RelationRings {
    /// Metres a kept way may move when simplified.
    let tolerance: Double
    private var members: WayGeometryStore?
    private var simplifier = ShapeSimplifier()
    private var memberPoints: [FixedCoordinate] = []

    init(backing: StorageBacking, tolerance: Double) throws {
        self.tolerance = tolerance
        members = try WayGeometryStore(backing: backing)
    }

    /// Why the store could not grow (out of memory or disk), if so.
    var failure: String? { members?.failure }

    /// Bytes held by the kept ways.
    var memoryBytes: Int { members?.memoryBytes ?? 0 }

    /// Whether ways are still kept (until `release`).
    var isKeeping: Bool { members != nil }

    /// Keeps way `id`, simplified, for the relations to come.
    func keep(id: Int64, points: [FixedCoordinate]) {
        guard let members, let kept = simplifier.line(points, tolerance: tolerance) else { return }
        members.append(id: id, points: kept)
    }

    /// Lets the kept ways go (relations are done).
    func release() {
        members = nil
    }

    /// The rings of relation `i`'s way members (each way once), by role: "inner" ways make the
    /// inner rings, every other role the outer ones. A member the extract lacks leaves its ring
    /// open, counted in `unclosed` (`closingCut`: RingAssembler's closing of a border the extract cut). Nil
    /// once the ways are released.
    func rings(of b: OSMBatch, _ i: Int, closingCut: Bool = false)
        -> (outer: [[FixedCoordinate]], inner: [[FixedCoordinate]], unclosed: Int, outerWays: Int)? {
        guard let members else { return nil }
        var outerWays: [[FixedCoordinate]] = []
        var innerWays: [[FixedCoordinate]] = []
        var seen = Set<Int64>()
        for m in b.members(ofRelation: i) where b.memberTypes[m] == .way && seen.insert(b.memberRefs[m]).inserted {
            guard members.points(of: b.memberRefs[m], into: &memberPoints) else { continue }
            if b.string(b.memberRoles[m]) == "inner" { innerWays.append(memberPoints) } else { outerWays.append(memberPoints) }
        }
        guard !outerWays.isEmpty || !innerWays.isEmpty else { return ([], [], 0, 0) }
        let outer = RingAssembler.rings(from: outerWays, closingCut: closingCut)
        let inner = RingAssembler.rings(from: innerWays)
        return (outer.rings, inner.rings, outer.unclosed + inner.unclosed, outerWays.count)
    }
}
