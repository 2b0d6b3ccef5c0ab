// Produces candidate landmark ids for one query token from the index: its
// posting lists (or, for a short prefix, the merged list of everything below
// that trie node), and category lists — each restricted to id ranges that the
// quadtree gives for an area. Because ids follow the Hilbert curve, "the
// landmarks of this token in this box" is a handful of range scans.
import GeoFormat

struct CandidateSource {
    let index: LandmarkIndex
    let match: TokenMatch
    /// Subtrees with more tokens than this and no merged list are read through their top list only.
    static let maxSubtreeTokens = 4096

    /// Calls `body` with ids of landmarks this token may match inside `ranges`; stop when it returns false.
    func forEachID(in ranges: [Range<UInt32>], _ body: (UInt32) -> Bool) {
        var go = true
        func scan(_ p: PostingReader?) {
            guard go, let p else { return }
            for r in ranges {
                p.forEach(in: r.lowerBound, r.upperBound) { id in
                    go = body(id)
                    return go
                }
                if !go { return }
            }
        }
        match.forEachSource { s in
            guard go else { return }
            let node = s.node
            if s.ordinals.count == 1, node.isTerminal, s.ordinals.lowerBound == node.ordinalStart {
                scan(index.postings(of: node))
            } else if let merged = node.mergedOffset {
                scan(index.postingList(at: merged))
            } else {
                index.trie.forEachToken(under: node, limit: CandidateSource.maxSubtreeTokens) { t in
                    if s.ordinals.contains(t.ordinalStart) { scan(index.postings(of: t)) }
                }
            }
        }
        for c in match.categories {
            guard go else { return }
            scan(index.categoryPostings(c.id))
        }
    }

    /// The most important landmarks this token may match, wherever they are (from top lists where
    /// the trie has them; otherwise the first ids of each list).
    func important(limit: Int) -> [UInt32] {
        var out: [UInt32] = []
        match.forEachSource { s in
            if let top = s.node.topOffset {
                out.append(contentsOf: index.topList(at: top).prefix(limit))
            } else if s.node.isTerminal, s.ordinals.count == 1, let p = index.postings(of: s.node), p.count <= limit * 4 {
                out.append(contentsOf: p.all())
            }
        }
        return out
    }
}
