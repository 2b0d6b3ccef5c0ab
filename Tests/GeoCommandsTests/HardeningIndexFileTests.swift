// What stands where an index is expected, through the real executables (issue
// 21): a FIFO (it used to hang geoquery, verify and info in open() for ever),
// a directory and a device are refused at once with one line and exit 2.
import Foundation
import Testing
import GeoBase
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct HardeningIndexFileTests {
    @Test func aFIFOWhereAnIndexIsExpectedIsRefusedAtOnce() throws {
        try TestData.withTemporaryDirectory { dir in
            let fifo = PathName.join(dir, "region.geoidx")
            #expect(mkfifo(fifo, 0o600) == 0)
            let runs: [(String, [String])] = [
                ("geoquery", ["rue", "-i", fifo]), ("geoquery", ["--reverse", "46.2,6.8", "-i", fifo]),
                ("geoindex", ["verify", fifo]), ("geoindex", ["info", fifo]), ("geoindex", ["export", fifo]),
                ("georoute", ["route", "--from", "46.2,6.8", "--to", "46.21,6.81", "-i", fifo]),
            ]
            for (tool, args) in runs {
                let started = Date()
                let r = try Executable.run(tool, args)
                #expect(r.status == 2 || (tool == "geoindex" && args[0] == "verify" && r.status == 1), "\(tool) \(args): \(r.status) \(r.stderr)")
                #expect(r.stderr.contains("named pipe (FIFO)") && r.stderr.contains("region.geoidx"), "\(tool) \(args): \(r.stderr)")
                #expect(r.stderr.split(separator: "\n").count == 1, "\(tool): \(r.stderr)")
                #expect(Date().timeIntervalSince(started) < 5, "\(tool) \(args) waited")
            }
            let device = try Executable.run("geoquery", ["rue", "-i", "/dev/null"])
            #expect(device.status == 2 && device.stderr.contains("character device"), "\(device.stderr)")
        }
    }

    @Test func aBatchWhoseIndexIsRewrittenInPlaceKeepsItsAnswersAndStops() throws {
        try TestData.withTemporaryDirectory { dir in
            let index = PathName.join(dir, "town.geoidx")
            let good = try Data(contentsOf: URL(fileURLWithPath: try TestData.indexPath(of: TestData.sample("town.osm"))))
            try good.write(to: URL(fileURLWithPath: index))
            let p = Process()
            p.executableURL = URL(fileURLWithPath: Executable.path("geoquery"))
            p.arguments = ["--batch", "-", "-i", index]
            let input = Pipe(), output = Pipe(), errors = Pipe()
            p.standardInput = input
            p.standardOutput = output
            p.standardError = errors
            try p.run()
            // Three answers, each read as soon as it is written (not held in a buffer).
            var answered = Data()
            for q in ["rue", "cafe", "gare"] {
                input.fileHandleForWriting.write(Data("{\"q\":\"\(q)\"}\n".utf8))
                while answered.filter({ $0 == 0x0A }).count < ["rue", "cafe", "gare"].firstIndex(of: q)! + 1 {
                    answered += output.fileHandleForReading.availableData
                }
            }
            // `cp small.geoidx town.geoidx`: the same inode, truncated and rewritten.
            let fd = open(index, O_WRONLY | O_TRUNC)
            _ = good.prefix(2_000).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
            input.fileHandleForWriting.write(Data("{\"q\":\"boulevard\"}\n".utf8))
            try input.fileHandleForWriting.close()
            answered += output.fileHandleForReading.readDataToEndOfFile()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 2, "\(stderr)")
            #expect(answered.filter { $0 == 0x0A }.count == 3)
            #expect(stderr.contains("changed while being read") && stderr.contains("town.geoidx"), "\(stderr)")
            #expect(!stderr.contains("crashed"))
        }
    }
}
