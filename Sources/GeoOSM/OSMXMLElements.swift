// The element handlers of the OSM XML reader: expat calls `start` and `end`
// for every tag, and these turn <node>, <way>, <relation>, <tag>, <nd> and
// <member> into batch entries, skipping deleted (visible="false") elements
// and enforcing the limits on tags and references. The root must be
// <osm version="0.6">: other versions and osmChange files are refused.
import CExpat
import Foundation
import GeoBase

extension OSMXMLParser {
    func start(_ name: UnsafePointer<CChar>, _ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        depth += 1
        let tag = ElementName(name)
        if depth == 1 {
            startRoot(tag, atts)
            return
        }
        if element == .skipped { return }
        if element == .none {
            // Data level.
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

    func end() {
        if depth == elementDepth && element != .none {
            finishElement()
            element = .none
            elementDepth = 0
        }
        depth -= 1
    }

    func startRoot(_ tag: ElementName, _ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        switch tag {
        case .osm:
            break
        case .osmChange:
            // Its deletes and modifies are changes to apply to an extract, not objects of one: read
            // as elements they made deleted objects landmarks.
            sawChangeRoot = true
            fail(InputError(file: name, message: "is an osmChange file (a diff); geoindex builds from a full extract: apply it first with osmium apply-changes"))
            return
        default:
            fail("the top-level element must be <osm>")
            return
        }
        sawRoot = true
        // Only OSM XML 0.6 is read, as libosmium reads it: 0.5 (before 2009) had segments and
        // other rules, and a file without a version says nothing of its rules.
        guard let version = attribute(atts, "version") else {
            fail("the <osm> element has no version attribute (expected version=\"0.6\")")
            return
        }
        let v = String(cString: version)
        if v != "0.6" {
            fail("unsupported OSM XML version \"\(v)\": geoindex reads version 0.6 only, as osmium does")
        }
    }

    /// A batch holds its nodes, ways and relations in that order (each kind's tags contiguous):
    /// an element of an earlier kind after a later one (unsorted files, osmChange) starts a new batch.
    func startKind(_ kind: Element) {
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

    func startNode(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
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
        guard let lat, let lon, visible else {
            if !visible { warnings.deletedElementsSkipped += 1 } else { warnings.nodesWithoutCoordinates += 1 }
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

    func startWay(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        startKind(.way)
        element = .way
        guard let v = attribute(atts, "id"), let id = parseOSMInteger(v) else { fail("way without a valid id attribute"); return }
        pendingNodeOK = true
        if batch.wayIDs.isEmpty { batch.wayTagBase = Int32(batch.tagKeys.count) }
        batch.wayIDs.append(id)
    }

    func startRelation(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
        element = .relation
        guard let v = attribute(atts, "id"), let id = parseOSMInteger(v) else { fail("relation without a valid id attribute"); return }
        pendingNodeOK = true
        if batch.relationIDs.isEmpty { batch.relationTagBase = Int32(batch.tagKeys.count) }
        batch.relationIDs.append(id)
    }

    func addTag(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
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

    func addRef(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
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

    func addMember(_ atts: UnsafeMutablePointer<UnsafePointer<CChar>?>?) {
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

    func finishElement() {
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
