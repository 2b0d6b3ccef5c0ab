// The map page as the server hands it out: the page, its scripts and
// Leaflet by exact name only, a policy that lets the page ask no other host
// (but the operator's tiles), the start-up configuration, and a clear answer
// when the page's files are missing. (The page itself runs in a real browser
// in `make test-browser`.)
import Foundation
import Testing
import GeoBase
import GeoTestSupport
@testable import GeoServer

@Suite struct PageTests {
    static let web = TestData.projectRoot.appendingPathComponent("Sources/GeoServer/Web").path

    /// A Leaflet folder with stand-in files (the tests do not need Debian's package).
    static let leaflet: String = {
        let dir = TestData.tempPath("leaflet-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(atPath: dir + "/images", withIntermediateDirectories: true)
        for name in ["leaflet.js", "leaflet.css", "images/marker-icon.png"] {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("/* \(name) */".utf8))
        }
        return dir
    }()

    static func service(tiles: String? = nil, leaflet: String = PageTests.leaflet) -> Service {
        Service(state: Served.town.state, page: PageAssets(webDirectory: web, leafletDirectory: leaflet), tiles: tiles)
    }

    @Test func servesThePageWithAPolicyThatKeepsItLocal() throws {
        let page = Served.get("/", from: Self.service())
        #expect(page.status == 200 && page.response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text.contains("<script type=\"module\" src=\"/web/app.js\">"))
        let policy = try #require(page.response.header("Content-Security-Policy"))
        #expect(policy.contains("default-src 'self'") && policy.contains("connect-src 'self' blob:"))
        #expect(!policy.contains("http"))
        for name in ["app.js", "basemap.js", "features-worker.js", "search.js", "channel.js", "draw.js", "app.css"] {
            let f = Served.get("/web/\(name)", from: Self.service())
            #expect(f.status == 200, "\(name)")
            // No file of the page names another host.
            #expect(!f.text.contains("http://") && !f.text.contains("https://") && !f.text.contains("//cdn"), "\(name)")
        }
        #expect(Served.get("/web/app.js", from: Self.service()).response.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(Served.get("/leaflet/leaflet.js", from: Self.service()).text == "/* leaflet.js */")
        #expect(Served.get("/leaflet/images/marker-icon.png", from: Self.service()).response.header("Content-Type") == "image/png")
    }

    @Test func onlyKnownFilesByExactName() {
        for path in ["/web/../Package.swift", "/web/%2e%2e/Package.swift", "/web/", "/web/app.js/", "/leaflet/../../etc/passwd",
                     "/web/index.html.bak", "/leaflet/images/../leaflet.js", "/web/APP.JS"] {
            let a = Served.get(path, from: Self.service())
            #expect(a.status == 404, "\(path)")
            #expect(a.json?["error"] != nil, "\(path)")
        }
    }

    @Test func configurationSaysWhereTheDataIs() throws {
        let json = try #require(Served.get("/config", from: Self.service()).json)
        let box = try #require(json["bbox"]?.arrayValue?.compactMap { $0.doubleValue })
        #expect(box.count == 4 && box[0] < box[2] && box[1] < box[3] && (6.7...6.9).contains(box[0]))
        let centre = try #require(json["center"]?.arrayValue?.compactMap { $0.doubleValue })
        // Rivebelle, the town, is the most important place.
        #expect(abs(centre[0] - 6.7999141) < 1e-6 && abs(centre[1] - 46.2008535) < 1e-6)
        #expect(json["tiles"] == .null)
        let tiled = Self.service(tiles: "https://{s}.tile.example.org/{z}/{x}/{y}.png")
        #expect(Served.get("/config", from: tiled).json?["tiles"]?.stringValue == "https://{s}.tile.example.org/{z}/{x}/{y}.png")
        #expect(Served.get("/", from: tiled).response.header("Content-Security-Policy")?.contains("img-src 'self' data: blob: https://*.tile.example.org") == true)
    }

    @Test func withoutThePageFilesTheAnswerSaysWhy() throws {
        let missing = Self.service(leaflet: TestData.tempPath("no-leaflet-here"))
        #expect(!missing.page.isAvailable)
        let index = try #require(Served.get("/", from: missing).json)
        #expect(index["page"]?.stringValue?.contains("Leaflet was not found") == true)
        #expect(index["endpoints"]?.arrayValue?.isEmpty == false)
        let script = Served.get("/web/app.js", from: missing)
        #expect(script.status == 404 && script.json?["error"]?.stringValue?.contains("libjs-leaflet") == true)
        // A client asking for JSON at / gets the list even when the page is there.
        #expect(Served.get("/", headers: ["accept": "application/json"], from: Self.service()).json?["endpoints"] != nil)
    }

    @Test func theCommandChecksPageFlags() throws {
        for (args, needle) in [(["--tiles", "https://tile.example.org/x.png"], "--tiles"),
                               (["--tiles", "javascript:alert(1)/{z}/{x}/{y}"], "--tiles"),
                               (["--assets", TestData.tempPath("no-such-dir")], "--assets")] {
            let r = try Executable.run("geoserve", ["-i", Served.townPath, "--listen", "127.0.0.1:0"] + args)
            #expect(r.status == 2 && r.stderr.contains(needle), "\(args): \(r.stderr)")
        }
    }
}
