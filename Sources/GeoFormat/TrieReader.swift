// Walks the token trie inside a mapped index (see TrieBuilder for the
// layout). Every child offset must be lower than its parent's, so a walk on a
// corrupt file always ends; all reads are bounds-checked.
import GeoBase

public struct TrieNode: Sendable {
    public let offset: Int
    public let isTerminal: Bool
    /// Tokens below this node are the ordinals `ordinalStart ..< ordinalStart + ordinalCount`.
    public let ordinalStart: Int
    public let ordinalCount: Int
    /// Sum of posting list lengths below (a cost estimate; for a leaf with a list, 2).
    public let postingTotal: Int
    /// Where the token's posting list starts in POST (tokens with two or more landmarks).
    public let postingOffset: Int?
    /// The landmark of a token that has exactly one (stored in the node itself).
    public let inlinePosting: UInt32?
    public let mergedOffset: Int?
    public let topOffset: Int?
    @usableFromInline let childrenStart: Int
    public let childCount: Int

    public var ordinals: Range<Int> { ordinalStart..<(ordinalStart + ordinalCount) }

    @inlinable
    init(offset: Int, isTerminal: Bool, ordinalStart: Int, ordinalCount: Int, postingTotal: Int, postingOffset: Int?,
         inlinePosting: UInt32?, mergedOffset: Int?, topOffset: Int?, childrenStart: Int, childCount: Int) {
        self.offset = offset
        self.isTerminal = isTerminal
        self.ordinalStart = ordinalStart
        self.ordinalCount = ordinalCount
        self.postingTotal = postingTotal
        self.postingOffset = postingOffset
        self.inlinePosting = inlinePosting
        self.mergedOffset = mergedOffset
        self.topOffset = topOffset
        self.childrenStart = childrenStart
        self.childCount = childCount
    }
}

public struct TrieReader: Sendable {
    // The walks are the search's inner loop: inlinable into it across the module boundary.
    @usableFromInline let view: ByteView
    public let tokenCount: Int

    init(view: ByteView) {
        self.view = view
        tokenCount = Int(view.u32(4))
    }

    @inlinable public var root: TrieNode? { node(at: Int(view.u32(0)), ordinalStart: 0, parentOffset: view.count) }

    /// Decodes the node at `offset`, whose first token has ordinal `ordinalStart` (known from the
    /// walk: a node's tokens follow its parent's own token and its earlier siblings' tokens).
    @inlinable func node(at offset: Int, ordinalStart start: Int, parentOffset: Int) -> TrieNode? {
        guard offset >= 16, offset < parentOffset, offset < view.count, start <= tokenCount else { return nil }
        var o = offset
        guard let flags = view.varint(&o, limit: 1 << 24) else { return nil }
        let terminal = flags & 1 != 0, inline = flags & 8 != 0
        let children = flags >> 4
        // A leaf is exactly one token; inner nodes store their token count and posting total.
        var count = 1, total = 0
        if children > 0 {
            guard let c = view.varint(&o, limit: tokenCount - start), let t = view.varint(&o, limit: Int(Int32.max)) else { return nil }
            count = c
            total = t
        } else if !terminal {
            // Only the root of an empty trie (an extract without landmarks) has neither.
            guard tokenCount == 0 else { return nil }
            count = 0
        } else if start >= tokenCount {
            return nil
        }
        var posting: Int?, single: UInt32?, merged: Int?, top: Int?
        if terminal {
            guard let v = view.varint(&o, limit: Int(Int32.max)) else { return nil }
            if inline { single = UInt32(v) } else { posting = v }
        }
        if flags & 2 != 0 { guard let v = view.varint(&o, limit: Int(Int32.max)) else { return nil }; merged = v }
        if flags & 4 != 0 { guard let v = view.varint(&o, limit: Int(Int32.max)) else { return nil }; top = v }
        if children == 0 && terminal {
            // A leaf's total is its own list's length: 1 inline, else at least 2 (an estimate that
            // spares a read elsewhere in the file; `LandmarkIndex.postings(of:)` has the count).
            total = single != nil ? 1 : 2
        }
        return TrieNode(offset: offset, isTerminal: terminal, ordinalStart: start, ordinalCount: count,
                        postingTotal: total, postingOffset: posting, inlinePosting: single, mergedOffset: merged,
                        topOffset: top, childrenStart: o, childCount: children)
    }

    /// Calls `body(label, child)` for each child in label order; stops when `body` returns false.
    @inlinable public func forEachChild(of node: TrieNode, _ body: (UnsafeRawBufferPointer, TrieNode) -> Bool) {
        var o = node.childrenStart
        var start = node.ordinalStart + (node.isTerminal ? 1 : 0)
        for _ in 0..<node.childCount {
            guard let len = view.varint(&o, limit: 1024), view.contains(o, len) else { return }
            let label = view.bytes(o, len)
            o += len
            guard let delta = view.varint(&o, limit: node.offset), delta > 0 else { return }
            guard let child = self.node(at: node.offset - delta, ordinalStart: start, parentOffset: node.offset) else { return }
            start += child.ordinalCount
            if !body(label, child) { return }
        }
    }

    /// The node whose subtree holds exactly the tokens starting with `prefix`, or nil.
    @inlinable public func find(prefix: [UInt8]) -> TrieNode? {
        walk(prefix: prefix)?.node
    }

    /// Like `find(prefix:)`, also returning the rest of the edge label the prefix ended inside
    /// (empty when the prefix ends exactly at the node).
    @inlinable public func walk(prefix: [UInt8]) -> (node: TrieNode, remainder: [UInt8])? {
        guard var node = root else { return nil }
        var i = 0
        var remainder: [UInt8] = []
        while i < prefix.count {
            var next: TrieNode?
            var consumed = 0
            forEachChild(of: node) { label, child in
                guard label.count > 0, label[0] == prefix[i] else { return true }
                let n = min(label.count, prefix.count - i)
                for k in 0..<n where label[k] != prefix[i + k] { return true }
                next = child
                consumed = n
                remainder = Array(label[n...])
                return false
            }
            guard let n = next else { return nil }
            node = n
            i += consumed
        }
        return (node, remainder)
    }

    /// The node of exactly `token`, when it is an indexed token.
    @inlinable public func find(token: [UInt8]) -> TrieNode? {
        guard let root else { return nil }
        var node = root
        var i = 0
        while i < token.count {
            var next: TrieNode?
            forEachChild(of: node) { label, child in
                guard label.count > 0, label[0] == token[i], label.count <= token.count - i else { return true }
                for k in 0..<label.count where label[k] != token[i + k] { return true }
                next = child
                i += label.count
                return false
            }
            guard let n = next else { return nil }
            node = n
        }
        return node.isTerminal ? node : nil
    }

    /// Visits every terminal node below `node` (its tokens), up to `limit` of them.
    @inlinable public func forEachToken(under node: TrieNode, limit: Int = .max, _ body: (TrieNode) -> Void) {
        var stack = [node]
        var seen = 0
        while let n = stack.popLast(), seen < limit {
            if n.isTerminal { body(n); seen += 1 }
            var kids: [TrieNode] = []
            forEachChild(of: n) { _, c in kids.append(c); return true }
            stack.append(contentsOf: kids.reversed())
        }
    }
}
