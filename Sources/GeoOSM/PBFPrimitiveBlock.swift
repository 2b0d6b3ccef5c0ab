// Decodes one PrimitiveBlock (the uncompressed contents of an OSMData blob)
// into `OSMBatch`es, the interface the importer consumes. This file holds the
// block-level part — string table, granularity and offsets, batch bookkeeping,
// tags and coordinates; PBFElements.swift decodes the elements themselves.
//
// The string table is copied into the batch arena in one piece, so every tag
// key, value and member role is an `ArenaRange` into it — no per-tag copy.
// Coordinates become the same 1e-7 fixed point as the XML reader's: the PBF
// value is `offset + granularity * v` nanodegrees, divided by 100 truncating,
// exactly as libosmium (and so osmium-written XML of the same file) does.

struct PBFBlockDecoder {
    enum Kind { case node, way, relation }

    let limits: OSMParseLimits
    private(set) var batches: [OSMBatch] = []
    var batch = OSMBatch()
    var warnings = OSMParseWarnings()
    /// String table entries as ranges of `arena`.
    private(set) var strings: [ArenaRange] = []
    private var arena: [UInt8] = []
    private(set) var granularity: Int64 = 100
    private(set) var latOffset: Int64 = 0
    private(set) var lonOffset: Int64 = 0

    init(limits: OSMParseLimits) {
        self.limits = limits
    }

    /// Decodes a whole PrimitiveBlock; the batches come out in element order.
    static func decode(_ bytes: [UInt8], limits: OSMParseLimits) throws(ProtobufError)
        -> (batches: [OSMBatch], warnings: OSMParseWarnings) {
        var d = PBFBlockDecoder(limits: limits)
        try withProtobufBytes(bytes) { buf throws(ProtobufError) in try d.decodeBlock(ProtobufReader(buf)) }
        return (d.batches, d.warnings)
    }

    private mutating func decodeBlock(_ block: ProtobufReader) throws(ProtobufError) {
        // Pass 1: protobuf writers put granularity (17) and the offsets (19, 20)
        // after the groups (2), so the scale must be known before any group is read.
        var r = block
        var groups: [ProtobufReader] = []
        var sawStrings = false
        while let (field, wire) = try r.nextField() {
            switch field {
            case 1:
                guard !sawStrings else { throw r.error("PrimitiveBlock has more than one string table") }
                sawStrings = true
                guard wire == .lengthDelimited else { throw r.error("PrimitiveBlock.stringtable is not a message") }
                var table = try r.message()
                try decodeStringTable(&table)
            case 2:
                guard wire == .lengthDelimited else { throw r.error("PrimitiveBlock.primitivegroup is not a message") }
                groups.append(try r.message())
            case 17:
                try r.expect(wire, .varint, field: "PrimitiveBlock.granularity")
                granularity = Int64(try r.int32())
                guard granularity > 0 else { throw r.error("granularity \(granularity) must be positive") }
            case 19:
                try r.expect(wire, .varint, field: "PrimitiveBlock.lat_offset")
                latOffset = try r.int64()
            case 20:
                try r.expect(wire, .varint, field: "PrimitiveBlock.lon_offset")
                lonOffset = try r.int64()
            default:
                // 18 = date_granularity: timestamps are not imported.
                try r.skip(wire)
            }
        }
        for var g in groups {
            while let (field, wire) = try g.nextField() {
                guard (1...4).contains(field) else { try g.skip(wire); continue }   // 5 = changesets
                guard wire == .lengthDelimited else { throw g.error("PrimitiveGroup field \(field) is not a message") }
                var m = try g.message()
                switch field {
                case 1: try decodeNode(&m)
                case 2: try decodeDenseNodes(&m)
                case 3: try decodeWay(&m)
                default: try decodeRelation(&m)
                }
            }
        }
        if !batch.isEmpty { finishBatch() }
    }

    private mutating func decodeStringTable(_ table: inout ProtobufReader) throws(ProtobufError) {
        let start = table.position
        table.copyBytes(start..<table.end, into: &arena)
        while let (field, wire) = try table.nextField() {
            guard field == 1 else { try table.skip(wire); continue }
            guard wire == .lengthDelimited else { throw table.error("StringTable.s is not bytes") }
            let r = try table.bytesRange()
            strings.append(ArenaRange(start: UInt32(r.lowerBound - start), length: UInt32(r.count)))
        }
    }

    // MARK: batches

