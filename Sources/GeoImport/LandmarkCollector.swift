// The import's handler: consumes parsed batches in file order, keeps node
// coordinates, and turns tagged objects into landmark drafts. Streets are held
// back as parts so the ways of one street can merge; highway ways and barrier
// nodes are passed on to the road graph builder. `finish()` merges streets, gives
// house numbers without a street the nearest one, gives every landmark its place
// hierarchy and returns the landmarks. Ways and relations also go to
// the map shape collector, when the build makes a map. Everything kept per
// element is compact (NodeStore, WayExtentStore, DraftArchive, the map shapes'
// archive): an import's memory is bounded by bytes per node, not by objects
// per element.
import Foundation
import GeoBase
import GeoFormat
import GeoModel
import GeoOSM

/// Receives the road network while the file streams by (see RoadGraphBuilder).
public protocol RoadNetworkSink: AnyObject {
    func addBarrier(nodeID: Int64, tags: [String: String])
    func addWay(id: Int64, refs: ArraySlice<Int64>, tags: [String: String])
    /// A node with traffic signals.
    func addSignals(nodeID: Int64)
    /// A `type=restriction` relation (its members as type, id, role).
    func addRestriction(id: Int64, tags: [String: String], members: [(type: OSMMemberType, ref: Int64, role: String)])
}

public final class LandmarkCollector {
    public private(set) var nodes: NodeStore
    /// Landmarks found so far, encoded (see DraftArchive); decoded by `finish()`.
    private var drafts = DraftArchive()
    public private(set) var warnings = ImportWarnings()
    public private(set) var counts = (nodes: 0, ways: 0, relations: 0)
    public private(set) var dataBox = FixedBoundingBox.empty
    public weak var roads: RoadNetworkSink?
    /// The map shapes (nil when the build leaves the map out).
    var mapShapes: MapShapeCollector?
    /// The polygons of the place hierarchy (boundaries, place and postcode areas).
    let adminAreas: AdminAreaCollector
    /// Where phase lines go when the build traces its memory.
    package var trace = MemoryTrace(sink: nil)

    private var streetParts = DraftArchive()
    // Way extents, for relation geometry (relations follow ways in OSM files).
    private var wayExtents: WayExtentStore? = WayExtentStore()
    private var nodesReleased = false
    private var scratch: [FixedCoordinate] = []
    /// addr:interpolation ways, made into addresses by finish().
    private(set) var interpolations = InterpolationLines()

    static let relationRoadKeys = KeyFilter(keys: ["type"])
    static let roadKeys = KeyFilter(keys: ["highway", "route", "barrier", "access", "motorcar", "motor_vehicle", "vehicle",
                                           "bicycle", "foot", "man_made", "railway", "public_transport", "amenity"])

    /// A collector keeping node locations in `nodes` (in memory unless given a file-backed store).
    public init(nodes: NodeStore = NodeStore()) throws {
        self.nodes = nodes
        adminAreas = try AdminAreaCollector(backing: nodes.backing)
    }

    public func consume(_ batch: OSMBatch) {
        for i in 0..<batch.nodeIDs.count { node(batch, i) }
        if counts.ways == 0 && !batch.wayIDs.isEmpty { trace.trace("nodes read") }
        for i in 0..<batch.wayIDs.count { way(batch, i) }
        if counts.relations == 0 && !batch.relationIDs.isEmpty { trace.trace("ways read") }
        for i in 0..<batch.relationIDs.count { relation(batch, i) }
    }

    private func node(_ b: OSMBatch, _ i: Int) {
        counts.nodes += 1
        let id = b.nodeIDs[i], lat = b.nodeLats[i], lon = b.nodeLons[i]
        nodes.append(id: id, lat: lat, lon: lon)
        let p = FixedCoordinate(lat: lat, lon: lon)
        dataBox.extend(p)
        let tags = b.tagRange(ofNode: i)
        guard !tags.isEmpty else { return }
        let interesting = b.hasAnyTag(in: tags, of: LandmarkClassifier.interestingKeys)
        let road = roads != nil && b.hasAnyTag(in: tags, of: LandmarkCollector.roadKeys)
        guard interesting || road else { return }
        let dict = b.tagDictionary(in: tags)
        if road { roads?.addBarrier(nodeID: id, tags: dict) }
        if road, dict["highway"] == "traffic_signals" { roads?.addSignals(nodeID: id) }
        guard interesting, let c = LandmarkClassifier.classify(dict, type: .node) else { return }
        var d = LandmarkDraft(osmType: .node, osmID: id, kind: c.kind, categoryKey: c.key, categoryValue: c.value,
                              point: p, importance: clampImportance(c.importance), names: c.names)
        applyDetails(dict, to: &d)
        drafts.append(d)
    }

