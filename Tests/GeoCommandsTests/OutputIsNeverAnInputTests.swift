// Every file a command reads goes through the one same-file check before
// anything is written: the indexes of `georoute` (each file of a `-i DIR`
// too), its tracks, and standard input when it is a redirected file. Each case
// here once overwrote its input and exited 0.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct OutputIsNeverAnInputTests {
    /// A fresh directory holding a copy of the sample town's index as `town.geoidx`.
    func scratch(_ name: String) throws -> String {
        let d = TestData.tempPath("same-file-\(name)")
        try? FileManager.default.removeItem(atPath: d)
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestData.indexPath(of: TestData.sample("town.osm")), toPath: d + "/town.geoidx")
        return d
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Runs `command` with standard input read from `stdinPath` (the file itself, not a copy).
    func run(_ command: ([String], CommandIO) -> Int32, _ args: [String], stdinPath: String? = nil) -> (Int32, CapturedStreams) {
        let fd = open(stdinPath ?? "/dev/null", O_RDONLY)
        defer { close(fd) }
        let c = CapturedStreams()
        return (command(args, c.io(standardInput: fd)), c)
    }

    @Test func georouteNeverWritesOverItsIndex() throws {
        let d = try scratch("route")
        let index = d + "/town.geoidx"
        let before = bytes(index)
        let route = ["route", "--from", "46.2029872,6.7978337", "--to", "46.1985241,6.7986255", "--format", "json"]
        for args in [route + ["-i", index, "-o", index], route + ["-i", d, "-o", index], route + ["-i", index, "-o", d + "/./town.geoidx"]] {
            let (status, c) = run(GeorouteCommand.run, args)
            #expect(status == 2 && c.error.contains("is the input \(d)/") && c.error.contains("town.geoidx"), "\(args): \(c.error)")
            #expect(bytes(index) == before)
        }
        let ride = TestData.sample("town-ride.gpx")
        let (status, c) = run(GeorouteCommand.run, ["match", ride, "-i", d, "-o", index, "--format", "json"])
        #expect(status == 2 && c.error.contains("is the input"), "\(c.error)")
        #expect(bytes(index) == before)
    }

    @Test func anOutDirOutputThatIsAnIndexIsRefused() throws {
        let d = try scratch("outdir")
        // An index may have any name when given by path: here the one --out-dir would write for ride.gpx.
        let index = d + "/town-ride.json"
        try FileManager.default.moveItem(atPath: d + "/town.geoidx", toPath: index)
        let before = bytes(index)
        let (status, c) = run(GeorouteCommand.run, ["match", TestData.sample("town-ride.gpx"), "-i", index, "--out-dir", d, "--format", "json"])
        #expect(status == 2 && c.error.contains("is the input \(index)"), "\(c.error)")
        #expect(bytes(index) == before)
    }

    @Test func standardInputIsAnInputToo() throws {
        let d = try scratch("stdin")
        // geoindex build - -o t.osm < t.osm
        let osm = d + "/t.osm"
        try FileManager.default.copyItem(atPath: TestData.sample("town.osm"), toPath: osm)
        let osmBefore = bytes(osm)
        let (b, bc) = run(GeoindexCommand.run, ["build", "-", "-o", osm, "-q"], stdinPath: osm)
        #expect(b == 2 && bc.error.contains("is the input <stdin>"), "\(bc.error)")
        #expect(bytes(osm) == osmBefore)
        // georoute match - -o s.geojson < s.geojson
        let track = d + "/s.geojson"
        let (m0, _) = run(GeorouteCommand.run, ["match", TestData.sample("town-ride.gpx"), "-i", d, "-o", track, "-q"])
        #expect(m0 == 0)
        let trackBefore = bytes(track)
        let (m, mc) = run(GeorouteCommand.run, ["match", "-", "-i", d, "-o", track], stdinPath: track)
        #expect(m == 2 && mc.error.contains("is the input <stdin>"), "\(mc.error)")
        #expect(bytes(track) == trackBefore)
        // Standard input from another file is fine.
        let (ok, okc) = run(GeoindexCommand.run, ["build", "-", "-o", d + "/other.geoidx", "-q"], stdinPath: osm)
        #expect(ok == 0, "\(okc.error)")
    }
}
