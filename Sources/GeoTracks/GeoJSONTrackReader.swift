// Reads a track from GeoJSON: a LineString, MultiLineString, Feature,
// FeatureCollection or GeometryCollection. Every line becomes a segment in
// document order; points and polygons are counted (for the "no track" message)
// and otherwise ignored. Positions are [lon, lat(, ele)]. Times come from the
// de-facto conventions `properties.coordTimes` (togeojson) or
// `properties.times`: one entry per position, or one array per line.
import Foundation
import GeoBase

enum GeoJSONTrackReader {
    static func read(bytes input: [UInt8], file: String, maxPoints: Int) throws -> Track {
        var bytes = input
        // A byte order mark becomes spaces so offsets still match the file.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.replaceSubrange(0..<3, with: [0x20, 0x20, 0x20]) }
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            var e = error.inputError(file: file, bytes: bytes)
            e.message = "malformed JSON: " + e.message
            throw e
        }
        var walker = Walker(bytes: bytes, file: file, maxPoints: maxPoints)
        try walker.object(root, path: [], times: nil)
        guard !walker.segments.isEmpty else { throw walker.noTrack(root) }
        return Track(name: walker.name ?? root["name"]?.stringValue, segments: walker.segments)
    }
}

private struct Walker {
    let bytes: [UInt8]
    let file: String
    let maxPoints: Int
    var segments: [[TrackPoint]] = []
    var name: String?
    var pointCount = 0
    var emptyLines = 0
    var ignored: [(type: String, count: Int)] = []

    typealias Path = [JSONPathComponent]

    func error(_ message: String, at path: Path) -> InputError {
        guard let offset = JSONLocator.offset(of: path, in: bytes) else {
            return InputError(file: file, message: message)
        }
        let (line, column) = JSONParseError.lineColumn(of: offset, in: bytes)
        return InputError(file: file, line: line, column: column, offset: Int64(offset), message: message)
    }

    mutating func ignore(_ type: String) {
        if let i = ignored.firstIndex(where: { $0.type == type }) { ignored[i].count += 1 } else { ignored.append((type, 1)) }
    }

    /// Any GeoJSON object; `times` is the time array of the enclosing Feature.
    mutating func object(_ value: JSONValue, path: Path, times: (JSONValue, Path)?) throws {
        // GeometryCollections may nest; a hostile file must not recurse without bound.
        guard path.count <= 32 else { throw error("GeoJSON objects nested too deeply", at: path) }
        guard case .object = value else {
            throw error("expected a GeoJSON object (LineString, MultiLineString, Feature or FeatureCollection), found \(value.kindName)", at: path)
        }
        guard let type = value["type"]?.stringValue else {
            throw error("GeoJSON object without a \"type\" member at \(path.jsonPathText)", at: path)
        }
        switch type {
        case "FeatureCollection":
            guard let features = value["features"]?.arrayValue else {
                throw error("FeatureCollection without a \"features\" array", at: path)
            }
            for (i, feature) in features.enumerated() {
                try object(feature, path: path + [.key("features"), .index(i)], times: nil)
            }
        case "Feature":
            let properties = value["properties"]
            var featureTimes: (JSONValue, Path)?
            for key in ["coordTimes", "times"] {
                if let t = properties?[key], !t.isNull {
                    featureTimes = (t, path + [.key("properties"), .key(key)])
                    break
                }
            }
            guard let geometry = value["geometry"], !geometry.isNull else { ignore("Feature without geometry"); return }
            let before = segments.count
            try object(geometry, path: path + [.key("geometry")], times: featureTimes)
            if segments.count > before, name == nil, let n = properties?["name"]?.stringValue, !n.isEmpty { name = n }
        case "GeometryCollection":
            guard let geometries = value["geometries"]?.arrayValue else {
                throw error("GeometryCollection without a \"geometries\" array", at: path)
            }
            for (i, g) in geometries.enumerated() {
                try object(g, path: path + [.key("geometries"), .index(i)], times: nil)
            }
        case "LineString":
            let coordinates = path + [.key("coordinates")]
            guard let line = value["coordinates"]?.arrayValue else { throw error("LineString without a \"coordinates\" array", at: path) }
            try lines([line], paths: [coordinates], times: times)
        case "MultiLineString":
            let coordinates = path + [.key("coordinates")]
            guard let parts = value["coordinates"]?.arrayValue else { throw error("MultiLineString without a \"coordinates\" array", at: path) }
            var lineArrays: [[JSONValue]] = []
            for (i, part) in parts.enumerated() {
                guard let line = part.arrayValue else {
                    throw error("MultiLineString line must be an array of positions, found \(part.kindName)", at: coordinates + [.index(i)])
                }
                lineArrays.append(line)
            }
            try lines(lineArrays, paths: parts.indices.map { coordinates + [.index($0)] }, times: times)
        case "Point", "MultiPoint", "Polygon", "MultiPolygon":
            ignore(type)
        default:
            throw error("unsupported GeoJSON type \"\(type.prefix(40))\"", at: path + [.key("type")])
        }
    }

