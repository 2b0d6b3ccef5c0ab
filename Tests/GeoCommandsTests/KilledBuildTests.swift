// A build killed without a chance to clean up — SIGKILL, or the kernel's
// SIGXFSZ in the middle of the final write — leaves no temporary file and the
// older index untouched. Killed during the final write it once left a
// full-size `.NAME.geoidx.tmp-PID`, which nothing ever removed.
import Foundation
import Testing
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct KilledBuildTests {
    func scratch(_ name: String) throws -> String {
        let d = TestData.tempPath("killed-\(name)")
        try? FileManager.default.removeItem(atPath: d)
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        try "old index".write(toFile: d + "/x.geoidx", atomically: false, encoding: .utf8)
        return d
    }

    func listing(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    @Test func aBuildKilledDuringItsFinalWriteLeavesNothing() throws {
        let dir = try scratch("write")
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        // Files may grow to 8 KiB (16 blocks of 512 bytes): the sample town's index is ~24 KB, so the
        // kernel kills the build with SIGXFSZ part-way through writing it, as abruptly as kill -9.
        let script = "ulimit -c 0; ulimit -f 16; exec \"$0\" \"$@\""
        let errPath = TestData.tempPath("killed-write.err")
        let err = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer { unlink(errPath) }
        let child = try ChildProcess.start(path: "/bin/sh", ["-c", script, Executable.path("geoindex"), "build",
                                                             TestData.sample("town.osm"), "-o", dir + "/x.geoidx", "-q"],
                                           stdin: null, stdout: null, stderr: err)
        close(err)
        let status = child.wait(timeout: 120)
        if status == nil { child.kill() }
        #expect(status == 128 + SIGXFSZ, "the build was not killed while writing: \(String(describing: status)) \((try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")")
        #expect(listing(dir) == ["x.geoidx"], "left behind: \(listing(dir))")
        #expect(try String(contentsOfFile: dir + "/x.geoidx", encoding: .utf8) == "old index")
    }

    @Test func aBuildKilledWhileReadingItsInputLeavesNothing() throws {
        let dir = try scratch("read")
        let fifo = dir + "/input.osm"
        guard mkfifo(fifo, 0o600) == 0 else { Issue.record("mkfifo failed"); return }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let child = try ChildProcess.start("geoindex", ["build", fifo, "-o", dir + "/x.geoidx", "-q"], stdin: null, stdout: null, stderr: null)
        // The build blocks reading the FIFO after half the file: a known point to kill it at.
        let writer = open(fifo, O_WRONLY | O_CLOEXEC)
        let osm = Array(try Data(contentsOf: URL(fileURLWithPath: TestData.sample("town.osm"))))
        _ = osm.withUnsafeBytes { write(writer, $0.baseAddress, $0.count / 2) }
        usleep(200_000)
        child.kill(SIGKILL)
        close(writer)
        #expect(listing(dir) == ["input.osm", "x.geoidx"], "left behind: \(listing(dir))")
        #expect(try String(contentsOfFile: dir + "/x.geoidx", encoding: .utf8) == "old index")
    }
}
