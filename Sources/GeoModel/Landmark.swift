// What the index holds: landmarks of six kinds, each with its OSM identity,
// category, position, extent, importance, names and address. `LandmarkDraft`
// is the builder's mutable form; the index stores it compactly and the reader
// hands back `Landmark` values.
import GeoBase

public enum LandmarkKind: UInt8, CaseIterable, Sendable, Codable {
    case poi = 0, address, street, place, transit, area

    public var name: String {
        switch self {
        case .poi: "poi"
        case .address: "address"
        case .street: "street"
        case .place: "place"
        case .transit: "transit"
        case .area: "area"
        }
    }

    /// What the map page's filter chip says.
    public var label: String {
        switch self {
        case .poi: "POI"
        case .address: "Address"
        case .street: "Street"
        case .place: "Place"
        case .transit: "Transit"
        case .area: "Area"
        }
    }

    public init?(name: String) {
        guard let k = LandmarkKind.allCases.first(where: { $0.name == name }) else { return nil }
        self = k
    }
}

public enum OSMType: UInt8, Sendable {
    case node = 0, way = 1, relation = 2

    public var letter: String {
        switch self {
        case .node: "n"
        case .way: "w"
        case .relation: "r"
        }
    }
}

/// One name of a landmark: `key` is the OSM key it came from ("name", "name:de",
/// "alt_name", "brand", "ref" …).
public struct LandmarkName: Sendable, Hashable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// A landmark as the builder assembles it before it is written.
public struct LandmarkDraft: Sendable {
    public var osmType: OSMType
    public var osmID: Int64
    public var kind: LandmarkKind
    public var categoryKey: String
    public var categoryValue: String
    public var point: FixedCoordinate
    public var bbox: FixedBoundingBox?
    public var importance: UInt8
    /// First entry is the display name (`name`, or a fallback such as `brand`).
    public var names: [LandmarkName]
    public var houseNumber: String?
    public var street: String?
    public var postcode: String?
    public var city: String?
    /// Nearest place name (or addr:city), filled in after all places are known.
    public var locality: String?
    /// The places the landmark lies in (suburb, city, county, state, country), filled in after
    /// all boundaries and places are known.
    public var places: PlaceChain?
    /// Opening hours, phone, website… (`ExtraTags`), in `ExtraTags.keys` order; shown, never searched.
    public var extra: [ExtraTag] = []

    public init(osmType: OSMType, osmID: Int64, kind: LandmarkKind, categoryKey: String, categoryValue: String,
                point: FixedCoordinate, bbox: FixedBoundingBox? = nil, importance: UInt8, names: [LandmarkName]) {
        self.osmType = osmType
        self.osmID = osmID
        self.kind = kind
        self.categoryKey = categoryKey
        self.categoryValue = categoryValue
        self.point = point
        self.bbox = bbox
        self.importance = importance
        self.names = names
    }

    /// The display name: the first name, or the formatted address for unnamed addresses.
    public var displayName: String {
        if let first = names.first { return first.value }
        return AddressFormat.format(houseNumber: houseNumber, street: street, countryCode: places?.countryCode) ?? ""
    }
}

/// Where a landmark lies, from the smallest place to the country: what geocoders return as the
/// parts of an address (Photon's and Nominatim's `suburb`, `city`, `county`, `state`, `country`).
public struct PlaceChain: Sendable, Hashable {
    public var suburb: String?
    public var city: String?
    public var county: String?
    public var state: String?
    public var country: String?
    /// ISO 3166-1 alpha-2, lower case ("li").
    public var countryCode: String?

    public init(suburb: String? = nil, city: String? = nil, county: String? = nil, state: String? = nil,
                country: String? = nil, countryCode: String? = nil) {
        self.suburb = suburb
        self.city = city
        self.county = county
        self.state = state
        self.country = country
        self.countryCode = countryCode
    }

    public var isEmpty: Bool {
        suburb == nil && city == nil && county == nil && state == nil && country == nil && countryCode == nil
    }

