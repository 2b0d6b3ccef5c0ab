// Scratch memory of one graph search: the labels of the nodes it has reached
// (cost, the edge it came by, settled or not) in an open-addressing hash table,
// and a binary min-heap of (cost, node). A search touches a few hundred nodes
// of a graph that may have millions, so a table sized to what is reached beats
// arrays sized to the graph, and `reset()` only forgets what was used. Each
// search owns its space; nothing here is shared between threads.

struct NodeLabel {
    var node: Int32
    var cost: Double
    /// Metres along the path that gives `cost` (the map matcher searches by time, judges by distance).
    var distance: Double
    /// Adjacency entry used to arrive (edge << 1 | against-the-way), -1 at a start node.
    var via: Int32
    var settled: Bool
    /// Reached directly from the search's start position (no node passed before it).
    var isStart: Bool
    /// The overlay level of the step that reached it (a whole cell crossed), 0 for a step along one edge.
    var arc: UInt8 = 0
}

struct SearchSpace {
    private(set) var labels: [NodeLabel] = []
    private var slots: [Int32]   // index into labels + 1; 0 = empty
    private var mask: Int
    private var usedSlots: [Int] = []
    private var heap = CostHeap()

    init(capacity: Int = 1024) {
        var n = 64
        while n < capacity * 2 { n <<= 1 }
        slots = [Int32](repeating: 0, count: n)
        mask = n - 1
        labels.reserveCapacity(capacity)
    }

    var count: Int { labels.count }
    var isHeapEmpty: Bool { heap.isEmpty }
    var topCost: Double { heap.topCost }

    mutating func reset() {
        if usedSlots.count > slots.count / 4 {
            for i in slots.indices { slots[i] = 0 }
        } else {
            for s in usedSlots { slots[s] = 0 }
        }
        usedSlots.removeAll(keepingCapacity: true)
        labels.removeAll(keepingCapacity: true)
        heap.removeAll()
    }

    @inline(__always) private func hash(_ node: Int32) -> Int {
        Int(truncatingIfNeeded: UInt64(UInt32(bitPattern: node)) &* 0x9E37_79B9_7F4A_7C15 >> 20) & mask
    }

    /// The slot holding `node`, or the empty slot where it would go.
    @inline(__always) private func slot(of node: Int32) -> Int {
        var s = hash(node)
        while true {
            let v = slots[s]
            if v == 0 || labels[Int(v) - 1].node == node { return s }
            s = (s + 1) & mask
        }
    }

    /// Index of the label of `node` in `labels`, or nil when the search has not reached it.
    @inline(__always) func index(of node: Int) -> Int? {
        var s = hash(Int32(truncatingIfNeeded: node))
        let n = Int32(truncatingIfNeeded: node)
        while true {
            let v = slots[s]
            if v == 0 { return nil }
            if labels[Int(v) - 1].node == n { return Int(v) - 1 }
            s = (s + 1) & mask
        }
    }

    @inline(__always) func label(_ node: Int) -> NodeLabel? {
        index(of: node).map { labels[$0] }
    }

    /// Lowers the label of `node` to `cost` (creating it) and queues it with `key`. Returns the label's index
    /// in `labels` (a search that carries one more quantity per label keeps it in an array of its own at
    /// that index), nil when the cost was not better.
    @discardableResult
    mutating func relax(_ node: Int, cost: Double, key: Double, via: Int32, isStart: Bool = false,
                        distance: Double = 0, arc: UInt8 = 0) -> Int? {
        let n = Int32(truncatingIfNeeded: node)
        let s = slot(of: n)
        if slots[s] == 0 {
            labels.append(NodeLabel(node: n, cost: cost, distance: distance, via: via, settled: false, isStart: isStart, arc: arc))
            slots[s] = Int32(labels.count)
            usedSlots.append(s)
            if labels.count * 2 > slots.count { grow() }
            heap.push(key, n)
            return labels.count - 1
        }
        let i = Int(slots[s]) - 1
        guard !labels[i].settled, cost < labels[i].cost else { return nil }
        labels[i].cost = cost
        labels[i].distance = distance
        labels[i].via = via
        labels[i].isStart = isStart
        labels[i].arc = arc
        heap.push(key, n)
        return i
    }

    /// The unsettled node with the lowest key, settled now; nil when the heap is empty.
    mutating func popMin() -> (node: Int, label: NodeLabel, key: Double)? {
        guard let (i, key) = popMinIndex() else { return nil }
        return (Int(labels[i].node), labels[i], key)
    }

    /// The same, as the index of its label in `labels` (for a search that keeps more per label).
    mutating func popMinIndex() -> (index: Int, key: Double)? {
        while let (key, n) = heap.pop() {
            guard let i = index(of: Int(n)), !labels[i].settled else { continue }
            labels[i].settled = true
            return (i, key)
        }
        return nil
    }

    private mutating func grow() {
        let n = slots.count * 2
        slots = [Int32](repeating: 0, count: n)
        mask = n - 1
        usedSlots.removeAll(keepingCapacity: true)
        for (i, l) in labels.enumerated() {
            var s = hash(l.node)
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = Int32(i + 1)
            usedSlots.append(s)
        }
    }
}
