// Our own endpoints, richer than the three compatible APIs: /suggest answers
// with the full geoquery JSON (highlights, actions, groups, distance labels),
// POST /match takes a whole track file (GPX, GeoJSON or CSV, by content) and
// answers as `georoute match` would, and /features gives the roads and places
// inside a box as GeoJSON, a base map for a page with no tile server. Errors
// are {"error": "..."} naming the parameter; an unknown parameter is an error
// (a misspelt one silently ignored is a wrong answer nobody notices).
import Foundation
import GeoBase
import GeoFrontEnd
import GeoFormat
import GeoRoads
import GeoRouting
import GeoSearch
import GeoTracks

enum GeoAPI {
    static let suggestParameters: Set<String> = ["extra", "q", "near", "lat", "lon", "radius", "bbox", "limit", "types", "lang",
                                                  "group", "units", "format"]

    static func suggest(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        do throws(APIError) {
            let p = Parameters(request)
            try p.checkKnown(suggestParameters)
            guard let q = request.value("q"), !q.isEmpty else { throw APIError("parameter 'q' (the text typed so far) is required") }
            var options = SearchOptions()
            if let n = try p.int("limit") { options.limit = try Parameters.parsed { try RequestParsing.limit(n, name: "parameter 'limit'") } }
            if let near = p.string("near") {
                options.near = try Parameters.parsed { try RequestParsing.point(near, name: "parameter 'near'") }
            } else if let point = try p.point(required: false) {
                options.near = point
            }
            if let r = try p.double("radius") {
                guard r > 0 else { throw APIError("parameter 'radius' must be a positive number of metres") }
                guard options.near != nil else { throw APIError("parameter 'radius' needs 'near' (LAT,LON)") }
                options.radius = r
            }
            if let b = p.string("bbox") { options.window = try Parameters.parsed { try RequestParsing.bbox(b, name: "parameter 'bbox'") } }
            if let t = p.string("types") {
                options.kinds = try Parameters.parsed { try RequestParsing.kinds(t.split(separator: ",").map(String.init), name: "parameter 'types'") }
            }
            options.language = PhotonAPI.language(request)
            options.extra = try p.extraTags("extra")
            if request.has("group") {
                let g = try p.double("group") ?? 100
                guard g > 0 else { throw APIError("parameter 'group' must be a positive distance in metres") }
                options.groupDistance = g
            }
            if let u = p.string("units") {
                guard let units = DistanceUnits(rawValue: u) else { throw APIError("parameter 'units' must be metric or imperial") }
                options.units = units
            }
            let response = state.engine.search(q, options: options)
            switch p.string("format") ?? "json" {
            case "json": return .json(SearchOutput.json(response))
            case "geojson": return geoJSON(SearchOutput.geojson(response))
            case let f: throw APIError("parameter 'format' must be json or geojson, not \"\(f.prefix(40))\"")
            }
        } catch {
            return ServiceErrors.ours(error.status, error.message)
        }
    }

    // MARK: POST /match

    static let matchParameters: Set<String> = ["mode", "accuracy", "ignore_restrictions", "format", "include_input"]

    static func match(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        do throws(APIError) {
            let p = Parameters(request)
            try p.checkKnown(matchParameters)
            guard let networks = state.networks else { throw APIError("the index has no road graph (it was built with --no-roads)", status: 422) }
            var options = MatchOptions(mode: try mode(p))
            options.accuracy = try p.double("accuracy", in: 1...500)
            options.ignoreRestrictions = NominatimAPI.flag(p, "ignore_restrictions", default: false)
            let includeInput = NominatimAPI.flag(p, "include_input", default: false)
            let format = try matchFormat(request)
            guard !request.body.isEmpty else {
                throw APIError("the request body is empty: POST a track (GPX, GeoJSON or CSV lat,lon[,time])")
            }
            let track = try readTrack(request.body)
            guard track.pointCount >= 2 else { throw APIError("body: the track has \(track.pointCount) point(s); matching needs at least two") }
            let graph = networks.network(for: track.points.map(\.coordinate))
            let result = MapMatcher(graph: graph, options: options).match(track)
            if result.isEmpty {
                return .json(.object([("error", .string("no point of the track could be matched: " + RouteOutput.matchSummary(result))),
                                      ("points_summary", RouteOutput.json(result, input: track)["points_summary"] ?? .null)]),
                             status: 422)
            }
            var response: HTTPResponse
            switch format {
            case .json: response = .json(RouteOutput.json(result, input: track))
            case .geojson: response = geoJSON(RouteOutput.geoJSON(result, input: track, includeInput: includeInput))
            case .gpx:
                response = HTTPResponse(status: 200, headers: [("Content-Type", "application/gpx+xml")],
                                        body: RouteOutput.gpx(result, input: track, includeInput: includeInput, start: Date()))
            case .svg:
                response = .text(RouteSVG.render(result, input: track, graph: graph), type: "image/svg+xml")
            }
            // The one-line summary the CLI prints, for clients that only want to know how it went.
            response.headers.append(("X-Match-Summary", RouteOutput.matchSummary(result).filter { $0 != "\n" && $0 != "\r" }))
            return response
        } catch {
            return ServiceErrors.ours(error.status, error.message)
        }
    }

