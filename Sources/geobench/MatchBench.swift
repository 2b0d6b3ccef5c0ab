// Benchmark of match (being written).
import Foundation
import GeoIndexKit

enum MatchBench {
    static func run(_ args: [String]) {
        Terminal.error("geobench: match benchmark not written yet")
        exit(2)
    }
}
