// `geoquery --batch`: one JSON query per input line, one JSON answer per output
// line in the same order, the index opened once. Every line gets exactly one
// answer: a bad, blank or overlong line answers with {"id":…, "error":"line N: …"}
// and the run goes on; only unreadable input stops it, an answer that cannot
// be written, or an index rewritten in place under the run (exit 2). Each answer is written as soon as it is computed: a reader
// sees it at once, and a crash loses none already computed.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoSearch

enum BatchRunner {
    /// The longest line answered, not counting its newline (`\n` or `\r\n`): 1 MiB.
    static let maxLineBytes = 1 << 20

    /// Runs every line of `source` ("-" = stdin); returns the exit status (0, or 2 when input is unreadable).
    static func run(source: String, engine: SearchEngine, defaults: SearchOptions, io: CommandIO) throws -> Int32 {
        let geocoder = ReverseGeocoder(indexes: engine.indexes)
        var lines = LineReader(source: try FileByteSource(path: source, standardInput: io.standardInput), maxBytes: maxLineBytes)
        var lineNumber = 0
        while let line = try lines.next() {
            lineNumber += 1
            let answer: JSONValue
            switch line {
            case .tooLong:
                answer = error(lineNumber, "longer than 1 MiB (\(maxLineBytes) bytes)")
            case .line(let bytes) where bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }):
                answer = error(lineNumber, "empty line")
            case .line(let bytes):
                answer = self.answer(bytes, lineNumber: lineNumber, engine: engine, geocoder: geocoder, defaults: defaults)
            }
            // An index rewritten in place meanwhile (cp over it) may have mixed two files into this
            // answer: it is not written, and the run stops with the answers before it kept.
            if let changed = engine.indexes.first(where: { $0.file.hasChanged }) {
                throw InputError(file: changed.file.path, message: "the index was changed while being read (written in place); "
                                 + "the \(lineNumber - 1) answers before line \(lineNumber) were written, the rest were not")
            }
            try write(answer, io: io)
        }
        return 0
    }

    /// The answer to one line: a search, a reverse look-up, or the error that says what is wrong.
    static func answer(_ bytes: [UInt8], lineNumber: Int, engine: SearchEngine, geocoder: ReverseGeocoder,
                       defaults: SearchOptions) -> JSONValue {
        do {
            if let v = try? JSONValue.parse(bytes), let (point, level, radius) = try ReverseLookup.batchLine(v, defaults: defaults) {
                let response = ReverseLookup.answer(point, level: level, radius: radius, language: v["lang"]?.stringValue ?? defaults.language,
                                                    extra: try RequestParsing.batchExtra(v) ?? defaults.extra, geocoder: geocoder)
                return SearchOutput.reverse(response, point: point, level: level, id: v["id"] ?? .null)
            }
            let (id, text, options) = try RequestParsing.batchLine(bytes, defaults: defaults)
            return SearchOutput.json(engine.search(text, options: options), id: id)
        } catch let e as UsageError {
            return error(lineNumber, e.message, id: (try? JSONValue.parse(bytes))?["id"] ?? .null)
        } catch {
            return self.error(lineNumber, "\(error)")
        }
    }

    static func error(_ lineNumber: Int, _ message: String, id: JSONValue = .null) -> JSONValue {
        .object([("id", id), ("error", .string("line \(lineNumber): \(message)"))])
    }

    /// One answer line, written at once.
    static func write(_ answer: JSONValue, io: CommandIO) throws {
        var line: [UInt8] = []
        answer.write(to: &line)
        line.append(0x0A)
        try io.write(line)
    }
}

/// The lines of a byte stream, each without its newline; a line longer than `maxBytes` is
/// `.tooLong` and is never held beyond `maxBytes` (the rest is skipped up to its newline).
struct LineReader {
    enum Line: Equatable {
        case line([UInt8])
        case tooLong
    }

    let source: ByteSource
    let maxBytes: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var chunk: ArraySlice<UInt8> = []
    private var atEnd = false

    init(source: ByteSource, maxBytes: Int) {
        self.source = source
        self.maxBytes = maxBytes
    }

    mutating func next() throws -> Line? {
        var line: [UInt8] = []
        var tooLong = false
        while true {
            if chunk.isEmpty {
                if atEnd { break }
                let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
                if n == 0 {
                    atEnd = true
                    break
                }
                chunk = buffer[0..<n]
            }
            let newline = chunk.firstIndex(of: 0x0A)
            let piece = chunk[..<(newline ?? chunk.endIndex)]
            // One byte over the limit is kept until the newline says whether it was a CR.
            if !tooLong {
                line.append(contentsOf: piece.prefix(maxBytes + 2 - line.count))
                if line.count > maxBytes + 1 { tooLong = true; line = [] }
            }
            chunk = newline.map { chunk[($0 + 1)...] } ?? []
            if newline != nil { return finish(line, tooLong: tooLong) }
        }
        // The last line, without a newline (nothing at all after a final newline).
        if line.isEmpty && !tooLong { return nil }
        return finish(line, tooLong: tooLong)
    }

    private func finish(_ line: [UInt8], tooLong: Bool) -> Line {
        var line = line
        if line.last == 0x0D { line.removeLast() }
        return tooLong || line.count > maxBytes ? .tooLong : .line(line)
    }
}
