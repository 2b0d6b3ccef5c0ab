// Every tunable of map matching in one documented value, as Valhalla's meili
// config does: each field with its unit and default. Most scale with the
// track's accuracy (how far its points may lie off the road), so they are
// given as a factor and bounds around it; `parameters(accuracy:mode:)` turns them
// into the numbers the HMM uses. The defaults were tuned on seeded synthetic
// tracks of other seeds than the benchmark's (docs/ROUTING.md); the gap limit
// is per travel mode and, when the points have times, follows them.
import GeoRoads
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
    /// Routes between the candidates of consecutive points are looked for up to
    /// max(`routeFactor` × straight distance, straight + 2 × search radius) + `routeSlack` metres;
    /// a longer one scores too low to matter.
    public var routeFactor = 2.0
    public var routeSlack = 50.0
    /// How far a path may run backwards along the edge it starts on: accuracy clamped to this range, metres.
    public var backtrackRange: ClosedRange<Double> = 5...30
    /// States whose score trails the layer's best by more than this (log-probability) are not extended.
    public var beam = 25.0
    /// Emission penalty (log-probability) of a candidate where a cyclist must push.
    public var pushPenalty = 2.0
    /// Pushed metres count this many times in the route lengths the HMM compares.
    public var pushFactor = 3.0

    /// Gaps: consecutive points farther apart than the gap limit are not joined by a route. The
    /// segment ends with a `gap` break and matching starts again after it; a point alone between two
    /// gaps is unmatched (`isolated`), and one far from both neighbours while they are close to each
    /// other is a glitch, not a gap (`outlier`).
    ///
    /// Without a time on both points (a line drawn on a map, a log exported without times, times that
    /// do not advance) the limit is a distance per mode, metres. It is how far apart the points of a
    /// sparse but continuous trip lie in practice: past it the mode's network offers several routes of
    /// nearly the same length between the two points, and the one the matcher picked would be a guess
    /// shown as fact. The denser the mode's network, the shorter:
    /// - car 5 000: cars keep to a sparse network of main roads (junctions and motorway exits
    ///   kilometres apart), so a log sampled every few kilometres still pins down the road;
    /// - bicycle 3 000 (about 11 minutes at 16 km/h): cycleways, tracks and quiet parallel streets
    ///   add alternatives, but a ride along a valley road or a river is still drawn with points this far apart;
    /// - foot 2 000 (about 25 minutes' walk): footpaths, shortcuts and squares make the densest
    ///   network; a hiking trail simplified into points a kilometre or two apart still matches.
    /// (Valhalla breaks at 2 km for every mode; 5 km was this matcher's limit for every mode before.)
    public var gapDistance = PerMode(car: 5000.0, bicycle: 3000.0, foot: 2000.0)
    /// With a time on both points, the limit is the distance the mode covers in the time between
    /// them at this speed, plus twice the search radius (each point may lie that far off its road),
    /// km/h: car 200 (more than any legal limit; an unrestricted autobahn), bicycle 60 (a fast
    /// descent), foot 25 (faster than anyone runs for longer than a sprint). A GPS dropout in a
    /// tunnel is routed across; a jump the mode could not have made is a gap.
    public var topSpeed = PerMode(car: 200.0, bicycle: 60.0, foot: 25.0)
    /// Whatever the times say, no route is guessed across a longer jump, metres: the longest road
    /// tunnels (Lærdal, 24.5 km) are routed across, a recording paused for a long trip is not.
    public var maxGapDistance = 25_000.0
    /// Unreachable points in a row skipped as outliers before the match is split.
    public var maxSkipped = 4
    /// A run of fewer points that the matcher lost the road around (a `no_route` or `off_road` break
    /// on either side: a point or two matched to a side street while the track goes where the mode
    /// may not) is dropped as a fragment, its points unmatched (`fragment`). A short run between gaps
    /// or the ends of the track stands alone and is kept: two points after a gap are a piece of the trip.
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

    /// The gap limit for a mode and an accuracy (see `gapDistance`, `topSpeed`, `maxGapDistance`).
    public func gapLimit(mode: TravelMode, accuracy: Double) -> GapLimit {
        GapLimit(distance: gapDistance[mode], speed: topSpeed[mode] / 3.6,
                 slack: 2 * searchRadius(accuracy: accuracy), cap: maxGapDistance)
    }

    /// The HMM's parameters for a track of this accuracy matched for `mode`.
    func parameters(accuracy: Double, mode: TravelMode) -> ViterbiMatcher.Parameters {
        let a = clamp(accuracy, accuracyRange)
        let radius = searchRadius(accuracy: a)
        return ViterbiMatcher.Parameters(
            emission: EmissionModel(sigma: a, pushPenalty: pushPenalty),
            transition: TransitionModel(beta: max(minBeta, a / betaDivisor), routeFactor: routeFactor, endSlack: 2 * radius,
                                        routeSlack: routeSlack),
            radius: radius, maxCandidates: max(1, maxCandidates), gap: gapLimit(mode: mode, accuracy: a),
            maxSkipped: max(0, maxSkipped), backtrack: clamp(a, backtrackRange), beam: beam, minRunPoints: minRunPoints)
    }

    private func clamp(_ v: Double, _ r: ClosedRange<Double>) -> Double { min(max(v, r.lowerBound), r.upperBound) }
}

/// One value per travel mode.
public struct PerMode<Value: Sendable & Equatable>: Sendable, Equatable {
    public var car: Value
    public var bicycle: Value
    public var foot: Value

    public init(car: Value, bicycle: Value, foot: Value) {
        self.car = car
        self.bicycle = bicycle
        self.foot = foot
    }

    public subscript(mode: TravelMode) -> Value {
        get {
            switch mode {
            case .car: car
            case .bicycle: bicycle
            case .foot: foot
            }
        }
        set {
            switch mode {
            case .car: car = newValue
            case .bicycle: bicycle = newValue
            case .foot: foot = newValue
            }
        }
    }
}

/// How far apart two consecutive points may lie and still be joined by a route, for one mode and
/// accuracy (`MatchConfig.gapLimit`).
public struct GapLimit: Sendable, Equatable {
    /// Without a time on both points, metres.
    public var distance: Double
    /// With times: the mode's top speed, metres per second…
    public var speed: Double
    /// …times the seconds between the points, plus this many metres (both points may lie off their road)…
    public var slack: Double
    /// …but never more than this, metres.
    public var cap: Double

    public init(distance: Double, speed: Double, slack: Double, cap: Double) {
        self.distance = distance
        self.speed = speed
        self.slack = slack
        self.cap = cap
    }

    /// The limit between points recorded at `from` and `to` (seconds; nil when a point has no time).
    /// Times that do not advance (identical, or backwards) say nothing: the distance limit applies.
    public func limit(from: Double?, to: Double?) -> Double {
        guard let from, let to, to > from, (to - from).isFinite else { return distance }
        return min(cap, speed * (to - from) + slack)
    }
}
