// ISO 8601 timestamps as they appear in GPX, GeoJSON and CSV tracks, parsed and
// written by hand: DateFormatter is slow per point, not thread-safe to share,
// and accepts only one layout at a time, while tracks mix "…Z", "…+02:00" and
// fractional seconds freely.
import Foundation

enum TrackTime {
    /// Parses `YYYY-MM-DD[T| ]hh:mm[:ss[.fff…]][Z|±hh[:mm]]`; a missing zone
    /// means UTC, as the GPX schema prescribes. Nil when the text is not such a time.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    static func parse(_ bytes: [UInt8]) -> Date? { bytes.withUnsafeBufferPointer { parse($0) } }

    static func parse(_ bytes: ArraySlice<UInt8>) -> Date? { bytes.withUnsafeBufferPointer { parse($0) } }

    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        let s = text
        var i = 0
        var end = s.count
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        while i < end, isSpace(s[i]) { i += 1 }
        while end > i, isSpace(s[end - 1]) { end -= 1 }
        func number(_ digits: Int) -> Int? {
            guard i + digits <= end else { return nil }
            var v = 0
            for k in i..<(i + digits) {
                guard s[k] >= 48 && s[k] <= 57 else { return nil }
                v = v * 10 + Int(s[k] - 48)
            }
            i += digits
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < end, s[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2),
              expect(UInt8(ascii: "-")), let day = number(2) else { return nil }
        guard i < end, s[i] == UInt8(ascii: "T") || s[i] == UInt8(ascii: "t") || s[i] == 0x20 else { return nil }
        i += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2) else { return nil }
        var second = 0
        var fraction = 0.0
        if expect(UInt8(ascii: ":")) {
            guard let sec = number(2) else { return nil }
            second = sec
            if i < end, s[i] == UInt8(ascii: ".") || s[i] == UInt8(ascii: ",") {
                i += 1
                // Nanosecond digits as an integer, then one division: exact to the ms.
                var nanos = 0, digits = 0
                let digitsStart = i
                while i < end, s[i] >= 48 && s[i] <= 57 {
                    if digits < 9 { nanos = nanos * 10 + Int(s[i] - 48); digits += 1 }
                    i += 1
                }
                guard i > digitsStart else { return nil }
                for _ in digits..<9 { nanos *= 10 }
                fraction = Double(nanos) / 1e9
            }
        }
        var offsetSeconds = 0
        if i < end {
            if s[i] == UInt8(ascii: "Z") || s[i] == UInt8(ascii: "z") {
                i += 1
            } else if s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") {
                let sign = s[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let oh = number(2), oh <= 23 else { return nil }
                var om = 0
                if i < end {
                    _ = expect(UInt8(ascii: ":"))
                    guard let m = number(2), m <= 59 else { return nil }
                    om = m
                }
                offsetSeconds = sign * (oh * 3600 + om * 60)
            }
        }
        guard i == end else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year, month),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        let days = daysFromCivil(year, month, day)
        let seconds = Double(days * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// UTC `yyyy-MM-dd'T'HH:mm:ss'Z'`, with `.SSS` only when the time has a
    /// millisecond part, so whole-second inputs come back unchanged.
    static func format(_ date: Date) -> String {
        var out: [UInt8] = []
        append(date, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func append(_ date: Date, to out: inout [UInt8]) {
        let totalMs = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = totalMs / 1000
        var ms = totalMs % 1000
        if ms < 0 { ms += 1000; seconds -= 1 }
        var days = seconds / 86400
        var rest = seconds % 86400
        if rest < 0 { rest += 86400; days -= 1 }
        let (y, m, d) = civilFromDays(Int(days))
        func put(_ v: Int, _ width: Int) { MarkupText.appendDigits(UInt64(abs(v)), minWidth: width, to: &out) }
        if y < 0 { out.append(UInt8(ascii: "-")) }
        put(y, 4); out.append(UInt8(ascii: "-")); put(m, 2); out.append(UInt8(ascii: "-")); put(d, 2)
        out.append(UInt8(ascii: "T"))
        put(Int(rest / 3600), 2); out.append(UInt8(ascii: ":")); put(Int(rest % 3600 / 60), 2)
        out.append(UInt8(ascii: ":")); put(Int(rest % 60), 2)
        if ms != 0 { out.append(UInt8(ascii: ".")); put(Int(ms), 3) }
        out.append(UInt8(ascii: "Z"))
    }

    /// A time given as a number: unix seconds, or unix milliseconds when it is
    /// too large to be seconds (beyond the year 5138), as JavaScript tools write.
    static func fromUnix(_ value: Double) -> Date? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        return Date(timeIntervalSince1970: abs(value) >= 1e11 ? value / 1000 : value)
    }

    private static func daysInMonth(_ y: Int, _ m: Int) -> Int {
        switch m {
        case 2: return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's civil calendar algorithms (proleptic Gregorian).
    private static func daysFromCivil(_ year: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