    /// Starts an element of `kind`. A batch keeps each kind's tags contiguous
    /// (the importer reads node i's tags as nodeTagEnds[i-1]..<nodeTagEnds[i]),
    /// so a kind that would follow a later kind in the same batch opens a new one.
    mutating func begin(_ kind: Kind) {
        switch kind {
        case .node:
            if !batch.wayIDs.isEmpty || !batch.relationIDs.isEmpty { finishBatch() }
            if batch.nodeIDs.isEmpty { batch.nodeTagBase = Int32(batch.tagKeys.count) }
        case .way:
            if !batch.relationIDs.isEmpty { finishBatch() }
            if batch.wayIDs.isEmpty { batch.wayTagBase = Int32(batch.tagKeys.count) }
        case .relation:
            if batch.relationIDs.isEmpty { batch.relationTagBase = Int32(batch.tagKeys.count) }
        }
    }

    private mutating func finishBatch() {
        batch.arena = arena    // shared storage: copy-on-write, never written again
        batches.append(batch)
        batch = OSMBatch()
    }

    // MARK: strings, tags, coordinates

    @inline(__always)
    func string(_ index: UInt64, _ r: ProtobufReader, _ what: @autoclosure () -> String) throws(ProtobufError) -> ArenaRange {
        guard index < UInt64(strings.count) else {
            throw r.error("string table index \(index) out of range (the block has \(strings.count) strings) in \(what())")
        }
        return strings[Int(index)]
    }

    /// Appends the tags of one element from parallel `keys` / `vals` index arrays (when `keep`).
    mutating func addTags(_ keys: ProtobufReader?, _ vals: ProtobufReader?, keep: Bool,
                          _ what: @autoclosure () -> String) throws(ProtobufError) {
        guard var keys else {
            if let vals, !vals.isAtEnd { throw vals.error("\(what()) has tag values but no keys") }
            return
        }
        guard var vals else {
            if !keys.isAtEnd { throw keys.error("\(what()) has tag keys but no values") }
            return
        }
        var n = 0
        while !keys.isAtEnd {
            guard !vals.isAtEnd else { throw vals.error("\(what()) has more tag keys than values") }
            let k = try string(try keys.varint(), keys, "the keys of \(what())")
            let v = try string(try vals.varint(), vals, "the values of \(what())")
            guard keep else { continue }
            n += 1
            try appendTag(k, v, count: n, keys, what())
        }
        guard vals.isAtEnd else { throw vals.error("\(what()) has more tag values than keys") }
    }

    @inline(__always)
    mutating func appendTag(_ k: ArenaRange, _ v: ArenaRange, count: Int, _ r: ProtobufReader,
                            _ what: @autoclosure () -> String) throws(ProtobufError) {
        guard count <= limits.maxTagsPerElement else {
            throw r.error("\(what()) has more than \(limits.maxTagsPerElement) tags", limit: "maxTagsPerElement")
        }
        guard Int(k.length) <= limits.maxTagBytes && Int(v.length) <= limits.maxTagBytes else {
            throw r.error("a tag of \(what()) is \(max(k.length, v.length)) bytes long, over the limit of \(limits.maxTagBytes) bytes (OSM allows 255 characters)", limit: "maxTagBytes")
        }
        batch.tagKeys.append(k)
        batch.tagValues.append(v)
    }

    /// A PBF coordinate to 1e-7 degrees (truncating, as libosmium does), range-checked like the XML reader.
    @inline(__always)
    func fixed(_ raw: Int64, lat: Bool, _ r: ProtobufReader, _ what: @autoclosure () -> String) throws(ProtobufError) -> Int32 {
        let (scaled, o1) = raw.multipliedReportingOverflow(by: granularity)
        let (nano, o2) = scaled.addingReportingOverflow(lat ? latOffset : lonOffset)
        let e7 = nano / 100
        let limit: Int64 = lat ? 900_000_000 : 1_800_000_000
        guard !o1 && !o2 && e7 >= -limit && e7 <= limit else {
            throw r.error("\(what()) has an invalid \(lat ? "latitude" : "longitude") (\(o1 || o2 ? "overflow" : "\(Double(e7) / 1e7)°"))")
        }
        return Int32(e7)
    }

    /// The `visible` flag of an Info message (history files); everything else in it is not imported.
    func visible(inInfo info: ProtobufReader) throws(ProtobufError) -> Bool {
        var r = info
        var visible = true
        while let (field, wire) = try r.nextField() {
            if field == 6 && wire == .varint { visible = try r.varint() != 0 } else { try r.skip(wire) }
        }
        return visible
    }
}
