// What osrm-routed's profiles name in every answer: `weight_name` is the
// profile's (car "routability", bicycle "cyclability", foot "duration"), and a
// leg's `summary` is the two main roads only when steps were asked for ("" as
// osrm-routed writes it without them).
import Testing
import GeoBase
@testable import GeoServer

@Suite struct OSRMProfileNamesTests {
    static let points = "6.7978,46.2030;6.8060,46.1966"

    @Test func weightNameIsTheProfiles() throws {
        for (profile, name) in [("driving", "routability"), ("cycling", "cyclability"), ("walking", "duration"), ("car", "routability")] {
            let route = try #require(Served.get("/route/v1/\(profile)/\(Self.points)").json?["routes"]?[0], "\(profile)")
            #expect(route["weight_name"]?.stringValue == name, "\(profile)")
        }
        let match = try #require(Served.get("/match/v1/foot/\(Self.points)").json?["matchings"]?[0])
        #expect(match["weight_name"]?.stringValue == "duration")
    }

    @Test func summaryOnlyWithSteps() throws {
        let plain = try #require(Served.get("/route/v1/driving/\(Self.points)").json?["routes"]?[0]?["legs"]?[0])
        #expect(plain["summary"]?.stringValue == "")
        let steps = try #require(Served.get("/route/v1/driving/\(Self.points)?steps=true").json?["routes"]?[0]?["legs"]?[0])
        #expect(steps["summary"]?.stringValue?.isEmpty == false)
    }
}
