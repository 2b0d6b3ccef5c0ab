// Hostile OSM input for the limit tests: the usual file opening, the billion
// laughs entity bomb, and the switch for the slow full-size runs.
import Foundation

/// The slow hostile-input tests (hundreds of MB generated) run only under `make test-limits`.
package enum LimitsGate {
    package static let enabled = ProcessInfo.processInfo.environment["GEOINDEX_TEST_LIMITS"] != nil
}

/// An OSM file's opening, the usual way.
package let osmHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"

/// The classic billion laughs: ten levels of ten references, 10^9 "lol"s if expanded.
package func billionLaughs(root: String) -> String {
    var dtd = "<!ENTITY lol \"lol\">\n"
    var previous = "lol"
    for level in 1...9 {
        dtd += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        previous = "lol\(level)"
    }
    return "<?xml version=\"1.0\"?>\n<!DOCTYPE \(root) [\n\(dtd)]>\n"
}
