// Builds the prefix trie over all normalised name tokens. It is a radix trie
// whose edges split only at Unicode scalar boundaries (so a typo automaton can
// step one character at a time), written children-first so every child sits
// at a lower offset than its parent — a reader walking a corrupt file can only
// move backwards and must stop. Tokens are numbered in sorted order, so the
// tokens under any node form one ordinal range.
//
// Nodes do not store their first ordinal (a reader knows it from the walk),
// leaves do not store their posting total (their list's length), and a token
// found in a single landmark keeps that landmark's id in its node instead of a
// posting list: most tokens are such, so this is most of the trie's size.
//
// For short prefixes (1–2 characters) with many landmarks below, a node also
// gets a merged posting list (every landmark under it, ascending, for range
// scans near a location) and a top list (the most important landmarks under
// it), so the first keystroke costs no more than the fifth. Deeper nodes
// whose tokens list very many landmarks ("avenu", "des" in a big region) get a
// top list too: a search without a location reads it instead of scoring
// thousands of equal matches.
import GeoBase

struct TrieBuilder {
    static let mergeMinPostings = 48
    static let maxSummaryDepth = 2
    static let topCount = 16
    /// A node below the summary depth gets a top list from this many postings under it.
    static let topMinPostings = 1024

    let tokens: [[UInt8]]
    let postingOffsets: [Int]
    let postings: [[UInt32]]
    let importance: [UInt8]
    var out = ByteWriter()
    var nodeCount = 0
    var mergedCount = 0

    init(tokens: [[UInt8]], postings: [[UInt32]], postingOffsets: [Int], importance: [UInt8]) {
        self.tokens = tokens
        self.postings = postings
        self.postingOffsets = postingOffsets
        self.importance = importance
    }

    /// Writes the trie; merged and top lists are appended to `post`. Returns the section bytes.
    mutating func build(post: inout ByteWriter) -> [UInt8] {
        out = ByteWriter()
        // Header: root offset (patched below), token count, 8 reserved bytes.
        out.u32(0)
        out.u32(UInt32(tokens.count))
        out.u64(0)
        let root = node(lo: 0, hi: tokens.count, depth: 0, scalarDepth: 0, post: &post)
        out.patchU32(UInt32(root), at: 0)
        return out.bytes
    }

    private mutating func node(lo: Int, hi: Int, depth: Int, scalarDepth: Int, post: inout ByteWriter) -> Int {
        var start = lo
        let terminal = lo < hi && tokens[lo].count == depth
        if terminal { start += 1 }
        // Children: group by next scalar, each with its longest shared label.
        var children: [(label: ArraySlice<UInt8>, offset: Int)] = []
        var a = start
        while a < hi {
            let first = scalarEnd(tokens[a], from: depth)
            var b = a + 1
            while b < hi && tokens[b].count >= first && tokens[b][depth..<first] == tokens[a][depth..<first] { b += 1 }
            // Longest common prefix of the group, cut back to a scalar boundary.
            var lcp = tokens[a].count
            for t in (a + 1)..<b { lcp = min(lcp, commonPrefix(tokens[a], tokens[t], from: depth)) }
            if b - a == 1 { lcp = tokens[a].count }
            while lcp > first && lcp < tokens[a].count && (tokens[a][lcp] & 0xC0) == 0x80 { lcp -= 1 }
            let label = tokens[a][depth..<lcp]
            let childScalars = scalarDepth + label.reduce(0) { $0 + (($1 & 0xC0) == 0x80 ? 0 : 1) }
            let offset = node(lo: a, hi: b, depth: lcp, scalarDepth: childScalars, post: &post)
            children.append((label, offset))
            a = b
        }
        var total = 0
        for t in lo..<hi { total += postings[t].count }
        var merged: Int?
        var top: Int?
        let summarise = scalarDepth >= 1 && scalarDepth <= TrieBuilder.maxSummaryDepth && hi - lo > 1
            && total >= TrieBuilder.mergeMinPostings
        if summarise || (scalarDepth >= 1 && total >= TrieBuilder.topMinPostings) {
            var ids: [UInt32] = []
            ids.reserveCapacity(total)
            for t in lo..<hi { ids.append(contentsOf: postings[t]) }
            ids.sort()
            var unique: [UInt32] = []
            unique.reserveCapacity(ids.count)
            for id in ids where unique.last != id { unique.append(id) }
            if summarise {
                merged = post.count
                PostingList.encode(unique, into: &post)
            }
            top = post.count
            let best = unique.sorted { importance[Int($0)] != importance[Int($1)] ? importance[Int($0)] > importance[Int($1)] : $0 < $1 }
                .prefix(TrieBuilder.topCount)
            post.varint(best.count)
            for id in best { post.varint(UInt64(id)) }
            mergedCount += 1
        }
        let offset = out.count
        nodeCount += 1
        let inline = terminal && postings[lo].count == 1
        var flags = (terminal ? 1 : 0) | (merged != nil ? 2 : 0) | (top != nil ? 4 : 0) | (inline ? 8 : 0)
        flags |= children.count << 4
        out.varint(flags)
        // A leaf is one token: its count and total need not be stored.
        if !children.isEmpty {
            out.varint(hi - lo)
            out.varint(total)
        }
        if terminal { out.varint(inline ? Int(postings[lo][0]) : postingOffsets[lo]) }
        if let merged { out.varint(merged) }
        if let top { out.varint(top) }
        for c in children {
            out.varint(c.label.count)
            out.append(contentsOf: c.label)
            out.varint(offset - c.offset)
        }
        return offset
    }

    /// End of the scalar that starts at `from`.
    private func scalarEnd(_ t: [UInt8], from: Int) -> Int {
        var e = from + 1
        while e < t.count && (t[e] & 0xC0) == 0x80 { e += 1 }
        return e
    }

    private func commonPrefix(_ a: [UInt8], _ b: [UInt8], from: Int) -> Int {
        var i = from
        while i < a.count && i < b.count && a[i] == b[i] { i += 1 }
        return i
    }
}
