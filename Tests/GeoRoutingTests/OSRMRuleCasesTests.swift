// Our router against OSRM 26.10's car, bicycle and foot profiles on the one-rule maps of
// scripts/routing_cases.py, without OSRM: samples/rules/osrm/expected.json holds OSRM's frozen
// answers (written by `python3 scripts/rules_vs_osrm.py record`), and this test compares our
// routes with them the way the script's report does: routable or not, the street names along
// the route ("" for an unnamed road), the distance within max(10 m, 5 %). The differences we
// know of are listed in known-differences.json with a reason; any other difference fails, and
// so does a listed one that now agrees, so the list only shrinks.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoRoads
@testable import GeoRouting
import GeoTestSupport

@Suite struct OSRMRuleCasesTests {
    /// Pieces of road shorter than this (touching a junction) are no street; the script uses the same.
    static let minPiece = 0.5

    private static func json(_ name: String) throws -> JSONValue {
        try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: TestData.sample("rules/osrm/\(name)"))))
    }

    /// Why our answer differs from OSRM's expectation ([] when they agree): scripts/rules_vs_osrm.py's compare_one.
    static func differences(expected e: JSONValue, route: Route?) -> [String] {
        let osrmRoutes = e["routable"]?.boolValue ?? false
        guard let route else { return osrmRoutes ? ["OSRM finds a route, we do not"] : [] }
        guard osrmRoutes else { return ["we find a route, OSRM does not"] }
        var why: [String] = []
        let names = (e["names"]?.arrayValue ?? []).compactMap(\.stringValue)
        if names != ourNames(route) { why.append("names") }
        let d = e["distance_m"]?.doubleValue ?? 0
        if abs(d - route.distance) > max(10, 0.05 * d) { why.append("distance") }
        return why
    }

    /// The street names along a route, "" for an unnamed road, consecutive repeats merged.
    static func ourNames(_ route: Route) -> [String] {
        var out: [String] = []
        for s in route.segment.streets where s.distance >= minPiece {
            let name = s.named ? s.name : ""
            if out.last != name { out.append(name) }
        }
        return out
    }

    @Test func everyCaseAgreesWithOSRMOrIsAKnownDifference() throws {
        let expected = try Self.json("expected.json")
        let known = Dictionary(uniqueKeysWithValues: (try Self.json("known-differences.json").objectValue ?? [])
            .map { ($0.0, $0.1.stringValue ?? "") })
        let graph = try TestData.graph(of: TestData.sample("rules/osrm/cases.osm"))
        var router = Router(graph: graph)
        // The radius OSRM is given (scripts/rules_vs_osrm.py, OSRM_RADIUS_M): the cases' cells are apart.
        router.maxSnapDistance = 1_500
        guard let cases = expected["cases"]?.objectValue, !cases.isEmpty else {
            Issue.record("samples/rules/osrm/expected.json has no cases")
            return
        }
        var seen = Set<String>()
        var compared = 0
        for (id, c) in cases {
            let points = (c["points"]?.arrayValue ?? []).compactMap { p -> Coordinate? in
                guard let lat = p[0]?.doubleValue, let lon = p[1]?.doubleValue else { return nil }
                return Coordinate(lat: lat, lon: lon)
            }
            for (modeName, e) in c["modes"]?.objectValue ?? [] {
                guard let mode = TravelMode(name: modeName) else {
                    Issue.record("\(id): unknown mode \(modeName)")
                    continue
                }
                let key = "\(id)/\(modeName)"
                seen.insert(key)
                compared += 1
                let route = try? router.route(waypoints: points, mode: mode, type: .fastest)
                let why = Self.differences(expected: e, route: route)
                if why.isEmpty, let reason = known[key] {
                    Issue.record("\(key) now agrees with OSRM: remove it from samples/rules/osrm/known-differences.json (\(reason))")
                } else if !why.isEmpty, known[key] == nil {
                    let ours = route.map { "\(Self.ourNames($0)) \(Int($0.distance.rounded())) m" } ?? "no route"
                    let theirs = e["routable"]?.boolValue == true
                        ? "\((e["names"]?.arrayValue ?? []).compactMap(\.stringValue)) \(Int((e["distance_m"]?.doubleValue ?? 0).rounded())) m"
                        : "no route"
                    Issue.record("\(key): \(why.joined(separator: ", ")) — OSRM \(theirs), ours \(ours) (\(c["description"]?.stringValue ?? ""))")
                }
            }
        }
        for key in known.keys where !seen.contains(key) {
            Issue.record("known-differences.json lists \(key), which expected.json does not have")
        }
        #expect(compared > 750, "only \(compared) (case, mode) pairs in expected.json")
    }
}
