// `geoserve`: the indexes over HTTP until SIGTERM. Opens the indexes once
// (any error is one line and exit 2 before a socket is bound), listens on
// loopback unless told otherwise, writes one access-log line per request on
// standard error (off with --quiet), reopens the indexes on SIGHUP or when a
// served file is replaced (an index rebuilt and renamed into place, a region
// added to the directory) without failing a request in flight, and on SIGTERM
// or SIGINT stops accepting, lets requests in flight finish, and exits 0.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoFormat
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

public enum GeoserveCommand {
    public static let usage = """
    usage: geoserve [-i INDEX|DIR]... [--listen ADDRESS] [--threads N] [--cors ORIGIN]
                    [--max-connections N] [--timeout SECONDS] [--assets DIR] [--tiles URL]
                    [--max-table-size N] [--max-trip-size N] [--open] [--quiet]

    Serves the indexes over HTTP in the APIs of Photon (/api, /reverse), Nominatim (/search,
    /reverse?format=…, /lookup, /status) and OSRM (/route/v1, /match/v1, /nearest/v1, /table/v1, /trip/v1), and its own
    (/suggest, POST /match, /features, /healthz, /metrics, and /ws: a WebSocket taking
    "ID TARGET" messages for the JSON endpoints), and a map page at / (search as you type,
    grouped pins, draw a route, GPX). GET /endpoints lists the endpoints.
      -i, --index FILE|DIR   the indexes; repeat it, or name a directory for one index per
                             region (default: $GEOINDEX, else the only *.geoidx here)
      --listen ADDRESS       HOST:PORT, [IPv6]:PORT or PORT (default 127.0.0.1:8080: loopback
                             only; 0.0.0.0:8080 serves every interface)
      --threads N            worker threads (default: one per core)
      --cors ORIGIN          browsers on which origin may call the API (default *: any, as Nominatim
                             and OSRM) and open /ws (default: only the server's own page); none: no CORS
      --max-connections N    connections open at once (default 1000); at the limit a new
                             client takes the place of the one idle longest (503 when all are busy)
      --timeout SECONDS      a request must arrive within this of the connection opening or the
                             previous answer (default 30); its body and its answer get as long
                             again plus 1 s per 64 KiB; an idle or slower connection is cut
      --assets DIR           where Leaflet (leaflet.js, leaflet.css, images/) is, and the icons'
                             materialdesignicons-webfont.svg if it is there (default
                             /usr/share/javascript/leaflet, Debian's libjs-leaflet, and the
                             font of Debian's fonts-materialdesignicons-webfont)
      --tiles URL            add a tile layer to the page (e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png);
                             without it the page draws its map from the index and asks no other host
      --max-table-size N     OSRM table: at most N×N cells (default 100, as osrm-routed)
      --max-trip-size N      OSRM trip: at most N points (default 100, as osrm-routed)
      --open                 print the page's address on standard output (and open it on a desktop)
      -q, --quiet            no access log and no start-up line on standard error
      -V, --version          the tool's and the index format's versions
    Limits: a request target over 8 KiB gets 414, a body over 16 MiB 413, a POSTed track over
    100000 points 413; at most 64 WebSockets, each closed after 5 minutes without a message.
    SIGHUP reopens the indexes (so does replacing a served file; while one is rewritten in
    place, answers are 503 until it is reopened); SIGTERM and SIGINT stop listening at once,
    drain requests in flight (up to 10 s) and exit 0.
    Exit status: 0 after SIGTERM/SIGINT, 2 usage or input error (bad option, unreadable
    index, address in use).
    """

    static let conventions = ToolConventions(name: "geoserve", usage: usage)

    static let spec = CommandLineArguments.Spec(
        flags: ["--help", "--quiet", "--version", "--open"],
        options: ["--index", "--listen", "--threads", "--cors", "--max-connections", "--timeout", "--assets", "--tiles",
                  "--max-table-size", "--max-trip-size"],
        aliases: ["-i": "--index", "-h": "--help", "-q": "--quiet", "-V": "--version", "-l": "--listen"])

