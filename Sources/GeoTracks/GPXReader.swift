// Streaming GPX 1.0/1.1 reader on top of expat: bytes are fed in chunks and
// only the points are kept, never a document tree, so file size is bounded by
// the point limit rather than by memory. Tracks (trk/trkseg/trkpt) are used
// when present, routes (rte/rtept) otherwise; waypoints are only counted so the
// "no track" error can say what the file did contain.
//
// Namespaces: elements count as GPX when they share the root element's
// namespace (GPX 1.0, 1.1 or none); anything in another namespace and anything
// inside <extensions> is skipped, so e.g. <gh:time> never becomes a point time.
// A DOCTYPE is allowed (some exporters write one), entity declarations are
// refused at the first, as the OSM reader refuses them: no billion laughs to
// expand, no external entity to name. Expat's own limits stay on beneath.
import CExpat
import Foundation
import GeoBase

final class GPXReader {
    private enum Kind: UInt8 { case gpx, metadata, trk, trkseg, rte, point, wpt, name, ele, time, skip, other }
    private typealias Position = (line: Int, column: Int)

    let file: String
    let maxPoints: Int
    private let parser: XML_Parser
    private var failure: InputError?

    private var stack: [Kind] = []
    private var rootNamespace: [UInt8] = []
    private var rootPosition: Position = (1, 1)
    private var text: [UInt8] = []
    private var textPosition: Position = (1, 1)

    private var trkSegments: [[TrackPoint]] = []
    private var rteSegments: [[TrackPoint]] = []
    private var segment: [TrackPoint] = []
    private var point = TrackPoint(coordinate: Coordinate(lat: 0, lon: 0))
    private var pointCount = 0

    private var trkName: String?, rteName: String?, documentName: String?
    private var trkCount = 0, trksegCount = 0, trkptCount = 0, rteCount = 0, rteptCount = 0, wptCount = 0
    private var firstTrk: Position?, firstTrkseg: Position?, firstRte: Position?

    init(file: String, maxPoints: Int = TrackReader.defaultMaxPoints) {
        self.file = file
        self.maxPoints = maxPoints
        // U+0001 cannot occur in XML names or namespace URIs, so it separates them safely.
        parser = XML_ParserCreateNS(nil, 1)
        XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
        XML_SetElementHandler(parser, { userData, name, attributes in
            guard let userData, let name else { return }
            Unmanaged<GPXReader>.fromOpaque(userData).takeUnretainedValue().start(name, attributes)
        }, { userData, _ in
            guard let userData else { return }
            Unmanaged<GPXReader>.fromOpaque(userData).takeUnretainedValue().end()
        })
        XML_SetEntityDeclHandler(parser, { userData, _, _, _, _, _, _, _, _ in
            guard let userData else { return }
            Unmanaged<GPXReader>.fromOpaque(userData).takeUnretainedValue().fail("entity declarations are not allowed in GPX files")
        })
        XML_SetCharacterDataHandler(parser, { userData, chars, length in
            guard let userData, let chars, length > 0 else { return }
            let reader = Unmanaged<GPXReader>.fromOpaque(userData).takeUnretainedValue()
            guard let kind = reader.stack.last, kind == .name || kind == .ele || kind == .time,
                  reader.text.count < 4096 else { return }
            // Capped: a legitimate name, time or elevation is far shorter.
            let take = min(Int(length), 4096 - reader.text.count)
            chars.withMemoryRebound(to: UInt8.self, capacity: take) {
                reader.text.append(contentsOf: UnsafeBufferPointer(start: $0, count: take))
            }
        })
    }

    deinit { XML_ParserFree(parser) }

    // MARK: Feeding

