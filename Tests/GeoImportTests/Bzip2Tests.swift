// bzip2-compressed OSM XML (`.osm.bz2`): the sample town is compressed in the
// test with libbz2 (one stream, or several concatenated as pbzip2 writes), and
// the index built from it must equal the one from the plain XML. Truncated and
// corrupt streams must fail with an InputError at a compressed byte offset and
// leave no output file.
import CBzip2
import Foundation
import Testing
@testable import GeoBase
@testable import GeoImport
@testable import GeoOSM
import GeoTestSupport

private let townPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("samples/town.osm").path

private func bzip2(_ input: [UInt8], blockSize: Int32 = 9) -> [UInt8] {
    var size = UInt32(input.count + input.count / 100 + 600)
    var out = [UInt8](repeating: 0, count: Int(size))
    var source = input
    let rc = out.withUnsafeMutableBufferPointer { o in
        source.withUnsafeMutableBufferPointer { i in
            o.baseAddress!.withMemoryRebound(to: CChar.self, capacity: o.count) { op in
                i.baseAddress!.withMemoryRebound(to: CChar.self, capacity: i.count) { ip in
                    BZ2_bzBuffToBuffCompress(op, &size, ip, UInt32(i.count), blockSize, 0, 0)
                }
            }
        }
    }
    precondition(rc == BZ_OK)
    return Array(out[0..<Int(size)])
}

private func town() throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: townPath))) }

/// Decompresses `bytes` completely through Bzip2ByteSource.
private func inflateAll(_ bytes: [UInt8], readSize: Int = 65_536) throws -> [UInt8] {
    let source = try Bzip2ByteSource(source: MemorySource(bytes, step: 1000), name: "t.bz2")
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: readSize)
    while true {
        let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
        if n == 0 { return out }
        out += buffer[0..<n]
    }
}

/// Builds the index of `bytes` stored as `dir/name`.
private func build(_ bytes: [UInt8], dir: String, name: String) throws -> [UInt8] {
    let sub = dir + "/" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: sub + "/" + name, contents: Data(bytes))
    var options = BuildOptions(output: sub + "/out.geoidx")
    options.buildTime = 1_700_000_000
    _ = try IndexBuilder.build(input: sub + "/" + name, options: options)
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: options.output)))
}

@Suite struct Bzip2Tests {
    @Test func decompressesOneAndSeveralStreams() throws {
        let xml = try town()
        #expect(try inflateAll(bzip2(xml)) == xml)
        #expect(try inflateAll(bzip2(xml), readSize: 7) == xml)
        // Three streams, cut at arbitrary points (pbzip2/lbzip2 style), then trailing padding bzip2(1) ignores.
        let a = xml.count / 3, b = xml.count / 2 + 17
        let multi = bzip2(Array(xml[..<a]), blockSize: 1) + bzip2(Array(xml[a..<b])) + bzip2(Array(xml[b...])) + [0, 0, 0]
        #expect(try inflateAll(multi) == xml)
    }

    @Test func indexFromBzip2EqualsIndexFromPlainXML() throws {
        let xml = try town()
        try TestData.withTemporaryDirectory { dir in
            let plain = try build(xml, dir: dir, name: "town.osm")
            let compressed = try build(bzip2(xml), dir: dir, name: "town.osm")
            #expect(plain == compressed)
            #expect(InputFormat.sniff(Array(bzip2(xml).prefix(16))) == .bzip2)
        }
    }

    @Test func truncatedStreamsFail() throws {
        let compressed = bzip2(try town())
        for cut in [20, compressed.count / 3, compressed.count / 2, compressed.count - 5, compressed.count - 1] {
            let e = try expectBuildFailure(Array(compressed.prefix(cut)), name: "town.osm.bz2")
            #expect(e?.message.contains("truncated bzip2") == true, "\(String(describing: e))")
            #expect((e?.offset ?? -1) <= Int64(cut))
            #expect(throws: InputError.self) { try inflateAll(Array(compressed.prefix(cut))) }
        }
    }

    @Test func corruptStreamsFail() throws {
        let compressed = bzip2(try town())
        for position in [12, compressed.count / 2, compressed.count - 8] {
            var bytes = compressed
            bytes[position] ^= 0x24
            let e = #expect(throws: InputError.self) { try inflateAll(bytes) }
            #expect(e?.message.contains("bzip2") == true, "\(String(describing: e))")
            #expect(e?.offset != nil)
            // Through the importer: an InputError (from the bzip2 layer, or the XML parser if damaged
            // bytes reach it first), and no output file.
            try expectBuildFailure(bytes, name: "town.osm.bz2")
        }
        // A block whose output exceeds the parser's 1 MiB buffer: damaged XML reaches the
        // parser before libbz2 checks the block's CRC, and the bzip2 error must still win.
        let xml = try town()
        let firstLine = xml.firstIndex(of: 0x0A)! + 1
        let padded = Array(xml[..<firstLine]) + Array("<!--".utf8) + [UInt8](repeating: 0x61, count: 3_000_000)
            + Array("-->\n".utf8) + Array(xml[firstLine...])
        var big = bzip2(padded)
        // Damage origPtr (the BWT start in the block header): the block still decodes, to a
        // rotation of the text, and only the block CRC checked after the output notices.
        big[16] ^= 0x01
        let source = try Bzip2ByteSource(source: MemorySource(big), name: "big.osm.bz2")
        let xmlError = #expect(throws: InputError.self) { try readXML(source) }
        #expect(xmlError?.line != nil, "the XML parser should see the damage first: \(String(describing: xmlError))")
        let cause = source.rootCause(of: xmlError!) as? InputError
        #expect(cause?.message.contains("corrupt bzip2") == true && cause?.offset != nil, "\(String(describing: cause))")
        let bigError = try expectBuildFailure(big, name: "big.osm.bz2")
        #expect(bigError?.message.contains("corrupt bzip2") == true, "\(String(describing: bigError))")
        // A bzip2 signature followed by garbage.
        let e = try expectBuildFailure(Array("BZh9garbage-garbage-garbage".utf8), name: "x.osm.bz2")
        #expect(e?.message.contains("corrupt bzip2") == true, "\(String(describing: e))")
    }
}