    /// The server as the arguments describe it, ready to start.
    struct Setup {
        var indexArguments: [String]
        var configuration: HTTPServer.Configuration
        var cors: String?
        var quiet: Bool
        var assets: String
        var tiles: String?
        var open: Bool
        var osrmLimits = OSRMLimits()
    }

    /// Runs `geoserve` with `args` (without the program name) until SIGTERM or SIGINT.
    public static func run(_ args: [String], io: CommandIO) -> Int32 {
        if !args.isEmpty, let answer = conventions.answerStandardRequests(args, io: io) { return answer }
        return conventions.run(io: io) {
            let a = try CommandLineArguments(args, spec: spec)
            let setup = try setup(a)
            let paths = try resolve(setup.indexArguments, io: io)
            let font = PathName.join(setup.assets, PageIcons.fontFileName)
            let page = PageAssets(webDirectory: PageAssets.locateWebDirectory(executable: executablePath()),
                                  leafletDirectory: setup.assets,
                                  iconFont: FileManager.default.fileExists(atPath: font) ? font : PageIcons.systemFont)
            if a.value("--assets") != nil, let problem = page.problem { throw UsageError("--assets: \(problem)") }
            let service = Service(state: try ServiceState(paths: paths), corsOrigin: setup.cors, page: page, tiles: setup.tiles,
                                  osrmLimits: setup.osrmLimits)
            // Signals are watched before the server answers or its address is printed: a SIGTERM
            // sent as soon as the server is up must stop it, not be lost.
            // Everything written to standard error from here on goes through one writer thread, so
            // a log nobody reads never stalls a request, a reload or a stop.
            let log = LogWriter(write: { io.writeError($0) })
            defer { log.close() }
            let watch = SignalWatch(service: service, setup: setup, io: io, log: log)
            let server = try start(service, setup: setup, log: log)
            let address = "http://\(ListenAddress(host: setup.configuration.address.host, port: server.port))/"
            if !setup.quiet {
                log.report("geoserve: serving \(paths.count == 1 ? paths[0] : "\(paths.count) indexes") on \(address)")
                if let problem = page.problem { log.report("geoserve: warning: the map page is not available: \(problem)") }
            }
            if setup.open { openPage(address, io: io) }
            watch.serveUntilStopped(server)
            return 0
        }
    }

    static func setup(_ a: CommandLineArguments) throws -> Setup {
        guard a.positional.isEmpty else {
            throw UsageError("unexpected argument \"\(a.positional[0])\" (indexes are given with -i)")
        }
        var address = ListenAddress()
        if let l = a.value("--listen") {
            guard let parsed = ListenAddress(l) else {
                throw UsageError("--listen expects HOST:PORT, [IPv6]:PORT or PORT (e.g. 127.0.0.1:8080), not \"\(l)\"")
            }
            address = parsed
        }
        var configuration = HTTPServer.Configuration(address: address)
        if let n = try a.int("--threads", range: 1...256) { configuration.threads = n }
        if let n = try a.int("--max-connections", range: 1...100_000) { configuration.connectionLimit = n }
        if let n = try a.int("--timeout", range: 1...3_600) { configuration.timeout = n }
        // Any page may read the API, as Nominatim's and OSRM's servers let it (every endpoint but the
        // page's own is read-only, and nothing rides on cookies); opening /ws from another page's
        // origin is for an origin the operator names.
        var cors: String? = "*"
        if let origin = a.value("--cors") {
            guard origin == "*" || origin == "none" || isOrigin(origin) else {
                throw UsageError("--cors expects an origin (scheme, host and optional port, no path) such as https://maps.example.org, * or none, not \"\(AccessLog.escaped(origin))\"")
            }
            cors = origin == "none" ? nil : origin
            configuration.webSocketOrigin = cors
        }
        var tiles: String?
        if let t = a.value("--tiles") {
            guard t.hasPrefix("https://") || t.hasPrefix("http://"), t.contains("{z}"), t.contains("{x}"), t.contains("{y}"),
                  !t.contains(where: { $0 == "\"" || $0 == "'" || $0 == " " || $0 == "\r" || $0 == "\n" || $0 == ";" }) else {
                throw UsageError("--tiles expects a URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png, not \"\(t)\"")
            }
            tiles = t
        }
        var setup = Setup(indexArguments: a.values("--index"), configuration: configuration, cors: cors, quiet: a.has("--quiet"),
                          assets: a.value("--assets") ?? PageAssets.systemLeaflet, tiles: tiles, open: a.has("--open"))
        if let n = try a.int("--max-table-size", range: 1...10_000) { setup.osrmLimits.maxTableSize = n }
        if let n = try a.int("--max-trip-size", range: 2...10_000) { setup.osrmLimits.maxTripSize = n }
        return setup
    }

