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
}
