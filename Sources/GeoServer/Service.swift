// Which endpoint answers a request, as one function from HTTPRequest to
// HTTPResponse that tests call without a socket. Paths are those of the APIs
// the clients already speak: Photon's /api, /structured and /reverse, Nominatim's
// /search, /reverse?format=…, /lookup, /details, /polygons, /deletable and
// /status (also with .php, as older clients write them; /status is Photon's
// JSON when a bare request asks for JSON), OSRM's /{service}/v1/…, and ours.
// /reverse tells the dialects apart by their parameters: `format` or another
// that only Nominatim's reverse takes (zoom, addressdetails, json_callback…: NominatimAPI.reverseParameters) makes
// it Nominatim's; bare lat/lon, or Photon's own (lang, limit, radius), Photon's. Every answer is JSON (or the format asked for), 404 for an
// unknown path, 405 for a method the path does not take; CORS headers when
// the service is given an origin (geoserve gives `*` unless told otherwise).
import Foundation
import GeoBase
import GeoFrontEnd
import GeoFormat
import GeoModel
import Synchronization

public final class Service: Sendable {
    private let holder: StateHolder
    let metrics = Metrics()
    /// The origin allowed to call from a browser (`*` for any); nil: no CORS headers.
    public let corsOrigin: String?
    /// What the server carrying the service counts, for /metrics (set once it starts).
    private let counters = Mutex<(@Sendable () -> ServerCounters)?>(nil)
    /// The map page's files.
    public let page: PageAssets
    /// A tile layer the operator added (`--tiles`), as Leaflet's URL template; nil: the base
    /// map is drawn from the index alone.
    public let tiles: String?
    /// The sizes OSRM's table and trip refuse beyond (`--max-table-size`, `--max-trip-size`).
    public let osrmLimits: OSRMLimits

    public init(state: ServiceState, corsOrigin: String? = nil, page: PageAssets = PageAssets(problem: "no page"),
                tiles: String? = nil, osrmLimits: OSRMLimits = OSRMLimits()) {
        holder = StateHolder(state)
        self.osrmLimits = osrmLimits
        self.corsOrigin = corsOrigin
        self.page = page
        self.tiles = tiles
    }

    /// Where /metrics reads the server's own counters from.
    public func attach(counters read: @escaping @Sendable () -> ServerCounters) { counters.withLock { $0 = read } }

    var serverCounters: ServerCounters { counters.withLock { $0 }?() ?? ServerCounters() }

    /// The indexes being served now.
    public var state: ServiceState { holder.state }

    /// Serves `state` from the next request on; requests in flight finish on the old one.
    public func replace(state: ServiceState) {
        holder.replace(with: state)
        metrics.recordReload(ok: true)
    }

    public func reloadFailed(_ message: String) { metrics.recordReload(ok: false, error: message) }

    /// The endpoints, by path: what a request asks for, in the metrics' names.
    public enum Endpoint: String, Sendable {
        case photonSearch = "photon_search", photonReverse = "photon_reverse", photonStructured = "photon_structured"
        case photonStatus = "photon_status"
        case nominatimSearch = "nominatim_search", nominatimReverse = "nominatim_reverse", nominatimLookup = "nominatim_lookup", status
        case nominatimDetails = "nominatim_details", nominatimPolygons = "nominatim_polygons", nominatimDeletable = "nominatim_deletable"
        case isochrone
        case osrmRoute = "osrm_route", osrmMatch = "osrm_match", osrmNearest = "osrm_nearest", osrmOther = "osrm_other"
        case suggest, match, features, healthz, metrics, index, endpoints, config, asset, unknown
        case webSocket = "websocket"

        /// Whether the answer is read from the indexes' mappings (the page's files, the metrics
        /// and the endpoint list are not; /healthz reports a changed file itself).
        var readsIndexes: Bool {
            switch self {
            case .healthz, .metrics, .index, .endpoints, .asset, .webSocket, .unknown, .nominatimPolygons, .nominatimDeletable: false
            default: true
            }
        }
    }

