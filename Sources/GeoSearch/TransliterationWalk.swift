// Finds the index's words that a typed word spells in another script, without
// generating spellings: a small automaton walks the token trie, and at each
// typed position follows only the native letters the next typed letters may
// stand for (TransliterationTables: "shch" → щ, "i" → и, й or ы, "e" → е or э),
// plus the letters a Latin spelling leaves out (ь, ъ). So "ulitsa" reaches
// "улица" in a handful of steps, and the ambiguity of a letter costs only the
// branches the trie actually has. A step budget bounds every walk.
//
// As in the query, the last word is a prefix: the walk then ends anywhere and
// matches the whole subtree, also when the typed word stops inside a
// digraph ("gonc" → гонч…). With an edit budget it also forgives typos in the
// transliterated word (a letter missing, extra or wrong; the first letter is
// trusted, as in FuzzyTrieWalk). The same walk runs over one word for the
// highlighter (WordTarget), so what is highlighted is what matched.
import GeoFormat

/// Where the walk reads native spellings: the trie of an index, or a single word.
protocol TransliterationTarget {
    associatedtype Cursor
    var start: Cursor? { get }
    /// The cursor after reading `bytes`, or nil when no word goes on so.
    func advance(_ c: Cursor, by bytes: UnsafeBufferPointer<UInt8>) -> Cursor?
    /// Calls `body` with each cursor one scalar further (for typos).
    func forEachNextScalar(from c: Cursor, _ body: (Cursor) -> Void)
    /// Whether a word ends exactly at `c`.
    func isWordEnd(_ c: Cursor) -> Bool
    /// The position's identity, so a typo walk visits it once.
    func key(_ c: Cursor) -> Int
}

enum TransliterationWalk {
    typealias Table = TransliterationTables.Table
    static let maxScalars = 32
    /// Walk steps at most, without and with typos.
    static let budget = 4_096
    static let typoBudget = 5_000

    private struct State<C> {
        var cursor: C
        var q: Int
        var edits: Int
        /// The last step added a silent letter (or nothing was read yet): no silent letter next.
        var afterSilent: Bool
    }

    /// Calls `emit(cursor, edits, whole)` for every place the typed scalars `q` lead to: `whole`
    /// when a word ends exactly there, else (in prefix mode) every word below `cursor`. `emit`
    /// returns false to stop. Exact readings are explored before typo readings.
    static func walk<T: TransliterationTarget>(_ q: [UInt32], prefix: Bool, table: Table, in target: T, maxEdits: Int = 0,
                                               emit: (T.Cursor, Int, Bool) -> Bool) {
        guard !q.isEmpty, q.count <= maxScalars, let start = target.start else { return }
        let n = q.count
        var stack = [State(cursor: start, q: 0, edits: 0, afterSilent: true)]
        stack.reserveCapacity(16)
        var visited = Set<Int>()
        var steps = 0
        let limit = maxEdits > 0 ? typoBudget : budget
        let scalars = table.scalars, rules = table.rules
        while let s = stack.popLast() {
            steps += 1
            if steps > limit { return }
            if maxEdits > 0 && !visited.insert((target.key(s.cursor) &* 64 &+ s.q) &* 4 &+ s.edits).inserted { continue }
            if s.q == n {
                if prefix {
                    if !emit(s.cursor, s.edits, false) { return }
                    continue
                }
                if target.isWordEnd(s.cursor) && !emit(s.cursor, s.edits, true) { return }
            }
            // Typos first on the stack, so that exact readings are taken first.
            if s.edits < maxEdits && s.q > 0 {
                let q1 = s.q + 1, e1 = s.edits + 1
                if s.q < n { stack.append(State(cursor: s.cursor, q: q1, edits: e1, afterSilent: false)) }   // a letter too many
                target.forEachNextScalar(from: s.cursor) { c in
                    stack.append(State(cursor: c, q: s.q, edits: e1, afterSilent: false))                  // a letter left out
                    if s.q < n { stack.append(State(cursor: c, q: q1, edits: e1, afterSilent: false)) }   // a wrong letter
                }
            }
            if !s.afterSilent {
                for letter in table.silent {
                    if let c = target.advance(s.cursor, by: table.spelling(of: letter)) {
                        stack.append(State(cursor: c, q: s.q, edits: s.edits, afterSilent: true))
                    }
                }
            }
            guard s.q < n else { continue }
            for r in table.rules(startingWith: q[s.q]) {
                let rule = rules[r]
                let len = Int(rule.sourceCount), source = Int(rule.sourceStart)
                var k = 1
                while k < len && s.q + k < n && scalars[source + k] == q[s.q + k] { k += 1 }
                if k == len {
                    if let c = target.advance(s.cursor, by: table.spelling(of: rule)) {
                        stack.append(State(cursor: c, q: s.q + len, edits: s.edits, afterSilent: false))
                    }
                } else if prefix && s.q + k == n {
                    // The typed word stops inside this spelling ("gonc" of "ch"): the user is still typing it.
                    if let c = target.advance(s.cursor, by: table.spelling(of: rule)), !emit(c, s.edits, false) { return }
                }
            }
        }
    }