    mutating func lines(_ lines: [[JSONValue]], paths: [Path], times: (JSONValue, Path)?) throws {
        let perLine = try distribute(times, lineLengths: lines.map(\.count))
        for (k, line) in lines.enumerated() {
            guard !line.isEmpty else { emptyLines += 1; continue }
            var points: [TrackPoint] = []
            points.reserveCapacity(line.count)
            for (i, position) in line.enumerated() {
                pointCount += 1
                if pointCount > maxPoints {
                    throw error("too many points: the limit is \(maxPoints) track points", at: paths[k] + [.index(i)])
                }
                points.append(try point(position, path: paths[k] + [.index(i)], time: perLine?[k][i]))
            }
            segments.append(points)
        }
    }

    func point(_ position: JSONValue, path: Path, time: Date?) throws -> TrackPoint {
        guard let p = position.arrayValue, p.count >= 2, let lon = p[0].doubleValue, let lat = p[1].doubleValue else {
            throw error("position at \(path.jsonPathText) must be [lon, lat] numbers, found \(position.jsonString().prefix(40))", at: path)
        }
        if let problem = CoordinateCheck.problem(lat: lat, lon: lon) {
            throw error("point at \(path.jsonPathText) \(problem)", at: path)
        }
        var elevation: Double?
        if p.count >= 3, !p[2].isNull {
            guard let e = p[2].doubleValue else { throw error("elevation at \(path.jsonPathText) must be a number", at: path + [.index(2)]) }
            elevation = e
        }
        return TrackPoint(coordinate: Coordinate(lat: lat, lon: lon), time: time, elevation: elevation)
    }

    /// Splits a Feature's time array over its lines: one array per line, or
    /// one flat list covering all positions in order.
    func distribute(_ times: (JSONValue, Path)?, lineLengths: [Int]) throws -> [[Date?]]? {
        guard let (value, path) = times else { return nil }
        guard let entries = value.arrayValue else {
            throw error("\(path.jsonPathText) must be an array of times, found \(value.kindName)", at: path)
        }
        if !entries.isEmpty, entries.allSatisfy({ $0.arrayValue != nil }) {
            guard entries.count == lineLengths.count else {
                throw error("\(path.jsonPathText) has \(entries.count) time arrays but the geometry has \(lineLengths.count) lines", at: path)
            }
            return try entries.enumerated().map { k, line in
                let list = line.arrayValue!
                guard list.count == lineLengths[k] else {
                    throw error("\(path.jsonPathText)[\(k)] has \(list.count) times but the line has \(lineLengths[k]) points", at: path + [.index(k)])
                }
                return try list.enumerated().map { i, t in try time(t, path: path + [.index(k), .index(i)]) }
            }
        }
        let total = lineLengths.reduce(0, +)
        guard entries.count == total else {
            throw error("\(path.jsonPathText) has \(entries.count) times but the geometry has \(total) points", at: path)
        }
        let flat = try entries.enumerated().map { i, t in try time(t, path: path + [.index(i)]) }
        var result: [[Date?]] = []
        var start = 0
        for n in lineLengths {
            result.append(Array(flat[start..<(start + n)]))
            start += n
        }
        return result
    }

    func time(_ value: JSONValue, path: Path) throws -> Date? {
        switch value {
        case .null: return nil
        case .string(let s):
            if s.isEmpty { return nil }
            if let d = TrackTime.parse(s) { return d }
        case .int, .double:
            if let d = TrackTime.fromUnix(value.doubleValue!) { return d }
        default: break
        }
        throw error("invalid time \(value.jsonString().prefix(60)) at \(path.jsonPathText): expected ISO 8601 text or unix seconds", at: path)
    }

    func noTrack(_ root: JSONValue) -> InputError {
        var found: [String] = ignored.map { "\($0.count) \($0.type)" }
        if emptyLines > 0 { found.append("\(emptyLines) line\(emptyLines == 1 ? "" : "s") without coordinates") }
        let what: String
        if found.isEmpty {
            what = root["type"]?.stringValue == "FeatureCollection" ? "the FeatureCollection has no features" : "the GeoJSON has no line geometry"
        } else {
            what = "the GeoJSON has no LineString or MultiLineString, only " + found.joined(separator: ", ")
        }
        return error("no track found: " + what, at: [])
    }
}