    public static func endpoint(_ request: HTTPRequest) -> Endpoint {
        switch request.path {
        case "/api", "/api/": return .photonSearch
        case "/structured", "/structured/": return .photonStructured
        case "/reverse", "/reverse/", "/reverse.php": return NominatimAPI.isNominatimReverse(request) ? .nominatimReverse : .photonReverse
        case "/search", "/search/", "/search.php": return .nominatimSearch
        case "/status", "/status.php": return PhotonAPI.isPhotonStatus(request) ? .photonStatus : .status
        case "/lookup", "/lookup.php": return .nominatimLookup
        case "/details", "/details/", "/details.php": return .nominatimDetails
        case "/polygons", "/polygons.php": return .nominatimPolygons
        case "/deletable", "/deletable.php": return .nominatimDeletable
        case "/suggest": return .suggest
        case "/match": return .match
        case "/features": return .features
        case "/isochrone", "/isochrone/": return .isochrone
        case "/healthz": return .healthz
        case "/metrics": return .metrics
        case "/": return .index
        case "/endpoints": return .endpoints
        case "/config": return .config
        case "/ws": return .webSocket
        default:
            if request.path.hasPrefix("/route/") { return .osrmRoute }
            if request.path.hasPrefix("/match/") { return .osrmMatch }
            if request.path.hasPrefix("/nearest/") { return .osrmNearest }
            if request.path.hasPrefix("/web/") || request.path.hasPrefix("/leaflet/") { return .asset }
            // Any other /{service}/v{N}/… is OSRM's too: it answers with OSRM's error codes.
            let parts = request.path.split(separator: "/", maxSplits: 2)
            if parts.count == 3, parts[1].first == "v", parts[1].dropFirst().allSatisfy(\.isNumber),
               parts[0].allSatisfy({ $0.isLetter || $0.isNumber }) {
                return .osrmOther
            }
            return .unknown
        }
    }