    func feed(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try feed($0, isFinal: false) }
    }

    func feed(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) throws {
        var offset = 0
        repeat {
            // XML_Parse takes an int length; large buffers go in 16 MiB slices.
            let n = min(bytes.count - offset, 1 << 24)
            let last = isFinal && offset + n == bytes.count
            let base = bytes.baseAddress.map { $0.advanced(by: offset).assumingMemoryBound(to: CChar.self) }
            let status = XML_Parse(parser, base, Int32(n), last ? 1 : 0)
            if let failure { throw failure }
            if status == XML_STATUS_ERROR { throw xmlError() }
            offset += n
        } while offset < bytes.count
    }

    /// Ends the document and returns the track, or explains why there is none.
    func finish() throws -> Track {
        try feed(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true)
        if !trkSegments.isEmpty {
            return Track(name: trkName ?? documentName, segments: trkSegments)
        }
        if !rteSegments.isEmpty {
            return Track(name: rteName ?? documentName, segments: rteSegments)
        }
        throw noTrack()
    }

    private func xmlError() -> InputError {
        let code = XML_GetErrorCode(parser)
        let reason = XML_ErrorString(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
        return InputError(file: file, line: Int(XML_GetCurrentLineNumber(parser)),
                          column: Int(XML_GetCurrentColumnNumber(parser)) + 1,
                          offset: Int64(XML_GetCurrentByteIndex(parser)), message: "malformed XML: \(reason)")
    }

    private var here: Position {
        (Int(XML_GetCurrentLineNumber(parser)), Int(XML_GetCurrentColumnNumber(parser)) + 1)
    }

    private func fail(_ message: String, at position: Position? = nil) {
        guard failure == nil else { return }
        let p = position ?? here
        failure = InputError(file: file, line: p.line, column: p.column, message: message)
        XML_StopParser(parser, 0)
    }

    private func noTrack() -> InputError {
        let waypoints = wptCount > 0 ? "; its \(wptCount) wpt waypoint\(wptCount == 1 ? " is" : "s are") not a track" : ""
        if trkCount == 0 && rteCount == 0 {
            if wptCount > 0 {
                return InputError(file: file, line: rootPosition.line, column: rootPosition.column,
                                  message: "no track found: the file has only waypoints (\(wptCount) wpt, no trk or rte)")
            }
            return InputError(file: file, line: rootPosition.line, column: rootPosition.column,
                              message: "no track found: the GPX file has no trk, rte or wpt element")
        }
        if trkCount > 0 && trksegCount == 0, let p = firstTrk {
            return InputError(file: file, line: p.line, column: p.column,
                              message: "no track found: the trk has no trkseg, so no track points\(rteCount > 0 ? " (and the rte has no rtept)" : "")\(waypoints)")
        }
        if trksegCount > 0, let p = firstTrkseg {
            return InputError(file: file, line: p.line, column: p.column,
                              message: "no track found: the trkseg has no trkpt\(rteCount > 0 ? " (and the rte has no rtept)" : "")\(waypoints)")
        }
        let p = firstRte ?? rootPosition
        return InputError(file: file, line: p.line, column: p.column, message: "no track found: the rte has no rtept\(waypoints)")
    }

    // MARK: Elements

    private func start(_ name: UnsafePointer<CChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        guard failure == nil else { return }
        let (namespace, local) = GPXReader.split(name)
        guard let parent = stack.last else {
            guard local == "gpx" else {
                fail("not a GPX file: the root element is <\(local)>, expected <gpx>")
                return
            }
            rootNamespace = Array(namespace)
            rootPosition = here
            stack.append(.gpx)
            return
        }
        if parent == .skip || !sameNamespace(namespace) || local == "extensions" {
            stack.append(.skip)
            return
        }
        var kind = Kind.other
        switch (parent, local) {
        case (.gpx, "metadata"): kind = .metadata
        case (.gpx, "name"), (.metadata, "name"), (.trk, "name"), (.rte, "name"): kind = .name
        case (.gpx, "wpt"): kind = .wpt; wptCount += 1
        case (.gpx, "trk"):
            kind = .trk
            trkCount += 1
            if firstTrk == nil { firstTrk = here }
        case (.trk, "trkseg"):
            kind = .trkseg
            trksegCount += 1
            if firstTrkseg == nil { firstTrkseg = here }
            segment = []
        case (.gpx, "rte"):
            kind = .rte
            rteCount += 1
            if firstRte == nil { firstRte = here }
            segment = []
        case (.trkseg, "trkpt"), (.rte, "rtept"):
            kind = .point
            if parent == .trkseg { trkptCount += 1 } else { rteptCount += 1 }
            pointCount += 1
            if pointCount > maxPoints {
                fail("too many points: the limit is \(maxPoints) track points")
                return
            }
            guard let coordinate = coordinate(local, attributes) else { return }
            point = TrackPoint(coordinate: coordinate)
        case (.point, "ele"): kind = .ele
        case (.point, "time"): kind = .time
        default: kind = .other
        }
        if kind == .name || kind == .ele || kind == .time {
            text.removeAll(keepingCapacity: true)
            textPosition = here
        }
        stack.append(kind)
    }

    private func end() {
        guard failure == nil, let kind = stack.popLast() else { return }
        switch kind {
        case .name:
            let value = GPXReader.trimmed(text)
            guard !value.isEmpty else { break }
            switch stack.last {
            case .trk?: if trkName == nil { trkName = value }
            case .rte?: if rteName == nil { rteName = value }
            default: if documentName == nil { documentName = value }
            }
        case .ele:
            if let ele = NumberScan.double(text[...]), ele.isFinite {
                point.elevation = ele
            } else if !GPXReader.trimmed(text).isEmpty {
                fail("invalid ele \"\(GPXReader.trimmed(text).prefix(60))\": expected a number of metres", at: textPosition)
                return
            }
        case .time:
            if let time = TrackTime.parse(text) { point.time = time; break }
            guard !GPXReader.trimmed(text).isEmpty else { break }
            fail("invalid time \"\(GPXReader.trimmed(text).prefix(60))\": expected ISO 8601 such as 2019-01-02T08:25:47Z",
                 at: textPosition)
            return
        case .point:
            segment.append(point)
        case .trkseg:
            if !segment.isEmpty { trkSegments.append(segment) }
            segment = []
        case .rte:
            if !segment.isEmpty { rteSegments.append(segment) }
            segment = []
        default:
            break
        }
    }

    /// The lat/lon attributes of a trkpt/rtept, or nil after reporting why not.
    private func coordinate(_ element: String, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Coordinate? {
        var lat: UnsafePointer<CChar>?, lon: UnsafePointer<CChar>?
        var i = 0
        while let attributes, let key = attributes[i], let value = attributes[i + 1] {
            if strcmp(key, "lat") == 0 { lat = value } else if strcmp(key, "lon") == 0 { lon = value }
            i += 2
        }
        guard let lat else { fail("<\(element)> has no lat attribute"); return nil }
        guard let lon else { fail("<\(element)> has no lon attribute"); return nil }
        func number(_ p: UnsafePointer<CChar>) -> Double? {
            NumberScan.double(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
        }
        guard let la = number(lat) else { fail("<\(element)> has an invalid lat \"\(String(cString: lat).prefix(40))\": not a number"); return nil }
        guard let lo = number(lon) else { fail("<\(element)> has an invalid lon \"\(String(cString: lon).prefix(40))\": not a number"); return nil }
        if let problem = CoordinateCheck.problem(lat: la, lon: lo) {
            fail("<\(element)> \(problem)")
            return nil
        }
        return Coordinate(lat: la, lon: lo)
    }

    private func sameNamespace(_ ns: UnsafeBufferPointer<UInt8>) -> Bool {
        guard ns.count == rootNamespace.count else { return false }
        guard let base = ns.baseAddress else { return true }
        return rootNamespace.withUnsafeBufferPointer { memcmp(base, $0.baseAddress!, ns.count) == 0 }
    }

    /// The namespace part points into expat's buffer and is only valid during
    /// the callback; comparing it in place avoids an allocation per element.
    private static func split(_ name: UnsafePointer<CChar>) -> (UnsafeBufferPointer<UInt8>, String) {
        let length = strlen(name)
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: length)
        guard let sep = bytes.firstIndex(of: 1) else {
            return (UnsafeBufferPointer(start: nil, count: 0), String(decoding: bytes, as: UTF8.self))
        }
        return (UnsafeBufferPointer(rebasing: bytes[..<sep]), String(decoding: bytes[(sep + 1)...], as: UTF8.self))
    }

    private static func trimmed(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The one wording for bad coordinates, shared by all track readers.
enum CoordinateCheck {
    static func problem(lat: Double, lon: Double) -> String? {
        if !lat.isFinite { return "has a non-finite latitude (\(lat))" }
        if !lon.isFinite { return "has a non-finite longitude (\(lon))" }
        if abs(lat) > 90 { return "has latitude \(lat) out of range (must be between -90 and 90)" }
        if abs(lon) > 180 { return "has longitude \(lon) out of range (must be between -180 and 180)" }
        return nil
    }
}
