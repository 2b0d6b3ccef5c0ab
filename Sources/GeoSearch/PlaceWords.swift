// A query word may name where a landmark lies rather than the landmark
// ("bahnhofstrasse vaduz": Vaduz is the place, the street is the answer). Such
// a word has no posting lists for the landmarks it describes (context tokens
// have none), so another word drives the search. This finds whether a word
// names a place and where the landmarks it describes can lie: inside the
// areas of the places of that name, so the scan keeps to them instead of
// reading the other word's whole list.
import GeoBase
import GeoFormat
import GeoModel

enum PlaceWord: Equatable {
    /// No town, suburb, region or postcode of the index is called so.
    case notAPlace
    /// It names places, but where their landmarks lie is not known well enough to bound the scan.
    case somewhere
    /// It names places whose landmarks lie inside these boxes.
    case within([BoundingBox])
}

extension IndexSearcher {
    /// At most this many areas bound a scan; a word naming more places than that is scanned everywhere.
    static let maxPlaceAreas = 16

    /// Whether a word names a town, suburb, region or postcode (one of its landmarks is one whose
    /// whole name the query has: "vaduz", "la condamine" — not the "de" of "Quartier de la
    /// Condamine", which would send every "de la …" through a second pass), and where the
    /// landmarks it describes lie.
    func placeWord(_ m: TokenMatch, in matches: [TokenMatch]) -> PlaceWord {
        var entries: [Int] = []
        var boxes: [BoundingBox] = []
        var named = false
        var bounded = true
        // A word being typed, an abbreviation or another script may match context tokens the exact
        // word's places do not account for, and a postcode's landmarks are wherever the tag is.
        if m.token.isPrefix || m.token.isNumeric || !m.token.alternatives.isEmpty || !m.scriptSources.isEmpty
            || m.sources.contains(where: { $0.kind != .exact }) {
            bounded = false
        }
        func look(_ id: UInt32) {
            let i = Int(id)
            let kind = index.kind(i)
            guard kind == .place || kind == .area && boundaryCategories.contains(index.categoryID(i)),
                  queryHasName(of: i, matches, &entries) else { return }
            named = true
            guard bounded else { return }
            if let area = area(of: i), boxes.count < IndexSearcher.maxPlaceAreas {
                boxes.append(area)
            } else {
                bounded = false
            }
        }
        for s in m.sources where s.kind == .exact && s.node.isTerminal {
            guard let postings = index.postings(of: s.node) else { continue }
            if postings.count <= limits.placeWordScan {
                // All of the word's landmarks are looked at: every place it names is found.
                postings.forEach { id in look(id); return true }
            } else {
                // A common word: its most important landmarks (places are important) tell whether it
                // names a place, but some place may be left unseen.
                bounded = false
                if let top = s.node.topOffset { for id in index.topList(at: top) { look(id) } }
                var looked = 0
                postings.forEach { id in
                    look(id)
                    looked += 1
                    return !named && looked < limits.placeWordScan
                }
            }
        }
        guard named else { return .notAPlace }
        return bounded && !boxes.isEmpty ? .within(boxes) : .somewhere
    }

    /// Whether every word of landmark `i`'s shown name is matched by some query word.
    private func queryHasName(of i: Int, _ matches: [TokenMatch], _ entries: inout [Int]) -> Bool {
        let n = index.tokenEntries(i, into: &entries)
        var any = false
        for k in 0..<n where TokenEntry(packed: entries[k]).tokenClass == .name {
            any = true
            let ordinal = TokenEntry(packed: entries[k]).ordinal
            guard matches.contains(where: { $0.sources.contains { $0.ordinals.contains(ordinal) } }) else { return false }
        }
        return any
    }

    /// Where the landmarks a place names lie: its outline's box (the import decides by the same
    /// outline), or for a place mapped as a node, the reach its kind gives it. A little margin
    /// covers rounding.
    private func area(of i: Int) -> BoundingBox? {
        let margin = 100.0
        if let b = index.bbox(i)?.boundingBox {
            var box = b
            box.extend(BoundingBox(around: Coordinate(lat: b.minLat, lon: b.minLon), meters: margin))
            box.extend(BoundingBox(around: Coordinate(lat: b.maxLat, lon: b.maxLon), meters: margin))
            return box
        }
        guard index.kind(i) == .place else { return nil }
        let value = index.category(index.categoryID(i)).value
        let reach = PlaceReach.metres[value] ?? PlaceReach.longest
        return BoundingBox(around: index.point(i).coordinate, meters: reach + margin)
    }

    /// The id ranges of landmarks inside `box` (everything when nil) and inside one of `areas`
    /// (when given).
    func ranges(_ box: BoundingBox?, within areas: [BoundingBox]?) -> [Range<UInt32>] {
        guard let areas else {
            guard let box else { return [0..<UInt32(index.count)] }
            return index.quadtree.ranges(intersecting: FixedBoundingBox(box))
        }
        var out: [Range<UInt32>] = []
        for a in areas {
            var b = a
            if let box {
                guard box.intersects(a) else { continue }
                b = BoundingBox(minLon: max(a.minLon, box.minLon), minLat: max(a.minLat, box.minLat),
                                maxLon: min(a.maxLon, box.maxLon), maxLat: min(a.maxLat, box.maxLat))
            }
            out += index.quadtree.ranges(intersecting: FixedBoundingBox(b))
        }
        return out.sorted { $0.lowerBound < $1.lowerBound }
    }
}
