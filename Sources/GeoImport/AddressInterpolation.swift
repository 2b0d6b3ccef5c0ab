// Why this exists: OSM maps a row of houses as a line tagged `addr:interpolation`
// (odd, even, all, alphabetic, or a step) whose first and last nodes, and sometimes
// nodes between, carry `addr:housenumber`. Nominatim finds "7 Main Street" inside
// such a range where the house would be; so does this index. While the ways stream
// by, the collector hands each such line here with its nodes' coordinates (the node
// store is gone by the end); the numbered nodes are address drafts in the archive,
// read back only at the end. There, numbered nodes without a street first get the
// line's (`giveStreets`: its own, an end's, else the nearest street way's), and then
// `materialise` runs: every number missing between
// two consecutive numbered nodes becomes an address draft, placed evenly along the
// line between them by length, as Nominatim does. The synthesized addresses keep the
// line's identity (way and id, shared by all numbers of one line, as Nominatim
// answers); numbers that exist as addresses of the same street nearby are not added
// twice. Oddities are counted as import warnings, never fatal: a range of ten million
// numbers costs one warning, not a loop.
import GeoBase
import GeoFormat
import GeoModel

/// How the numbers of an interpolation line run.
enum InterpolationType: Equatable {
    /// Every `step`-th number from the lower end; with a parity (0 even, 1 odd), the numbers of it.
    case numbers(step: Int, parity: Int?)
    /// The letters between two ends of one number (12a–12f).
    case alphabetic

    init?(_ value: String) {
        switch value.trimmed.lowercased() {
        case "odd": self = .numbers(step: 2, parity: 1)
        case "even": self = .numbers(step: 2, parity: 0)
        case "all": self = .numbers(step: 1, parity: nil)
        case "alphabetic": self = .alphabetic
        case let v:
            guard let step = Int(v), step >= 1, step <= 1_000 else { return nil }
            self = .numbers(step: step, parity: nil)
        }
    }
}

/// A house number as its leading number and what follows it ("12a" → 12 and "a").
struct HouseNumber: Equatable {
    var number: Int
    var suffix: Substring

    init?(_ text: String) {
        let t = Substring(text.trimmed)
        let digits = t.prefix { ("0"..."9").contains($0) }
        guard !digits.isEmpty, digits.count <= 9, let n = Int(digits) else { return nil }
        number = n
        suffix = t.dropFirst(digits.count).drop { $0 == " " }
    }

    /// Position of the suffix letter in the alphabet (0 without a letter, 1 for a), nil when the suffix is no letter.
    var letter: Int? {
        if suffix.isEmpty { return 0 }
        guard suffix.count == 1, let a = suffix.lowercased().unicodeScalars.first?.value, (97...122).contains(a) else { return nil }
        return Int(a) - 96
    }
}

/// The interpolation lines of an import, kept flat: ids, types, and their nodes' ids and coordinates.
struct InterpolationLines {
    /// A stretch (between two numbered nodes) spanning more numbers than this is left out, with a warning.
    static let maxNumbersPerStretch = 1_000
    /// An existing address of the same street and number within this distance is the same house.
    static let sameHouseDistance = 1_000.0

    private struct Tagged { var street: String?; var postcode: String?; var city: String? }
    private struct Candidate {
        var number: String, point: FixedCoordinate, street: String, postcode: String?, city: String?, way: Int64
    }

    private var ids: [Int64] = []
    private var types: [InterpolationType] = []
    private var ends: [Int] = []
    private var refs: [Int64] = []
    private var points: [FixedCoordinate] = []
    /// The line's own addr:street, addr:postcode and addr:city, for the lines that have them.
    private var tagged: [Int: Tagged] = [:]
    private var unknownTypes = 0
    /// Lines recorded and addresses made (for the build report).
    private(set) var lineCount = 0
    private(set) var added = 0

