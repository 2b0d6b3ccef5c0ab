// Entry point for reading a track file of any supported format. The format is
// sniffed from the content, never from the extension (people rename files and
// pipe them through stdin): XML means GPX, JSON means GeoJSON, anything else is
// tried as CSV. GPX is streamed from the file in chunks; GeoJSON and CSV are
// read whole, up to the bytes `maxPoints` points can take (their readers stop
// at `maxPoints` all the same).
import Foundation
import GeoBase

public enum TrackFormat: String, Sendable, Equatable {
    case gpx
    case geoJSON = "geojson"
    case csv
}

public enum TrackReader {
    /// Five days of 1 Hz recording. A point costs `georoute match` about 0.5 KB of peak memory
    /// (1.6 KB with JSON output, which lists every input point): half a million stay under 1 GB,
    /// and a hostile or mistaken input stops with a clear error long before memory runs out.
    /// Front ends pass a smaller `maxPoints` where they need one (geoserve's POST /match).
    public static let defaultMaxPoints = 500_000

    /// The most bytes of a GeoJSON or CSV file read for a track of `maxPoints` points: those are
    /// read whole, so a file too large is refused before it is held (GPX is streamed and stops at
    /// the point limit). 200 bytes a point is generous (a CSV line with a time is about 60).
    public static func maxWholeFileBytes(maxPoints: Int) -> Int { maxPoints.multipliedReportingOverflow(by: 200).overflow ? .max : maxPoints * 200 }

    /// Reads the track at `path`; `-` reads standard input (or the descriptor given). Throws InputError.
    public static func read(path: String, standardInput: Int32 = 0, maxPoints: Int = defaultMaxPoints) throws -> Track {
        let file = InputFile(path, standardInput: standardInput)
        let name = file.name
        let (fd, owned) = try file.openForReading()
        defer { if owned { close(fd) } }
        var input = FileChunks(fd: fd, name: name)

        // Read just far enough to see the first meaningful byte.
        var head: [UInt8] = []
        var format: TrackFormat?
        while format == nil, let chunk = try input.next(size: 64 * 1024) {
            head += chunk
            format = sniff(head)
        }
        guard let format else { throw emptyInput(name: name, byteCount: head.count) }
        try rejectCompressed(head, name: name)
        if format == .gpx {
            let reader = GPXReader(file: name, maxPoints: maxPoints)
            try reader.feed(head)
            while let chunk = try input.next(size: 1 << 20) { try reader.feed(chunk) }
            return try reader.finish()
        }
        let maxBytes = maxWholeFileBytes(maxPoints: maxPoints)
        while let chunk = try input.next(size: 1 << 20) {
            head += chunk
            if head.count > maxBytes {
                throw InputError(file: name, message: "too large for a track: \(format == .csv ? "CSV" : "GeoJSON") is read whole, and the limit of \(maxPoints) track points allows at most \(maxBytes) bytes")
            }
        }
        return try read(format: format, bytes: head, name: name, maxPoints: maxPoints)
    }

    /// Reads a track held in memory; `name` is used in error messages.
    public static func read(data: [UInt8], name: String, maxPoints: Int = defaultMaxPoints) throws -> Track {
        guard let format = sniff(data) else { throw emptyInput(name: name, byteCount: data.count) }
        try rejectCompressed(data, name: name)
        return try read(format: format, bytes: data, name: name, maxPoints: maxPoints)
    }

    public static func read(data: Data, name: String, maxPoints: Int = defaultMaxPoints) throws -> Track {
        try read(data: [UInt8](data), name: name, maxPoints: maxPoints)
    }

    /// The format suggested by the first byte that is neither a byte order mark
    /// nor whitespace; nil when there is no such byte (empty input).
    public static func sniff<C: Collection>(_ bytes: C) -> TrackFormat? where C.Element == UInt8 {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        guard let first = rest.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            return nil
        }
        switch first {
        case UInt8(ascii: "<"): return .gpx
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .geoJSON
        default: return .csv
        }
    }

    private static func read(format: TrackFormat, bytes: [UInt8], name: String, maxPoints: Int) throws -> Track {
        switch format {
        case .gpx:
            let reader = GPXReader(file: name, maxPoints: maxPoints)
            try reader.feed(bytes)
            return try reader.finish()
        case .geoJSON:
            return try GeoJSONTrackReader.read(bytes: bytes, file: name, maxPoints: maxPoints)
        case .csv:
            return try CSVTrackReader.read(bytes: bytes, file: name, maxPoints: maxPoints)
        }
    }

    private static func emptyInput(name: String, byteCount: Int) -> InputError {
        InputError(file: name, message: byteCount == 0
            ? "empty input: no track data (0 bytes)"
            : "empty input: the file contains only whitespace")
    }

    /// Compressed files would otherwise be sniffed as CSV and fail with a
    /// confusing header error.
    private static func rejectCompressed(_ head: [UInt8], name: String) throws {
        if head.starts(with: [0x1F, 0x8B]) {
            throw InputError(file: name, offset: 0, message: "the file is gzip-compressed; decompress it first (gunzip)")
        }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            throw InputError(file: name, offset: 0, message: "the file is a ZIP archive (KMZ?); extract the GPX, GeoJSON or CSV inside")
        }
    }
}

/// Reads a file descriptor chunk by chunk, turning read errors into InputError.
private struct FileChunks {
    let fd: Int32
    let name: String
    var atEnd = false

    mutating func next(size: Int) throws -> [UInt8]? {
        guard !atEnd else { return nil }
        var buffer = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let n = buffer.withUnsafeMutableBytes { b in retryingInterrupted { read(fd, b.baseAddress! + filled, size - filled) } }
            if n < 0 {
                throw InputError(file: name, message: "cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { atEnd = true; break }
            filled += n
        }
        if filled == 0 { return nil }
        buffer.removeSubrange(filled...)
        return buffer
    }
}