    /// A way, handed to each of its consumers in turn: its extent (for relations), the map
    /// shapes, the place hierarchy's areas, the road graph, the address interpolations, and the
    /// landmarks (a street part or a landmark of its own).
    private func way(_ b: OSMBatch, _ i: Int) {
        counts.ways += 1
        let id = b.wayIDs[i]
        let refs = b.refs(ofWay: i)
        let tags = b.tagRange(ofWay: i)
        let box = lookUpPoints(of: refs)
        if !box.isEmpty { wayExtents?.append(id: id, box: box) }
        mapShapes?.way(id: id, refs: refs, points: scratch, b, tags: tags)
        adminAreas.way(id: id, refs: refs, points: scratch, b, tags: tags)
        guard !tags.isEmpty else { return }
        passToRoads(way: id, refs: refs, b, tags: tags)
        guard b.hasAnyTag(in: tags, of: LandmarkClassifier.interestingKeys) else { return }
        let dict = b.tagDictionary(in: tags)
        // House-number ranges become addresses in finish() (AddressInterpolation.swift), not landmarks of their own.
        if interpolations.record(way: id, refs: refs, tags: dict, nodes: nodes) { return }
        addLandmark(way: id, refs: refs, tags: dict, box: box)
    }

    /// The coordinates of `refs` that the node store has, into `scratch`, and their box; the
    /// ones it lacks are counted.
    private func lookUpPoints(of refs: ArraySlice<Int64>) -> FixedBoundingBox {
        scratch.removeAll(keepingCapacity: true)
        var missing = 0
        for r in refs {
            if let c = nodes.coordinate(of: r) { scratch.append(c) } else { missing += 1 }
        }
        if missing > 0 {
            warnings[.missingNodeRefs] += missing
            warnings[.waysWithMissingNodes] += 1
        }
        var box = FixedBoundingBox.empty
        for c in scratch { box.extend(c) }
        return box
    }

    /// Highways, ferries, piers, platforms and car parks go to the road graph (when the build makes one).
    private func passToRoads(way id: Int64, refs: ArraySlice<Int64>, _ b: OSMBatch, tags: Range<Int>) {
        guard let roads, b.hasAnyTag(in: tags, of: LandmarkCollector.roadKeys) else { return }
        let dict = b.tagDictionary(in: tags)
        roads.addWay(id: id, refs: refs, tags: dict)   // AccessRules.profile decides what is a road
    }

    /// Turn restrictions go to the road graph.
    private func passToRoads(relation i: Int, _ b: OSMBatch, tags: Range<Int>) {
        guard let roads, !tags.isEmpty, b.hasAnyTag(in: tags, of: LandmarkCollector.relationRoadKeys) else { return }
        let dict = b.tagDictionary(in: tags)
        guard let type = dict["type"], type.hasPrefix("restriction") else { return }
        let members = b.members(ofRelation: i).map { (type: b.memberTypes[$0], ref: b.memberRefs[$0], role: b.string(b.memberRoles[$0])) }
        roads.addRestriction(id: b.relationIDs[i], tags: dict, members: members)
    }

    /// A way that classifies as a landmark: a street part (merged in finish()) or a landmark
    /// pinned at its centroid (closed) or half-way along it (open).
    private func addLandmark(way id: Int64, refs: ArraySlice<Int64>, tags dict: [String: String], box: FixedBoundingBox) {
        guard let c = LandmarkClassifier.classify(dict, type: .way) else { return }
        guard !scratch.isEmpty else {
            warnings[.waysWithoutGeometry] += 1
            return
        }
        if c.kind == .street {
            // Encoded at once, so `scratch` stays the only owner of its buffer (a part keeping it would
            // hold a buffer as large as the longest way so far). The name key is computed on decoding.
            streetParts.append(street: StreetPart(wayID: id, classification: c, points: scratch, nameKey: ""))
            return
        }
        let closed = refs.count >= 4 && refs.first == refs.last
        // A boundary drawn as an open way is a stretch of border ("France - Monaco"), not an area.
        if c.key == "boundary" && !closed { return }
        let point = (closed ? PlanarGeometry.centroid(ofRing: scratch) : PlanarGeometry.midpoint(ofLine: scratch)) ?? box.center
        var d = LandmarkDraft(osmType: .way, osmID: id, kind: c.kind, categoryKey: c.key, categoryValue: c.value,
                              point: point, bbox: box, importance: clampImportance(LandmarkImportance.withSize(c, box: box)),
                              names: c.names)
        applyDetails(dict, to: &d)
        drafts.append(d)
    }

