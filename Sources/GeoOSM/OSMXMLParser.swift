// Streaming OSM XML reader on libexpat. It feeds expat in 1 MiB buffers straight
// from the byte source, decodes ids and coordinates from the attribute bytes
// (no String, no Double on the hot path) and hands out `OSMBatch`es of a few
// ten thousand elements. Structure is checked as strictly as osmium does: the
// root must be <osm version="0.6"> (or <osmChange>), unknown elements and
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
    public var oldVersionFile = false
    public var deletedElementsSkipped = 0
}

public final class OSMXMLParser {
    public let name: String
    public let limits: OSMParseLimits
    public private(set) var warnings = OSMParseWarnings()
    public var batchSize = 32_768
    /// Called with the number of input bytes consumed so far, about every 4 MiB.
    public var progress: ((Int64) -> Void)?

    fileprivate enum Element { case none, node, way, relation, skipped }

    fileprivate var parser: XML_Parser?
    fileprivate var batch = OSMBatch()
    fileprivate var sink: ((OSMBatch) throws -> Void)?
    fileprivate var failure: Error?
    fileprivate var depth = 0
    fileprivate var rootIsChange = false
    fileprivate var sawRoot = false
    fileprivate var inDelete = false
    fileprivate var element = Element.none
    fileprivate var elementDepth = 0
    fileprivate var elementTags = 0
    fileprivate var elementRefs = 0
    fileprivate var pendingNodeOK = false

    public init(name: String, limits: OSMParseLimits = OSMParseLimits()) {
        self.name = name
        self.limits = limits
    }

