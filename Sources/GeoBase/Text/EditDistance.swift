// Optimal string alignment distance (Levenshtein with adjacent transpositions,
// so "hotle" is one edit from "hotel"), computed one row at a time. The typo
// automaton walks the token trie with it, one row per trie scalar, and the
// highlighter compares two words with it: one row step, so both always agree
// on what counts as one typo.

package enum EditDistance {
    /// Fills the row at offset `next` of a table over the query scalars `q` (row length
    /// `q.count + 1`) for the scalar `c`, from the row at `prev` and, for transpositions, the
    /// row at `prev2` (the one before `prev`, whose scalar was `previous`). Returns the row's
    /// minimum: once it exceeds the budget, no continuation can come back within it.
    @inlinable @inline(__always)
    package static func step(_ rows: inout [Int], prev: Int, next: Int, prev2: Int?, q: [UInt32], c: UInt32,
                             previous: UInt32?) -> Int {
        rows[next] = rows[prev] + 1
        var best = rows[next]
        var j = 1
        while j <= q.count {
            var v = min(rows[prev + j] + 1, rows[next + j - 1] + 1, rows[prev + j - 1] + (q[j - 1] == c ? 0 : 1))
            if j > 1, let prev2, let previous, q[j - 1] == previous && q[j - 2] == c {
                v = min(v, rows[prev2 + j - 2] + 1)
            }
            rows[next + j] = v
            if v < best { best = v }
            j += 1
        }
        return best
    }

    /// The distance between `a` and `b`, or nil as soon as it must exceed `limit`.
    package static func bounded(_ a: String, _ b: String, max limit: Int) -> Int? {
        let x = a.unicodeScalars.map(\.value), y = b.unicodeScalars.map(\.value)
        if abs(x.count - y.count) > limit { return nil }
        if x.isEmpty { return y.count }
        let width = y.count + 1
        var rows = [Int](repeating: 0, count: (x.count + 1) * width)
        for j in 0...y.count { rows[j] = j }
        for i in 1...x.count {
            let best = step(&rows, prev: (i - 1) * width, next: i * width, prev2: i > 1 ? (i - 2) * width : nil,
                            q: y, c: x[i - 1], previous: i > 1 ? x[i - 2] : nil)
            if best > limit { return nil }
        }
        return rows[x.count * width + y.count]
    }
}
