// The element decoders of a PrimitiveGroup: DenseNodes (the usual node
// encoding: parallel delta-coded id/lat/lon arrays and one keys_vals array),
// plain Nodes, Ways (delta-coded refs) and Relations (delta-coded member ids,
// role string indexes, member types). Fields may arrive in any order, so each
// decoder first collects its packed arrays, then walks them in lock step,
// checking that their lengths agree. Deleted versions (visible = false, only
// in history files) are skipped and counted, as the XML reader does.

extension PBFBlockDecoder {
    mutating func decodeDenseNodes(_ m: inout ProtobufReader) throws(ProtobufError) {
        var ids: ProtobufReader?, lats: ProtobufReader?, lons: ProtobufReader?
        var keysVals: ProtobufReader?, visibles: ProtobufReader?
        while let (field, wire) = try m.nextField() {
            switch field {
            case 1: ids = try m.packed(wire, field: "DenseNodes.id")
            case 5:
                guard wire == .lengthDelimited else { throw m.error("DenseNodes.denseinfo is not a message") }
                var info = try m.message()
                while let (f, w) = try info.nextField() {
                    if f == 6 { visibles = try info.packed(w, field: "DenseInfo.visible") } else { try info.skip(w) }
                }
            case 8: lats = try m.packed(wire, field: "DenseNodes.lat")
            case 9: lons = try m.packed(wire, field: "DenseNodes.lon")
            case 10: keysVals = try m.packed(wire, field: "DenseNodes.keys_vals")
            default: try m.skip(wire)
            }
        }
        guard var ids else {
            if lats.map({ !$0.isAtEnd }) ?? false { throw m.error("DenseNodes has coordinates but no ids") }
            return
        }
        guard var lats, var lons else { throw ids.error("DenseNodes has ids but no coordinates") }
        var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
        var index = 0
        while !ids.isAtEnd {
            id &+= try ids.sint64()
            guard !lats.isAtEnd && !lons.isAtEnd else {
                throw (lats.isAtEnd ? lats : lons).error("DenseNodes has fewer coordinates than ids (node \(id), #\(index))")
            }
            lat &+= try lats.sint64()
            lon &+= try lons.sint64()
            var visible = true
            if var v = visibles, !v.isAtEnd {
                visible = try v.varint() != 0
                visibles = v
            }
            if visible { begin(.node) }
            if var kv = keysVals {
                var n = 0
                // Each node's pairs end with a 0 key; an array that simply ends means no more tags.
                while !kv.isAtEnd {
                    let ki = try kv.varint()
                    if ki == 0 { break }
                    guard !kv.isAtEnd else { throw kv.error("DenseNodes.keys_vals ends between a key and its value (node \(id))") }
                    let k = try string(ki, kv, "the keys of node \(id)")
                    let v = try string(try kv.varint(), kv, "the values of node \(id)")
                    guard visible else { continue }
                    n += 1
                    try appendTag(k, v, count: n, kv, "node \(id)")
                }
                keysVals = kv
            }
            if visible {
                batch.nodeIDs.append(id)
                batch.nodeLats.append(try fixed(lat, lat: true, lats, "node \(id)"))
                batch.nodeLons.append(try fixed(lon, lat: false, lons, "node \(id)"))
                batch.nodeTagEnds.append(Int32(batch.tagKeys.count))
            } else {
                warnings.deletedElementsSkipped += 1
            }
            index += 1
        }
        guard lats.isAtEnd && lons.isAtEnd else {
            throw (lats.isAtEnd ? lons : lats).error("DenseNodes has more coordinates than ids (\(index) ids)")
        }
    }

    mutating func decodeNode(_ m: inout ProtobufReader) throws(ProtobufError) {
        var id: Int64?, lat: Int64?, lon: Int64?
        var keys: ProtobufReader?, vals: ProtobufReader?
        var visible = true
        while let (field, wire) = try m.nextField() {
            switch field {
            case 1: try m.expect(wire, .varint, field: "Node.id"); id = try m.sint64()
            case 2: keys = try m.packed(wire, field: "Node.keys")
            case 3: vals = try m.packed(wire, field: "Node.vals")
            case 4:
                guard wire == .lengthDelimited else { throw m.error("Node.info is not a message") }
                visible = try self.visible(inInfo: try m.message())
            case 8: try m.expect(wire, .varint, field: "Node.lat"); lat = try m.sint64()
            case 9: try m.expect(wire, .varint, field: "Node.lon"); lon = try m.sint64()
            default: try m.skip(wire)
            }
        }
        guard let id else { throw m.error("node without an id") }
        guard visible else {
            try addTags(keys, vals, keep: false, "node \(id)")
            warnings.deletedElementsSkipped += 1
            return
        }
        guard let lat, let lon else {
            try addTags(keys, vals, keep: false, "node \(id)")
            warnings.nodesWithoutCoordinates += 1
            return
        }
        let fixedLat = try fixed(lat, lat: true, m, "node \(id)")
        let fixedLon = try fixed(lon, lat: false, m, "node \(id)")
        begin(.node)
        try addTags(keys, vals, keep: true, "node \(id)")
        batch.nodeIDs.append(id)
        batch.nodeLats.append(fixedLat)
        batch.nodeLons.append(fixedLon)
        batch.nodeTagEnds.append(Int32(batch.tagKeys.count))
    }

