// The two probability models of the map-matching HMM as values, as Valhalla
// meili has its EmissionCostModel and TransitionCostModel: the Viterbi code
// only adds their log-probabilities, and what a score means is read here.
// Both come from MatchConfig (`parameters(accuracy:mode:)`), which holds
// every number they use.

/// How likely a point was recorded at a candidate road position (Newson & Krumm: Gaussian in the
/// distance between them), as a log-probability up to a constant.
struct EmissionModel: Sendable {
    /// The standard deviation of the distance, metres: the track's accuracy.
    var sigma: Double
    /// Taken off where a cyclist must push (log-probability), so a track beside a footway and a
    /// road keeps to the road.
    var pushPenalty: Double

    func logProbability(_ candidate: Candidate, rules: TraversalRules) -> Double {
        let z = candidate.position.distance / sigma
        return -0.5 * z * z - (rules.isPushedEitherWay(candidate.profile) ? pushPenalty : 0)
    }
}

/// How likely the road route between two candidates is, given the straight distance between their
/// points (Newson & Krumm: exponential in |route − straight|), as a log-probability up to a constant;
/// and how long a route is worth looking for at all.
struct TransitionModel: Sendable {
    /// The scale of the exponential, metres.
    var beta: Double
    /// Routes are looked for up to max(`routeFactor` × straight, straight + `endSlack`) + `routeSlack`
    /// metres; `endSlack` is twice the search radius (each of the two points may lie that far off its road).
    var routeFactor: Double
    var endSlack: Double
    var routeSlack: Double

    func logProbability(route: Double, straight: Double) -> Double {
        -(abs(route - straight) / beta)
    }

    /// The longest route worth searching between points `straight` metres apart.
    func bound(straight: Double) -> Double {
        max(routeFactor * straight, straight + endSlack) + routeSlack
    }
}
