// OSRM's match options honoured: `gaps=split` cuts where timestamps jump by
// more than ten median sampling intervals (as osrm-routed), `radiuses` are each point's own accuracy (not one average),
// `waypoints` keeps only the listed tracepoints as leg ends (OSRM's NoMatch
// when the trace splits), a point the matcher cannot place is a null
// tracepoint, and `confidence` is OSRM's classifier on matched ÷ trace length,
// not the share of points placed.
import Foundation
import Testing
import GeoBase
@testable import GeoFrontEnd
@testable import GeoServer

@Suite struct OSRMMatchOptionsTests {
    /// Points 3 m north of Rue de l'Église, west to east (`north`: metres off instead, for one of them).
    static func along(offAt: Int? = nil, north: Double = 3) -> String {
        let pairs: [(Int64, Int64)] = [(10015, 11009), (11009, 11010), (11010, 11011), (11011, 11012)]
        return pairs.enumerated().map { k, p in OSRMSnappingTests.beside(p.0, p.1, north: k == offAt ? north : 3) }
            .joined(separator: ";")
    }

    static func match(_ coords: String, _ query: String) -> Served.Answer {
        Served.get("/match/v1/driving/\(coords)?overview=full&\(query)")
    }

    @Test func gapsSplitAtTenMedianIntervals() throws {
        // Sampled every 10 s: a 190 s jump splits, a 90 s one does not (osrm-routed answers the same).
        let split = try #require(Self.match(Self.along(), "timestamps=0;10;200;210").json)
        #expect(split["matchings"]?.arrayValue?.count == 2, "\(split)")
        #expect(split["tracepoints"]?[2]?["matchings_index"]?.doubleValue == 1)
        let ignored = try #require(Self.match(Self.along(), "timestamps=0;10;200;210&gaps=ignore").json)
        #expect(ignored["matchings"]?.arrayValue?.count == 1)
        let close = try #require(Self.match(Self.along(), "timestamps=0;10;100;110").json)
        #expect(close["matchings"]?.arrayValue?.count == 1)
        // Sampled every second: 98 s is a gap, and the point alone after it is null.
        let fast = try #require(Self.match(Self.along(), "timestamps=0;1;2;100").json)
        #expect(fast["tracepoints"]?[3] == .null && fast["tracepoints"]?[2] != .null, "\(fast)")
        #expect(Self.match(Self.along(), "gaps=sometimes").json?["code"]?.stringValue == "InvalidQuery")
    }

    @Test func radiusIsEachPointsAccuracy() throws {
        // The third point 45 m off the street: found within 3 × 20 m, not within 25 m (3 × 5, at least 25).
        let coords = Self.along(offAt: 2, north: 45)
        let wide = try #require(Self.match(coords, "radiuses=5;5;20;5").json)
        #expect(wide["tracepoints"]?[2] != .null, "\(wide)")
        let narrow = try #require(Self.match(coords, "radiuses=5;5;5;5").json)
        #expect(narrow["tracepoints"]?[2] == .null, "\(narrow)")
        #expect(narrow["tracepoints"]?[1] != .null && narrow["tracepoints"]?[3] != .null)
    }

    @Test func waypointsEndTheLegs() throws {
        let all = try #require(Self.match(Self.along(), "").json)
        #expect(all["matchings"]?[0]?["legs"]?.arrayValue?.count == 3)
        let ends = try #require(Self.match(Self.along(), "waypoints=0;3").json)
        #expect(ends["matchings"]?[0]?["legs"]?.arrayValue?.count == 1, "\(ends)")
        #expect(ends["matchings"]?[0]?["distance"] == all["matchings"]?[0]?["distance"])
        #expect(ends["tracepoints"]?[3]?["waypoint_index"]?.doubleValue == 1)
        // A pass-through point has no waypoint index, as osrm-routed writes it.
        #expect(ends["tracepoints"]?[1]?["waypoint_index"] == .null && ends["tracepoints"]?[1]?["location"] != nil)
        #expect(Self.match(Self.along(), "waypoints=1;3").json?["code"]?.stringValue == "InvalidValue")
        #expect(Self.match(Self.along(), "waypoints=0;9").json?["code"]?.stringValue == "InvalidOptions")
        let split = Self.match(Self.along(), "waypoints=0;3&timestamps=0;10;200;210")
        #expect(split.json?["code"]?.stringValue == "NoMatch", "\(split.text)")
        #expect(split.json?["message"]?.stringValue == "Could not match the trace with the given waypoints.")
    }

    @Test func bearingsFilterEachFixsRoads() throws {
        let plain = try #require(Self.match(Self.along(), "").json)
        let eastward = try #require(Self.match(Self.along(), "bearings=81,20;81,20;81,20;81,20").json)
        #expect(eastward["tracepoints"]?[1]?["location"] == plain["tracepoints"]?[1]?["location"])
        // No road near the second fix runs north–south: it cannot be placed on the street it lies by.
        let across = try #require(Self.match(Self.along(), "bearings=;171,10;;&radiuses=5;5;5;5").json)
        #expect(across["tracepoints"]?[1] == .null, "\(across)")
        #expect(Self.match(Self.along(), "bearings=;400,10;;").json?["code"]?.stringValue == "InvalidOptions")
    }

    @Test func anUnplacedPointIsNull() throws {
        // The second point 2 km out in the lake, with a 10 m accuracy: no road near it.
        let off = try #require(Self.match(Self.along(offAt: 1, north: -2_000), "radiuses=10;10;10;10").json)
        #expect(off["code"]?.stringValue == "Ok")
        #expect(off["tracepoints"]?[1] == .null)
        #expect(off["tracepoints"]?[0] != .null && off["tracepoints"]?[2] != .null)
    }

    @Test func confidenceIsOSRMsClassifier() throws {
        let straight = [Coordinate(lat: 46.2, lon: 6.8), Coordinate(lat: 46.2, lon: 6.801)]
        let d = straight[0].distance(to: straight[1])
        #expect(OSRMAPI.matchConfidence(trace: straight, matched: d) > 0.95)
        #expect(OSRMAPI.matchConfidence(trace: straight, matched: 2 * d) < 0.05)
        #expect(OSRMAPI.matchConfidence(trace: straight, matched: 0) == 0)
        #expect(OSRMAPI.matchConfidence(trace: [straight[0]], matched: d) == 0)
        // Along the street the route is as long as the trace: confident.
        let good = try #require(Self.match(Self.along(), "").json?["matchings"]?[0]?["confidence"]?.doubleValue)
        #expect(good > 0.8, "\(good)")
        // Two points a car must go round the block between (Rue de la Poste is oneway northward): every
        // point placed, yet the route is far longer than the trace, so OSRM's confidence is low.
        let poste = "\(OSRMSnappingTests.beside(11065, 11064, north: 0));\(OSRMSnappingTests.beside(11064, 11063, north: 0))"
        let detour = try #require(Self.match(poste, "radiuses=5;5").json)
        if let m = detour["matchings"]?[0], let c = m["confidence"]?.doubleValue {
            #expect(c < 0.2, "\(detour)")
        }
    }
}