    /// "https://maps.example.org", "http://localhost:8080", "http://[::1]:3000": what a browser sends
    /// as Origin (RFC 6454): http or https, a host, an optional port, and nothing after.
    static func isOrigin(_ text: String) -> Bool {
        let rest: Substring
        if text.hasPrefix("https://") { rest = text.dropFirst(8) } else if text.hasPrefix("http://") { rest = text.dropFirst(7) } else { return false }
        var host: Substring, port: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return false }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty { guard after.hasPrefix(":") else { return false }; port = after.dropFirst() }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
        } else {
            host = rest
            if let colon = rest.firstIndex(of: ":") { host = rest[..<colon]; port = rest[rest.index(after: colon)...] }
            guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else { return false }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), Int(port)! <= 65_535 else { return false }
        }
        return true
    }

    static func resolve(_ arguments: [String], io: CommandIO) throws -> [String] {
        try IndexLocator.resolve(explicit: arguments, environment: io.environment, directory: io.currentDirectory)
    }

    /// The server bound and answering, with the access log and metrics wired in.
    static func start(_ service: Service, setup: Setup, log: LogWriter) throws -> HTTPServer {
        let access = setup.quiet ? nil : log
        let server = HTTPServer(configuration: setup.configuration, handler: { service.handle($0) },
                                completion: { request, response, seconds, aborted in
            service.completed(request, response, seconds: seconds, aborted: aborted)
            access?.append(AccessLog.line(request, response, seconds: seconds, aborted: aborted))
        })
        service.attach { [weak server] in
            var c = ServerCounters()
            guard let server else { return c }
            c.connections = server.connectionCount
            c.webSockets = server.webSockets.count
            for (reason, n) in server.watch.cutCounts { c.connectionsCut[reason.rawValue] = n }
            c.accessLogDropped = log.dropped
            return c
        }
        do {
            try server.start()
        } catch let e as InputError {
            throw InputError(file: setup.configuration.address.description, message: e.message)
        }
        return server
    }
}

/// SIGHUP, SIGTERM and SIGINT as dispatch sources, set up before the server starts; then the
/// wait: until SIGTERM or SIGINT, reloading on SIGHUP and when a served file changes. Reloads run
/// on a queue of their own: opening an index that hangs (a file on a stalled disk) or fails
/// never delays a stop.
final class SignalWatch: @unchecked Sendable {
    private let signals = DispatchQueue(label: "geoserve.signals")
    private let reloads = DispatchQueue(label: "geoserve.reloads")
    private let stopped = DispatchSemaphore(value: 0)
    private var sources: [DispatchSourceProtocol] = []
    private let service: Service
    private let setup: GeoserveCommand.Setup
    private let io: CommandIO
    private let log: LogWriter
    /// What the served files were at the last (re)load; read and written on `reloads` only.
    private var watched: [String: IndexFiles.Identity]
    /// A SIGHUP waiting for the reload queue (more SIGHUPs meanwhile make no second reload).
    private let hangupPending = Mutex(false)