    /// A token range of the trie that the typed word spells in another script.
    struct Hit {
        var node: TrieNode
        var ordinals: Range<Int>
        /// The whole typed word is the whole token (else: the start of the tokens in `ordinals`).
        var exact: Bool
        var edits: Int
    }

    /// The tokens of `trie` that `q` spells through `table`, at most `limit` ranges, none inside another.
    static func hits(_ q: [UInt32], prefix: Bool, table: Table, trie: TrieReader, roots: TrieRoots, maxEdits: Int = 0,
                     limit: Int = 64) -> [Hit] {
        var out: [Hit] = []
        func add(_ h: Hit) {
            guard !h.ordinals.isEmpty else { return }
            if out.contains(where: { $0.ordinals.lowerBound <= h.ordinals.lowerBound && h.ordinals.upperBound <= $0.ordinals.upperBound }) {
                return
            }
            out.removeAll { h.ordinals.lowerBound <= $0.ordinals.lowerBound && $0.ordinals.upperBound <= h.ordinals.upperBound }
            out.append(h)
        }
        // An index without words in the table's script is done at once.
        guard !roots.leads.isDisjoint(with: table.leads) else { return [] }
        walk(q, prefix: prefix, table: table, in: TrieTarget(trie: trie, roots: roots), maxEdits: maxEdits) { c, edits, whole in
            let node = c.node
            let single = node.ordinalStart..<(node.ordinalStart + 1)
            if whole {
                add(Hit(node: node, ordinals: single, exact: true, edits: edits))
            } else if c.used == c.label.count && node.isTerminal {
                // The typed word is a whole token and the start of longer ones (as TokenMatcher splits a prefix).
                add(Hit(node: node, ordinals: single, exact: true, edits: edits))
                add(Hit(node: node, ordinals: single.upperBound..<node.ordinals.upperBound, exact: false, edits: edits))
            } else {
                add(Hit(node: node, ordinals: node.ordinals, exact: false, edits: edits))
            }
            return out.count < limit
        }
        return out
    }
}

/// The trie root's children by first scalar, read once per index: a walk's first step would
/// otherwise scan them all (every script's letters) for each reading of the first letter.
/// The labels point into the index's mapping: keep the index while this is used. A class, so
/// that copying the searcher that keeps it costs one reference.
final class TrieRoots: @unchecked Sendable {
    let root: TrieNode?
    /// Sorted by first scalar.
    let children: [(scalar: UInt32, label: UnsafeRawBufferPointer, node: TrieNode)]
    /// The first bytes of the root's labels (which scripts the index has words in).
    let leads: Set<UInt8>

    init(trie: TrieReader) {
        root = trie.root
        var children: [(scalar: UInt32, label: UnsafeRawBufferPointer, node: TrieNode)] = []
        if let root { trie.forEachChild(of: root) { label, child in
            if !label.isEmpty { children.append((FuzzyTrieWalk.decode(label, at: 0).0, label, child)) }
            return true
        } }
        self.children = children.sorted { $0.scalar < $1.scalar }
        leads = Set(children.compactMap { $0.label.first })
    }