    /// Records the way when it is an interpolation line. True when it is that and nothing else
    /// (a highway tagged with a range stays a street as well).
    mutating func record(way id: Int64, refs wayRefs: ArraySlice<Int64>, tags: [String: String], nodes: NodeStore) -> Bool {
        guard let value = tags["addr:interpolation"] else { return false }
        let onlyThis = tags["highway"] == nil
        lineCount += 1
        guard let type = InterpolationType(value) else {
            unknownTypes += 1
            return onlyThis
        }
        let start = refs.count
        for r in wayRefs {
            guard let c = nodes.coordinate(of: r) else { continue }   // counted as a missing node already
            refs.append(r)
            points.append(c)
        }
        guard refs.count - start >= 2 else {
            refs.removeSubrange(start...)
            points.removeSubrange(start...)
            return onlyThis
        }
        let own = Tagged(street: (tags["addr:street"] ?? tags["addr:place"])?.trimmed.nonEmpty,
                         postcode: tags["addr:postcode"]?.trimmed.nonEmpty, city: tags["addr:city"]?.trimmed.nonEmpty)
        if own.street != nil || own.postcode != nil || own.city != nil { tagged[ids.count] = own }
        ids.append(id)
        types.append(type)
        ends.append(refs.count)
        return onlyThis
    }

    /// Address drafts for the numbers between the numbered nodes of every line (whose drafts are
    /// among `drafts`), less those `drafts` has already nearby. The lines are let go.
    mutating func materialise(_ drafts: [LandmarkDraft], warnings: inout ImportWarnings) -> [LandmarkDraft] {
        warnings[.interpolationsOfUnknownType] += unknownTypes
        defer { self = InterpolationLines(lineCount: lineCount, added: added) }
        guard !ids.isEmpty else { return [] }
        let numbered = numberedNodes(drafts)
        var candidates: [Candidate] = []
        var start = 0
        for line in ids.indices {
            interpolate(line, nodes: start..<ends[line], numbered: numbered, drafts: drafts, into: &candidates, warnings: &warnings)
            start = ends[line]
        }
        let out = Self.keepNew(candidates, among: drafts)
        added = out.count
        return out
    }

    /// The numbered nodes: a dictionary of only the nodes these lines use, to their drafts.
    private func numberedNodes(_ drafts: [LandmarkDraft]) -> [Int64: Int] {
        let wanted = Set(refs)
        var numbered: [Int64: Int] = [:]
        for (i, d) in drafts.enumerated() where d.osmType == .node && d.houseNumber != nil && wanted.contains(d.osmID) {
            numbered[d.osmID] = i
        }
        return numbered
    }

    /// Gives the numbered nodes of each line that have neither addr:street nor addr:place the
    /// line's street, as Nominatim gives a node of an interpolation the line's parent: the line's
    /// own addr:street (or addr:place), else that of its first numbered node that has one, else
    /// the street way nearest the line (least distance summed over its start, middle and end).
    /// Returns how many nodes got a street. Run before `materialise`, so the ends share a street.
    func giveStreets(_ drafts: inout [LandmarkDraft], grid: StreetGrid) -> Int {
        guard !ids.isEmpty else { return 0 }
        let numbered = numberedNodes(drafts)
        var given = 0, start = 0
        for line in ids.indices {
            defer { start = ends[line] }
            let stops = (start..<ends[line]).compactMap { numbered[refs[$0]] }
            guard stops.contains(where: { drafts[$0].street == nil }) else { continue }
            let fromEnd = stops.first { drafts[$0].street != nil }.flatMap { drafts[$0].street }
            guard let street = tagged[line]?.street ?? fromEnd ?? nearestStreet(points[start..<ends[line]], grid: grid) else { continue }
            for i in stops where drafts[i].street == nil {
                drafts[i].street = street
                given += 1
            }
        }
        return given
    }

