// The unfinished file behind every regular output: unnamed while written where
// the file system allows (a kill leaves nothing), else a random hidden name
// made with O_EXCL; either way renamed over the target when complete. Stale
// temporaries of processes that are gone are removed, a live one's kept. Once
// the name was `.NAME.tmp-PID`, predictable and opened without O_EXCL.
import Foundation
import Testing
@testable import GeoBase
#if canImport(Glibc)
import Glibc
#endif

@Suite struct TemporarySiblingTests {
    func scratch(_ name: String) -> String {
        Scratch.directory("temporary-\(name)")
    }

    func listing(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    func output(_ path: String, unnamed: Bool) throws -> OutputFile {
        let out = try OutputFile(path: path, standardOutput: { _ in })
        out.allowsUnnamedTemporary = unnamed
        return out
    }

    /// A process ID that was in use a moment ago and is free now.
    func deadProcessID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    @Test(arguments: [true, false]) func theOldFileStaysUntilTheNewOneIsComplete(unnamed: Bool) throws {
        let dir = scratch("complete-\(unnamed)")
        let path = dir + "/index.geoidx"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        let out = try output(path, unnamed: unnamed)
        try out.write(Array("new".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        let during = listing(dir)
        if unnamed {
            #expect(during == ["index.geoidx"], "the unfinished file has a name: \(during)")
        } else {
            #expect(during.count == 2 && PathName.temporarySiblingProcess(during[0], of: path) == getpid() && during[0].count > 30,
                    "\(during)")
        }
        try out.finish()
        var st = stat()
        stat(path, &st)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new" && st.st_mode & 0o777 == 0o640)
        #expect(listing(dir) == ["index.geoidx"])
        // Unfinished: nothing is left, the old file is untouched.
        do {
            let half = try output(path, unnamed: unnamed)
            try half.write(Array("half".utf8))
        }
        #expect(try listing(dir) == ["index.geoidx"] && String(contentsOfFile: path, encoding: .utf8) == "new")
    }

    @Test(arguments: [true, false]) func staleTemporariesOfGoneProcessesAreRemoved(unnamed: Bool) throws {
        let dir = scratch("stale-\(unnamed)")
        let path = dir + "/x.geoidx"
        let dead = try deadProcessID(), live = getppid()
        let stale = [".x.geoidx.tmp-\(dead)", ".x.geoidx.tmp-\(dead)-1f2e3d4c5b6a7988"]   // the old form and the new
        let kept = [".x.geoidx.tmp-\(live)-ff", ".x.geoidx.tmp-\(getpid())-ab", ".y.geoidx.tmp-\(dead)", ".x.geoidx.tmp-\(dead)-notes"]
        for name in stale + kept { try "partial".write(toFile: dir + "/" + name, atomically: false, encoding: .utf8) }
        try OutputFile.write(Array("index".utf8), to: path, standardOutput: { _ in })
        #expect(listing(dir) == (kept + ["x.geoidx"]).sorted())
    }

    @Test func aLinkPlantedAtThePredictableNameChangesNothing() throws {
        let dir = scratch("planted")
        let victim = dir + "/victim"
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        symlink(victim, dir + "/.x.gpx.tmp-\(getpid())")
        for unnamed in [true, false] {
            let out = try output(dir + "/x.gpx", unnamed: unnamed)
            try out.write(Array("route".utf8))
            try out.finish()
            #expect(try String(contentsOfFile: dir + "/x.gpx", encoding: .utf8) == "route")
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    }

    @Test func temporaryNamesAreRecognisedInBothForms() {
        #expect(PathName.temporarySibling(of: "d/x.gpx", processID: 7, random: 255) == "d/.x.gpx.tmp-7-ff")
        #expect(PathName.temporarySiblingProcess(".x.gpx.tmp-7-ff", of: "d/x.gpx") == 7)
        #expect(PathName.temporarySiblingProcess(".x.gpx.tmp-7", of: "x.gpx") == 7)
        for other in [".x.gpx.tmp-", ".x.gpx.tmp-0", ".x.gpx.tmp--7", ".x.gpx.tmp-7-", ".x.gpx.tmp-7-xyz", ".y.gpx.tmp-7", "x.gpx.tmp-7",
                      ".x.gpx.tmp-7-12345678901234567"] {
            #expect(PathName.temporarySiblingProcess(other, of: "x.gpx") == nil, "\(other)")
        }
    }
}
