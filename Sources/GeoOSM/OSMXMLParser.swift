// Streaming OSM XML reader on libexpat. It feeds expat in 1 MiB buffers straight
// from the byte source, decodes ids and coordinates from the attribute bytes
// (no String, no Double on the hot path) and hands out `OSMBatch`es of a few
// ten thousand elements. Structure is checked as strictly as osmium does: the
// root must be <osm version="0.6"> (an osmChange diff is refused), unknown elements and
// entity and attribute-list declarations are errors, and every error names
// line and column.
import CExpat
import Foundation
import GeoBase

public struct OSMParseLimits: Sendable {
    /// Longest tag key or value accepted (OSM itself allows 255 characters).
    public var maxTagBytes = 64 * 1024
    /// Most tags on one element.
    public var maxTagsPerElement = 10_000
    /// Most node references in one way (OSM allows 2000) or members in one relation.
    public var maxRefsPerElement = 1_000_000
    public init() {}
}

/// Counts of oddities that are reported but do not stop an import.
public struct OSMParseWarnings: Sendable {
    public var nodesWithoutCoordinates = 0
    public var deletedElementsSkipped = 0
}

public final class OSMXMLParser {
    public let name: String
    public let limits: OSMParseLimits
    public internal(set) var warnings = OSMParseWarnings()
    public var batchSize = 32_768
    /// Called with the number of input bytes consumed so far, about every 4 MiB.
    public var progress: ((Int64) -> Void)?

    enum Element { case none, node, way, relation, skipped }

    var parser: XML_Parser?
    var batch = OSMBatch()
    var sink: ((OSMBatch) throws -> Void)?
    var failure: Error?
    var depth = 0
    var sawRoot = false
    var element = Element.none
    var elementDepth = 0
    var elementTags = 0
    var elementRefs = 0
    var pendingNodeOK = false

    public init(name: String, limits: OSMParseLimits = OSMParseLimits()) {
        self.name = name
        self.limits = limits
    }

    /// Where a fragment sits in the whole file, so errors name the file's line and column.
    var lineOffset = 0
    var firstLineColumnShift = 0
    /// Set when the root is <osmChange> (the file is refused).
    public internal(set) var sawChangeRoot = false

    /// Parses the whole stream, calling `handler` with each full batch in file order.
    public func parse(_ source: ByteSource, handler: @escaping (OSMBatch) throws -> Void) throws {
        try withParser(handler) { p in
            let bufferSize: Int32 = 1 << 20
            var nextProgress: Int64 = 4 << 20
            while true {
                guard let buf = XML_GetBuffer(p, bufferSize) else {
                    throw InputError(file: name, message: "out of memory in XML parser")
                }
                let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buf, count: Int(bufferSize)))
                try check(XML_ParseBuffer(p, Int32(n), n == 0 ? 1 : 0), p)
                if n == 0 { break }
                if let progress, source.consumedBytes >= nextProgress {
                    progress(source.consumedBytes)
                    nextProgress = source.consumedBytes + (4 << 20)
                }
            }
        }
    }

    /// Parses one piece of a larger file cut between top-level elements (see ParallelXMLReader):
    /// pieces after the first get a synthetic `<osm>` start tag, pieces before the last a closing one.
    func parse(fragment: XMLFragment, handler: @escaping (OSMBatch) throws -> Void) throws {
        lineOffset = fragment.lineOffset
        let opening = Array(#"<osm version="0.6">"#.utf8)
        firstLineColumnShift = fragment.isFirst ? 0 : fragment.startColumn - opening.count
        try withParser(handler) { p in
            if !fragment.isFirst { try feed(opening, p, final: false) }
            try feed(fragment.bytes, p, final: fragment.isLast)
            if !fragment.isLast { try feed(Array("</osm>".utf8), p, final: true) }
        }
    }

    private func feed(_ bytes: [UInt8], _ p: XML_Parser, final: Bool) throws {
        try bytes.withUnsafeBytes { buf in
            try check(XML_Parse(p, buf.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buf.count), final ? 1 : 0), p)
        }
    }

    private func check(_ status: XML_Status, _ p: XML_Parser) throws {
        if let failure { throw failure }
        if status == XML_STATUS_ERROR {
            let code = XML_GetErrorCode(p)
            let message = XML_ErrorString(code).map { String(cString: $0) } ?? "XML error"
            let (line, column) = position(p)
            throw InputError(file: name, line: line, column: column, message: "malformed XML: \(message)")
        }
    }

    /// Line and column in the whole file (1-based).
    func position(_ p: XML_Parser) -> (Int, Int) {
        let line = Int(XML_GetCurrentLineNumber(p))
        let column = Int(XML_GetCurrentColumnNumber(p)) + 1
        return (line + lineOffset, line == 1 ? max(1, column + firstLineColumnShift) : column)
    }

    private func withParser(_ handler: @escaping (OSMBatch) throws -> Void, _ body: (XML_Parser) throws -> Void) throws {
        guard let p = XML_ParserCreate(nil) else {
            throw InputError(file: name, message: "cannot create XML parser")
        }
        parser = p
        sink = handler
        defer {
            XML_ParserFree(p)
            parser = nil
            sink = nil
        }
        XML_SetUserData(p, Unmanaged.passUnretained(self).toOpaque())
        XML_SetElementHandler(p, osmStartElement, osmEndElement)
        XML_SetEntityDeclHandler(p, osmEntityDecl)
        // DTD attribute defaults would add attributes the file does not contain (and that the
        // parallel reader's later pieces, parsed without the DTD, would not see).
        XML_SetAttlistDeclHandler(p, osmAttlistDecl)
        try body(p)
        guard sawRoot else { throw InputError(file: name, message: "no <osm> element found") }
        try flush()
    }

    func flush() throws {
        guard !batch.isEmpty else { return }
        let full = batch
        batch = OSMBatch()
        batch.arena.reserveCapacity(full.arena.count)
        try sink?(full)
    }

    func fail(_ message: String, limit: String? = nil) {
        guard failure == nil, let parser else { return }
        let (line, column) = position(parser)
        failure = InputError(file: name, line: line, column: column, message: message, limit: limit)
        XML_StopParser(parser, 0)
    }

    func fail(_ error: Error) {
        guard failure == nil, let parser else { return }
        failure = error
        XML_StopParser(parser, 0)
    }
}

// MARK: expat callbacks (C function pointers cannot capture context)

private func parserFrom(_ userData: UnsafeMutableRawPointer?) -> OSMXMLParser {
    Unmanaged<OSMXMLParser>.fromOpaque(userData!).takeUnretainedValue()
}

private let osmStartElement: XML_StartElementHandler = { userData, name, atts in
    guard let name else { return }
    parserFrom(userData).start(name, atts)
}

private let osmEndElement: XML_EndElementHandler = { userData, _ in
    parserFrom(userData).end()
}

private let osmEntityDecl: XML_EntityDeclHandler = { userData, _, _, _, _, _, _, _, _ in
    parserFrom(userData).fail("entity declarations are not allowed in OSM files")
}

private let osmAttlistDecl: XML_AttlistDeclHandler = { userData, _, _, _, _, _ in
    parserFrom(userData).fail("attribute-list declarations (<!ATTLIST>) are not allowed in OSM files")
}