    /// The answer to `request`.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let endpoint = Service.endpoint(request)
        let state = holder.state
        var response: HTTPResponse
        if endpoint.readsIndexes, let changed = state.changedFile {
            response = Service.fileChanged(changed, endpoint: endpoint)
        } else {
            response = answer(request, endpoint: endpoint, state: state)
            // Checked again once answered: a file written while the answer was read from it.
            if endpoint.readsIndexes, let changed = state.changedFile { response = Service.fileChanged(changed, endpoint: endpoint) }
        }
        if let corsOrigin {
            response.headers.append(("Access-Control-Allow-Origin", corsOrigin))
            if corsOrigin != "*" { response.headers.append(("Vary", "Origin")) }
        }
        return response
    }

    /// Records a finished request in the metrics.
    public func completed(_ request: HTTPRequest, _ response: HTTPResponse, seconds: Double, aborted: String? = nil) {
        // A request the library refused before it could be read has no endpoint.
        let endpoint = request.method == "-" ? "unread" : Service.endpoint(request).rawValue
        metrics.record(endpoint: endpoint, status: response.status, seconds: seconds, aborted: aborted != nil)
    }

    /// 503 in the endpoint's dialect while a served file is being rewritten in place.
    static func fileChanged(_ path: String, endpoint: Endpoint) -> HTTPResponse {
        let e = APIError("the index \(PathName.lastComponent(path)) was changed in place while being served; it is reopened once it "
                         + "has stayed unchanged for a second (replace indexes by renaming a new file over them)",
                         status: 503, code: "ServiceUnavailable")
        var r: HTTPResponse
        switch endpoint {
        case .photonSearch, .photonReverse, .photonStructured, .photonStatus: r = ServiceErrors.photon(e)
        case .nominatimSearch, .nominatimReverse, .nominatimLookup, .nominatimDetails, .status: r = ServiceErrors.nominatim(e)
        case .osrmRoute, .osrmMatch, .osrmNearest, .osrmOther: r = ServiceErrors.osrm(e)
        case .isochrone: r = ValhallaIsochrone.response(.init(code: 203, message: e.message, status: 503))
        default: r = ServiceErrors.ours(503, e.message)
        }
        r.headers.append(("Retry-After", "2"))
        return r
    }

    func answer(_ request: HTTPRequest, endpoint: Endpoint, state: ServiceState) -> HTTPResponse {
        let post = endpoint == .match
        // Valhalla's isochrone takes ?json= and a POSTed body alike.
        let allowed = post ? ["POST"] : endpoint == .isochrone ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"]
        if request.method == "OPTIONS" {
            let methods = (allowed + ["OPTIONS"]).joined(separator: ", ")
            var r = HTTPResponse(status: 204, headers: [("Allow", methods)])
            if corsOrigin != nil {
                r.headers.append(("Access-Control-Allow-Methods", methods))
                r.headers.append(("Access-Control-Allow-Headers", "Content-Type, Accept, Accept-Language"))
                r.headers.append(("Access-Control-Max-Age", "86400"))
            }
            return r
        }
        guard endpoint == .unknown || allowed.contains(request.method) else {
            var r = endpoint == .isochrone
                ? ValhallaIsochrone.response(.init(code: 101, message: "Try a POST or GET request instead", status: 405))
                : ServiceErrors.ours(405, "\(request.path) takes \(allowed.joined(separator: " or ")), not \(request.method)"
                    + (endpoint == .match ? " (OSRM's match is GET /match/v1/PROFILE/COORDINATES)" : ""))
            r.headers.append(("Allow", (allowed + ["OPTIONS"]).joined(separator: ", ")))
            return r
        }
        switch endpoint {
        case .photonSearch: return PhotonAPI.search(request, state)
        case .photonReverse: return PhotonAPI.reverse(request, state)
        case .photonStructured: return PhotonAPI.structured(request, state)
        case .photonStatus: return PhotonAPI.status(state)
        case .nominatimSearch: return NominatimAPI.search(request, state)
        case .nominatimReverse: return NominatimAPI.reverse(request, state)
        case .nominatimLookup: return NominatimAPI.lookup(request, state)
        case .nominatimDetails: return NominatimDetails.details(request, state)
        case .nominatimPolygons, .nominatimDeletable: return NominatimDetails.maintenance(request, polygons: endpoint == .nominatimPolygons)
        case .status: return NominatimAPI.status(request, state)
        case .osrmRoute, .osrmMatch, .osrmNearest, .osrmOther: return OSRMAPI.handle(request, state, limits: osrmLimits)
        case .suggest: return GeoAPI.suggest(request, state)
        case .match: return GeoAPI.match(request, state)
        case .features: return GeoAPI.features(request, state)
        case .isochrone: return ValhallaIsochrone.handle(request, state)
        case .healthz: return GeoAPI.health(state, reloads: metrics.reloadState)
        case .metrics:
            return .text(metrics.render(state: state, counters: serverCounters), type: "text/plain; version=0.0.4; charset=utf-8")
        case .index:
            let wantsJSON = ContentNegotiation.preferredType(request.header("accept"), offered: ["text/html", "application/json"]) == "application/json"
            guard page.isAvailable, !wantsJSON else { return .json(endpointList) }
            return pageFile(request.path)
        case .endpoints: return .json(endpointList)
        case .config: return .json(pageConfiguration(state))
        case .asset: return pageFile(request.path)
        case .webSocket:
            // The server takes the handshake before the service sees it; a request that gets here
            // was not one (or came without a server).
            return ServiceErrors.notAWebSocketHandshake(request.path)
        case .unknown:
            return ServiceErrors.ours(404, "no endpoint \(request.path.prefix(200)); GET / lists them")
        }
    }

    /// The map page's files, with a policy that lets the page load nothing from another host
    /// (but the operator's tiles).
    func pageFile(_ path: String) -> HTTPResponse {
        guard let f = page.file(path) else {
            return ServiceErrors.ours(404, page.problem.map { "the map page is not available: \($0)" } ?? "no file \(path.prefix(200))")
        }
        var headers = [("Content-Type", f.type), ("Cache-Control", "no-cache")]
        if f.type.hasPrefix("text/html") {
            let tileOrigin = tiles.flatMap(Service.origin).map { " " + $0 } ?? ""
            headers.append(("Content-Security-Policy",
                            "default-src 'self'; img-src 'self' data: blob:\(tileOrigin); connect-src 'self' blob:; style-src 'self' 'unsafe-inline'"))
        }
        return HTTPResponse(status: 200, headers: headers, body: f.bytes)
    }

    /// "https://tile.example.org" of a tile URL template.
    static func origin(_ url: String) -> String? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let host = rest.prefix { $0 != "/" }
        return host.isEmpty ? nil : String(url[..<scheme.upperBound]) + host.replacingOccurrences(of: "{s}", with: "*")
    }

    /// What the page needs to start: where the data is, and the optional tile layer.
    func pageConfiguration(_ state: ServiceState) -> JSONValue {
        var box: BoundingBox?
        for b in state.dataBoxes { if box == nil { box = b } else { box!.extend(b) } }
        var f: [(String, JSONValue)] = [("software", .string(GeoServerVersion.software))]
        if let b = box {
            f.append(("bbox", .array([.coordinate(b.minLon), .coordinate(b.minLat), .coordinate(b.maxLon), .coordinate(b.maxLat)])))
            // The most important place, for a first view that is not a whole country's box.
            if let c = state.mainPlace {
                f.append(("center", .array([.coordinate(c.lon), .coordinate(c.lat)])))
            }
        }
        f.append(("tiles", tiles.map { .string($0) } ?? .null))
        // The vocabularies the page draws with, so it copies none of them.
        f.append(("types", .array(LandmarkKind.allCases.map { .object([("type", .string($0.name)), ("label", .string($0.label))]) })))
        f.append(("icons", .array(page.icons.map { .string($0) })))
        f.append(("icon_font", page.iconProblem == nil && !page.icons.isEmpty ? .string("Material Design Icons") : .null))
        return .object(f)
    }

    var endpointList: JSONValue {
        var list = Service.endpoints
        if let problem = page.problem { list.append(("page", .string("not available: \(problem)"))) }
        if let problem = page.iconProblem { list.append(("icons", .string("the page's own pin for every icon: \(problem)"))) }
        return .object(list)
    }

    static let endpoints: [(String, JSONValue)] = [
        ("software", .string(GeoServerVersion.software)),
        ("endpoints", .array([
            "GET /api?q=…  (Photon search)", "GET /structured?street=…&city=…  (Photon structured search)",
            "GET /reverse?lat=…&lon=…  (Photon reverse)", "GET /status with Accept: application/json  (Photon status)",
            "GET /search?q=…&format=jsonv2  (Nominatim search)", "GET /reverse?lat=…&lon=…&format=jsonv2  (Nominatim reverse)",
            "GET /lookup?osm_ids=N1,W2,R3  (Nominatim lookup)", "GET /details?osmtype=W&osmid=2  (Nominatim details)",
            "GET /polygons, GET /deletable  (Nominatim's maintenance lists: always empty)", "GET /status  (Nominatim status)", "GET /route/v1/{profile}/{lon,lat;lon,lat}  (OSRM route)",
            "GET /match/v1/{profile}/{lon,lat;…}  (OSRM match)", "GET /nearest/v1/{profile}/{lon,lat}  (OSRM nearest)",
            "GET /table/v1/{profile}/{lon,lat;…}  (OSRM table)", "GET /trip/v1/{profile}/{lon,lat;…}  (OSRM trip)",
            "GET /suggest?q=…  (geoquery JSON)", "POST /match  (a GPX, GeoJSON or CSV track)",
            "GET /features?bbox=minLon,minLat,maxLon,maxLat  (roads and places as GeoJSON)",
            "GET /isochrone?json={...}, or POST the JSON  (Valhalla isochrone)",
            "GET /ws  (WebSocket: messages \"ID TARGET\" answered {\"id\",\"status\",\"body\"}, the map page's keystrokes)",
            "GET /healthz", "GET /metrics  (Prometheus)", "GET /  (the map page)", "GET /endpoints  (this list)",
        ].map { JSONValue.string($0) })),
    ]
}

public enum GeoServerVersion {
    /// "geoserve 0.9.0 (index format 5)": the format version is `IndexFormat.version`.
    public static var software: String { "geoserve \(ToolVersion.number) (index format \(IndexFormat.version))" }
}
