// Turn restrictions as the graph stores them and the router reads them. OSM's
// `type=restriction` relations (no_left_turn … only_straight_on, via a node or
// via ways) are compiled at import into forbidden sequences of directed edges:
// a `no_*` relation is one sequence (from, via…, to), an `only_*` relation one
// sequence for every other way out of its last via node. A search that knows
// the edge it arrived by then needs one question per turn: does taking this
// edge complete a forbidden sequence? Via-node sequences (two edges) are a set
// of pairs; longer ones are matched as strings (the search state remembers the
// longest suffix of its path that begins one, as the Aho–Corasick automaton
// does), so overlapping via-way restrictions are honoured exactly.
import GeoBase

/// A directed edge: edge << 1, | 1 when traversed against the way's node order.
public typealias DirectedEdge = UInt32

/// A sequence of directed edges that the modes in `modes` may not drive in full.
public struct TurnRestriction: Hashable, Comparable, Sendable {
    public var edges: [DirectedEdge]
    public var modes: TravelModes

    public init(edges: [DirectedEdge], modes: TravelModes) {
        self.edges = edges
        self.modes = modes
    }

    public static func < (a: TurnRestriction, b: TurnRestriction) -> Bool {
        a.edges != b.edges ? a.edges.lexicographicallyPrecedes(b.edges) : a.modes.rawValue < b.modes.rawValue
    }
}

/// The restrictions binding one travel mode, ready for the search.
public final class TurnTable: Sendable {
    /// Forbidden turns via a node: from << 32 | to.
    let pairs: Set<UInt64>
    /// Forbidden sequences via ways (three edges or more).
    let sequences: Set<[DirectedEdge]>
    /// Proper prefixes (two edges or more) of those sequences, numbered: the search's states.
    let prefixIDs: [[DirectedEdge]: Int32]
    package let prefixes: [[DirectedEdge]]
    /// First edges of the via-way sequences.
    let starts: Set<DirectedEdge>

    public var isEmpty: Bool { pairs.isEmpty && sequences.isEmpty }
    public var count: Int { pairs.count + sequences.count }

    public init(_ restrictions: [TurnRestriction]) {
        var pairs = Set<UInt64>(), sequences = Set<[DirectedEdge]>(), ids: [[DirectedEdge]: Int32] = [:]
        var list: [[DirectedEdge]] = [], starts = Set<DirectedEdge>()
        for r in restrictions where r.edges.count >= 2 {
            if r.edges.count == 2 {
                pairs.insert(UInt64(r.edges[0]) << 32 | UInt64(r.edges[1]))
                continue
            }
            sequences.insert(r.edges)
            starts.insert(r.edges[0])
            for k in 2..<r.edges.count where ids[Array(r.edges[0..<k])] == nil {
                ids[Array(r.edges[0..<k])] = Int32(list.count)
                list.append(Array(r.edges[0..<k]))
            }
        }
        self.pairs = pairs
        self.sequences = sequences
        prefixIDs = ids
        prefixes = list
        self.starts = starts
    }

    /// State of a search that has just driven `last` (with `prefix` the via-way progress before it,
    /// -1 for none) and now takes `next`: the new progress, or nil when the turn is forbidden.
    public func step(prefix: Int32, last: DirectedEdge, next: DirectedEdge) -> Int32? {
        if pairs.contains(UInt64(last) << 32 | UInt64(next)) { return nil }
        if prefix < 0 && !starts.contains(last) { return -1 }
        return longStep(prefix: prefix, last: last, next: next)
    }

    func longStep(prefix: Int32, last: DirectedEdge, next: DirectedEdge) -> Int32? {
        var s = prefix >= 0 && Int(prefix) < prefixes.count ? prefixes[Int(prefix)] : [last]
        s.append(next)
        var state: Int32 = -1
        for start in 0..<(s.count - 1) {
            let suffix = Array(s[start...])
            if suffix.count >= 3 && sequences.contains(suffix) { return nil }
            if state < 0, let id = prefixIDs[suffix] { state = id }
        }
        return state
    }
}

extension RoadGraph {
    /// The turn restrictions stored in the graph (bounds-checked: a corrupt record is left out).
    public var turnRestrictions: [TurnRestriction] { RoadGraph.readRestrictions(view, layout) }

    static func readRestrictions(_ view: ByteView, _ l: RoadGraphFormat.Layout) -> [TurnRestriction] {
        var out: [TurnRestriction] = []
        for k in 0..<l.restrictionCount {
            let o = l.restrictions + k * RoadGraphFormat.restrictionSize
            let first = Int(view.u32(o)), n = Int(view.u8(o + 4))
            let modes = TravelModes(rawValue: view.u8(o + 5) & 7)
            guard n >= 2, n <= RoadGraphFormat.maxTurnEdges, first + n <= l.turnEdgeCount else { continue }
            let edges = (0..<n).map { view.u32(l.turnEdges + (first + $0) * 4) }
            guard edges.allSatisfy({ Int($0 >> 1) < l.edgeCount }) else { continue }
            out.append(TurnRestriction(edges: edges, modes: modes))
        }
        return out
    }
}
