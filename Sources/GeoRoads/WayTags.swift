// How OSRM's profiles read a way's or a node's tags, shared by the three
// modes' rules: forward/backward values of a key family (lib/tags.lua), the
// choice among `a;b` access values (lib/access.lua resolve_access), the
// numbers of maxheight, maxwidth, maxweight (lib/measure.lua). Kept apart so each mode's file reads like its Lua
// profile: the same helper names, the same quirks (a Lua pattern `%d*` takes
// the digits at the start of a value and nothing else).
import Foundation

typealias Tags = [String: String]

extension Dictionary where Key == String, Value == String {
    /// Tags.get_forward_backward_by_set: for each key in order, `key:forward` / `key:backward`,
    /// else `key`, until both directions have a value.
    func forwardBackward(_ keys: [String]) -> (forward: String?, backward: String?) {
        var f: String?, b: String?
        for k in keys {
            if f == nil { f = self[k + ":forward"] }
            if b == nil { b = self[k + ":backward"] }
            if f == nil || b == nil {
                let common = self[k]
                f = f ?? common
                b = b ?? common
            }
            if f != nil && b != nil { break }
        }
        return (f, b)
    }

    /// Tags.get_forward_backward_by_key: `key:forward` / `key:backward`, else `key` for the
    /// directions the way's oneway leaves open.
    func forwardBackward(key: String, oneway: Oneway) -> (forward: String?, backward: String?) {
        var f = self[key + ":forward"], b = self[key + ":backward"]
        if f == nil || b == nil {
            let common = self[key]
            switch oneway {
            case .forward: f = f ?? common
            case .backward: b = b ?? common
            default: f = f ?? common; b = b ?? common
            }
        }
        return (f, b)
    }

    /// Tags.get_value_by_prefixed_sequence: the first of `prefix:k` for k in `keys`.
    func prefixed(_ prefix: String, _ keys: [String]) -> String? {
        for k in keys { if let v = self[prefix + ":" + k] { return v } }
        return nil
    }

    /// Access.find_access_tag: the first value along a hierarchy, most specific key first.
    func first(of keys: [String]) -> String? {
        for k in keys { if let v = self[k] { return v } }
        return nil
    }
}

/// One profile's access vocabulary (access_tag_whitelist, restricted_access_tag_list,
/// access_tag_blacklist) and the resolve_access choice among `;`-separated values.
struct AccessVocabulary {
    let whitelist: Set<String>
    let restricted: Set<String>
    let blacklist: Set<String>

    /// A list `no;yes` stands for its most permissive part: whitelisted over restricted over
    /// blacklisted over anything else; the first of equals.
    func resolve(_ value: String?) -> String? {
        guard let value, value.contains(";") else { return value }
        var best: String?, bestRank = -1
        for part in value.split(separator: ";") {
            let p = part.trimmingCharacters(in: .whitespaces)
            let rank = whitelist.contains(p) ? 3 : restricted.contains(p) ? 2 : blacklist.contains(p) ? 1 : 0
            if rank > bestRank { best = p; bestRank = rank }
        }
        return best ?? value
    }

    func allows(_ v: String?) -> Bool { v.map(whitelist.contains) ?? false }
    func forbids(_ v: String?) -> Bool { v.map(blacklist.contains) ?? false }
    func restricts(_ v: String?) -> Bool { v.map(restricted.contains) ?? false }
}

/// lib/measure.lua: the numbers in dimension tags.
enum Measure {
    /// The leading digits of a value, as Lua's `tonumber(s:match("%d*"))` reads them ("50 mph" → 50,
    /// "12.5" → 12, "walk" → nil).
    static func leadingInteger(_ s: String) -> Double? {
        let digits = s.prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Double(digits)
    }

    /// parse_value_meters: the first number anywhere in the value (a comma as decimal point);
    /// feet and inches (`6'6"`) converted.
    static func metres(_ value: String) -> Double? {
        let v = value.replacingOccurrences(of: ",", with: ".")
        guard let n = firstNumber(v) else { return nil }
        guard let quote = v.firstIndex(of: "'") else { return n }
        var inches = n * 12
        if let m = firstInteger(String(v[quote...])) { inches += m }
        return inches * 0.0254
    }

    /// get_max_height: "default", "none", "no-sign", "unsigned" mean the usual 4.5 m.
    static func height(_ value: String?) -> Double? {
        guard let value else { return nil }
        if ["default", "none", "no-sign", "unsigned"].contains(value) { return 4.5 }
        return metres(value)
    }

    /// parse_value_kilograms: tonnes unless "kg" or "lbs" follows.
    static func kilograms(_ value: String?) -> Double? {
        guard let value else { return nil }
        guard let n = firstNumber(value.replacingOccurrences(of: ",", with: ".")) else { return nil }
        if value.contains("lbs") { return n * 0.45359237 }
        if value.contains("kg") { return n }
        return n * 1000
    }

    /// Lua's `%d+%.?%d*`, the first match in the string.
    static func firstNumber(_ s: String) -> Double? {
        guard let start = s.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        var end = s[start...].firstIndex { !($0.isASCII && $0.isNumber) } ?? s.endIndex
        if end < s.endIndex, s[end] == "." {
            end = s[s.index(after: end)...].firstIndex { !($0.isASCII && $0.isNumber) } ?? s.endIndex
        }
        return Double(s[start..<end].hasSuffix(".") ? String(s[start..<end].dropLast()) : String(s[start..<end]))
    }

    static func firstInteger(_ s: String) -> Double? {
        guard let start = s.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        return Double(s[start...].prefix { $0.isASCII && $0.isNumber })
    }
}

extension Optional where Wrapped == String {
    /// Lua's test `x and x ~= ''`.
    var isSet: Bool { self.map { !$0.isEmpty } ?? false }
}
