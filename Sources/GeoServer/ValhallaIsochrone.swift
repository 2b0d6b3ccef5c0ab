// Valhalla's isochrone service over the index's road graph: GET
// /isochrone?json={...} or the same JSON POSTed as the body, with
// `locations` [{lat, lon}] (one, Valhalla's default limit for isochrones),
// `costing` auto|bicycle|pedestrian (our car, bicycle and foot), `contours`
// [{time, color}], `polygons`, `denoise`, `generalize`, `show_locations` and
// `id`; the answer is Valhalla's GeoJSON FeatureCollection. Errors are HTTP
// 400 with Valhalla's {error_code, error, status_code, status} and its codes.
// The work of one request is bounded by Valhalla's limits (four contours, 120
// minutes; the grid's size follows from the reach, not from the request).
import Foundation
import GeoBase
import GeoRoads
import GeoRouting

enum ValhallaIsochrone {
    /// A Valhalla error: its code, its message (the code's text, then what was wrong) and HTTP status.
    struct Failure: Error {
        var code: Int
        var message: String
        var status = 400
    }

    static func response(_ e: Failure) -> HTTPResponse {
        let reason = e.status == 405 ? "Method Not Allowed" : e.status == 503 ? "Service Unavailable" : "Bad Request"
        return .json(.object([("error_code", .int(Int64(e.code))), ("error", .string(e.message)),
                              ("status_code", .int(Int64(e.status))), ("status", .string(reason))]), status: e.status)
    }

    /// How far the location may be from a road the mode may use, metres (Valhalla's default `search_cutoff`).
    static let searchCutoff = 35_000.0

    static func handle(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        do throws(Failure) {
            let json = try body(request)
            let parsed = try Parsed(json)
            guard let networks = state.networks else {
                throw Failure(code: 171, message: "No suitable edges near location: the index has no road graph (built with --no-roads)")
            }
            let graph = networks.network(for: [parsed.location], reach: parsed.options.reachMetres)
            let iso: Isochrone
            do {
                var router = Router(graph: graph)
                router.maxSnapDistance = searchCutoff
                iso = try router.isochrone(from: parsed.location, options: parsed.options)
            } catch {
                if case .routing(.noRoad) = error { throw Failure(code: 171, message: "No suitable edges near location") }
                throw Failure(code: 113, message: "Insufficiently specified required parameter 'contours': \(error.description)")
            }
            var answer = IsochroneOutput.geoJSON(iso, colors: parsed.colors, polygons: parsed.polygons, showLocations: parsed.showLocations)
            if let id = parsed.id, case .object(let members) = answer { answer = .object([("id", id)] + members) }
            return .json(answer)
        } catch {
            return response(error)
        }
    }

    /// The request's JSON: the `json` parameter, else the body.
    static func body(_ request: HTTPRequest) throws(Failure) -> JSONValue {
        var value: JSONValue
        do {
            if let text = request.value("json") {
                value = try JSONValue.parse(text)
            } else if !request.body.isEmpty {
                value = try JSONValue.parse(request.body)
            } else {
                throw Failure(code: 100, message: "Failed to parse json request: give ?json={...} or POST the JSON as the body")
            }
        } catch let f as Failure {
            throw f
        } catch {
            throw Failure(code: 100, message: "Failed to parse json request: \(error)")
        }
        guard case .object = value else { throw Failure(code: 100, message: "Failed to parse json request: not a JSON object") }
        // `&id=` beside `json=`, as Valhalla takes it.
        if let id = request.value("id"), value["id"] == nil, case .object(let m) = value { value = .object(m + [("id", .string(id))]) }
        return value
    }

    struct Parsed {
        var location: Coordinate
        var options: IsochroneOptions
        var colors: [String?]
        var polygons: Bool
        var showLocations: Bool
        var id: JSONValue?

        init(_ json: JSONValue) throws(Failure) {
            guard let locations = json["locations"] else { throw Failure(code: 110, message: "Insufficiently specified required parameter 'locations'") }
            guard let list = locations.arrayValue else { throw Failure(code: 110, message: "Insufficiently specified required parameter 'locations': not an array") }
            guard !list.isEmpty else { throw Failure(code: 120, message: "Insufficient number of locations provided") }
            guard list.count == 1 else { throw Failure(code: 150, message: "Exceeded max locations: 1") }
            guard let lat = list[0]["lat"]?.doubleValue, let lon = list[0]["lon"]?.doubleValue,
                  lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
                throw Failure(code: 130, message: "Failed to parse location: lat must be -90…90 and lon -180…180")
            }
            location = Coordinate(lat: lat, lon: lon)
            guard let costing = json["costing"] else { throw Failure(code: 124, message: "No edge/node costing provided") }
            let mode: TravelMode
            switch costing.stringValue {
            case "auto": mode = .car
            case "bicycle": mode = .bicycle
            case "pedestrian": mode = .foot
            default:
                throw Failure(code: 125, message: "No costing method found: '\(String((costing.stringValue ?? costing.kindName).prefix(40)))' (this server has auto, bicycle and pedestrian)")
            }
            guard let contours = json["contours"]?.arrayValue, !contours.isEmpty else {
                throw Failure(code: 113, message: "Insufficiently specified required parameter 'contours'")
            }
            guard contours.count <= IsochroneOptions.maxContours else {
                throw Failure(code: 152, message: "Exceeded max contours: \(IsochroneOptions.maxContours)")
            }
            var minutes: [Double] = []
            colors = []
            for c in contours {
                if c["distance"] != nil && c["time"] == nil {
                    throw Failure(code: 113, message: "Insufficiently specified required parameter 'contours': distance contours are not supported, give time")
                }
                guard let t = c["time"]?.doubleValue, t.isFinite, t > 0, minutes.last.map({ t > $0 }) ?? true else {
                    throw Failure(code: 111, message: "Insufficiently specified required parameter 'time': each contour needs a time in minutes above 0, larger than the one before")
                }
                guard t <= IsochroneOptions.maxMinutes else {
                    throw Failure(code: 151, message: "Exceeded max time: \(Int(IsochroneOptions.maxMinutes))")
                }
                minutes.append(t)
                if let text = c["color"] {
                    guard let s = text.stringValue, let color = IsochroneOutput.color(s) else {
                        throw Failure(code: 113, message: "Insufficiently specified required parameter 'contours': color must be a hex value such as \"ff0000\"")
                    }
                    colors.append(color)
                } else {
                    colors.append(nil)
                }
            }
            options = IsochroneOptions(mode: mode, minutes: minutes)
            if let d = json["denoise"] {
                guard let v = d.doubleValue, v >= 0, v <= 1 else { throw Failure(code: 158, message: "Input trace option is out of bounds: denoise must be from 0 to 1") }
                options.denoise = v
            }
            if let g = json["generalize"] {
                guard let v = g.doubleValue, v >= 0, v <= 1_000 else { throw Failure(code: 158, message: "Input trace option is out of bounds: generalize must be from 0 to 1000 metres") }
                options.generalize = v
            }
            polygons = try Parsed.flag(json, "polygons")
            showLocations = try Parsed.flag(json, "show_locations")
            id = json["id"]
        }

        static func flag(_ json: JSONValue, _ name: String) throws(Failure) -> Bool {
            guard let v = json[name] else { return false }
            if let b = v.boolValue { return b }
            if let n = v.doubleValue { return n != 0 }
            if let s = v.stringValue, ["true", "false"].contains(s) { return s == "true" }
            throw Failure(code: 100, message: "Failed to parse json request: \(name) must be true or false")
        }
    }
}
