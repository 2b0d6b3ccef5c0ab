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
