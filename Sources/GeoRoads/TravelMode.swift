// The three ways of travelling the router knows, and the road classes of OSM
// as the graph stores them (one byte per edge attribute).

public enum TravelMode: Int, CaseIterable, Sendable {
    case car = 0, bicycle = 1, foot = 2

    public var name: String {
        switch self {
        case .car: "car"
        case .bicycle: "bicycle"
        case .foot: "foot"
        }
    }

    public init?(name: String) {
        switch name.lowercased() {
        case "car", "auto", "drive", "driving": self = .car
        case "bicycle", "bike", "cycling", "cycle": self = .bicycle
        case "foot", "walk", "walking", "pedestrian", "hiking": self = .foot
        default: return nil
        }
    }
}

public enum RoadClass: UInt8, CaseIterable, Sendable {
    case motorway = 0, motorwayLink, trunk, trunkLink, primary, primaryLink, secondary, secondaryLink, tertiary,
         tertiaryLink, unclassified, residential, livingStreet, service, road, track, pedestrian, footway, cycleway,
         path, bridleway, steps, ferry, busway, corridor, platform, other

    public init(highway: String) {
        switch highway {
        case "motorway": self = .motorway
        case "motorway_link": self = .motorwayLink
        case "trunk": self = .trunk
        case "trunk_link": self = .trunkLink
        case "primary": self = .primary
        case "primary_link": self = .primaryLink
        case "secondary": self = .secondary
        case "secondary_link": self = .secondaryLink
        case "tertiary": self = .tertiary
        case "tertiary_link": self = .tertiaryLink
        case "unclassified": self = .unclassified
        case "residential": self = .residential
        case "living_street": self = .livingStreet
        case "service", "services", "rest_area": self = .service
        case "road": self = .road
        case "track": self = .track
        case "pedestrian": self = .pedestrian
        case "footway", "sidewalk", "crossing": self = .footway
        case "cycleway": self = .cycleway
        case "path": self = .path
        case "bridleway": self = .bridleway
        case "steps": self = .steps
        case "busway", "bus_guideway": self = .busway
        case "corridor", "elevator": self = .corridor
        case "platform": self = .platform
        default: self = .other
        }
    }

    /// How an unnamed road of this class is called in a list of streets.
    public var label: String {
        switch self {
        case .motorway: "motorway"
        case .motorwayLink, .trunkLink, .primaryLink, .secondaryLink, .tertiaryLink: "slip road"
        case .trunk: "trunk road"
        case .primary: "primary road"
        case .secondary: "secondary road"
        case .tertiary: "tertiary road"
        case .unclassified: "minor road"
        case .residential: "residential street"
        case .livingStreet: "living street"
        case .service: "service road"
        case .road: "road"
        case .track: "track"
        case .pedestrian: "pedestrian street"
        case .footway: "footway"
        case .cycleway: "cycleway"
        case .path: "path"
        case .bridleway: "bridleway"
        case .steps: "steps"
        case .ferry: "ferry"
        case .busway: "busway"
        case .corridor: "corridor"
        case .platform: "platform"
        case .other: "way"
        }
    }

    /// The OSM highway value of the class ("primary_link", "living_street"; "ferry" for ferry
    /// routes, "road" for any other way), for map styles that key on OSM's names.
    public var highway: String {
        switch self {
        case .motorwayLink: "motorway_link"
        case .trunkLink: "trunk_link"
        case .primaryLink: "primary_link"
        case .secondaryLink: "secondary_link"
        case .tertiaryLink: "tertiary_link"
        case .livingStreet: "living_street"
        case .other: "road"
        default: String(describing: self)
        }
    }

    /// Wide roads drawn bolder in pictures.
    public var isMajor: Bool { rawValue <= RoadClass.tertiaryLink.rawValue }
}
