// The page's icons: every icon name a search result can carry is drawn — by a
// glyph of Debian's Material Design Icons where the package is installed, by
// the page's own pin otherwise — the glyph table names no icon the catalog
// never sends, and a font file is read as hostile input (a glyph whose path
// is not path data is not copied into the sprite). The browser suite checks
// that the page really draws each of them.
import Foundation
import Testing
import GeoModel
import GeoTestSupport
@testable import GeoServer

@Suite struct PageIconsTests {
    static let fontInstalled = FileManager.default.fileExists(atPath: PageIcons.systemFont)

    @Test func theGlyphTableCoversExactlyWhatResultsCarry() {
        let emitted = CategoryCatalog.emittedIcons
        #expect(emitted.count > 90)
        #expect(emitted.subtracting(PageIcons.glyphs.keys).sorted() == [], "icons a result can carry with no glyph")
        #expect(Set(PageIcons.glyphs.keys).subtracting(emitted).sorted() == [], "glyphs for names no result carries")
        // Unknown categories fall back by key, and those names are drawn too.
        #expect(CategoryCatalog.icon(key: "shop", value: "musical_instrument") == "shop")
        #expect(CategoryCatalog.icon(key: "zzz", value: "y") == CategoryCatalog.defaultIcon)
    }

    @Test(.enabled(if: fontInstalled, "fonts-materialdesignicons-webfont is not installed"))
    func everyIconIsTheFontsGlyph() {
        let icons = PageIcons(fontPath: PageIcons.systemFont)
        #expect(icons.problem == nil)
        #expect(CategoryCatalog.emittedIcons.subtracting(icons.fromFont).sorted() == [], "names the font cannot draw")
        let sprite = String(decoding: icons.sprite, as: UTF8.self)
        for name in CategoryCatalog.emittedIcons {
            #expect(sprite.contains("<symbol id=\"\(name)\" viewBox=\"0 0 512 512\"><path transform="), "\(name)")
        }
    }

    @Test func withoutTheFontEveryIconIsThePagesPin() {
        let icons = PageIcons(fontPath: TestData.tempPath("no-such-font-\(UUID().uuidString).svg"))
        #expect(icons.problem?.contains("fonts-materialdesignicons-webfont") == true)
        #expect(icons.fromFont.isEmpty)
        let sprite = String(decoding: icons.sprite, as: UTF8.self)
        #expect(sprite.components(separatedBy: "<symbol ").count - 1 == CategoryCatalog.emittedIcons.count)
        #expect(sprite.components(separatedBy: PageIcons.ownPin).count - 1 == CategoryCatalog.emittedIcons.count)
    }

    @Test func aHostileFontCannotPutMarkupIntoTheSprite() throws {
        let path = TestData.tempPath("font-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let font = """
            <svg><font><glyph glyph-name="coffee" unicode="&#xF001;" d="M0 0L10 10Z&quot;/><script>alert(1)</script>"/>
            <glyph glyph-name="bus" horiz-adv-x="512" d=" M1 2L3 4z"/>
            <glyph glyph-name="cart" d="M1 2"
            """
        try Data(font.utf8).write(to: URL(fileURLWithPath: path))
        let icons = PageIcons(fontPath: path)
        let sprite = String(decoding: icons.sprite, as: UTF8.self)
        #expect(icons.fromFont == ["bus"])
        #expect(sprite.contains("<symbol id=\"bus\" viewBox=\"0 0 512 512\"><path transform=\"matrix(1 0 0 -1 0 448)\" d=\"M1 2L3 4z\"/>"))
        #expect(!sprite.contains("script") && !sprite.contains("&quot;"))
    }

    @Test func thePageGetsItsVocabulariesFromTheServer() throws {
        let service = PageTests.service()
        let json = try #require(Served.get("/config", from: service).json)
        let names = try #require(json["icons"]?.arrayValue?.compactMap { $0.stringValue })
        #expect(Set(names) == CategoryCatalog.emittedIcons)
        let types = try #require(json["types"]?.arrayValue?.compactMap { $0["type"]?.stringValue })
        #expect(types == LandmarkKind.allCases.map(\.name))
        let sprite = Served.get("/web/icons.svg", from: service)
        #expect(sprite.status == 200 && sprite.response.header("Content-Type") == "image/svg+xml")
        for name in names { #expect(sprite.text.contains("<symbol id=\"\(name)\""), "\(name)") }
        // The page copies neither: no icon table, no chip list.
        let script = Served.get("/web/search.js", from: service).text
        #expect(!script.contains("cafe:") && !script.contains("'☕'"))
        #expect(!Served.get("/", from: service).text.contains("data-type=\"poi\""))
    }
}