    func child(startingWith scalar: UInt32) -> TrieTarget.Cursor? {
        var lo = 0, hi = children.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if children[mid].scalar < scalar { lo = mid + 1 } else { hi = mid }
        }
        guard lo < children.count, children[lo].scalar == scalar else { return nil }
        return TrieTarget.Cursor(node: children[lo].node, label: children[lo].label, used: 0)
    }
}

/// The index's token trie as a transliteration target: a cursor is a place on an edge.
struct TrieTarget: TransliterationTarget {
    struct Cursor {
        /// The node the current edge leads to.
        var node: TrieNode
        var label: UnsafeRawBufferPointer
        /// Bytes of `label` read; the cursor is at `node` when all are.
        var used: Int
    }
    let trie: TrieReader
    let roots: TrieRoots

    var start: Cursor? { roots.root.map { Cursor(node: $0, label: UnsafeRawBufferPointer(start: nil, count: 0), used: 0) } }

    func advance(_ c: Cursor, by bytes: UnsafeBufferPointer<UInt8>) -> Cursor? {
        var c = c
        var i = 0
        while i < bytes.count {
            if c.used < c.label.count {
                guard c.label[c.used] == bytes[i] else { return nil }
                c.used += 1
                i += 1
                continue
            }
            // Edges split at scalar boundaries, so siblings differ in their first scalar (not always
            // in their first byte): find the child whose label starts with the next scalar's bytes.
            let b = bytes[i]
            let n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            guard i + n <= bytes.count else { return nil }
            if c.node.offset == roots.root?.offset {
                var scalar = UInt32(b) & (n == 1 ? 0x7F : n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07)
                for k in 1..<n { scalar = scalar << 6 | UInt32(bytes[i + k]) & 0x3F }
                guard let next = roots.child(startingWith: scalar) else { return nil }
                c = next
                continue
            }
            var next: Cursor?
            trie.forEachChild(of: c.node) { label, child in
                guard let first = label.first else { return true }
                if first < b { return true }
                // Children come in label order: past `b`, none can match.
                guard first == b else { return false }
                guard label.count >= n else { return true }
                for k in 1..<n where label[k] != bytes[i + k] { return true }
                next = Cursor(node: child, label: label, used: 0)
                return false
            }
            guard let n = next else { return nil }
            c = n
        }
        return c
    }

    func forEachNextScalar(from c: Cursor, _ body: (Cursor) -> Void) {
        forEachNextByte(c) { c1, lead in
            continueScalar(c1, lead < 0x80 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3, body)
        }
    }

    private func continueScalar(_ c: Cursor, _ more: Int, _ body: (Cursor) -> Void) {
        if more == 0 { return body(c) }
        forEachNextByte(c) { c1, _ in continueScalar(c1, more - 1, body) }
    }

    private func forEachNextByte(_ c: Cursor, _ body: (Cursor, UInt8) -> Void) {
        if c.used < c.label.count {
            var d = c
            d.used += 1
            return body(d, c.label[c.used])
        }
        trie.forEachChild(of: c.node) { label, child in
            if let b = label.first { body(Cursor(node: child, label: label, used: 1), b) }
            return true
        }
    }

    func isWordEnd(_ c: Cursor) -> Bool { c.used == c.label.count && c.node.isTerminal }

    func key(_ c: Cursor) -> Int { c.node.offset &* 1024 &+ c.used }
}

/// One folded word as a transliteration target (for highlighting and tests): a cursor is a byte offset.
struct WordTarget: TransliterationTarget {
    let bytes: [UInt8]

    var start: Int? { 0 }

    func advance(_ c: Int, by t: UnsafeBufferPointer<UInt8>) -> Int? {
        guard c + t.count <= bytes.count else { return nil }
        for k in t.indices where bytes[c + k] != t[k] { return nil }
        return c + t.count
    }

    func forEachNextScalar(from c: Int, _ body: (Int) -> Void) {
        guard c < bytes.count else { return }
        var e = c + 1
        while e < bytes.count && bytes[e] & 0xC0 == 0x80 { e += 1 }
        body(e)
    }

    func isWordEnd(_ c: Int) -> Bool { c == bytes.count }

    func key(_ c: Int) -> Int { c }
}
