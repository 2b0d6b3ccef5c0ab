// Request parameters as people type them: one LAT,LON syntax for every
// command and field, boxes in GeoJSON order, kinds by name — and one clear
// message naming the parameter for each mistake.
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
@testable import GeoModel
@testable import GeoSearch

@Suite struct RequestParsingTests {
    @Test func pointsInEverySpellingPeopleUse() throws {
        for text in ["43.73,7.42", "43.73, 7.42", "43.73 7.42", " 43.73,7.42 "] {
            #expect(try RequestParsing.point(text, name: "--near") == Coordinate(lat: 43.73, lon: 7.42), "\(text)")
        }
    }

    @Test func pointMistakesNameTheParameter() {
        func message(_ text: String, _ name: String) -> String {
            do { _ = try RequestParsing.point(text, name: name); return "" } catch let e as UsageError { return e.message } catch { return "" }
        }
        #expect(message("1", "--from").hasPrefix("--from expects LAT,LON"))
        #expect(message("abc,def", "--near").contains("not \"abc,def\""))
        #expect(message("143.73,7.42", "--to").contains("did you give LON,LAT?"))
        #expect(message("95,200", "--via").contains("out of range"))
        #expect(message("43,nan", "near").hasPrefix("near"))
    }

    @Test func boxesAreCheckedWithHelpfulMessages() {
        func message(_ text: String) -> String {
            do { _ = try RequestParsing.bbox(text, name: "--bbox"); return "" } catch let e as UsageError { return e.message } catch { return "" }
        }
        #expect(message("43.7,7.4,43.8,7.5,").contains("MINLON,MINLAT,MAXLON,MAXLAT"))
        #expect(message("7.4,43.7,7.5,43.7").contains("empty"))
        #expect(message("7.5,43.7,7.4,43.8").contains("swapped"))
        #expect(message("43.7,95,43.8,96").contains("did you give LAT,LON?"))
        #expect(message("7.4,43.7,7.5,43.8") == "")
    }

    @Test func kindsByNameAndPlural() throws {
        #expect(try RequestParsing.kinds(["poi", "streets", " Address "], name: "--types") == [.poi, .street, .address])
        #expect(throws: UsageError.self) { try RequestParsing.kinds(["shop"], name: "--types") }
        #expect(throws: UsageError.self) { try RequestParsing.kinds([" "], name: "--types") }
    }

    @Test func batchLinesStartFromTheDefaults() throws {
        var defaults = SearchOptions()
        defaults.limit = 3
        let (id, text, o) = try RequestParsing.batchLine(Array(#"{"id":7,"q":"ho","near":[46.2,6.8],"types":["poi"]}"#.utf8),
                                                         defaults: defaults)
        #expect(id.intValue == 7 && text == "ho" && o.limit == 3 && o.kinds == [.poi])
        #expect(o.near == Coordinate(lat: 46.2, lon: 6.8))
        #expect(throws: UsageError.self) { try RequestParsing.batchLine(Array(#"{"q":"x","radius":5}"#.utf8), defaults: defaults) }
        #expect(throws: UsageError.self) { try RequestParsing.batchLine(Array(#"{"near":[1,2]}"#.utf8), defaults: defaults) }
    }
}
