// What an index records about the build that made it (the META section):
// the source's name, the build time, OSM element counts, the data's extent and
// the oddities met on the way — what `geoindex info` shows.
import GeoBase

public struct IndexMetadata: Sendable {
    public var sourceName: String
    public var buildTime: Int64
    public var elementCounts: (nodes: Int, ways: Int, relations: Int)
    public var warnings: ImportWarnings
    public var dataBox: FixedBoundingBox

    public init(sourceName: String, buildTime: Int64, elementCounts: (nodes: Int, ways: Int, relations: Int),
                warnings: ImportWarnings, dataBox: FixedBoundingBox) {
        self.sourceName = sourceName
        self.buildTime = buildTime
        self.elementCounts = elementCounts
        self.warnings = warnings
        self.dataBox = dataBox
    }
}

/// Oddities met during an import: reported, never fatal.
public struct ImportWarnings: Sendable, Codable {
    public var missingNodeRefs = 0
    public var waysWithMissingNodes = 0
    public var waysWithoutGeometry = 0
    public var relationsWithoutGeometry = 0
    public var nodesWithoutCoordinates = 0
    public var outOfOrderNodes = 0
    public var deletedElementsSkipped = 0
    /// Rings of map shapes (multipolygon relations) whose ways did not close, left out.
    public var unclosedRings = 0
    /// Inner rings of map shapes inside none of their relation's outer rings, left out.
    public var strayInnerRings = 0
    /// Rings of boundaries (administrative, place, postcode) whose ways did not close, left out.
    public var unclosedBoundaryRings = 0
    /// Boundaries without any closed ring (the extract cut them): their landmarks fall back to place nodes.
    public var boundariesWithoutPolygon = 0
    /// `addr:interpolation` ways left out: the first or last node has no house number (or is no address).
    public var interpolationsWithoutEndNumber = 0
    /// `addr:interpolation` ways left out: a value that is no type (odd, even, all, alphabetic, a step).
    public var interpolationsOfUnknownType = 0
    /// Stretches of interpolation ways (between two numbered nodes) left out: the ends name different streets.
    public var interpolationsAcrossStreets = 0
    /// Stretches of interpolation ways left out: more than 1 000 numbers between their ends.
    public var interpolationsTooLong = 0
    /// Stretches whose ends do not fit the type (an odd range with an even end, a step that does not
    /// divide it): the numbers of the type between them are added all the same; alphabetic ones whose
    /// ends are different numbers or no letters are left out.
    public var interpolationsNotFittingType = 0

    public init() {}

    /// Warnings about the landmark data (the map shapes' ring counts are reported apart).
    public var total: Int {
        missingNodeRefs + waysWithoutGeometry + relationsWithoutGeometry + nodesWithoutCoordinates + outOfOrderNodes
            + interpolationWarnings
    }

    /// Interpolation ways and stretches left out or interpolated despite ends that do not fit.
    public var interpolationWarnings: Int {
        interpolationsWithoutEndNumber + interpolationsOfUnknownType + interpolationsAcrossStreets + interpolationsTooLong
            + interpolationsNotFittingType
    }
}
