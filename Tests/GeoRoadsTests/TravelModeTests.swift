// Travel modes by the names people and APIs use for them (OSRM's driving,
// cycling, walking among them), and road classes from OSM highway values.
import Testing
@testable import GeoRoads

@Suite struct TravelModeTests {
    @Test func namesOfEveryMode() {
        for (name, mode) in [("car", TravelMode.car), ("driving", .car), ("bike", .bicycle), ("cycling", .bicycle),
                             ("foot", .foot), ("walking", .foot), ("WALK", .foot)] {
            #expect(TravelMode(name: name) == mode, "\(name)")
        }
        #expect(TravelMode(name: "plane") == nil)
    }

    @Test func accessBitsAreDistinctPerModeAndDirection() {
        var seen: UInt8 = 0
        for m in TravelMode.allCases {
            #expect(seen & m.forwardBit == 0 && seen & m.backwardBit == 0)
            seen |= m.forwardBit | m.backwardBit
        }
        #expect(seen == 0b11_1111)
    }

    @Test func roadClassesFromHighwayValues() {
        #expect(RoadClass(highway: "motorway_link") == .motorwayLink)
        #expect(RoadClass(highway: "sidewalk") == .footway)
        #expect(RoadClass(highway: "no_such_value") == .other)
        #expect(RoadClass.primary.isMajor && !RoadClass.residential.isMajor)
    }
}
