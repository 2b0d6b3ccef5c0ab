// OSRM's snapping options on a real extract (Monaco's, as osrm-routed's
// tests use; skipped with the reason when the shared data is absent), where
// roads bend and oneways are many: the answers below are osrm-routed 26.10's
// (car profile) for the same requests, which this server must give too.
import Foundation
import Testing
import GeoBase
import GeoTestSupport
@testable import GeoFrontEnd
@testable import GeoServer

@Suite struct OSRMSnappingMonacoTests {
    static let service: Service? = TestData.shared("osrm/monaco.osm.pbf").flatMap { pbf in
        try? Service(state: ServiceState(paths: [TestData.indexPath(of: pbf)]))
    }

    @Test(.sharedData("osrm/monaco.osm.pbf")) func bearingIsCheckedPerSegment() throws {
        let monaco = try #require(Self.service)
        // The nearest road runs the wrong way; osrm-routed goes to the tunnel 171 m off, whose nearest stretch
        // running 333° ± 15° lies beyond the bend nearest the point.
        let w = try #require(Served.get("/nearest/v1/driving/7.421477,43.730564?bearings=333,15", from: monaco).json?["waypoints"]?[0])
        let at = try #require(w["location"]?.arrayValue?.compactMap { $0.doubleValue })
        #expect(Coordinate(lat: at[1], lon: at[0]).distance(to: Coordinate(lat: 43.73195, lon: 7.422405)) < 5, "\(w)")
        #expect(w["name"]?.stringValue == "Tunnel Rocher Antoine 1er")
        let plain = try #require(Served.get("/nearest/v1/driving/7.421477,43.730564", from: monaco).json?["waypoints"]?[0])
        #expect(abs((plain["distance"]?.doubleValue ?? 0) - 12.4) < 0.5)
    }

    @Test(.sharedData("osrm/monaco.osm.pbf")) func approachIsLeftOffOnAOneway() throws {
        let monaco = try #require(Self.service)
        // osrm-routed: 327.4 m unrestricted, curb;curb and opposite;opposite alike (both points on oneways).
        let pair = "7.416245,43.729145;7.419175,43.730759"
        func distance(_ q: String) -> Double {
            Served.get("/route/v1/driving/\(pair)?overview=false\(q)", from: monaco).json?["routes"]?[0]?["distance"]?.doubleValue ?? -1
        }
        let plain = distance("")
        #expect(abs(plain - 327.4) < 5)
        #expect(distance("&approaches=curb;curb") == plain)
        #expect(distance("&approaches=opposite;opposite") == plain)
    }
}
