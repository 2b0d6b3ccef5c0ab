// Reads a track from a CSV/TSV export: a header line naming the columns, then
// one point per line. Column names are matched case-insensitively in any
// order (lat/latitude, lon/lng/long/longitude, optional time/timestamp and
// ele/elevation/alt/altitude); the separator (comma, semicolon or tab) is the
// one the header uses most. With a non-comma separator a decimal comma is
// accepted, as European spreadsheets write "52,51". Quoted fields follow
// RFC 4180 within a line; blank lines are skipped. All points form one segment.
import Foundation
import GeoBase

enum CSVTrackReader {
    private static let latNames: Set<String> = ["lat", "latitude"]
    private static let lonNames: Set<String> = ["lon", "lng", "long", "longitude"]
    private static let timeNames: Set<String> = ["time", "timestamp"]
    private static let eleNames: Set<String> = ["ele", "elevation", "alt", "altitude"]

    private struct Field {
        var lo: Int, hi: Int  // content range in the file's bytes
        var quoted: Bool
    }

    private struct Columns {
        var separator: UInt8
        var lat: Int, lon: Int
        var time: Int?, ele: Int?
        var needed: Int { max(lat, lon, time ?? 0, ele ?? 0) + 1 }
    }

    static func read(bytes: [UInt8], file: String, maxPoints: Int) throws -> Track {
        // Old Mac files end lines with CR only; everything else uses LF (or CRLF).
        let newline: UInt8 = bytes.contains(0x0A) || !bytes.contains(0x0D) ? 0x0A : 0x0D
        var columns: Columns?
        var headerLine = 0
        var points: [TrackPoint] = []
        var lineNumber = 0
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            lineNumber += 1
            var end = bytes[start...].firstIndex(of: newline) ?? bytes.count
            let next = end + 1
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            defer { start = next }
            let lineStart = lineNumber == 1 ? 0 : start  // columns count from the line's first byte
            if bytes[start..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            func fail(_ message: String, at index: Int? = nil) -> InputError {
                InputError(file: file, line: lineNumber, column: (index ?? start) - lineStart + 1, message: message)
            }
            guard let c = columns else {
                columns = try header(bytes, start, end, fail: fail)
                headerLine = lineNumber
                continue
            }
            let fields = try split(bytes, start, end, separator: c.separator, fail: fail)
            guard fields.count >= c.needed else {
                throw fail("expected at least \(c.needed) fields as named in the header, found \(fields.count)")
            }
            let lat = try number(bytes, fields[c.lat], c.separator, "latitude", fail: fail)
            let lon = try number(bytes, fields[c.lon], c.separator, "longitude", fail: fail)
            if let problem = CoordinateCheck.problem(lat: lat, lon: lon) {
                throw fail("point \(problem)", at: fields[c.lat].lo)
            }
            var point = TrackPoint(coordinate: Coordinate(lat: lat, lon: lon))
            if let e = c.ele, !isBlank(bytes, fields[e]) {
                point.elevation = try number(bytes, fields[e], c.separator, "elevation", fail: fail)
            }
            if let t = c.time {
                point.time = try time(bytes, fields[t], fail: fail)
            }
            if points.count >= maxPoints { throw fail("too many points: the limit is \(maxPoints) track points") }
            points.append(point)
        }
        guard columns != nil else { throw InputError(file: file, message: "empty input: no CSV header and no data") }
        guard !points.isEmpty else {
            throw InputError(file: file, line: headerLine, column: 1, message: "no track found: the CSV has a header but no data rows")
        }
        return Track(name: nil, segments: [points])
    }

