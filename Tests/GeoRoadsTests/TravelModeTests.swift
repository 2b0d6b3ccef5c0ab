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
        // The profile's access byte on disk: mode m forward at bit 2m, backward at 2m + 1.
        var seen: UInt8 = 0
        for m in TravelMode.allCases {
            let f = RoadAccess(forward: TravelModes(m)).byte, b = RoadAccess(backward: TravelModes(m)).byte
            #expect(f == UInt8(1) << UInt8(2 * m.rawValue) && b == f << 1)
            #expect(seen & (f | b) == 0)
            seen |= f | b
        }
        #expect(seen == 0b11_1111)
    }

    @Test func accessByteRoundTrips() {
        for byte in UInt8(0)...0b11_1111 {
            #expect(RoadAccess(byte: byte).byte == byte)
        }
        let a = RoadAccess(byte: 0b01_10_01)   // car forward, bicycle backward, foot forward
        #expect(a.forward == [.car, .foot] && a.backward == .bicycle)
    }

    @Test func roadClassesFromHighwayValues() {
        #expect(RoadClass(highway: "motorway_link") == .motorwayLink)
        #expect(RoadClass(highway: "sidewalk") == .footway)
        #expect(RoadClass(highway: "no_such_value") == .other)
        #expect(RoadClass.primary.isMajor && !RoadClass.residential.isMajor)
    }
}