    mutating func decodeWay(_ m: inout ProtobufReader) throws(ProtobufError) {
        var id: Int64?
        var keys: ProtobufReader?, vals: ProtobufReader?, refs: ProtobufReader?
        var visible = true
        while let (field, wire) = try m.nextField() {
            switch field {
            case 1: try m.expect(wire, .varint, field: "Way.id"); id = try m.int64()
            case 2: keys = try m.packed(wire, field: "Way.keys")
            case 3: vals = try m.packed(wire, field: "Way.vals")
            case 4:
                guard wire == .lengthDelimited else { throw m.error("Way.info is not a message") }
                visible = try self.visible(inInfo: try m.message())
            case 8: refs = try m.packed(wire, field: "Way.refs")
            default: try m.skip(wire)    // 9, 10: node locations on ways (LocationsOnWays), not needed
            }
        }
        guard let id else { throw m.error("way without an id") }
        if visible { begin(.way) } else { warnings.deletedElementsSkipped += 1 }
        try addTags(keys, vals, keep: visible, "way \(id)")
        if var refs {
            var ref: Int64 = 0
            var n = 0
            while !refs.isAtEnd {
                ref &+= try refs.sint64()
                guard visible else { continue }
                n += 1
                guard n <= limits.maxRefsPerElement else {
                    throw refs.error("way \(id) has more than \(limits.maxRefsPerElement) node references", limit: "maxRefsPerElement")
                }
                batch.wayRefs.append(ref)
            }
        }
        guard visible else { return }
        batch.wayIDs.append(id)
        batch.wayTagEnds.append(Int32(batch.tagKeys.count))
        batch.wayRefEnds.append(Int32(batch.wayRefs.count))
    }

    mutating func decodeRelation(_ m: inout ProtobufReader) throws(ProtobufError) {
        var id: Int64?
        var keys: ProtobufReader?, vals: ProtobufReader?
        var rolesField: ProtobufReader?, memidsField: ProtobufReader?, typesField: ProtobufReader?
        var visible = true
        while let (field, wire) = try m.nextField() {
            switch field {
            case 1: try m.expect(wire, .varint, field: "Relation.id"); id = try m.int64()
            case 2: keys = try m.packed(wire, field: "Relation.keys")
            case 3: vals = try m.packed(wire, field: "Relation.vals")
            case 4:
                guard wire == .lengthDelimited else { throw m.error("Relation.info is not a message") }
                visible = try self.visible(inInfo: try m.message())
            case 8: rolesField = try m.packed(wire, field: "Relation.roles_sid")
            case 9: memidsField = try m.packed(wire, field: "Relation.memids")
            case 10: typesField = try m.packed(wire, field: "Relation.types")
            default: try m.skip(wire)
            }
        }
        guard let id else { throw m.error("relation without an id") }
        if visible { begin(.relation) } else { warnings.deletedElementsSkipped += 1 }
        try addTags(keys, vals, keep: visible, "relation \(id)")
        var ref: Int64 = 0
        var n = 0
        let empty = ProtobufReader(UnsafeRawBufferPointer(start: nil, count: 0))
        var memids = memidsField ?? empty, roles = rolesField ?? empty, types = typesField ?? empty
        while !memids.isAtEnd {
            ref &+= try memids.sint64()
            guard !roles.isAtEnd && !types.isAtEnd else {
                throw (roles.isAtEnd ? roles : types).error("relation \(id) has fewer member \(roles.isAtEnd ? "roles" : "types") than member ids")
            }
            let role = try string(try roles.varint(), roles, "the member roles of relation \(id)")
            let t = try types.varint()
            guard let type = OSMMemberType(rawValue: UInt8(truncatingIfNeeded: t)), t <= 2 else {
                throw types.error("relation \(id) has a member of unknown type \(t)")
            }
            guard visible else { continue }
            n += 1
            guard n <= limits.maxRefsPerElement else {
                throw memids.error("relation \(id) has more than \(limits.maxRefsPerElement) members", limit: "maxRefsPerElement")
            }
            batch.memberTypes.append(type)
            batch.memberRefs.append(ref)
            batch.memberRoles.append(role)
        }
        guard roles.isAtEnd && types.isAtEnd else {
            throw (roles.isAtEnd ? types : roles).error("relation \(id) has more member \(roles.isAtEnd ? "types" : "roles") than member ids")
        }
        guard visible else { return }
        batch.relationIDs.append(id)
        batch.relationTagEnds.append(Int32(batch.tagKeys.count))
        batch.relationMemberEnds.append(Int32(batch.memberRefs.count))
    }
}
