// The container of a .geoidx file: a fixed header (magic, format version,
// build time, header CRC) followed by a section table (tag, CRC-32, offset,
// length, item count per section) and the 8-byte-aligned sections. Readers
// refuse other magics and versions with a message naming both versions.
// docs/FORMAT.md describes every section.

public enum IndexFormat {
    public static let magic: [UInt8] = Array("GEOIDX\r\n".utf8)
    public static let version: UInt32 = 8
    /// Bytes of one PLCS row: suburb, city, county, state, country, country code as u32 STRS offsets.
    public static let placeRowSize = 24
    public static let headerSize = 64
    public static let sectionEntrySize = 32
    public static let maxSections = 64
}

/// Four-character section names.
public enum SectionTag: String, CaseIterable, Sendable {
    case meta = "META"       // JSON: source, counts, warnings (for `info`)
    case strings = "STRS"    // shared strings, varint length + UTF-8
    case points = "PNTS"     // per landmark: lat, lon (i32, 1e-7°)
    case attributes = "ATTR" // per landmark: kind/token count, importance, category id
    case recordOffsets = "ROFF"
    case records = "RECS"    // per landmark: identity, names, extent, address
    case tokenOffsets = "FOFF"
    case tokens = "FTOK"     // per landmark: its token ordinals (forward index)
    case categories = "CATS" // category table and its posting lists' offsets
    case trie = "TRIE"
    case postings = "POST"
    case quadtree = "QTRE"
    case graph = "GRPH"      // road graph (routing)
    case overlay = "OVLY"    // routing overlay: cells' entry-to-exit weights per mode (fast long routes), optional
    case mapShapes = "SHPS"  // map shapes (an offline base map), optional
    case places = "PLCS"     // place hierarchies (suburb … country) that records refer to
    case extraTags = "EXTR"  // per landmark: extra tags (opening hours, phone…) answers show on request

    public var code: UInt32 {
        let b = Array(rawValue.utf8)
        return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
    }

    public init?(code: UInt32) {
        let s = String(decoding: [UInt8(code & 0xFF), UInt8(code >> 8 & 0xFF), UInt8(code >> 16 & 0xFF), UInt8(code >> 24)], as: UTF8.self)
        self.init(rawValue: s)
    }
}

public struct SectionEntry: Sendable {
    public var tag: SectionTag
    public var crc: UInt32
    public var offset: Int
    public var length: Int
    public var items: Int
}

/// Every 16th offset of a table of variable-length entries.
public enum SampledOffsets {
    public static let stride = 16
}
