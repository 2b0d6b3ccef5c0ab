// The map page's files, read once at start: the page itself (HTML, CSS,
// JavaScript kept as files in Sources/GeoServer/Web, copied by SwiftPM beside
// the executable), Leaflet from Debian's libjs-leaflet (or --assets DIR) and
// the icon sprite cut from Debian's Material Design Icons (PageIcons).
// Only files read at start can be served, by exact name: a request path is
// never joined onto a directory, so no path can reach outside them.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoModel

public struct PageAssets: Sendable {
    public struct File: Sendable {
        let bytes: [UInt8]
        let type: String
    }

    /// "/web/app.js", "/leaflet/leaflet.js", "/leaflet/images/marker-icon.png" → the file.
    private(set) var files: [String: File] = [:]
    /// Why the page is unavailable, when it is.
    public private(set) var problem: String?
    /// The icon names /web/icons.svg draws, and those it draws with the font's glyphs.
    private(set) var icons: [String] = []
    private(set) var iconsFromFont: Set<String> = []
    /// Why the icons are the page's own pin, when they are.
    private(set) var iconProblem: String?

    /// Where Debian's libjs-leaflet puts Leaflet.
    public static let systemLeaflet = "/usr/share/javascript/leaflet"

    public init(webDirectory: String?, leafletDirectory: String, iconFont: String = PageIcons.systemFont) {
        guard let web = webDirectory else {
            problem = "the page's files were not found beside the executable (geoindex_GeoServer.resources/Web)"
            return
        }
        for name in ["index.html", "app.css", "app.js", "basemap.js", "features-worker.js", "search.js", "channel.js", "draw.js", "isochrone.js"] {
            guard let f = PageAssets.read(PathName.join(web, name)) else {
                problem = "the page's file \(PathName.join(web, name)) cannot be read"
                return
            }
            files["/web/" + name] = f
        }
        for name in ["leaflet.js", "leaflet.css", "images/marker-icon.png", "images/marker-icon-2x.png",
                     "images/marker-shadow.png", "images/layers.png", "images/layers-2x.png"] {
            guard let f = PageAssets.read(PathName.join(leafletDirectory, name)) else {
                if name.hasPrefix("leaflet.") {
                    problem = "Leaflet was not found in \(leafletDirectory) (install libjs-leaflet, or give --assets DIR)"
                    files = [:]
                    return
                }
                continue
            }
            files["/leaflet/" + name] = f
        }
        let sprite = PageIcons(fontPath: iconFont)
        files["/web/icons.svg"] = File(bytes: sprite.sprite, type: PageAssets.contentType("icons.svg"))
        icons = CategoryCatalog.emittedIcons.sorted()
        iconsFromFont = sprite.fromFont
        iconProblem = sprite.problem
    }

    /// An empty set (tests, or a server without the page).
    public init(problem: String) {
        self.problem = problem
    }

    public var isAvailable: Bool { problem == nil }

    /// The file for a request path, or nil.
    public func file(_ path: String) -> File? {
        path == "/" ? files["/web/index.html"] : files[path]
    }

    /// The folder SwiftPM copies the page's files into, beside the running executable (or the
    /// test bundle), or nil.
    public static func locateWebDirectory(executable: String) -> String? {
        let dir = PathName.directory(executable)
        for candidate in [PathName.join(dir, "geoindex_GeoServer.resources/Web"),
                          PathName.join(PathName.directory(dir), "share/geoserve/web")] {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate
            }
        }
        return nil
    }

    static func read(_ path: String) -> File? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return File(bytes: [UInt8](data), type: contentType(path))
    }

    static func contentType(_ path: String) -> String {
        switch PathName.fileExtension(path) {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "png": "image/png"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
    }
}
