// One convention across the three tools (as osmium, ripgrep and jq do it):
// versions, help, no arguments, usage errors, documented exit codes, "no
// results" on standard error, refused formats and values instead of silent
// guesses, the swapped-coordinates hint, reproducible GPX times, and outputs
// that can never destroy an input or a device.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
@testable import GeoFormat
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ConventionsTests {
    static var town: String { get throws { try TestData.indexPath(of: TestData.sample("town.osm")) } }

    func scratch(_ name: String) -> String {
        let d = TestData.tempPath("conventions-\(name)")
        try? FileManager.default.removeItem(atPath: d)
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    func run(_ tool: String, _ args: [String], environment: [String: String] = [:]) throws -> CommandRun {
        switch tool {
        case "geoindex": return try InProcess.geoindex(args, environment: environment)
        case "geoquery": return try InProcess.geoquery(args, environment: environment)
        default: return try InProcess.georoute(args, environment: environment)
        }
    }

    @Test func versionsHelpAndNoArguments() throws {
        for tool in ["geoindex", "geoquery", "georoute"] {
            for flag in ["--version", "-V"] {
                let v = try run(tool, [flag])
                #expect(v.status == 0 && v.stdout == "\(tool) \(ToolVersion.number) (index format \(IndexFormat.version))\n", "\(tool) \(flag)")
            }
            for flag in ["--help", "-h"] {
                let h = try run(tool, [flag])
                #expect(h.status == 0 && h.stdout.hasPrefix("usage: \(tool)") && h.stderr.isEmpty, "\(tool) \(flag)")
            }
            let none = try run(tool, [])
            #expect(none.status == 2 && none.stdout.isEmpty, "\(tool)")
            #expect(none.stderr.hasPrefix("usage: \(tool)") && none.stderr.hasSuffix("Try '\(tool) --help' for more information.\n"),
                    "\(tool): \(none.stderr)")
            // (georoute's three commands take the most: about 730 characters; its whole help about 2 400.)
            #expect(none.stderr.count < 750, "\(tool): the short usage, not the whole help")
        }
    }

    @Test func aUsageErrorIsOneLineAndAPointerToHelp() throws {
        let index = try Self.town
        for (tool, args) in [("geoquery", ["rue", "-i", index, "--limit", "0"]), ("geoquery", ["rue", "--frob"]),
                             ("geoindex", ["frob"]), ("georoute", ["route", "--from", "1"])] {
            let r = try run(tool, args)
            let lines = r.stderr.split(separator: "\n")
            #expect(r.status == 2 && lines.count == 2, "\(tool) \(args): \(r.stderr)")
            #expect(lines.first?.hasPrefix("\(tool): ") == true && lines.last == "Try '\(tool) --help' for more information.")
        }
    }

    @Test func verifySaysTwoForWhatCannotBeReadAndOneForWhatIsNoSoundIndex() throws {
        let dir = scratch("verify")
        #expect(try run("geoindex", ["verify", dir + "/missing.geoidx"]).status == 2)
        #expect(try run("geoindex", ["verify", dir]).status == 2)
        _ = FileManager.default.createFile(atPath: dir + "/empty.geoidx", contents: Data())
        let empty = try run("geoindex", ["verify", dir + "/empty.geoidx"])
        #expect(empty.status == 1 && empty.stderr.contains("empty"))
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try Self.town)))
        bytes[bytes.count / 2] ^= 0x40
        _ = FileManager.default.createFile(atPath: dir + "/bad.geoidx", contents: Data(bytes))
        #expect(try run("geoindex", ["verify", dir + "/bad.geoidx"]).status == 1)
        #expect(try run("geoindex", ["verify", try Self.town, "-q"]).status == 0)
    }

    @Test func noResultsGoesToStandardError() throws {
        let text = try run("geoquery", ["zzqqxx", "-i", try Self.town, "--format", "text"])
        #expect(text.status == 1 && text.stdout.isEmpty && text.stderr == "geoquery: no results for \"zzqqxx\"\n")
        let json = try run("geoquery", ["zzqqxx", "-i", try Self.town, "--format", "json", "-q"])
        #expect(json.status == 1 && json.stderr.isEmpty)
        #expect(try JSONValue.parse(json.output)["count"]?.intValue == 0)
    }

    @Test func guessesAreRefusedNotMade() throws {
        let index = try Self.town
        let ext = try run("georoute", ["match", TestData.sample("town-ride.gpx"), "-i", index, "-o", scratch("ext") + "/out.txt"])
        #expect(ext.status == 2 && ext.stderr.contains(".txt is no output format"))
        let batch = try run("geoquery", ["--batch", "-", "-i", index, "--format", "text"])
        #expect(batch.status == 2 && batch.stderr.contains("--batch"))
        let group = try run("geoquery", ["--group", "abc", "-i", index])
        #expect(group.status == 2 && group.stderr.contains("--group takes a positive distance"))
        for args in [["rue", "--group", "-i", index], ["--group", "50", "rue", "-i", index], ["rue", "--group=75", "-i", index]] {
            #expect(try run("geoquery", args + ["--format", "json"]).status == 0, "\(args)")
        }
    }

    @Test func swappedCoordinatesGetAHint() throws {
        let index = try Self.town
        // The sample town lies near 46.2,6.8: 6.8,46.2 is in the Indian Ocean.
        let q = try run("geoquery", ["gare", "-i", index, "--near", "6.8,46.2", "--format", "json"])
        #expect(q.stderr.contains("did you mean 46.2,6.8?"), "\(q.stderr)")
        let r = try run("georoute", ["route", "--from", "6.7978337,46.2029872", "--to", "46.1985241,6.7986255", "-i", index])
        #expect(r.status == 2 && r.stderr.contains("did you mean 46.2029872,6.7978337?"), "\(r.stderr)")
        let fine = try run("geoquery", ["gare", "-i", index, "--near", "46.2,6.8", "--format", "json"])
        #expect(!fine.stderr.contains("did you mean"))
    }

    @Test func sourceDateEpochFixesGPXTimes() throws {
        let args = ["match", TestData.sample("town-ride.gpx"), "-i", try Self.town, "--format", "gpx", "-q"]
        let a = try run("georoute", args, environment: ["SOURCE_DATE_EPOCH": "1000000000"])
        let b = try run("georoute", args, environment: ["SOURCE_DATE_EPOCH": "1000000000"])
        #expect(a.status == 0 && a.output == b.output)
        #expect(a.stdout.contains("<time>2001-09-09T01:46:40Z</time>"))
    }

    @Test func outputsNeverDestroyInputsAndDashIsStandardOutput() throws {
        let dir = scratch("outputs")
        let osm = dir + "/same.osm"
        try FileManager.default.copyItem(atPath: TestData.sample("town.osm"), toPath: osm)
        let before = try Data(contentsOf: URL(fileURLWithPath: osm))
        let build = try run("geoindex", ["build", osm, "-o", osm])
        #expect(build.status == 2 && build.stderr.contains("is the input"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: osm)) == before)
        let gpx = dir + "/ride.gpx"
        try FileManager.default.copyItem(atPath: TestData.sample("town-ride.gpx"), toPath: gpx)
        let match = try run("georoute", ["match", gpx, "-i", try Self.town, "-o", gpx])
        #expect(match.status == 2 && match.stderr.contains("is the input"))
        let original = try String(contentsOfFile: TestData.sample("town-ride.gpx"), encoding: .utf8)
        #expect(try String(contentsOfFile: gpx, encoding: .utf8) == original)
        // -o - writes the index to standard output, byte for byte the file a path would get.
        let env = ["SOURCE_DATE_EPOCH": "1"]
        let piped = try run("geoindex", ["build", TestData.sample("town.osm"), "-o", "-", "-q"], environment: env)
        _ = try run("geoindex", ["build", TestData.sample("town.osm"), "-o", dir + "/x", "-q"], environment: env)
        let file = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/x")))
        #expect(piped.status == 0 && piped.output == file)
        let routed = try run("georoute", ["route", "--from", "46.2029872,6.7978337", "--to", "46.1985241,6.7986255",
                                          "-i", try Self.town, "-o", "-", "--format", "json", "-q"])
        let routeJSON = try JSONValue.parse(routed.output)
        #expect(routed.status == 0 && routeJSON["distance_m"] != nil)
    }

    @Test func aDirectoryGivenAsAnInputIsCalledADirectory() throws {
        let dir = scratch("input-dir")
        let index = try Self.town
        for (tool, args) in [("geoquery", ["--batch", dir, "-i", index]), ("geoindex", ["build", dir, "-o", dir + "/x.geoidx"]),
                             ("georoute", ["match", dir, "-i", index, "-o", dir + "/x.gpx"])] {
            let r = try run(tool, args)
            #expect(r.status == 2 && r.stderr == "\(tool): \(dir): is a directory, not a file\n", "\(tool): \(r.stderr)")
        }
    }

    @Test func aDeviceGivenAsOutputStaysADevice() throws {
        let dir = scratch("device")
        let device = dir + "/fakenull"
        guard mknod(device, S_IFCHR | 0o666, (1 << 8) | 3) == 0 else {
            print("skipping: cannot make a character device here (\(String(cString: strerror(errno)))); needs root")
            return
        }
        let r = try run("georoute", ["match", TestData.sample("town-ride.gpx"), "-i", try Self.town, "-q", "-o", device])
        #expect(r.status == 0)
        var st = stat()
        #expect(lstat(device, &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
        let b = try run("geoindex", ["build", TestData.sample("town.osm"), "-o", device, "-q"])
        #expect(b.status == 0 && lstat(device, &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
    }
}
