// The speed tables of OSRM 26.10's car.lua, bicycle.lua and foot.lua, and
// car.lua's reading of maxspeed (WayHandlers.maxspeed / parse_maxspeed with
// its maxspeed_table of country zones). Numbers only, in km/h: which way gets
// which number is decided in CarRules, BicycleRules and FootRules, so a
// change of OSRM's tables is a change of this file alone.

enum RoadSpeeds {
    // MARK: car.lua

    /// speeds.highway: the class speeds; a highway not listed has no car speed of its own.
    static let car: [String: Double] = [
        "motorway": 90, "motorway_link": 45, "trunk": 85, "trunk_link": 40, "primary": 65, "primary_link": 30,
        "secondary": 55, "secondary_link": 25, "tertiary": 40, "tertiary_link": 20, "unclassified": 25,
        "residential": 25, "living_street": 10, "service": 15, "winter_road": 20, "ice_road": 15,
    ]
    /// default_speed: a way open to cars only through its access tags.
    static let carDefault = 10.0
    /// route_speeds and bridge_speeds (shared by the car's ferries and movable bridges).
    static let carRoutes: [String: Double] = ["ferry": 5, "shuttle_train": 10]
    static let movableBridge = 5.0
    /// speed_reduction: a car drives at 80 % of the limit on average.
    static let speedReduction = 0.8

    /// surface_speeds, tracktype_speeds, smoothness_speeds: upper bounds (`impassable` = 0, closed).
    static let carSurface: [String: Double] = [
        "cement": 80, "compacted": 80, "fine_gravel": 80, "paving_stones": 60, "metal": 60, "bricks": 60,
        "grass": 40, "wood": 40, "sett": 40, "grass_paver": 40, "gravel": 40, "unpaved": 40, "ground": 40, "dirt": 40,
        "pebblestone": 40, "tartan": 40, "cobblestone": 30, "clay": 30, "earth": 20, "stone": 20, "rocky": 20,
        "sand": 20, "laterite": 15, "mud": 10, "ice": 20, "snow": 30,
    ]
    static let carTracktype: [String: Double] = ["grade1": 60, "grade2": 40, "grade3": 30, "grade4": 25, "grade5": 20]
    static let carSmoothness: [String: Double] = [
        "intermediate": 80, "bad": 40, "very_bad": 20, "horrible": 10, "very_horrible": 5, "impassable": 0,
    ]

    /// maxspeed_table_default and the exceptions of maxspeed_table (keys lower-cased, as compared).
    static let zoneDefaults: [String: Double] = ["urban": 50, "rural": 90, "trunk": 110, "motorway": 130]
    static let zones: [String: Double] = [
        "at:rural": 100, "at:trunk": 100, "ar:urban": 40, "ar:rural": 110, "be:motorway": 120, "be-bru:rural": 70,
        "be-bru:urban": 30, "be-vlg:rural": 70, "bg:motorway": 140, "by:urban": 60, "by:motorway": 110,
        "ca-on:rural": 80, "ch:rural": 80, "ch:trunk": 100, "ch:motorway": 120, "de:living_street": 7,
        "de:rural": 100, "de:motorway": 0, "dk:rural": 80, "es:trunk": 90, "fr:rural": 80,
        "gb:nsl_single": 60 * 1609 / 1000, "gb:nsl_dual": 70 * 1609 / 1000, "gb:motorway": 70 * 1609 / 1000,
        "lv:living_street": 20, "nl:rural": 80, "nl:trunk": 100, "no:rural": 80, "no:motorway": 110,
        "ph:urban": 40, "ph:rural": 80, "ph:motorway": 100, "pl:rural": 100, "pl:expressway": 120,
        "pl:motorway": 140, "ro:trunk": 100, "ru:living_street": 20, "ru:urban": 60, "ru:motorway": 110,
        "uk:nsl_single": 60 * 1609 / 1000, "uk:nsl_dual": 70 * 1609 / 1000, "uk:motorway": 70 * 1609 / 1000,
        "za:urban": 60, "za:rural": 100, "none": 140,
    ]

    /// Measure.get_max_speed: the leading number, × 1.609 when the value says mph.
    static func maxspeed(_ value: String) -> Double? {
        guard let n = Measure.leadingInteger(value) else { return nil }
        return value.contains("mph") || value.contains("mp/h") ? n * 1.609 : n
    }

    /// parse_maxspeed: a number, else a zone (`DE:urban`, `none`), else 0. 0 means no limit
    /// known, so `walk`, `signals`, `DE:motorway` (no limit) leave the class speed.
    static func carLimit(_ value: String?) -> Double {
        guard let value else { return 0 }
        if let n = maxspeed(value) { return n }
        let zone = value.lowercased()
        if let n = zones[zone] { return n }
        return zoneType(zone).flatMap { zoneDefaults[$0] } ?? 0
    }

    /// The `(%a+)` of Lua's `%a%a:(%a+)`: the letters after the first two letters and a colon.
    static func zoneType(_ zone: String) -> String? {
        let c = Array(zone)
        for i in 0..<max(0, c.count - 2) where c[i].isLetter && c[i + 1].isLetter && c[i + 2] == ":" {
            let letters = c[(i + 3)...].prefix { $0.isLetter }
            if !letters.isEmpty { return String(letters) }
        }
        return nil
    }

    // MARK: bicycle.lua

    static let bicycleDefault = 15.0
    /// walking_speed: a cyclist pushing the bike.
    static let pushing = 4.0
    /// vehicle_max_speed: recreational cycling.
    static let bicycleMax = 21.0
    static let bicycle: [String: Double] = [
        "cycleway": 15, "primary": 15, "primary_link": 15, "secondary": 15, "secondary_link": 15, "tertiary": 15,
        "tertiary_link": 15, "residential": 15, "unclassified": 15, "living_street": 15, "service": 15,
        "track": 12, "path": 13,
    ]
    /// pedestrian_speeds, man_made_speeds: where the bike is pushed.
    static let bicyclePushed: [String: Double] = ["footway": 4, "pedestrian": 4, "steps": 2]
    static let bicyclePlatform = 4.0, bicycleParking = 10.0, bicycleFerry = 5.0
    static let bicycleSurface: [String: Double] = [
        "asphalt": 15, "chipseal": 15, "concrete": 15, "concrete_lanes": 15, "wood": 10, "metal": 10,
        "cobblestone:flattened": 10, "paving_stones": 10, "compacted": 10, "cobblestone": 7, "unpaved": 6,
        "fine_gravel": 10, "gravel": 6, "pebblestone": 6, "grass_paver": 6, "ground": 10, "dirt": 8, "earth": 6,
        "laterite": 5, "grass": 6, "mud": 3, "sand": 3, "woodchips": 3, "sett": 9,
    ]

    // MARK: foot.lua

    static let walking = 5.0
    /// speeds.highway of foot.lua (every listed class at walking speed).
    static let footHighways: Set<String> = [
        "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link", "unclassified",
        "residential", "living_street", "service", "track", "path", "steps", "pedestrian", "platform", "footway", "pier",
    ]
    static let footSurface: [String: Double] = ["fine_gravel": 3.75, "gravel": 3.75, "pebblestone": 3.75, "mud": 2.5, "sand": 2.5]
    static let footFerry = 5.0
}
