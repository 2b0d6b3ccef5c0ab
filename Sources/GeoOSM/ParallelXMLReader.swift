// OSM XML on every core. Expat parses one stream on one thread, and that
// parse is most of an import, so the byte stream is cut into pieces of a few
// MiB between top-level elements (just before a `<node`, `<way` or
// `<relation`), each piece is parsed by its own expat parser on a worker
// thread, and the batches come back in file order through OrderedPipeline —
// the importer sees exactly the elements a single parser would give. The
// reader thread also counts lines, so errors name the file's line and column.
//
// Cutting is safe for OSM files (those elements never nest, and `<` cannot
// appear in attribute values); for anything unusual — an osmChange file, a
// cut inside a comment, entities from a DTD — a piece fails and the importer
// re-reads the file with the single parser, whose answer is then final. So
// does a stretch longer than `maxStretch` with no place to cut (a gigabyte of
// whitespace, one element of hundreds of MB): the piece would have to be held
// whole, and memory must stay bounded whatever the input, as the streaming
// single parser's is.
import Foundation
import GeoBase

/// A piece of the XML byte stream, cut before a top-level element.
struct XMLFragment: Sendable {
    var bytes: [UInt8]
    var isFirst: Bool
    var isLast: Bool
    /// Newlines before the piece, and the column (1-based) its first byte has on its line.
    var lineOffset: Int
    var startColumn: Int
}

/// Cuts a byte stream into fragments of at least `size` bytes and at most about `maxStretch`.
struct XMLChunker {
    let source: ByteSource
    let size: Int
    /// The longest piece held looking for a place to cut; beyond it `next` throws `ParallelXMLFallback`.
    let maxStretch: Int
    private var pending: [UInt8] = []
    private var eof = false
    private var first = true
    private var lines = 0
    private var column = 1
    /// Bytes examined looking for places to cut (each about once: tests hold it to that).
    private(set) var bytesSearched = 0

    init(source: ByteSource, size: Int = 4 << 20, maxStretch: Int? = nil) {
        self.source = source
        self.size = size
        self.maxStretch = maxStretch ?? 8 * size
    }

