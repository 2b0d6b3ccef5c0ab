// The map page's icons, drawn from a file the server ships rather than from
// emoji, which depend on the viewer's fonts (headless Chromium draws empty
// boxes). Results carry Maki icon names (CategoryCatalog); each is drawn with a
// glyph of Material Design Icons from Debian's fonts-materialdesignicons-webfont
// (its SVG font), cut out at start into one sprite, /web/icons.svg, of
// `<symbol id="cafe">…`. A name whose glyph is missing (or every name, without
// the package) is drawn with the page's own pin, so every icon a result can
// carry is drawn; /config lists the names and which are the font's.
import Foundation
import GeoModel
#if canImport(Glibc)
import Glibc
#endif

public struct PageIcons: Sendable {
    /// Where Debian puts the SVG font of Material Design Icons.
    public static let systemFont = "/usr/share/fonts/svg/materialdesignicons-webfont/materialdesignicons-webfont.svg"
    /// The font's file name, looked for first in `--assets DIR`.
    static let fontFileName = "materialdesignicons-webfont.svg"

    /// Maki name (what results carry) → Material Design Icons glyph (version 1.6.50, Debian's).
    static let glyphs: [String: String] = [
        "aerialway": "elevation-rise", "alcohol-shop": "glass-flute", "amusement-park": "ticket", "art-gallery": "palette",
        "attraction": "star", "bakery": "cake-variant", "bank": "cash", "bar": "martini", "beach": "beach", "beauty": "spray",
        "beer": "glass-mug", "bicycle": "bike", "bicycle-share": "bike", "building": "domain", "bus": "bus", "cafe": "coffee",
        "campsite": "tent", "car": "car", "car-rental": "key-variant", "car-repair": "wrench", "casino": "cards-playing-outline",
        "castle": "castle", "charging-station": "ev-station", "cinema": "movie", "city": "city", "clothing-store": "tshirt-crew",
        "college": "school", "communications-tower": "radio-tower", "confectionery": "candycane", "defibrillator": "heart-pulse",
        "dentist": "tooth", "doctor": "stethoscope", "drinking-water": "cup-water", "embassy": "flag-variant",
        "entrance": "exit-to-app", "fast-food": "food", "ferry": "ferry", "fire-station": "fire", "fitness-centre": "dumbbell",
        "florist": "flower", "fuel": "gas-station", "furniture": "sofa", "garden": "leaf", "gift": "gift", "golf": "flag-triangle",
        "grocery": "cart", "hairdresser": "content-cut", "harbor": "anchor", "hardware": "worker", "home": "home",
        "hospital": "hospital-building", "ice-cream": "cup", "information": "information", "island": "nature",
        "jewelry-store": "diamond", "laundry": "tshirt-v", "library": "library", "lighthouse": "lightbulb", "lodging": "hotel",
        "marker": "map-marker", "mobile-phone": "cellphone", "monument": "star-circle", "mountain": "terrain", "museum": "bank",
        "optician": "glasses", "park": "pine-tree", "parking": "parking", "pedestrian": "walk", "pharmacy": "pharmacy", "picnic-site": "food-fork-drink",
        "pitch": "soccer", "playground": "human-child", "police": "shield", "post": "email", "rail": "train", "rail-light": "tram",
        "rail-metro": "subway", "recycling": "recycle", "religious-christian": "church", "restaurant": "silverware-variant",
        "road": "road-variant", "school": "school", "shelter": "umbrella", "shoe": "run", "shop": "shopping", "slaughterhouse": "cow",
        "stadium": "trophy", "suburb": "home-modern", "suitcase": "briefcase", "swimming": "swim", "telephone": "phone-classic",
        "theatre": "theater", "toilet": "human-male-female", "town": "home-map-marker", "town-hall": "flag", "veterinary": "paw",
        "viewpoint": "binoculars", "village": "home-variant", "water": "water", "zoo": "duck",
    ]

    /// The page's own pin (512 units, y down), for a name the font cannot draw.
    static let ownPin = "M256 32C167.6 32 96 103.6 96 192c0 120 160 288 160 288s160-168 160-288C416 103.6 344.4 32 256 32zm0 "
        + "224c-35.3 0-64-28.7-64-64s28.7-64 64-64 64 28.7 64 64-28.7 64-64 64z"