    /// The street way nearest a line: of those nearest its start, middle and end, the one least far
    /// from the three summed (Nominatim's rule for a line without a street).
    private func nearestStreet(_ line: ArraySlice<FixedCoordinate>, grid: StreetGrid) -> String? {
        let ends = [line.first!, Self.point(line, Self.cumulativeLengths(line), at: 0.5), line.last!]
        var candidates: [Int] = []
        for p in ends {
            if let hit = grid.nearest(to: p, within: StreetGrid.reach(at: p)), !candidates.contains(hit.part) { candidates.append(hit.part) }
        }
        let best = candidates.map { c in (ends.reduce(0.0) { $0 + grid.distance(from: $1, toPart: c) }, c) }.min { $0 < $1 }
        return best.flatMap { grid.name(ofPart: $0.1) }
    }

    private init(lineCount: Int, added: Int) {
        self.lineCount = lineCount
        self.added = added
    }

    init() {}

    private func interpolate(_ line: Int, nodes: Range<Int>, numbered: [Int64: Int], drafts: [LandmarkDraft],
                             into out: inout [Candidate], warnings: inout ImportWarnings) {
        var stops: [(k: Int, draft: Int, number: HouseNumber)] = []
        for k in nodes {
            if let i = numbered[refs[k]], let n = HouseNumber(drafts[i].houseNumber!) { stops.append((k, i, n)) }
        }
        guard stops.count >= 2, stops.first!.k == nodes.lowerBound, stops.last!.k == nodes.upperBound - 1 else {
            warnings[.interpolationsWithoutEndNumber] += 1
            return
        }
        let own = tagged[line]
        for s in 1..<stops.count {
            let a = stops[s - 1], b = stops[s]
            let da = drafts[a.draft], db = drafts[b.draft]
            if let sa = da.street, let sb = db.street, sa.lowercased() != sb.lowercased() {
                warnings[.interpolationsAcrossStreets] += 1
                continue
            }
            guard let street = own?.street ?? da.street ?? db.street else { continue }
            guard let numbers = Self.numbers(from: a.number, to: b.number, type: types[line], warnings: &warnings),
                  !numbers.isEmpty else { continue }
            let stretch = points[a.k...b.k]
            let along = Self.cumulativeLengths(stretch)
            for (text, fraction) in numbers {
                let near = fraction < 0.5 ? da : db, far = fraction < 0.5 ? db : da
                out.append(Candidate(number: text, point: Self.point(stretch, along, at: fraction), street: street,
                                     postcode: own?.postcode ?? near.postcode ?? far.postcode,
                                     city: own?.city ?? near.city ?? far.city, way: ids[line]))
            }
        }
    }

    /// The numbers strictly between two ends, each with its place between them (0 at `a`, 1 at `b`);
    /// nil (with a warning counted) when the stretch is left out.
    static func numbers(from a: HouseNumber, to b: HouseNumber, type: InterpolationType,
                        warnings: inout ImportWarnings) -> [(text: String, fraction: Double)]? {
        switch type {
        case let .numbers(step, parity):
            let lo = min(a.number, b.number), hi = max(a.number, b.number)
            let first: Int, stride: Int, fits: Bool
            if let parity {
                first = (lo + 1) % 2 == parity ? lo + 1 : lo + 2
                stride = 2
                fits = lo % 2 == parity && hi % 2 == parity
            } else {
                first = lo + step
                stride = step
                fits = (hi - lo) % step == 0
            }
            if !fits { warnings[.interpolationsNotFittingType] += 1 }
            let count = first < hi ? (hi - 1 - first) / stride + 1 : 0
            guard count <= maxNumbersPerStretch else {
                warnings[.interpolationsTooLong] += 1
                return nil
            }
            let span = Double(b.number - a.number)
            return Swift.stride(from: first, to: hi, by: stride).map { (String($0), Double($0 - a.number) / span) }
        case .alphabetic:
            guard a.number == b.number, let la = a.letter, let lb = b.letter else {
                warnings[.interpolationsNotFittingType] += 1
                return nil
            }
            let upper = (a.suffix + b.suffix).contains { $0.isUppercase }
            let lo = min(la, lb), hi = max(la, lb)
            guard hi - lo >= 2 else { return [] }
            let span = Double(lb - la)
            return (lo + 1..<hi).map { l in
                let letter = String(UnicodeScalar(UInt8(96 + l)))
                return ("\(a.number)\(upper ? letter.uppercased() : letter)", Double(l - la) / span)
            }
        }
    }