    init(service: Service, setup: GeoserveCommand.Setup, io: CommandIO, log: LogWriter) {
        self.service = service
        self.setup = setup
        self.io = io
        self.log = log
        watched = IndexFiles.snapshot(service.state.paths)
        for sig in [SIGHUP, SIGTERM, SIGINT] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: signals)
            source.setEventHandler { [unowned self] in
                if sig == SIGHUP { self.requestReload() } else { self.stopped.signal() }
            }
            source.resume()
            sources.append(source)
        }
    }

    private func requestReload() {
        let queued = hangupPending.withLock { pending in
            defer { pending = true }
            return pending
        }
        if queued { return }
        reloads.async { [self] in
            hangupPending.withLock { $0 = false }
            reload("SIGHUP")
        }
    }

    private func reload(_ why: String) {
        var attempted: [String]?
        do {
            let paths = try GeoserveCommand.resolve(setup.indexArguments, io: io)
            attempted = paths
            let state = try ServiceState(paths: paths)
            service.replace(state: state)
            watched = IndexFiles.snapshot(paths)
            if !setup.quiet { log.report("geoserve: reopened \(paths.count) index\(paths.count == 1 ? "" : "es") (\(why))") }
        } catch {
            // A broken file is not served: the indexes opened before go on answering. Clients
            // (/healthz) see the file's name, never where it is on this machine.
            let full = (error as? InputError).map(\.description) ?? (error as? UsageError)?.message ?? "\(error)"
            let shown = (error as? InputError).map { e -> String in
                var e = e
                e.file = PathName.lastComponent(e.file)
                return e.description
            } ?? full
            service.reloadFailed(shown)
            log.report("geoserve: reload failed, still serving the previous indexes: \(full)")
            // Tried again when the files change again, not every tick.
            watched = IndexFiles.snapshot(attempted ?? service.state.paths)
        }
    }

    /// Blocks until SIGTERM or SIGINT, then drains `server`.
    func serveUntilStopped(_ server: HTTPServer) {
        // A rebuilt index renamed over a served one, a file rewritten in place, or a region file
        // added or removed: reopen once the files have stayed the same for one tick (a copy in
        // progress is not read).
        let timer = DispatchSource.makeTimerSource(queue: reloads)
        var pending: [String: IndexFiles.Identity]?
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [unowned self] in
            let paths = (try? GeoserveCommand.resolve(self.setup.indexArguments, io: self.io)) ?? self.service.state.paths
            let now = IndexFiles.snapshot(paths)
            if now == self.watched { pending = nil; return }
            if now == pending { pending = nil; self.reload("an index file changed") } else { pending = now }
        }
        timer.resume()
        stopped.wait()
        timer.cancel()
        if !setup.quiet { log.report("geoserve: stopping: finishing the requests in flight") }
        server.stop(drainSeconds: 10)
        sources.forEach { $0.cancel() }
    }
}

extension GeoserveCommand {
    /// The running executable, to find the page's files beside it.
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Prints the page's address and, on a desktop (a display and xdg-open), opens it.
    static func openPage(_ address: String, io: CommandIO) {
        try? io.write(address + "\n")   // also on standard error; serving goes on without it
        guard io.environment["DISPLAY"] != nil || io.environment["WAYLAND_DISPLAY"] != nil,
              FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-open") else { return }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
        p.arguments = [address]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try? p.run()
    }
}

/// What identifies the content of the served files: a replaced file has another inode.
enum IndexFiles {
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
    }

    static func snapshot(_ paths: [String]) -> [String: Identity] {
        var out: [String: Identity] = [:]
        for p in paths {
            var st = stat()
            guard stat(p, &st) == 0 else { continue }
            out[p] = Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                              modified: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
        }
        return out
    }
}
