// A binary min-heap of (cost, item) for the graph searches: SearchSpace's
// queue and the overlay build's leaf-cell searches. Stale entries (an item
// queued again at a lower cost) are left in; the searches skip them when
// popped, which is cheaper than a decrease-key.

struct CostHeap {
    private var items: [(cost: Double, item: Int32)] = []

    var isEmpty: Bool { items.isEmpty }
    var topCost: Double { items.first?.cost ?? .infinity }

    mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    mutating func push(_ cost: Double, _ item: Int32) {
        items.append((cost, item))
        var i = items.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            guard items[p].cost > items[i].cost else { break }
            items.swapAt(p, i)
            i = p
        }
    }

    mutating func pop() -> (cost: Double, item: Int32)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            let n = items.count
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < n && items[l].cost < items[m].cost { m = l }
                if r < n && items[r].cost < items[m].cost { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}