    /// Points a POSTed track may have: matching needs about 1 KB a point (a 100 000-point track
    /// peaks near 120 MB), and a request must not take the server's memory; 27 hours at 1 Hz.
    static let maxTrackPoints = 100_000

    /// The body as a track; a track over `maxTrackPoints` is 413, any other fault 400 naming it.
    static func readTrack(_ body: [UInt8]) throws(APIError) -> Track {
        do {
            return try TrackReader.read(data: body, name: "body", maxPoints: maxTrackPoints)
        } catch let e as InputError where e.message.contains("too many points") {
            throw APIError("body: the track has more than \(maxTrackPoints) points, the most POST /match takes; split it into parts", status: 413)
        } catch {
            throw APIError("\(error)")
        }
    }

    static func mode(_ p: Parameters) throws(APIError) -> TravelMode {
        guard let v = p.string("mode") else { return .bicycle }
        guard let m = TravelMode(name: v) else { throw APIError("parameter 'mode' must be car, bicycle or foot, not \"\(v.prefix(40))\"") }
        return m
    }

    /// `?format=`, else the Accept header, else GeoJSON.
    static func matchFormat(_ request: HTTPRequest) throws(APIError) -> RouteFormat {
        if let f = Parameters(request).string("format") {
            guard let format = RouteFormat(name: f) else { throw APIError("parameter 'format' must be gpx, geojson, json or svg, not \"\(f.prefix(40))\"") }
            return format
        }
        let offered: [(String, RouteFormat)] = [("application/geo+json", .geojson), ("application/json", .json),
                                                ("application/gpx+xml", .gpx), ("image/svg+xml", .svg),
                                                ("application/xml", .gpx), ("text/xml", .gpx)]
        let type = ContentNegotiation.preferredType(request.header("accept"), offered: offered.map(\.0))
        return offered.first { $0.0 == type }?.1 ?? .geojson
    }

