// A mapped file whose file is changed under it (issue 21): truncated (`cp
// small big` while mapped), which once killed the reader with SIGBUS on the
// next read past the new end; written in place at the same size; replaced by a
// rename (which must not count as a change of the mapped file); and what is no
// regular file, refused at once (a FIFO used to hang the open for ever).
import Foundation
import Testing
@testable import GeoBase
#if canImport(Glibc)
import Glibc
#endif

@Suite struct MappedFileTests {
    func scratch(_ name: String) -> String {
        Scratch.directory("mapped-\(name)")
    }

    func remove(_ dir: String) { try? FileManager.default.removeItem(atPath: dir) }

    func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func aFileTruncatedUnderItsMappingReadsZerosAndSaysSo() throws {
        let dir = scratch("truncated")
        defer { remove(dir) }
        let path = dir + "/big.bin"
        let size = 1 << 20
        try write([UInt8](repeating: 0xAB, count: size), to: path)
        let file = try MappedFile(path: path)
        #expect(file.view.bytes(size - 10, 4).allSatisfy { $0 == 0xAB })
        #expect(!file.hasChanged)
        // As `cp small.bin big.bin` does: truncate, then write a little.
        let fd = open(path, O_WRONLY | O_TRUNC)
        #expect(fd >= 0)
        _ = [UInt8](repeating: 0x01, count: 100).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, 100) }
        close(fd)
        // Past the new end: the guard's zero pages instead of SIGBUS.
        let faults = MappedFile.faultsRepaired
        let tail = Array(file.view.bytes(size - 4096, 16))
        #expect(tail.allSatisfy { $0 == 0 })
        #expect(MappedFile.faultsRepaired > faults)
        #expect(file.hasChanged)
        // Everything after the faulting page reads as zeros too; the process goes on.
        #expect(Array(file.view.bytes(size / 2, 8)).count == 8)
    }

    @Test func aWriteInPlaceAtTheSameSizeIsAChange() throws {
        let dir = scratch("rewritten")
        defer { remove(dir) }
        let path = dir + "/f.bin"
        try write([UInt8](repeating: 1, count: 10_000), to: path)
        let file = try MappedFile(path: path)
        usleep(10_000)
        let fd = open(path, O_WRONLY)
        _ = [UInt8](repeating: 2, count: 10).withUnsafeBytes { pwrite(fd, $0.baseAddress, 10, 5_000) }
        close(fd)
        #expect(file.hasChanged)
    }

    @Test func aFileRenamedOverThePathIsNoChangeOfTheMappedOne() throws {
        let dir = scratch("renamed")
        defer { remove(dir) }
        let path = dir + "/f.bin", other = dir + "/.f.new"
        try write([UInt8](repeating: 1, count: 10_000), to: path)
        let file = try MappedFile(path: path)
        try write([UInt8](repeating: 3, count: 20), to: other)
        #expect(rename(other, path) == 0)
        #expect(!file.hasChanged)
        #expect(file.view.bytes(9_000, 1).first == 1)
    }

    @Test func whatIsNoRegularFileIsRefusedWithoutWaiting() throws {
        let dir = scratch("types")
        defer { remove(dir) }
        let fifo = dir + "/index.geoidx"
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        for (path, needle) in [(fifo, "named pipe (FIFO)"), (dir, "is a directory"), ("/dev/null", "character device")] {
            do {
                _ = try MappedFile(path: path)
                Issue.record("\(path) was opened")
            } catch let e as InputError {
                #expect(e.description.contains(needle), "\(e)")
            }
        }
        #expect(Date().timeIntervalSince(started) < 2)
    }
}
