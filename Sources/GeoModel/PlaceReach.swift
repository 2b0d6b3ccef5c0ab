// How far a place mapped as a single node names the landmarks around it, as
// people describe it: a city names things 15 km around, a hamlet only 1.5 km.
// The import gives landmarks their town by it (PlaceHierarchy); search reads it
// back to know where the landmarks that a place word describes can lie.

public enum PlaceReach {
    /// Metres, by `place=*` value.
    public static let metres: [String: Double] = [
        "city": 15_000, "town": 8_000, "village": 4_000, "municipality": 6_000, "borough": 3_000, "suburb": 2_000,
        "quarter": 1_200, "hamlet": 1_500, "neighbourhood": 800, "island": 3_000,
    ]

    /// The farthest any place node reaches.
    public static let longest = metres.values.max() ?? 15_000
}
