// The condition of the tests that need the real extracts: `@Test(.sharedData("andorra.osm.pbf"))`
// runs the test when ../shared/data (or $GEOINDEX_DATA) holds every file named, and otherwise
// reports it as skipped with the reason, instead of a test that returns early and passes.
// (GeoTestSupport is also built into the fuzzers, without swift-testing, so each test target
// that needs the trait has this file.)
import GeoTestSupport
import Testing

extension Trait where Self == ConditionTrait {
    static func sharedData(_ relatives: String...) -> Self { sharedData(relatives) }

    static func sharedData(_ relatives: [String]) -> Self {
        .enabled(if: TestData.hasShared(relatives), Comment(rawValue: TestData.sharedSkipReason(relatives)))
    }
}
