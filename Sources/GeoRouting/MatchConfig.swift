// Every tunable of map matching in one documented value, as Valhalla's meili
// config does: each field with its unit and default. Most scale with the
// track's accuracy (how far its points may lie off the road), so they are
// given as a factor and bounds around it; `parameters(accuracy:)` turns them
// into the numbers the HMM uses. The defaults were tuned on seeded synthetic
// tracks of other seeds than the benchmark's (docs/ROUTING.md).
import GeoTracks

public struct MatchConfig: Sendable, Equatable {
    /// Accuracy assumed for a GPS recording (a track whose points all have times), metres.
    public var gpsAccuracy = 10.0
    /// Accuracy assumed for a drawn line (a track without times), metres.
    public var drawnAccuracy = 25.0
    /// Accuracies given or assumed are clamped to this range, metres.
    public var accuracyRange: ClosedRange<Double> = 1...500

    /// Candidate road positions kept per point, nearest first (one per edge, one per junction).
    public var maxCandidates = 24
    /// Roads are looked for within max(`minSearchRadius`, `searchRadiusFactor` × accuracy) of each point, metres.
    public var searchRadiusFactor = 3.0
    public var minSearchRadius = 25.0
    /// Emission: Gaussian with σ = accuracy. Transition: exponential in |route − straight| metres
    /// with scale β = max(`minBeta`, accuracy ÷ `betaDivisor`).
    public var betaDivisor = 5.0
    public var minBeta = 2.0
    /// How far a path may run backwards along the edge it starts on: accuracy clamped to this range, metres.
    public var backtrackRange: ClosedRange<Double> = 5...30
    /// States whose score trails the layer's best by more than this (log-probability) are not extended.
    public var beam = 25.0
    /// Emission penalty (log-probability) of a candidate where a cyclist must push.
    public var pushPenalty = 2.0
    /// Pushed metres count this many times in the route lengths the HMM compares.
    public var pushFactor = 3.0

    /// Consecutive points farther apart than this are not joined by a route: the match breaks, metres.
    public var breakDistance = 5000.0
    /// Unreachable points in a row skipped as outliers before the match is split.
    public var maxSkipped = 4
    /// Runs of fewer points between breaks are dropped as fragments.
    public var minRunPoints = 3
    /// Dense points closer than accuracy clamped to this range (to the last kept point) are left
    /// out of the HMM and projected onto the route afterwards, metres.
    public var thinningRange: ClosedRange<Double> = 5...25

    public init() {}

    /// The accuracy used when none is given: GPS-like when every point has a time, drawn otherwise.
    public func defaultAccuracy(for track: Track) -> Double {
        track.pointCount > 0 && track.hasTimes ? gpsAccuracy : drawnAccuracy
    }

    /// How far from a point roads are looked for, metres.
    public func searchRadius(accuracy: Double) -> Double {
        max(minSearchRadius, searchRadiusFactor * clamp(accuracy, accuracyRange))
    }

    /// The spacing below which dense points are thinned, metres.
    func thinning(accuracy: Double) -> Double { clamp(accuracy, thinningRange) }

    /// The HMM's parameters for a track of this accuracy.
    func parameters(accuracy: Double) -> ViterbiMatcher.Parameters {
        let a = clamp(accuracy, accuracyRange)
        return ViterbiMatcher.Parameters(
            sigma: a, beta: max(minBeta, a / betaDivisor), radius: searchRadius(accuracy: a),
            maxCandidates: max(1, maxCandidates), breakDistance: breakDistance, maxSkipped: max(0, maxSkipped),
            backtrack: clamp(a, backtrackRange), beam: beam, minRunPoints: minRunPoints, pushPenalty: pushPenalty)
    }

    private func clamp(_ v: Double, _ r: ClosedRange<Double>) -> Double { min(max(v, r.lowerBound), r.upperBound) }
}