    static func geoJSON(_ value: JSONValue) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "application/geo+json")], body: value.jsonBytes())
    }

    // MARK: /features

    static let featureParameters: Set<String> = ["bbox", "limit", "layers", "zoom"]
    static let featureLayers = ["roads", "places"] + MapLayer.allCases.map(\.name)

    /// Roads (most important class first) and named places inside the box, up to `limit`
    /// features; the answer says `"truncated": true` when the box held more.
    static func features(_ request: HTTPRequest, _ state: ServiceState) -> HTTPResponse {
        do throws(APIError) {
            let p = Parameters(request)
            try p.checkKnown(featureParameters)
            guard let raw = p.string("bbox") else { throw APIError("parameter 'bbox' (minLon,minLat,maxLon,maxLat) is required") }
            let box = try Parameters.parsed { try RequestParsing.bbox(raw, name: "parameter 'bbox'") }
            let limit = try p.int("limit") ?? 20_000
            guard (1...200_000).contains(limit) else { throw APIError("parameter 'limit' must be from 1 to 200000") }
            var layers = Set(featureLayers)
            if let l = p.string("layers") {
                layers = Set(l.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                if let bad = layers.first(where: { !featureLayers.contains($0) }) {
                    throw APIError("parameter 'layers': unknown layer '\(bad.prefix(40))' (expected \(featureLayers.joined(separator: ", ")))")
                }
            }
            let zoom = try p.int("zoom")
            if let zoom, !(0...24).contains(zoom) { throw APIError("parameter 'zoom' must be from 0 to 24") }
            var features: [GeoJSONFeature] = []
            var truncated = false
            let detail = zoom.map(MapDetail.init)
            let shapeLayers = Set(MapLayer.allCases.filter { layers.contains($0.name) })
            if !shapeLayers.isEmpty {
                truncated = shapes(in: box, state, zoom: zoom, layers: shapeLayers, limit: limit / 2, into: &features)
            }
            if layers.contains("roads") {
                truncated = roads(in: box, state, limit: limit, minimumClass: zoom.map(roadDetail) ?? .other, detail: detail,
                                  into: &features) || truncated
            }
            if layers.contains("places") && features.count < limit {
                truncated = places(in: box, state, limit: limit, detail: detail, into: &features) || truncated
            }
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/geo+json")],
                                body: FeatureWriter.collection(features, truncated: truncated))
        } catch {
            return ServiceErrors.ours(error.status, error.message)
        }
    }

    /// The least important road class a map at `zoom` shows (a town's footpaths are noise on a
    /// view of the whole region, and slow to draw).
    static func roadDetail(_ zoom: Int) -> RoadClass {
        switch zoom {
        case ..<11: .primaryLink
        case 11...12: .tertiaryLink
        case 13: .pedestrian
        default: .other
        }
    }

    /// Appends the road edges crossing `box` (of classes up to `minimumClass`), with `detail`
    /// fitted to its zoom (and those under a pixel left out); true when some were left out for
    /// `limit`.
    static func roads(in box: BoundingBox, _ state: ServiceState, limit: Int, minimumClass: RoadClass = .other,
                      detail: MapDetail? = nil, into features: inout [GeoJSONFeature]) -> Bool {
        var found: [(rank: UInt8, graph: Int, edge: Int)] = []
        let fixed = FixedBoundingBox(box)
        for (k, graph) in (state.networks?.graphs ?? []).enumerated() {
            var seen = Set<Int>()
            graph.edges(near: fixed) { e in
                guard seen.insert(e).inserted,
                      graph.profile(graph.edge(e).profile).roadClass.rawValue <= minimumClass.rawValue else { return }
                let line = graph.geometry(ofEdge: e)
                guard line.contains(where: { fixed.contains($0) }) || crosses(line, fixed) else { return }
                if let detail, detail.isBelowAPixel(extent(line)) { return }
                found.append((graph.profile(graph.edge(e).profile).roadClass.rawValue, k, e))
            }
        }
        found.sort { ($0.rank, $0.graph, $0.edge) < ($1.rank, $1.graph, $1.edge) }
        let room = max(0, limit - features.count)
        for f in found.prefix(room) {
            let graph = state.networks!.graphs[f.graph]
            let profile = graph.profile(graph.edge(f.edge).profile)
            var props: [(String, JSONValue)] = [("layer", .string("roads")), ("highway", .string(profile.roadClass.highway))]
            let name = graph.name(ofProfile: profile)
            if !name.isEmpty { props.append(("name", .string(name))) }
            var line = graph.geometry(ofEdge: f.edge)
            if let detail {
                guard let fitted = detail.line(line) else { continue }
                line = fitted
            }
            features.append(GeoJSONFeature(geometry: .lineString(line.map(\.coordinate)), properties: props))
        }
        return found.count > room
    }

    /// Whether the line's bounding box overlaps `box` though none of its points is inside (a long
    /// segment passing through): drawn rather than lost at the window's edge.
    static func crosses(_ line: [FixedCoordinate], _ box: FixedBoundingBox) -> Bool {
        extent(line).intersects(box)
    }

    static func extent(_ line: [FixedCoordinate]) -> FixedBoundingBox {
        var b = FixedBoundingBox.empty
        for p in line { b.extend(p) }
        return b
    }

    /// Appends the map shapes (water, green areas, buildings…) crossing `box`, leaving out those
    /// smaller than about three pixels at `zoom` (and buildings below zoom 15), biggest first so
    /// that a limit drops what shows least, their rings fitted to `zoom` (MapDetail); true when
    /// some were left out for `limit`.
    static func shapes(in box: BoundingBox, _ state: ServiceState, zoom: Int?, layers: Set<MapLayer>, limit: Int,
                       into features: inout [GeoJSONFeature]) -> Bool {
        let fixed = FixedBoundingBox(box)
        // Degrees per pixel at `zoom` (256-pixel tiles), in 1e-7° units.
        let span = zoom.map { Int32(min(1e9, 3 * 360 / (256 * pow(2, Double($0))) * 1e7)) } ?? 0
        var found: [(size: Int64, shape: MapShape)] = []
        for index in state.indexes {
            index.mapShapes?.forEach(in: fixed, minimumSpan: span) { s in
                guard layers.contains(s.layer), !(s.layer == .building && (zoom ?? 18) < 15) else { return }
                let size = Int64(s.bbox.maxLon) - Int64(s.bbox.minLon) + Int64(s.bbox.maxLat) - Int64(s.bbox.minLat)
                found.append((size, s))
            }
        }
        found.sort { $0.size > $1.size }
        let room = max(0, limit)
        let detail = zoom.map(MapDetail.init)
        for (_, s) in found.prefix(room) {
            var props: [(String, JSONValue)] = [("layer", .string(s.layer.name)), ("kind", .string(s.kind))]
            if let n = s.name { props.append(("name", .string(n))) }
            var fixedRings = s.rings
            if let detail, s.layer.isArea {
                // A hole that shrinks to nothing goes; an outline that does takes the shape with it.
                guard let outer = s.rings.first.flatMap(detail.ring) else { continue }
                fixedRings = [outer] + s.rings.dropFirst().compactMap(detail.ring)
            } else if let detail {
                guard let line = s.rings.first.flatMap(detail.line) else { continue }
                fixedRings = [line]
            }
            let rings = fixedRings.map { $0.map(\.coordinate) }
            let geometry: GeoJSONGeometry = s.layer.isArea ? .polygon(rings) : .lineString(rings.first ?? [])
            features.append(GeoJSONFeature(geometry: geometry, properties: props))
        }
        return found.count > room
    }

    /// Appends the places (towns, suburbs, villages…) inside `box`, most important first.
    static func places(in box: BoundingBox, _ state: ServiceState, limit: Int, detail: MapDetail? = nil,
                       into features: inout [GeoJSONFeature]) -> Bool {
        var found: [(importance: UInt8, source: Int, id: Int)] = []
        let fixed = FixedBoundingBox(box)
        for (k, index) in state.indexes.enumerated() {
            for range in index.quadtree.ranges(intersecting: fixed) {
                for id in range where index.kind(Int(id)) == .place && fixed.contains(index.point(Int(id))) {
                    found.append((index.importance(Int(id)), k, Int(id)))
                }
            }
        }
        found.sort { ($0.importance, $1.source, $1.id) > ($1.importance, $0.source, $0.id) }
        let room = max(0, limit - features.count)
        for f in found.prefix(room) {
            let index = state.indexes[f.source]
            guard let record = index.displayRecord(f.id, language: nil) else { continue }
            let (_, value) = index.category(index.categoryID(f.id))
            let point = index.point(f.id)
            features.append(GeoJSONFeature(geometry: .point((detail?.rounded(point) ?? point).coordinate), properties: [
                ("layer", .string("places")), ("place", .string(value)), ("name", .string(ResultDescriber.displayName(record, language: nil))),
                ("importance", .double(Double(f.importance) / 255)),
            ]))
        }
        return found.count > room
    }

    // MARK: /healthz

    /// Alive and answering (200) while any indexes are served; a failed reload is reported
    /// (the old indexes go on answering) so a monitor can alert on it.
    static func health(_ state: ServiceState, reloads: (ok: Int, failed: Int, lastError: String?) = (0, 0, nil)) -> HTTPResponse {
        let changed = state.changedFile
        var f: [(String, JSONValue)] = [("status", .string(changed != nil ? "reopening" : reloads.lastError == nil ? "ok" : "degraded")),
                                        ("indexes", .int(Int64(state.indexes.count))),
                                        ("landmarks", .int(Int64(state.indexes.reduce(0) { $0 + $1.count }))),
                                        ("roads", .bool(state.networks != nil)),
                                        ("loaded_at", .string(UTCTime.iso8601(state.loadedAt))),
                                        ("reloads", .int(Int64(reloads.ok))), ("failed_reloads", .int(Int64(reloads.failed)))]
        if let e = reloads.lastError { f.append(("last_reload_error", .string(e))) }
        // A load balancer takes the server out while a served file is being rewritten in place.
        if let changed { f.append(("changed_index", .string(PathName.lastComponent(changed)))) }
        return .json(.object(f), status: changed == nil ? 200 : 503)
    }
}
