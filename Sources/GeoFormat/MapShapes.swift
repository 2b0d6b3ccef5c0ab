// What a map shape is, as readers get it from an index: the simplified
// geometry of water, green areas, land use, buildings, railways and other
// outlines that a web page draws as an offline base map (no tile server).
// The shapes come from the SHPS section (MapShapeReader); the tags that make
// each layer are the import's (GeoImport's MapShapeClassifier).
import GeoBase

/// The layers of the base map. The raw value is the layer's number in the file (docs/FORMAT.md).
public enum MapLayer: UInt8, CaseIterable, Sendable {
    case water, waterway, coastline, green, landuse, sand, building, railway

    /// "water", "waterway", "coastline", "green", "landuse", "sand", "building", "railway".
    public var name: String {
        switch self {
        case .water: "water"
        case .waterway: "waterway"
        case .coastline: "coastline"
        case .green: "green"
        case .landuse: "landuse"
        case .sand: "sand"
        case .building: "building"
        case .railway: "railway"
        }
    }

    /// Areas are polygons (rings); the other layers are lines.
    public var isArea: Bool {
        switch self {
        case .waterway, .coastline, .railway: false
        case .water, .green, .landuse, .sand, .building: true
        }
    }

    /// The layer called `name` (as `name` spells it), nil for any other word.
    public init?(name: String) {
        guard let layer = MapLayer.allCases.first(where: { $0.name == name }) else { return nil }
        self = layer
    }
}

public struct MapShape: Sendable {
    public let layer: MapLayer
    /// The value of the tag that made the shape: "park", "river", "yes" for building=yes.
    public let kind: String
    public let name: String?
    /// Areas: outer ring first, then its inner rings (a multipolygon with several outers gives
    /// several shapes); every ring closed (its last point repeats its first), at least 4 points.
    /// Lines: one element, at least 2 points.
    public let rings: [[FixedCoordinate]]
    public let bbox: FixedBoundingBox

    public init(layer: MapLayer, kind: String, name: String?, rings: [[FixedCoordinate]], bbox: FixedBoundingBox) {
        self.layer = layer
        self.kind = kind
        self.name = name
        self.rings = rings
        self.bbox = bbox
    }
}

extension LandmarkIndex {
    /// The map shapes, nil when the index has none (built with `--no-map`, or before format 3)
    /// or when the section's layout does not add up (`geoindex verify` then names it).
    public var mapShapes: MapShapeReader? {
        guard let s = sections[.mapShapes] else { return nil }
        return MapShapeReader(view: file.view.slice(s.offset, s.length), owner: file)
    }
}
