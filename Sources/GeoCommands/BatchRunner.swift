// `geoquery --batch`: one JSON query per input line, one JSON answer per output
// line in the same order, the index opened once. A bad line answers with
// {"id":…, "error":"…"} and the run goes on; only unreadable input stops it,
// or an answer that cannot be written. Each answer is written as soon as it is
// computed: a reader sees it at once, and a crash loses none already computed.
import Foundation
import GeoBase
import GeoSearch
#if canImport(Glibc)
import Glibc
#endif

enum BatchRunner {
    /// Runs every line of `source` ("-" = stdin); returns the exit status (0, or 2 when input is unreadable).
    static func run(source: String, engine: SearchEngine, defaults: SearchOptions, io: CommandIO) throws -> Int32 {
        let geocoder = ReverseGeocoder(indexes: engine.indexes)
        let file = try FileByteSource(path: source, standardInput: io.standardInput)
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var lineNumber = 0
        func handle(_ line: ArraySlice<UInt8>) throws {
            lineNumber += 1
            var bytes = Array(line)
            if bytes.last == 0x0D { bytes.removeLast() }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            let answer: JSONValue
            do {
                if let v = try? JSONValue.parse(bytes), let (point, level, radius) = try ReverseLookup.batchLine(v, defaults: defaults) {
                    let response = ReverseLookup.answer(point, level: level, radius: radius, language: v["lang"]?.stringValue ?? defaults.language,
                                                        extra: try RequestParsing.batchExtra(v) ?? defaults.extra, geocoder: geocoder)
                    answer = ReverseLookup.json(response, point: point, level: level, id: v["id"] ?? .null)
                } else {
                    let (id, text, options) = try RequestParsing.batchLine(bytes, defaults: defaults)
                    answer = SearchOutput.json(engine.search(text, options: options), id: id)
                }
            } catch let e as UsageError {
                let id = (try? JSONValue.parse(bytes))?["id"] ?? .null
                answer = .object([("id", id), ("error", .string("line \(lineNumber): \(e.message)"))])
            } catch {
                answer = .object([("id", .null), ("error", .string("line \(lineNumber): \(error)"))])
            }
            try write(answer, io: io)
        }
        var skipping = false
        while true {
            let n = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
            if n == 0 { break }
            var chunk = buffer[0..<n]
            if skipping {
                // The rest of an overlong line: drop it up to its newline.
                guard let nl = chunk.firstIndex(of: 0x0A) else { continue }
                chunk = chunk[(nl + 1)...]
                skipping = false
            }
            pending.append(contentsOf: chunk)
            var start = 0
            while let nl = pending[start...].firstIndex(of: 0x0A) {
                try handle(pending[start..<nl])
                start = nl + 1
            }
            pending.removeFirst(start)
            // A line longer than 1 MiB is answered with an error instead of growing without bound.
            if pending.count > 1 << 20 {
                lineNumber += 1
                try write(.object([("id", .null), ("error", .string("line \(lineNumber): longer than 1 MiB"))]), io: io)
                pending.removeAll()
                skipping = true
            }
        }
        if !pending.isEmpty { try handle(pending[...]) }
        return 0
    }

    /// One answer line, written at once.
    static func write(_ answer: JSONValue, io: CommandIO) throws {
        var line: [UInt8] = []
        answer.write(to: &line)
        line.append(0x0A)
        try io.write(line)
    }
}
