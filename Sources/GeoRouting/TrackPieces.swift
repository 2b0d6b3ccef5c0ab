// Cuts one input segment into the pieces the matcher joins by routes: it
// exists so that a gap is decided by the input alone (distances, times, the
// mode's limit) before any matching, and is reported exactly where it is —
// between two consecutive points, whatever the thinning or the HMM do later.
// Each piece is then matched on its own; a piece of one point is `isolated`.
import Foundation
import GeoBase

struct TrackPieces {
    /// Runs of consecutive valid points (indices into the segment), each within the gap limit of the one before.
    var pieces: [[Int]] = []
    /// The `gap` breaks between consecutive pieces (segment indices).
    var gaps: [MatchBreak] = []
    /// Points farther than the limit from both neighbours while those two are within it of each other:
    /// a glitch to skip (`outlier`), not two gaps.
    var spikes: [Int] = []

    /// `times`: seconds per point (nil without a time), as many as `coords`.
    init(_ coords: [Coordinate], times: [Double?], gap: GapLimit) {
        func tooFar(_ a: Int, _ b: Int) -> Bool {
            coords[a].distance(to: coords[b]) > gap.limit(from: times[a], to: times[b])
        }
        let valid = coords.indices.filter { coords[$0].isValid }
        var current: [Int] = []
        for (j, i) in valid.enumerated() {
            guard let prev = current.last else {
                current.append(i)
                continue
            }
            guard tooFar(prev, i) else {
                current.append(i)
                continue
            }
            if j + 1 < valid.count, tooFar(i, valid[j + 1]), !tooFar(prev, valid[j + 1]) {
                spikes.append(i)
                continue
            }
            pieces.append(current)
            gaps.append(MatchBreak(afterPoint: prev, beforePoint: i, reason: .gap, distance: coords[prev].distance(to: coords[i])))
            current = [i]
        }
        if !current.isEmpty { pieces.append(current) }
    }
}