    /// Where a fragment sits in the whole file, so errors name the file's line and column.
    fileprivate var lineOffset = 0
    fileprivate var firstLineColumnShift = 0
    /// Set when a fragment turns out to be part of an osmChange file (not splittable).
    public private(set) var sawChangeRoot = false

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
    fileprivate func position(_ p: XML_Parser) -> (Int, Int) {
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

    fileprivate func flush() throws {
        guard !batch.isEmpty else { return }
        let full = batch
        batch = OSMBatch()
        batch.arena.reserveCapacity(full.arena.count)
        try sink?(full)
    }

    fileprivate func fail(_ message: String, limit: String? = nil) {
        guard failure == nil, let parser else { return }
        let (line, column) = position(parser)
        failure = InputError(file: name, line: line, column: column, message: message, limit: limit)
        XML_StopParser(parser, 0)
    }

    fileprivate func fail(_ error: Error) {
        guard failure == nil, let parser else { return }
        failure = error
        XML_StopParser(parser, 0)
    }

    // MARK: element handling

    fileprivate func start(_ name: UnsafePointer<CChar>, _ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        depth += 1
        let tag = ElementName(name)
        if depth == 1 {
            startRoot(tag, atts)
            return
        }
        if element == .skipped { return }
        if element == .none {
            // Data level (or an action level inside osmChange).
            if rootIsChange && depth == 2 {
                switch tag {
                case .create, .modify: inDelete = false
                case .delete: inDelete = true
                default: fail("unexpected <\(String(cString: name))> in <osmChange>")
                }
                return
            }
            elementDepth = depth
            elementTags = 0
            elementRefs = 0
            switch tag {
            case .node: startNode(atts)
            case .way: startWay(atts)
            case .relation: startRelation(atts)
            case .bounds, .bound, .changeset, .note, .meta, .remark:
                element = .skipped
            default:
                fail("unknown element <\(String(cString: name))> at data level")
            }
            return
        }
        guard depth == elementDepth + 1 else {
            fail("unexpected <\(String(cString: name))> nested inside a tag or member")
            return
        }
        switch (element, tag) {
        case (_, .tag): addTag(atts)
        case (.way, .nd): addRef(atts)
        case (.relation, .member): addMember(atts)
        default:
            fail("unexpected <\(String(cString: name))> inside <\(element == .node ? "node" : element == .way ? "way" : "relation")>")
        }
    }

    fileprivate func end() {
        if depth == elementDepth && element != .none {
            finishElement()
            element = .none
            elementDepth = 0
        }
        depth -= 1
    }

    private func startRoot(_ tag: ElementName, _ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        switch tag {
        case .osm: rootIsChange = false
        case .osmChange:
            rootIsChange = true
            sawChangeRoot = true
        default:
            fail("the top-level element must be <osm> or <osmChange>")
            return
        }
        sawRoot = true
        guard let version = attribute(atts, "version") else {
            fail("the <osm> element has no version attribute (expected version=\"0.6\")")
            return
        }
        let v = String(cString: version)
        if v == "0.5" {
            warnings.oldVersionFile = true
        } else if v != "0.6" {
            fail("unsupported OSM XML version \"\(v)\" (expected 0.6)")
        }
    }

    /// A batch holds its nodes, ways and relations in that order (each kind's tags contiguous):
    /// an element of an earlier kind after a later one (unsorted files, osmChange) starts a new batch.
    private func startKind(_ kind: Element) {
        let later: Bool
        switch kind {
        case .node: later = !batch.wayIDs.isEmpty || !batch.relationIDs.isEmpty
        case .way: later = !batch.relationIDs.isEmpty
        default: later = false
        }
        if later {
            do { try flush() } catch { fail(error) }
        }
    }

    private func startNode(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        startKind(.node)
        element = .node
        var id: Int64?
        var lat: Int32?
        var lon: Int32?
        var visible = true
        forEachAttribute(atts) { k, v in
            // Byte tests short-circuit at the terminating NUL, so no read passes the key's end.
            if k[0] == 0x69 && k[1] == 0x64 && k[2] == 0 {                             // id
                id = parseOSMInteger(v)
            } else if k[0] == 0x6C && k[1] == 0x61 && k[2] == 0x74 && k[3] == 0 {       // lat
                lat = parseFixedDegrees(v)
                if lat == nil || abs(lat!) > 900_000_000 { fail("node has an invalid latitude \"\(String(cString: v))\"") }
            } else if k[0] == 0x6C && k[1] == 0x6F && k[2] == 0x6E && k[3] == 0 {       // lon
                lon = parseFixedDegrees(v)
                if lon == nil || abs(lon!) > 1_800_000_000 { fail("node has an invalid longitude \"\(String(cString: v))\"") }
            } else if k[0] == 0x76 && strcmp(k, "visible") == 0 {
                visible = strcmp(v, "false") != 0
            }
        }
        guard let id else { fail("node without a valid id attribute"); return }
        guard let lat, let lon, visible, !inDelete else {
            if inDelete || !visible { warnings.deletedElementsSkipped += 1 } else { warnings.nodesWithoutCoordinates += 1 }
            pendingNodeOK = false
            element = .node
            return
        }
        pendingNodeOK = true
        if batch.nodeIDs.isEmpty { batch.nodeTagBase = Int32(batch.tagKeys.count) }
        batch.nodeIDs.append(id)
        batch.nodeLats.append(lat)
        batch.nodeLons.append(lon)
    }

    private func startWay(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        startKind(.way)
        element = .way
        guard let v = attribute(atts, "id"), let id = parseOSMInteger(v) else { fail("way without a valid id attribute"); return }
        pendingNodeOK = !inDelete
        if inDelete { warnings.deletedElementsSkipped += 1; return }
        if batch.wayIDs.isEmpty { batch.wayTagBase = Int32(batch.tagKeys.count) }
        batch.wayIDs.append(id)
    }

    private func startRelation(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        element = .relation
        guard let v = attribute(atts, "id"), let id = parseOSMInteger(v) else { fail("relation without a valid id attribute"); return }
        pendingNodeOK = !inDelete
        if inDelete { warnings.deletedElementsSkipped += 1; return }
        if batch.relationIDs.isEmpty { batch.relationTagBase = Int32(batch.tagKeys.count) }
        batch.relationIDs.append(id)
    }

    private func addTag(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        guard let k = attribute(atts, "k"), let v = attribute(atts, "v") else {
            fail("<tag> needs both k and v attributes")
            return
        }
        guard pendingNodeOK else { return }
        elementTags += 1
        if elementTags > limits.maxTagsPerElement {
            fail("element has more than \(limits.maxTagsPerElement) tags", limit: "maxTagsPerElement")
            return
        }
        let kr = batch.addToArena(k)
        let vr = batch.addToArena(v)
        if Int(kr.length) > limits.maxTagBytes || Int(vr.length) > limits.maxTagBytes {
            fail("tag \(kr.length > vr.length ? "key" : "value") of \(max(kr.length, vr.length)) bytes exceeds the limit of \(limits.maxTagBytes) bytes (OSM allows 255 characters)", limit: "maxTagBytes")
            return
        }
        batch.tagKeys.append(kr)
        batch.tagValues.append(vr)
    }

    private func addRef(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        guard let v = attribute(atts, "ref"), let ref = parseOSMInteger(v) else {
            fail("<nd> without a valid ref attribute")
            return
        }
        guard pendingNodeOK else { return }
        elementRefs += 1
        if elementRefs > limits.maxRefsPerElement {
            fail("way has more than \(limits.maxRefsPerElement) node references", limit: "maxRefsPerElement")
            return
        }
        batch.wayRefs.append(ref)
    }

    private func addMember(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        var type: OSMMemberType?
        var typeText: String?
        var ref: Int64?
        var role: UnsafePointer<CChar>?
        forEachAttribute(atts) { k, v in
            if strcmp(k, "type") == 0 {
                typeText = String(cString: v)
                switch typeText {
                case "node": type = .node
                case "way": type = .way
                case "relation": type = .relation
                default: break
                }
            } else if strcmp(k, "ref") == 0 {
                ref = parseOSMInteger(v)
            } else if strcmp(k, "role") == 0 {
                role = v
            }
        }
        guard let type else {
            fail(typeText == nil ? "<member> without a type attribute" : "<member> has an unknown type \"\(typeText!)\"")
            return
        }
        guard let ref else { fail("<member> without a valid ref attribute"); return }
        guard pendingNodeOK else { return }
        elementRefs += 1
        if elementRefs > limits.maxRefsPerElement {
            fail("relation has more than \(limits.maxRefsPerElement) members", limit: "maxRefsPerElement")
            return
        }
        batch.memberTypes.append(type)
        batch.memberRefs.append(ref)
        batch.memberRoles.append(role.map { batch.addToArena($0) } ?? ArenaRange(start: 0, length: 0))
    }

    private func finishElement() {
        guard pendingNodeOK else { return }
        pendingNodeOK = false
        let tagEnd = Int32(batch.tagKeys.count)
        switch element {
        case .node: batch.nodeTagEnds.append(tagEnd)
        case .way:
            batch.wayTagEnds.append(tagEnd)
            batch.wayRefEnds.append(Int32(batch.wayRefs.count))
        case .relation:
            batch.relationTagEnds.append(tagEnd)
            batch.relationMemberEnds.append(Int32(batch.memberRefs.count))
        default: return
        }
        if batch.elementCount >= batchSize || batch.arena.count >= 8 << 20 {
            do { try flush() } catch { fail(error) }
        }
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
