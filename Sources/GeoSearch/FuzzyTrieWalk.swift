// Typo tolerance: a Levenshtein automaton (with adjacent transpositions, so
// "hotle" is one edit from "hotel") run over the token trie. Each trie path
// carries one row of the edit-distance table (EditDistance.step, which the
// highlighter's word comparison shares); a branch is dropped as soon as
// no cell of its row is within the edit budget, so only a sliver of the trie
// is visited. The first letter is trusted, as users rarely mistype it. In
// prefix mode a path that comes within budget of the whole query matches its
// entire subtree (the user is still typing).
//
// Rows live in one flat buffer indexed by path depth, so the walk allocates
// nothing per step.
import GeoBase
import GeoFormat

public struct FuzzyMatch: Sendable {
    public var ordinals: Range<Int>
    public var edits: Int
    public var postingTotal: Int
    public var node: TrieNode
}

enum FuzzyTrieWalk {
    static let maxScalars = 32
    static let maxDepth = 64

    /// Edits allowed for a token of `length` scalars: 1 for 4–7, 2 for 8+, none below or for numbers.
    static func budget(for token: QueryToken) -> Int {
        if token.isNumeric || !token.alternatives.isEmpty { return 0 }
        let n = token.text.unicodeScalars.count
        return n >= 8 ? 2 : n >= 4 ? 1 : 0
    }

    static func matches(_ token: QueryToken, in trie: TrieReader, limit: Int = 256) -> [FuzzyMatch] {
        let q = token.scalars.map(\.value)
        let k = budget(for: token)
        guard k > 0, q.count <= maxScalars, let root = trie.root else { return [] }
        let m = q.count
        let width = m + 1
        // rows[d * width + j]: distance between the path's first d scalars and q[0..<j].
        var rows = [Int](repeating: 0, count: (maxDepth + 1) * width)
        var chars = [UInt32](repeating: 0, count: maxDepth + 1)
        for j in 0...m { rows[j] = j }
        var out: [FuzzyMatch] = []
        // Stack of (node, depth at the start of its edge label, label bytes).
        var stack: [(node: TrieNode, depth: Int, label: UnsafeRawBufferPointer)] = []
        trie.forEachChild(of: root) { label, child in
            // First letter trusted: only the child whose label starts with q[0].
            if firstScalar(label) == q[0] { stack.append((child, 0, label)) }
            return true
        }
        var steps = 0
        while let (node, startDepth, label) = stack.popLast() {
            steps += 1
            if steps > 20_000 || out.count >= limit { break }
            var depth = startDepth
            var dead = false
            var subtreeHit = false
            var i = 0
            while i < label.count {
                if token.isPrefix && depth > 0 && rows[depth * width + m] <= k { subtreeHit = true; break }
                // Decode one UTF-8 scalar from the label.
                let (c, len) = decode(label, at: i)
                i += len
                guard depth < maxDepth else { dead = true; break }
                let best = EditDistance.step(&rows, prev: depth * width, next: (depth + 1) * width,
                                             prev2: depth > 0 ? (depth - 1) * width : nil, q: q, c: c,
                                             previous: depth > 0 ? chars[depth - 1] : nil)
                chars[depth] = c
                depth += 1
                if best > k { dead = true; break }
            }
            if dead { continue }
            let distance = rows[depth * width + m]
            if subtreeHit || (token.isPrefix && distance <= k) {
                out.append(FuzzyMatch(ordinals: node.ordinals, edits: distance, postingTotal: node.postingTotal, node: node))
                continue
            }
            if node.isTerminal && distance <= k {
                out.append(FuzzyMatch(ordinals: node.ordinalStart..<(node.ordinalStart + 1), edits: distance,
                                      postingTotal: 0, node: node))
            }
            let d = depth
            trie.forEachChild(of: node) { label, child in
                stack.append((child, d, label))
                return true
            }
        }
        return out
    }

    @inline(__always) static func decode(_ b: UnsafeRawBufferPointer, at i: Int) -> (UInt32, Int) {
        let b0 = UInt32(b[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0, i + 1 < b.count { return ((b0 & 0x1F) << 6 | UInt32(b[i + 1]) & 0x3F, 2) }
        if b0 < 0xF0, i + 2 < b.count { return ((b0 & 0x0F) << 12 | (UInt32(b[i + 1]) & 0x3F) << 6 | UInt32(b[i + 2]) & 0x3F, 3) }
        if i + 3 < b.count {
            return ((b0 & 0x07) << 18 | (UInt32(b[i + 1]) & 0x3F) << 12 | (UInt32(b[i + 2]) & 0x3F) << 6 | UInt32(b[i + 3]) & 0x3F, 4)
        }
        return (0xFFFD, b.count - i)
    }

    static func firstScalar(_ b: UnsafeRawBufferPointer) -> UInt32? {
        b.isEmpty ? nil : decode(b, at: 0).0
    }
}
