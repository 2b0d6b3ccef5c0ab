// Benchmark of search (being written).
import Foundation
import GeoIndexKit

enum SearchBench {
    static func run(_ args: [String]) {
        Terminal.error("geobench: search benchmark not written yet")
        exit(2)
    }
}