    mutating func next() throws -> XMLFragment? {
        if eof && pending.isEmpty { return nil }
        var cut: Int?
        // What was searched without finding an element start: a long stretch without one (a node
        // with millions of tags, a huge attribute) must not be searched again after every read.
        var searchedBefore = false
        var searched = size
        while !eof {
            // Cut at the last element start before `size`, or (one huge element) the first after it.
            if pending.count >= size {
                var found: Int?
                if !searchedBefore {
                    found = XMLChunker.lastElementStart(pending, before: size)
                    bytesSearched += size - (found ?? 0)
                }
                if found == nil {
                    found = XMLChunker.firstElementStart(pending, from: searched)
                    bytesSearched += (found ?? pending.count) - max(1, searched)
                }
                if let c = found {
                    cut = c
                    break
                }
            }
            if pending.count > maxStretch {
                throw ParallelXMLFallback(cause: InputError(file: "", offset: source.consumedBytes,
                                                            message: "no element start in \(pending.count) bytes"))
            }
            // A start is recognised with 10 bytes in hand, so the last 9 are searched again.
            if pending.count >= size + 9 { searchedBefore = true }
            if pending.count >= size { searched = max(size, pending.count - 9) }
            let want = max(1 << 20, size + size / 4 - pending.count)
            let start = pending.count
            pending.append(contentsOf: repeatElement(0, count: want))
            let n = try pending.withUnsafeMutableBytes { try source.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
            pending.removeLast(want - n)
            if n == 0 { eof = true }
        }
        let end = cut ?? pending.count
        let bytes = Array(pending[0..<end])
        pending.removeFirst(end)
        let fragment = XMLFragment(bytes: bytes, isFirst: first, isLast: eof && pending.isEmpty, lineOffset: lines, startColumn: column)
        first = false
        // Advance the line count and the column of the next fragment's first byte.
        bytes.withUnsafeBufferPointer { b in
            var lastNewline = -1
            for i in 0..<b.count where b[i] == 0x0A {
                lines += 1
                lastNewline = i
            }
            column = lastNewline >= 0 ? b.count - lastNewline : column + b.count
        }
        return fragment
    }

    /// Index of the last `<node`, `<way` or `<relation` tag start before `end`, if any (not at 0).
    static func lastElementStart(_ b: [UInt8], before end: Int) -> Int? {
        var i = min(end, b.count) - 1
        while i > 0 {
            if isElementStart(b, at: i) { return i }
            i -= 1
        }
        return nil
    }

    /// Index of the first tag start at or after `from`.
    static func firstElementStart(_ b: [UInt8], from: Int) -> Int? {
        var i = max(1, from)
        while i < b.count {
            if isElementStart(b, at: i) { return i }
            i += 1
        }
        return nil
    }

    @inline(__always) static func isElementStart(_ b: [UInt8], at i: Int) -> Bool {
        guard b[i] == 0x3C, i + 9 < b.count else { return false }
        switch b[i + 1] {
        case 0x6E: return b[i + 2] == 0x6F && b[i + 3] == 0x64 && b[i + 4] == 0x65 && isDelimiter(b[i + 5])        // <node
        case 0x77: return b[i + 2] == 0x61 && b[i + 3] == 0x79 && isDelimiter(b[i + 4])                           // <way
        case 0x72: return b[i + 2] == 0x65 && b[i + 3] == 0x6C && b[i + 4] == 0x61 && b[i + 5] == 0x74           // <relation
            && b[i + 6] == 0x69 && b[i + 7] == 0x6F && b[i + 8] == 0x6E && isDelimiter(b[i + 9])
        default: return false
        }
    }

    @inline(__always) static func isDelimiter(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x3E || c == 0x2F
    }
}

/// Why a parallel parse handed over to the single parser.
package struct ParallelXMLFallback: Error {
    var cause: Error
}

/// The outcome of parsing one fragment.
struct XMLFragmentResult: Sendable {
    var batches: [OSMBatch]
    var warnings: OSMParseWarnings
    var error: InputError?
}

package enum ParallelXMLReader {
    /// Parses `source` with `workers` parsers; throws `ParallelXMLFallback` when the file must be
    /// read again with a single parser (any parse error included: the single parser's report is final).
    package static func parse(_ source: ByteSource, name: String, limits: OSMParseLimits, workers: Int,
                      progress: ((Int64) -> Void)?, handler: (OSMBatch) throws -> Void) throws -> OSMParseWarnings {
        var chunker = XMLChunker(source: source)
        var warnings = OSMParseWarnings()
        var nextProgress: Int64 = 4 << 20
        let work: @Sendable (XMLFragment) -> XMLFragmentResult = { fragment in
            let parser = OSMXMLParser(name: name, limits: limits)
            var batches: [OSMBatch] = []
            do {
                try parser.parse(fragment: fragment) { batches.append($0) }
            } catch {
                return XMLFragmentResult(batches: [], warnings: parser.warnings, error: error as? InputError)
            }
            return XMLFragmentResult(batches: batches, warnings: parser.warnings, error: nil)
        }
        do {
            try OrderedPipeline(name: "xml", workers: workers, produce: { try chunker.next() }, work: work).run { result in
                if let e = result.error { throw ParallelXMLFallback(cause: e) }
                warnings.nodesWithoutCoordinates += result.warnings.nodesWithoutCoordinates
                warnings.deletedElementsSkipped += result.warnings.deletedElementsSkipped
                for b in result.batches { try handler(b) }
                if let progress, source.consumedBytes >= nextProgress {
                    progress(source.consumedBytes)
                    nextProgress = source.consumedBytes + (4 << 20)
                }
            }
        } catch let e as InputError {
            // Reading failed (a truncated gzip, say): the single parser would say the same, but let it say it.
            throw ParallelXMLFallback(cause: e)
        }
        return warnings
    }
}