    /// Metres from the first point to each point of a line.
    static func cumulativeLengths(_ line: ArraySlice<FixedCoordinate>) -> [Double] {
        var out = [0.0]
        out.reserveCapacity(line.count)
        var previous = line.first!
        for p in line.dropFirst() {
            out.append(out.last! + previous.coordinate.distance(to: p.coordinate))
            previous = p
        }
        return out
    }

    /// The point at `fraction` of a line's length (`along`: its cumulative lengths).
    static func point(_ line: ArraySlice<FixedCoordinate>, _ along: [Double], at fraction: Double) -> FixedCoordinate {
        let target = max(0, min(1, fraction)) * along.last!
        // The first point at or past the target, by binary search: a line may have a million nodes.
        var lo = 1, hi = along.count - 1
        guard hi >= 1, along.last! > 0 else { return line.first! }
        while lo < hi {
            let mid = (lo + hi) / 2
            if along[mid] < target { lo = mid + 1 } else { hi = mid }
        }
        let a = line[line.startIndex + lo - 1], b = line[line.startIndex + lo]
        let d = along[lo] - along[lo - 1]
        let t = d > 0 ? (target - along[lo - 1]) / d : 0
        return FixedCoordinate(lat: Int32((Double(a.lat) + t * Double(b.lat - a.lat)).rounded()),
                               lon: Int32((Double(a.lon) + t * Double(b.lon - a.lon)).rounded()))
    }

    /// The candidates as address drafts, less the numbers an address of the same street already has
    /// close by (and the second of two lines giving one number).
    private static func keepNew(_ candidates: [Candidate], among drafts: [LandmarkDraft]) -> [LandmarkDraft] {
        guard !candidates.isEmpty else { return [] }
        struct House: Hashable { var street: String, number: String }
        let streets = Set(candidates.map(\.street))
        var existing: [House: [(point: FixedCoordinate, postcode: String?)]] = [:]
        for d in drafts where d.kind == .address {
            guard let s = d.street, streets.contains(s), let h = d.houseNumber else { continue }
            for n in Self.numberKeys(h) { existing[House(street: s, number: n), default: []].append((d.point, d.postcode)) }
        }
        // Category and importance as any address has them.
        let kind = LandmarkClassifier.classify(["addr:housenumber": "1", "addr:street": "a"], type: .node)!
        var out: [LandmarkDraft] = []
        out.reserveCapacity(candidates.count)
        for c in candidates {
            let key = House(street: c.street, number: c.number.lowercased())   // made numbers: digits and a letter
            if let near = existing[key], near.contains(where: { e in
                e.point.coordinate.distance(to: c.point.coordinate) < sameHouseDistance
                    && (e.postcode == nil || c.postcode == nil || e.postcode == c.postcode)
            }) { continue }
            existing[key, default: []].append((c.point, c.postcode))
            var d = LandmarkDraft(osmType: .way, osmID: c.way, kind: kind.kind, categoryKey: kind.key, categoryValue: kind.value,
                                  point: c.point, importance: clampImportance(kind.importance), names: [])
            d.houseNumber = c.number
            d.street = c.street
            d.postcode = c.postcode
            d.city = c.city
            out.append(d)
        }
        return out
    }

    /// The numbers a house number stands for, folded: "7 A" → 7a; "5;7" → 5, 7; "10-14" → 10 … 14.
    static func numberKeys(_ h: String) -> [String] {
        var out: [String] = []
        for part in h.lowercased().split(whereSeparator: { $0 == ";" || $0 == "," }) {
            let folded = String(part.filter { $0 != " " })
            guard !folded.isEmpty else { continue }
            out.append(folded)
            let ends = folded.split(separator: "-")
            if ends.count == 2, let x = Int(ends[0]), let y = Int(ends[1]), x < y, y - x <= 50 {
                out.append(contentsOf: (x...y).map(String.init))
            }
        }
        return out.isEmpty ? [h] : out
    }
}
