// The oddities an import meets — reported, never fatal — as one list of named
// counters. The sums, the META section's "warnings" object and the build
// summary all walk `ImportWarnings.Counter.allCases`, so a counter is declared
// once: its case (whose raw value is its META key, in META's order), and the
// words the summary gives it.
import GeoBase

public struct ImportWarnings: Sendable {
    public enum Counter: String, CaseIterable, Sendable {
        case missingNodeRefs = "missing_node_refs"
        /// Shown with the missing node references ("… in N ways"), never alone.
        case waysWithMissingNodes = "ways_with_missing_nodes"
        case waysWithoutGeometry = "ways_without_geometry"
        case relationsWithoutGeometry = "relations_without_geometry"
        case nodesWithoutCoordinates = "nodes_without_coordinates"
        case outOfOrderNodes = "out_of_order_nodes"
        /// Elements marked deleted (`visible="false"`, history and change files), skipped. In META
        /// only when there were some, so the indexes of ordinary extracts keep their bytes.
        case deletedElementsSkipped = "deleted_elements_skipped"
        /// Rings of map shapes (multipolygon relations) whose ways did not close, left out.
        case unclosedRings = "unclosed_rings"
        /// Inner rings of map shapes inside none of their relation's outer rings, left out.
        case strayInnerRings = "stray_inner_rings"
        /// Rings of boundaries (administrative, place, postcode) whose ways did not close, left out.
        case unclosedBoundaryRings = "unclosed_boundary_rings"
        /// Boundaries without any closed ring (the extract cut them): their landmarks fall back to place nodes.
        case boundariesWithoutPolygon = "boundaries_without_polygon"
        /// `addr:interpolation` ways left out: the first or last node has no house number (or is no address).
        case interpolationsWithoutEndNumber = "interpolations_without_end_number"
        /// `addr:interpolation` ways left out: a value that is no type (odd, even, all, alphabetic, a step).
        case interpolationsOfUnknownType = "interpolations_of_unknown_type"
        /// Stretches of interpolation ways (between two numbered nodes) left out: the ends name different streets.
        case interpolationsAcrossStreets = "interpolations_across_streets"
        /// Stretches of interpolation ways left out: more than 1 000 numbers between their ends.
        case interpolationsTooLong = "interpolations_too_long"
        /// Stretches whose ends do not fit the type (an odd range with an even end, a step that does not
        /// divide it): the numbers of the type between them are added all the same; alphabetic ones whose
        /// ends are different numbers or no letters are left out.
        case interpolationsNotFittingType = "interpolations_not_fitting_type"
        /// House numbers with neither addr:street nor addr:place given the nearest street (as
        /// Nominatim gives them a parent street): no fault, a guess the summary names on its own.
        case addressesGivenNearestStreet = "addresses_given_nearest_street"
        /// House numbers with neither addr:street nor addr:place and no street within reach, left
        /// out (a shop or building keeps its number, without a street).
        case addressesWithoutStreet = "addresses_without_street"

        /// What the build summary says after the number; nil for the counters it leaves out (the
        /// rings of map shapes and boundaries, the ways shown with the missing node references, and the
        /// house numbers given the nearest street, which the summary names as a count of its own).
        public var summaryWords: String? {
            switch self {
            case .missingNodeRefs: "missing node references"
            case .waysWithMissingNodes: nil
            case .waysWithoutGeometry: "landmark ways without geometry"
            case .relationsWithoutGeometry: "relations without geometry"
            case .nodesWithoutCoordinates: "nodes without coordinates"
            case .outOfOrderNodes: "nodes out of id order"
            case .deletedElementsSkipped: "deleted elements skipped"
            case .unclosedRings, .strayInnerRings, .unclosedBoundaryRings, .boundariesWithoutPolygon: nil
            case .interpolationsWithoutEndNumber: "without a numbered end"
            case .interpolationsOfUnknownType: "of unknown type"
            case .interpolationsAcrossStreets: "across streets"
            case .interpolationsTooLong: "over 1,000 numbers"
            case .interpolationsNotFittingType: "with ends not fitting the type"
            case .addressesGivenNearestStreet: nil
            case .addressesWithoutStreet: "house numbers without a street"
            }
        }

        /// The address interpolations left out (or interpolated despite their ends), which the
        /// summary names together, after the other warnings.
        public var isInterpolation: Bool {
            switch self {
            case .interpolationsWithoutEndNumber, .interpolationsOfUnknownType, .interpolationsAcrossStreets,
                 .interpolationsTooLong, .interpolationsNotFittingType: true
            default: false
            }
        }

        /// Written to META only when not zero (a counter added after indexes were made).
        var inMetaOnlyWhenCounted: Bool {
            self == .deletedElementsSkipped || self == .addressesGivenNearestStreet || self == .addressesWithoutStreet
        }
    }

    private var counts: [Counter: Int] = [:]

    public init() {}

    public subscript(_ counter: Counter) -> Int {
        get { counts[counter] ?? 0 }
        set { counts[counter] = newValue }
    }

    /// The warnings the build summary lists (the map shapes' and boundaries' ring counts are only in META).
    public var total: Int {
        Counter.allCases.reduce(0) { $0 + ($1.summaryWords == nil ? 0 : self[$1]) }
    }

    /// Interpolation ways and stretches left out or interpolated despite ends that do not fit.
    public var interpolationWarnings: Int {
        Counter.allCases.reduce(0) { $0 + ($1.isInterpolation ? self[$1] : 0) }
    }

    /// META's "warnings" object: every counter by its key, in declaration order.
    var metaJSON: JSONValue {
        .object(Counter.allCases.compactMap { c in
            c.inMetaOnlyWhenCounted && self[c] == 0 ? nil : (c.rawValue, .int(Int64(self[c])))
        })
    }
}
