// The OSMHeader block of a PBF file: bounding box, the features a reader must
// understand (required_features) and informational fields. A file that needs
// a feature this reader lacks is refused by name rather than misread — e.g.
// a future encoding would otherwise decode as plausible garbage.
import GeoBase

/// What the OSMHeader block says about the file.
public struct PBFHeader: Sendable, Equatable {
    /// The header's bounding box in 1e-7 degrees (nanodegrees truncated), when present.
    public var bbox: FixedBoundingBox?
    public var requiredFeatures: [String] = []
    public var optionalFeatures: [String] = []
    public var writingProgram: String?
    public var source: String?
    public var replicationTimestamp: Int64?
    public var replicationSequenceNumber: Int64?
    public var replicationBaseURL: String?

    public init() {}

    /// Required features this reader decodes. HistoricalInformation files are
    /// read like the XML reader reads history XML: deleted versions (visible
    /// = false) are skipped and counted.
    public static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes", "HistoricalInformation"]

    /// Decodes a HeaderBlock (the uncompressed contents of an OSMHeader blob).
    static func decode(_ bytes: [UInt8]) throws(ProtobufError) -> PBFHeader {
        try withProtobufBytes(bytes) { buf throws(ProtobufError) -> PBFHeader in
            var r = ProtobufReader(buf)
            var h = PBFHeader()
            while let (field, wire) = try r.nextField() {
                switch field {
                case 1:
                    guard wire == .lengthDelimited else { throw r.error("HeaderBlock.bbox is not a message") }
                    var sub = try r.message()
                    h.bbox = try decodeBox(&sub)
                case 4: h.requiredFeatures.append(try r.string(wire, field: "HeaderBlock.required_features"))
                case 5: h.optionalFeatures.append(try r.string(wire, field: "HeaderBlock.optional_features"))
                case 16: h.writingProgram = try r.string(wire, field: "HeaderBlock.writingprogram")
                case 17: h.source = try r.string(wire, field: "HeaderBlock.source")
                case 32:
                    try r.expect(wire, .varint, field: "HeaderBlock.osmosis_replication_timestamp")
                    h.replicationTimestamp = try r.int64()
                case 33:
                    try r.expect(wire, .varint, field: "HeaderBlock.osmosis_replication_sequence_number")
                    h.replicationSequenceNumber = try r.int64()
                case 34: h.replicationBaseURL = try r.string(wire, field: "HeaderBlock.osmosis_replication_base_url")
                default: try r.skip(wire)
                }
            }
            for f in h.requiredFeatures where !supportedFeatures.contains(f) {
                throw ProtobufError(
                    message: "the file requires the PBF feature \"\(pbfPrintable(f))\", which this reader does not support (supported: \(supportedFeatures.sorted().joined(separator: ", ")))",
                    position: nil)
            }
            return h
        }
    }

    /// HeaderBBox: left, right, top, bottom in nanodegrees (sint64).
    private static func decodeBox(_ r: inout ProtobufReader) throws(ProtobufError) -> FixedBoundingBox {
        var v: [Int64?] = [nil, nil, nil, nil]
        while let (field, wire) = try r.nextField() {
            guard (1...4).contains(field) else { try r.skip(wire); continue }
            try r.expect(wire, .varint, field: "HeaderBBox field \(field)")
            v[Int(field) - 1] = try r.sint64()
        }
        guard let left = v[0], let right = v[1], let top = v[2], let bottom = v[3] else {
            throw r.error("header bbox lacks one of left/right/top/bottom")
        }
        func fixed(_ nano: Int64, _ limit: Int64, _ what: String) throws(ProtobufError) -> Int32 {
            let e7 = nano / 100
            guard e7 >= -limit && e7 <= limit else { throw r.error("header bbox \(what) \(nano) nanodegrees is out of range") }
            return Int32(e7)
        }
        let minLat = try fixed(bottom, 900_000_000, "bottom"), minLon = try fixed(left, 1_800_000_000, "left")
        let maxLat = try fixed(top, 900_000_000, "top"), maxLon = try fixed(right, 1_800_000_000, "right")
        return FixedBoundingBox(minLon: minLon, minLat: minLat, maxLon: maxLon, maxLat: maxLat)
    }
}
