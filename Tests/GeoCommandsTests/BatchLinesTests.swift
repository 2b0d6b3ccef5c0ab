// `geoquery --batch` answers every input line with exactly one line: blank
// lines got none (29 answers for 31 lines), a line of 1 048 692 bytes passed
// the 1 MiB limit when it arrived whole in one read, and `"q": 12345` was
// called "missing q".
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport

@Suite struct BatchLinesTests {
    func answers(_ input: String) throws -> [JSONValue] {
        let r = try InProcess.geoquery(["--batch", "-", "-i", try TestData.indexPath(of: TestData.sample("town.osm"))], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        return try r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { try JSONValue.parse(Array($0.utf8)) }
    }

    @Test func everyLineGetsOneAnswerBlankOnesIncluded() throws {
        var lines = (1...31).map { "{\"id\": \($0), \"q\": \"rue\"}" }
        lines[4] = ""
        lines[9] = "   \t"
        lines[14] = "\r"
        let out = try answers(lines.joined(separator: "\n") + "\n")
        #expect(out.count == 31)
        for (k, a) in out.enumerated() {
            if [4, 9, 14].contains(k) {
                #expect(a["id"]?.isNull == true && a["error"]?.stringValue == "line \(k + 1): empty line", "\(k)")
            } else {
                #expect(a["id"]?.intValue == Int64(k + 1) && a["error"] == nil, "\(k)")
            }
        }
    }

    @Test func theLineLimitIsExactlyOneMebibyte() throws {
        /// A valid line of exactly `size` bytes (padding inside the object).
        func line(_ id: Int, _ size: Int) -> String {
            let head = "{\"id\": \(id), \"q\": \"hotel\"", tail = "}"
            return head + String(repeating: " ", count: size - head.utf8.count - tail.utf8.count) + tail
        }
        let limit = BatchRunner.maxLineBytes
        #expect(limit == 1_048_576)
        let input = [line(1, limit), line(2, limit + 1), line(3, 1_048_692), line(4, limit) + "\r", line(5, 40)].joined(separator: "\n")
        let out = try answers(input + "\n")
        #expect(out.count == 5)
        #expect(out[0]["id"]?.intValue == 1 && out[0]["error"] == nil)
        #expect(out[1]["error"]?.stringValue == "line 2: longer than 1 MiB (1048576 bytes)")
        #expect(out[2]["error"]?.stringValue == "line 3: longer than 1 MiB (1048576 bytes)")
        #expect(out[3]["id"]?.intValue == 4 && out[3]["error"] == nil, "the CR of a CRLF newline is no part of the line")
        #expect(out[4]["id"]?.intValue == 5 && out[4]["error"] == nil)
    }

    @Test func aQueryThatIsNoStringIsCalledWhatItIs() throws {
        let out = try answers("{\"id\": 7, \"q\": 12345}\n{\"id\": 8, \"q\": [\"rue\"]}\n{\"id\": 9}\n{\"id\": 10, \"q\": null}\n")
        #expect(out.map { $0["error"]?.stringValue } == ["line 1: \"q\" must be a string, not a number", "line 2: \"q\" must be a string, not an array",
                                                        "line 3: missing \"q\" (the query text)", "line 4: \"q\" must be a string, not null"])
        #expect(out.map { $0["id"]?.intValue } == [7, 8, 9, 10])
    }

    @Test func linesAreCutTheSameWhateverTheReads() throws {
        let text = Array("ab\n\ncdefg\r\nhijklmn\nop\r\nlast".utf8)
        for step in 1...9 {
            var reader = LineReader(source: MemorySource(text, step: step), maxBytes: 5)
            var got: [LineReader.Line] = []
            while let l = try reader.next() { got.append(l) }
            #expect(got == [.line(Array("ab".utf8)), .line([]), .line(Array("cdefg".utf8)), .tooLong, .line(Array("op".utf8)), .line(Array("last".utf8))],
                    "step \(step)")
        }
    }
}
