// The section table's item counts, each set to 123456789 under a recomputed
// header CRC: `verify` names the section (it said "ok" for ROFF, QTRE, GRPH and
// the others), and opening refuses where it relies on the count.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoFormat
import GeoTestSupport

@Suite struct SectionCountTests {
    /// The sample town's index with `tag`'s item count replaced and the header CRC made right again.
    func withCount(_ tag: SectionTag, _ items: UInt64) throws -> [UInt8] {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try TestData.indexPath(of: TestData.sample("town.osm")))))
        func u32(_ o: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[o + $1]) << (8 * $1) } }
        let n = Int(u32(12))
        let tableEnd = IndexFormat.headerSize + n * IndexFormat.sectionEntrySize
        guard let e = (0..<n).map({ IndexFormat.headerSize + $0 * IndexFormat.sectionEntrySize }).first(where: { u32($0) == tag.code }) else {
            throw InputError(file: "town", message: "no \(tag.rawValue)")
        }
        for i in 0..<8 { bytes[e + 24 + i] = UInt8(truncatingIfNeeded: items >> (8 * UInt64(i))) }
        var header = Array(bytes[0..<tableEnd])
        for i in 32..<36 { header[i] = 0 }
        let crc = CRC32.checksum(header)
        for i in 0..<4 { bytes[32 + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i))) }
        return bytes
    }

    /// Every section the town's index has (graphs under 2 048 nodes get no routing overlay).
    @Test(arguments: SectionTag.allCases.filter { $0 != .overlay }) func aWrongItemCountIsNamed(_ tag: SectionTag) throws {
        let path = TestData.tempPath("count-\(tag.rawValue).geoidx")
        defer { unlink(path) }
        try Data(try withCount(tag, 123_456_789)).write(to: URL(fileURLWithPath: path))
        let faults = IndexVerifier.verify(path: path)
        #expect(faults.contains { $0.hasPrefix("index file is corrupt: \(tag.rawValue) (") }, "\(tag.rawValue): \(faults)")
        // Opening refuses the counts it reads as sizes; the others it leaves to verify.
        let opens = (try? LandmarkIndex(path: path)) != nil
        #expect(opens == ![.points, .places, .extraTags].contains(tag), "\(tag.rawValue)")
    }

    @Test func theRightCountsPass() throws {
        for tag in SectionTag.allCases {
            let index = try TestData.index(of: TestData.sample("town.osm"))
            guard let s = index.sections[tag] else { continue }
            let path = TestData.tempPath("count-same-\(tag.rawValue).geoidx")
            defer { unlink(path) }
            try Data(try withCount(tag, UInt64(s.items))).write(to: URL(fileURLWithPath: path))
            #expect(IndexVerifier.verify(path: path).isEmpty, "\(tag.rawValue)")
        }
    }
}