    private static func header(_ bytes: [UInt8], _ start: Int, _ end: Int,
                               fail: (String, Int?) -> InputError) throws -> Columns {
        // The separator the header uses most; ties prefer tab, then semicolon.
        var best: (UInt8, Int) = (UInt8(ascii: ","), 0)
        for sep in [UInt8(ascii: "\t"), UInt8(ascii: ";"), UInt8(ascii: ",")] {
            var count = 0, inQuotes = false
            for b in bytes[start..<end] {
                if b == UInt8(ascii: "\"") { inQuotes.toggle() } else if b == sep && !inQuotes { count += 1 }
            }
            if count > best.1 { best = (sep, count) }
        }
        let fields = try split(bytes, start, end, separator: best.0, fail: fail)
        let names = fields.map { text(bytes, $0).lowercased() }
        let lat = names.firstIndex(where: latNames.contains)
        let lon = names.firstIndex(where: lonNames.contains)
        guard let lat, let lon else {
            if names.allSatisfy({ NumberScan.double($0.replacingOccurrences(of: ",", with: ".")) != nil }) {
                throw fail("the first line looks like data, not a header: a CSV track needs a header line naming its lat and lon columns", nil)
            }
            let shown = names.prefix(12).map { "\"\($0.prefix(30))\"" }.joined(separator: ", ")
            throw fail("CSV header has no \(lat == nil ? "latitude" : "longitude") column (expected lat/latitude and lon/lng/long/longitude); found \(shown)", nil)
        }
        return Columns(separator: best.0, lat: lat, lon: lon,
                       time: names.firstIndex(where: timeNames.contains), ele: names.firstIndex(where: eleNames.contains))
    }

    private static func split(_ b: [UInt8], _ start: Int, _ end: Int, separator: UInt8,
                              fail: (String, Int?) -> InputError) throws -> [Field] {
        var fields: [Field] = []
        var i = start
        while true {
            var lo = i
            while lo < end && (b[lo] == 0x20 || b[lo] == 0x09) && b[lo] != separator { lo += 1 }
            if lo < end && b[lo] == UInt8(ascii: "\"") {
                // Quoted: runs to the closing quote; "" inside stands for one quote.
                var j = lo + 1
                while true {
                    guard j < end else { throw fail("unterminated quoted field", lo) }
                    if b[j] == UInt8(ascii: "\"") {
                        if j + 1 < end && b[j + 1] == UInt8(ascii: "\"") { j += 2; continue }
                        break
                    }
                    j += 1
                }
                fields.append(Field(lo: lo + 1, hi: j, quoted: true))
                i = j + 1
                while i < end && b[i] != separator { i += 1 }
            } else {
                i = lo
                while i < end && b[i] != separator { i += 1 }
                fields.append(Field(lo: lo, hi: i, quoted: false))
            }
            if i >= end { return fields }
            i += 1  // past the separator
        }
    }

    private static func text(_ b: [UInt8], _ f: Field) -> String {
        let s = String(decoding: b[f.lo..<f.hi], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return f.quoted ? s.replacingOccurrences(of: "\"\"", with: "\"") : s
    }

    private static func isBlank(_ b: [UInt8], _ f: Field) -> Bool {
        b[f.lo..<f.hi].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    private static func number(_ b: [UInt8], _ f: Field, _ separator: UInt8, _ what: String,
                               fail: (String, Int?) -> InputError) throws -> Double {
        let slice = b[f.lo..<f.hi]
        var value = NumberScan.double(slice)
        if value == nil, separator != UInt8(ascii: ","), slice.contains(UInt8(ascii: ",")), !slice.contains(UInt8(ascii: ".")) {
            value = NumberScan.double(ArraySlice(slice.map { $0 == UInt8(ascii: ",") ? UInt8(ascii: ".") : $0 }))
        }
        if let value { return value }
        if isBlank(b, f) { throw fail("empty \(what)", f.lo) }
        throw fail("\(what) \"\(text(b, f).prefix(40))\" is not a number", f.lo)
    }

    private static func time(_ b: [UInt8], _ f: Field, fail: (String, Int?) -> InputError) throws -> Date? {
        let slice = b[f.lo..<f.hi]
        if let d = TrackTime.parse(slice) { return d }
        if isBlank(b, f) { return nil }
        let s = text(b, f)
        if !s.contains(":"), !s.dropFirst().contains("-"), let v = NumberScan.double(slice), let d = TrackTime.fromUnix(v) { return d }
        throw fail("invalid time \"\(s.prefix(40))\": expected ISO 8601 such as 2019-01-02T08:25:47Z or unix seconds", f.lo)
    }
}
