// The services the tests ask, built once per process over the sample town
// (and Monaco when the shared data is there), and a one-line way to ask them
// a request as a client would send it, parsed answer included.
import Foundation
import GeoBase
import GeoTestSupport
@testable import GeoServer

enum Served {
    static let townPath: String = try! TestData.indexPath(of: TestData.sample("town.osm"))
    static let town: Service = try! Service(state: ServiceState(paths: [townPath]))

    /// Monaco's index, or nil (with the reason printed once) when the shared data is absent.
    static let monaco: Service? = {
        guard let osm = TestData.shared("monaco.osm.gz") else {
            print("skipped: Monaco tests need ../shared/data/monaco.osm.gz")
            return nil
        }
        return try! Service(state: ServiceState(paths: [TestData.indexPath(of: osm)]))
    }()

    struct Answer {
        var response: HTTPResponse
        var status: Int { response.status }
        var json: JSONValue? { try? JSONValue.parse(response.body) }
        var text: String { String(decoding: response.body, as: UTF8.self) }
    }

    static func get(_ target: String, headers: [String: String] = [:], from service: Service = town) -> Answer {
        Answer(response: service.handle(HTTPRequest(method: "GET", target: target, headers: headers)))
    }

    static func post(_ target: String, body: [UInt8], headers: [String: String] = [:], from service: Service = town) -> Answer {
        Answer(response: service.handle(HTTPRequest(method: "POST", target: target, headers: headers, body: body)))
    }

    /// Coordinates of the town's key road nodes (ids 10001+), from the OSM file.
    static let townNodes: [Int64: Coordinate] = try! TestData.nodes(TestData.sample("town.osm"))

    /// "lon,lat" of a node, as OSRM's URLs write it.
    static func lonLat(_ node: Int64) -> String {
        let c = townNodes[node]!
        return "\(c.lon),\(c.lat)"
    }
}

extension JSONValue {
    /// The keys of an object, in order.
    var keys: [String] { objectValue?.map(\.0) ?? [] }
}