    private func relation(_ b: OSMBatch, _ i: Int) {
        counts.relations += 1
        mapShapes?.relation(b, i)
        adminAreas.relation(b, i)
        let tags = b.tagRange(ofRelation: i)
        passToRoads(relation: i, b, tags: tags)
        guard !tags.isEmpty, b.hasAnyTag(in: tags, of: LandmarkClassifier.interestingKeys) else { return }
        let dict = b.tagDictionary(in: tags)
        guard let type = dict["type"], type == "multipolygon" || type == "boundary" else { return }
        guard let c = LandmarkClassifier.classify(dict, type: .relation), c.kind != .street else { return }
        var box = FixedBoundingBox.empty
        var label: FixedCoordinate?
        for m in b.members(ofRelation: i) {
            switch b.memberTypes[m] {
            case .way:
                if let wb = wayExtents?.box(of: b.memberRefs[m]) { box.extend(wb) }
            case .node:
                // A boundary's label or admin centre is a better pin than its box centre.
                let role = b.string(b.memberRoles[m])
                if role == "label" || (role == "admin_centre" && label == nil) {
                    label = nodes.coordinate(of: b.memberRefs[m]) ?? label
                }
            case .relation:
                continue
            }
        }
        guard !box.isEmpty else {
            warnings[.relationsWithoutGeometry] += 1
            return
        }
        var d = LandmarkDraft(osmType: .relation, osmID: b.relationIDs[i], kind: c.kind, categoryKey: c.key,
                              categoryValue: c.value, point: label ?? box.center, bbox: box,
                              importance: clampImportance(LandmarkImportance.withSize(c, box: box)), names: c.names)
        applyDetails(dict, to: &d)
        drafts.append(d)
    }

    private func applyDetails(_ tags: [String: String], to d: inout LandmarkDraft) {
        // Kept here because every landmark that is no street passes through (streets merge from parts, and keep none).
        d.extra = ExtraTags.extract(tags)
        d.houseNumber = tags["addr:housenumber"]?.trimmed.nonEmpty
        d.street = (tags["addr:street"] ?? tags["addr:place"])?.trimmed.nonEmpty
        d.postcode = tags["addr:postcode"]?.trimmed.nonEmpty
        d.city = tags["addr:city"]?.trimmed.nonEmpty
    }

    /// Merges streets, resolves localities; returns every landmark.
    public func finish() -> [LandmarkDraft] {
        var all = drafts.drafts()
        drafts = DraftArchive()
        let parts = streetParts.streetParts()
        streetParts = DraftArchive()
        all.append(contentsOf: StreetMerger.merge(parts))
        giveStreets(&all, parts: parts)
        all += interpolations.materialise(all, warnings: &warnings)
        warnings[.unclosedBoundaryRings] = adminAreas.unclosedRings
        let hierarchy = adminAreas.hierarchy(confirmedBy: all)
        warnings[.boundariesWithoutPolygon] = hierarchy.withoutCount
        PlaceHierarchy.assign(&all, areas: hierarchy.areas, withoutPolygon: hierarchy.withoutPolygon)
        LandmarkImportance.rankAreasBelowTheirPlaces(&all)
        all.append(contentsOf: PostcodeAreas.landmarks(for: all))
        if !nodesReleased { warnings[.outOfOrderNodes] = nodes.outOfOrderCount }
        return all
    }

    /// House numbers without addr:street or addr:place take the nearest street (NearestStreet.swift):
    /// those on interpolation lines the line's first. Addresses still without one are left out
    /// (a shop keeps its number). Counted in the warnings, for `geoindex info`.
    private func giveStreets(_ all: inout [LandmarkDraft], parts: [StreetPart]) {
        guard all.contains(where: { $0.houseNumber != nil && $0.street == nil }) else { return }
        let grid = StreetGrid(parts)
        let given = interpolations.giveStreets(&all, grid: grid) + NearestStreet.assign(&all, grid: grid)
        let before = all.count
        all.removeAll { $0.kind == .address && $0.street == nil }
        warnings[.addressesGivenNearestStreet] += given
        warnings[.addressesWithoutStreet] += before - all.count
    }

    /// Releases way extents once relations are done (they are only needed for relation geometry).
    public func releaseWayBoxes() {
        wayExtents = nil
        mapShapes?.releaseMembers()
        adminAreas.releaseMembers()
    }

    /// The map shapes' section and count (nil without a map); the shapes' archive goes with it.
    func takeMapShapes() -> (section: [UInt8], count: Int)? {
        guard let mapShapes else { return nil }
        warnings[.unclosedRings] = mapShapes.unclosedRings
        warnings[.strayInnerRings] = mapShapes.strayInnerRings
        let result = (mapShapes.section(), mapShapes.count)
        self.mapShapes = nil
        return result
    }

    /// Releases the node locations once nothing needs them (the road graph has its coordinates).
    public func releaseNodes() {
        warnings[.outOfOrderNodes] = nodes.outOfOrderCount
        nodesReleased = true
        nodes = NodeStore()
    }

    /// Bytes held by the way extents (for the memory report).
    public var wayExtentBytes: Int { wayExtents?.memoryBytes ?? 0 }

    /// Bytes held by the map shapes and the ways kept for multipolygons (for the memory report).
    var mapShapeBytes: Int { mapShapes?.memoryBytes ?? 0 }

    /// Bytes held by the boundary polygons and the ways kept for them (for the memory report).
    var adminAreaBytes: Int { adminAreas.memoryBytes }

    public func absorb(parseWarnings w: OSMParseWarnings) {
        warnings[.nodesWithoutCoordinates] += w.nodesWithoutCoordinates
        warnings[.deletedElementsSkipped] += w.deletedElementsSkipped
    }
}

func clampImportance(_ v: Int) -> UInt8 { UInt8(max(0, min(255, v))) }

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