    /// The sprite served as /web/icons.svg.
    let sprite: [UInt8]
    /// The names drawn with the font's glyph (the rest with `ownPin`).
    let fromFont: Set<String>
    /// Why the font was not used, when it was not.
    let problem: String?

    /// A sprite for every name a result can carry, from the font at `fontPath`.
    init(fontPath: String, names: Set<String> = CategoryCatalog.emittedIcons) {
        var paths: [String: String] = [:]
        var problem: String?
        if let data = FileManager.default.contents(atPath: fontPath), data.count <= 16 << 20 {
            let wanted = Set(names.compactMap { PageIcons.glyphs[$0] })
            paths = PageIcons.glyphPaths(in: [UInt8](data), wanted: wanted)
            if paths.isEmpty { problem = "\(fontPath) holds none of the page's glyphs" }
        } else {
            problem = "\(fontPath) cannot be read (install fonts-materialdesignicons-webfont, or give --assets DIR)"
        }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n"
        var fromFont = Set<String>()
        for name in names.sorted() {
            if let glyph = PageIcons.glyphs[name], let d = paths[glyph] {
                // Font units: 512 per em, y up from a baseline 448 below the top.
                svg += "<symbol id=\"\(name)\" viewBox=\"0 0 512 512\"><path transform=\"matrix(1 0 0 -1 0 448)\" d=\"\(d)\"/></symbol>\n"
                fromFont.insert(name)
            } else {
                svg += "<symbol id=\"\(name)\" viewBox=\"0 0 512 512\"><path d=\"\(PageIcons.ownPin)\"/></symbol>\n"
            }
        }
        svg += "</svg>\n"
        self.sprite = Array(svg.utf8)
        self.fromFont = fromFont
        self.problem = problem
    }

    /// `glyph-name` → `d` of the `<glyph>` elements of an SVG font, for the names wanted. A `d`
    /// with anything but path-data characters is skipped: it is copied into the sprite verbatim.
    static func glyphPaths(in bytes: [UInt8], wanted: Set<String>) -> [String: String] {
        var out: [String: String] = [:]
        let open = Array("<glyph".utf8), close = Array("/>".utf8)
        var i = 0
        while let start = find(open, in: bytes, from: i) {
            guard let end = find(close, in: bytes, from: start) else { break }
            let element = Array(bytes[start..<end])
            i = end + 2
            guard let name = attribute("glyph-name", in: element), wanted.contains(name),
                  let d = attribute("d", in: element), isPathData(d) else { continue }
            out[name] = d.trimmingCharacters(in: .whitespaces)
        }
        return out
    }

    static func isPathData(_ d: String) -> Bool {
        !d.isEmpty && d.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || b == 0x20 || b == 0x2C || b == 0x2D || b == 0x2E || b == 0x0A || b == 0x09
                || "MmLlHhVvCcSsQqTtAaZzEe".utf8.contains(b)
        }
    }

    /// The value of ` name="…"` inside an element's bytes.
    static func attribute(_ name: String, in element: [UInt8]) -> String? {
        for lead in [" ", "\n", "\t"] {
            let key = Array((lead + name + "=\"").utf8)
            guard let at = find(key, in: element, from: 0) else { continue }
            let values = element.dropFirst(at + key.count)
            guard let close = values.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return String(decoding: values[..<close], as: UTF8.self)
        }
        return nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, from >= 0, haystack.count - from >= needle.count else { return nil }
        // memchr for the first byte, then memcmp: the font is 1.7 MB, read at every start.
        return haystack.withUnsafeBytes { h in
            needle.withUnsafeBytes { n in
                let base = h.baseAddress!, last = h.count - n.count
                var i = from
                while i <= last {
                    guard let hit = memchr(base + i, Int32(n[0]), last - i + 1) else { return nil }
                    i = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + i, n.baseAddress!, n.count) == 0 { return i }
                    i += 1
                }
                return nil
            }
        }
    }
}
