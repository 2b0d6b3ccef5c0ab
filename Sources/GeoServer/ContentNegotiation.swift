// Accept and Accept-Language as RFC 9110 §12.5 defines them: a comma-separated
// list whose elements may be empty (`;`, `,,` and `text/html,;` are legal lists
// of nothing), each a range with `;`-parameters and an optional q-value from
// 0 to 1 (q=0 means "not this"). A client sends these headers, and `Accept` is
// CORS-safelisted, so any web page can make a browser send any bytes in it:
// elements that do not parse are skipped, never trusted, and the answer is
// the best of what the endpoint offers, or its default.

/// One element of an Accept or Accept-Language list: the range as written (lower-cased) and its weight.
struct WeightedRange: Equatable, Sendable {
    var range: String
    /// 0...1000 (q-values have at most three decimals; 1000 is q=1).
    var weight: Int
    /// Position in the header, for ties.
    var position: Int
}

enum ContentNegotiation {
    /// The elements of a list header, in order, with their weights; malformed elements are left out.
    static func ranges(_ header: String) -> [WeightedRange] {
        var out: [WeightedRange] = []
        for (position, element) in header.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let parts = element.split(separator: ";", omittingEmptySubsequences: false)
            guard let first = parts.first else { continue }
            let range = first.trimmingCharacters(in: .whitespaces).lowercased()
            guard !range.isEmpty, range.utf8.allSatisfy(isRangeByte) else { continue }
            var weight = 1000
            var valid = true
            for parameter in parts.dropFirst() {
                let p = parameter.trimmingCharacters(in: .whitespaces)
                if p.isEmpty { continue }
                guard let eq = p.firstIndex(of: "=") else { continue }
                let name = p[..<eq].trimmingCharacters(in: .whitespaces).lowercased()
                guard name == "q" else { continue }
                guard let w = qValue(p[p.index(after: eq)...].trimmingCharacters(in: .whitespaces)) else { valid = false; break }
                weight = w
            }
            if valid { out.append(WeightedRange(range: range, weight: weight, position: position)) }
        }
        return out
    }

    /// RFC 9110's qvalue: "0" ["." 0*3DIGIT] or "1" ["." 0*3("0")], as thousandths.
    static func qValue(_ text: String) -> Int? {
        let b = Array(text.utf8)
        guard let first = b.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        guard b.count > 1 else { return value }
        guard b[1] == UInt8(ascii: "."), b.count <= 5 else { return nil }
        var scale = 100
        for d in b[2...] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(d) else { return nil }
            value += Int(d - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    /// Token characters, `/` and `*` (RFC 9110 §5.6.2): what a media or language range is made of.
    private static func isRangeByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~/".utf8.contains(b)
        }
    }

    /// Of `offered` media types (in the endpoint's order of preference), the one the Accept header
    /// weighs highest; nil when the header names none of them (or only with q=0), or is absent.
    /// The most specific matching range decides a type's weight (`text/html` over `text/*` over
    /// `*/*`); at equal weight a type named outright beats one a wildcard admits, the client's
    /// order decides between named ones and the endpoint's between the others.
    static func preferredType(_ accept: String?, offered: [String]) -> String? {
        guard let accept else { return nil }
        let ranges = ranges(accept)
        var best: (type: String, weight: Int, explicit: Bool, position: Int)?
        for type in offered {
            let t = type.lowercased()
            let family = (t.firstIndex(of: "/").map { String(t[..<$0]) } ?? t) + "/*"
            var match: (specificity: Int, range: WeightedRange)?
            for r in ranges {
                let specificity = r.range == t ? 3 : r.range == family ? 2 : r.range == "*/*" ? 1 : 0
                if specificity > (match?.specificity ?? 0) { match = (specificity, r) }
            }
            guard let m = match, m.range.weight > 0 else { continue }
            let candidate = (type: type, weight: m.range.weight, explicit: m.specificity == 3, position: m.range.position)
            guard let b = best else { best = candidate; continue }
            if candidate.weight != b.weight {
                if candidate.weight > b.weight { best = candidate }
            } else if candidate.explicit != b.explicit {
                if candidate.explicit { best = candidate }
            } else if candidate.explicit && candidate.position < b.position {
                best = candidate
            }
        }
        return best?.type
    }

    /// The language tag weighed highest in Accept-Language, without its region ("de-CH;q=0.9" →
    /// "de"); nil for none, `*`, or only q=0 ranges.
    static func preferredLanguage(_ header: String?) -> String? {
        guard let header else { return nil }
        let best = ranges(header).filter { $0.weight > 0 && $0.range != "*" }
            .max { $0.weight != $1.weight ? $0.weight < $1.weight : $0.position > $1.position }
        guard let tag = best?.range else { return nil }
        let primary = String(tag.prefix { $0 != "-" && $0 != "_" })
        return primary.isEmpty || !primary.allSatisfy({ $0.isASCII && $0.isLetter }) ? nil : primary
    }
}