    /// The parts in storage order (suburb, city, county, state, country, country code).
    public var parts: [String?] { [suburb, city, county, state, country, countryCode] }

    public init(parts: [String?]) {
        let p = parts + Array(repeating: nil, count: max(0, 6 - parts.count))
        self.init(suburb: p[0], city: p[1], county: p[2], state: p[3], country: p[4], countryCode: p[5])
    }
}

/// How house number and street are put together for display.
public enum AddressFormat {
    /// Last words of street names in languages that write the number after the street.
    static let numberAfterWords: Set<String> = [
        "straße", "strasse", "str.", "weg", "gasse", "allee", "platz", "ring", "damm", "ufer", "steig", "pfad",
        "chaussee", "markt", "graben", "katu", "tie", "kuja", "polku", "gatan", "vägen", "gränd", "gata", "vei",
        "veien", "gate", "gaten", "vej", "straat", "laan", "gracht", "kade", "plein",
        "улица", "проспект", "переулок", "шоссе", "бульвар", "набережная", "площадь", "проезд", "тупик",
    ]
    /// Endings of compound street names ("Hauptstraße", "Mannerheimintie").
    static let numberAfterSuffixes = ["straße", "strasse", "weg", "gasse", "allee", "platz", "ring", "damm", "ufer",
                                      "katu", "tie", "gatan", "vägen", "straat", "laan", "gracht"]
    /// First words of street names in languages that write the number after the street
    /// ("улица Гончарова 7", "Avinguda Meritxell 11", "Via Roma 3", "ul. Długa 5").
    static let numberAfterFirstWords: Set<String> = [
        "ulica", "ul.", "aleja", "al.", "plac", "ulice", "utca",
        "via", "viale", "piazza", "corso", "largo", "vicolo", "strada",
        "calle", "avenida", "plaza", "paseo", "camino", "carretera", "travesía", "ronda",
        "carrer", "avinguda", "plaça", "passeig", "camí", "travessera", "rambla",
        "rua", "praça", "travessa", "estrada", "alameda",
        "улица", "ул.", "проспект", "пр-т", "переулок", "пер.", "шоссе", "бульвар", "набережная", "наб.", "площадь",
        "проезд", "тупик", "аллея", "вулиця", "вул.", "вуліца",
    ]

    /// Countries whose addresses put the number first ("12 Rue Grimaldi", "221B Baker Street");
    /// in every other country whose code is known it follows the street ("Städtle 32").
    static let numberFirstCountries: Set<String> = [
        "us", "ca", "gb", "ie", "au", "nz", "fr", "mc", "lu", "in", "za", "sg", "my", "ph", "th", "il", "sa", "ae",
        "ng", "gh", "ke", "pk", "lk", "hk", "vn", "jm", "tt", "mt", "cy",
    ]

    /// Whether the number follows the street: by the country when its code is known, else by
    /// the words of the street name.
    public static func numberGoesAfter(street: String, countryCode: String?) -> Bool {
        if let c = countryCode { return !numberFirstCountries.contains(c) }
        return numberGoesAfter(street: street)
    }

    public static func numberGoesAfter(street: String) -> Bool {
        let lower = street.lowercased()
        let words = lower.split(separator: " ")
        guard let last = words.last, let first = words.first else { return false }
        if numberAfterWords.contains(String(last)) || numberAfterFirstWords.contains(String(first)) { return true }
        return numberAfterSuffixes.contains { last.hasSuffix($0) }
    }

    /// "12 Rue Grimaldi", "Hauptstraße 12", or nil when neither part is known.
    public static func format(houseNumber: String?, street: String?, countryCode: String? = nil) -> String? {
        switch (houseNumber, street) {
        case let (n?, s?): numberGoesAfter(street: s, countryCode: countryCode) ? "\(s) \(n)" : "\(n) \(s)"
        case let (n?, nil): n
        case let (nil, s?): s
        default: nil
        }
    }
}
