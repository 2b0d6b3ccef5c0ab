// The one output routine every tool uses, case by case: standard output, new
// and replaced files (atomically, keeping the mode), symbolic links (their
// target is written), devices and FIFOs (written in place, never replaced),
// an output that is the input (refused), directories, missing directories,
// and short names that once trapped Foundation's path code.
import Foundation
import Testing
@testable import GeoBase
#if canImport(Glibc)
import Glibc
#endif

@Suite struct OutputFileTests {
    /// A fresh directory of this test's own.
    func scratch(_ name: String) -> String {
        Scratch.directory("output-\(name)")
    }

    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func fileType(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : 0
    }

    func message(_ body: () throws -> Void) -> String {
        do { try body(); return "" } catch let e as InputError { return e.description } catch { return "\(error)" }
    }

    @Test func dashIsStandardOutput() throws {
        var got: [UInt8] = []
        let out = try OutputFile(path: "-", standardOutput: { got += $0 })
        try out.write(Array("hello ".utf8))
        try out.write(Array("world".utf8))
        #expect(try out.finish() == 11 && String(decoding: got, as: UTF8.self) == "hello world")
        #expect(out.kind == .standardOutput)
    }

    @Test func aNewFileAppearsOnlyWhenFinished() throws {
        let dir = scratch("new")
        let path = dir + "/x"
        let out = try OutputFile(path: path, standardOutput: { _ in })
        try out.write(Array("data".utf8))
        #expect(!FileManager.default.fileExists(atPath: path), "visible before finish")
        try out.finish()
        #expect(contents(path) == "data")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["x"], "temporary file left behind")
    }

    @Test func anUnfinishedOutputLeavesNothing() throws {
        let dir = scratch("unfinished")
        try "old".write(toFile: dir + "/keep.gpx", atomically: false, encoding: .utf8)
        do {
            let out = try OutputFile(path: dir + "/keep.gpx", standardOutput: { _ in })
            try out.write(Array("half".utf8))
        }
        #expect(contents(dir + "/keep.gpx") == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["keep.gpx"])
    }

    @Test func aReplacedFileKeepsItsMode() throws {
        let dir = scratch("mode")
        let path = dir + "/index.geoidx"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        try OutputFile.write(Array("new".utf8), to: path, standardOutput: { _ in })
        var st = stat()
        stat(path, &st)
        #expect(contents(path) == "new" && st.st_mode & 0o777 == 0o640)
    }

    @Test func aSymbolicLinksTargetIsWrittenAndTheLinkStays() throws {
        let dir = scratch("link")
        try "old".write(toFile: dir + "/target.gpx", atomically: false, encoding: .utf8)
        symlink("target.gpx", dir + "/link.gpx")
        try OutputFile.write(Array("new".utf8), to: dir + "/link.gpx", standardOutput: { _ in })
        #expect(fileType(dir + "/link.gpx") == S_IFLNK)
        #expect(contents(dir + "/target.gpx") == "new")
        // A dangling link creates its target.
        symlink("made.gpx", dir + "/dangling.gpx")
        try OutputFile.write(Array("made".utf8), to: dir + "/dangling.gpx", standardOutput: { _ in })
        #expect(fileType(dir + "/dangling.gpx") == S_IFLNK && contents(dir + "/made.gpx") == "made")
    }

    @Test func aCharacterDeviceIsWrittenNotReplaced() throws {
        let dir = scratch("device")
        let path = dir + "/fakenull"
        // The numbers of /dev/null (1, 3); making a device needs root.
        guard mknod(path, S_IFCHR | 0o666, (1 << 8) | 3) == 0 else {
            print("skipping: cannot make a character device here (\(String(cString: strerror(errno)))); needs root")
            return
        }
        let out = try OutputFile(path: path, standardOutput: { _ in })
        #expect(out.kind == .stream)
        try out.write(Array(repeating: 65, count: 100_000))
        try out.finish()
        #expect(fileType(path) == S_IFCHR, "the device was replaced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["fakenull"])
    }

    @Test func aFIFOIsWrittenInPlaceForItsReader() throws {
        let dir = scratch("fifo")
        let path = dir + "/pipe"
        guard mkfifo(path, 0o644) == 0 else { Issue.record("mkfifo failed"); return }
        final class Box: @unchecked Sendable { var bytes: [UInt8] = [] }
        let received = Box()
        let reader = Thread {
            let fd = open(path, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65_536) }
                if n <= 0 { break }
                received.bytes += buffer[0..<n]
            }
            close(fd)
        }
        reader.start()
        let payload = Array(repeating: UInt8(66), count: 200_000)
        try OutputFile.write(payload, to: path, standardOutput: { _ in })
        for _ in 0..<500 where received.bytes.count < payload.count { usleep(10_000) }
        #expect(received.bytes == payload)
        #expect(fileType(path) == S_IFIFO, "the FIFO was replaced")
    }

    @Test func theInputIsNeverTheOutput() throws {
        let dir = scratch("same")
        let input = dir + "/track.gpx"
        try "input".write(toFile: input, atomically: false, encoding: .utf8)
        symlink("track.gpx", dir + "/alias.gpx")
        for output in [input, dir + "/alias.gpx", dir + "/./track.gpx"] {
            let m = message { _ = try OutputFile(path: output, inputs: [.path(input)], standardOutput: { _ in }) }
            #expect(m.contains("is the input"), "\(output): \(m)")
        }
        #expect(contents(input) == "input")
        // Another file is fine, and standard input never collides.
        _ = try OutputFile(path: dir + "/other.gpx", inputs: [.path(input), InputFile("-")], standardOutput: { _ in })
    }

    @Test func anOpenDescriptorIsComparedLikeAPath() throws {
        let dir = scratch("descriptor")
        let input = dir + "/t.osm"
        try "input".write(toFile: input, atomically: false, encoding: .utf8)
        // Standard input redirected from the output's own file (`- -o t.osm < t.osm`).
        let fd = open(input, O_RDONLY)
        defer { close(fd) }
        let m = message { _ = try OutputFile(path: input, inputs: [InputFile("-", standardInput: fd)], standardOutput: { _ in }) }
        #expect(m == "\(input): is the input <stdin>; writing it would destroy the input (choose another output)")
        #expect(contents(input) == "input")
        // Writing a character device destroys nothing read from it (/dev/null in and out).
        let null = open("/dev/null", O_RDONLY)
        defer { close(null) }
        _ = try OutputFile(path: "/dev/null", inputs: [.descriptor(null, name: "<stdin>"), .path("/dev/null")], standardOutput: { _ in })
    }

    @Test func directoriesAndMissingDirectoriesAreClearErrors() throws {
        let dir = scratch("dirs")
        #expect(message { _ = try OutputFile(path: dir, standardOutput: { _ in }) }.contains("is a directory"))
        let missing = message { _ = try OutputFile(path: dir + "/no/such/out.gpx", standardOutput: { _ in }) }
        #expect(missing.contains("does not exist") && missing.hasPrefix(dir + "/no/such/out.gpx: "), "\(missing)")
        #expect(message { _ = try OutputFile(path: "", standardOutput: { _ in }) }.contains("empty"))
        try "f".write(toFile: dir + "/file", atomically: false, encoding: .utf8)
        #expect(message { _ = try OutputFile(path: dir + "/file/out.gpx", standardOutput: { _ in }) }.contains("not a directory"))
    }

    @Test func anUnwritableDirectoryIsAClearError() throws {
        guard geteuid() != 0 else {
            print("skipping: running as root, every directory is writable")
            return
        }
        let dir = scratch("readonly")
        chmod(dir, 0o500)
        defer { chmod(dir, 0o700) }
        #expect(message { _ = try OutputFile(path: dir + "/out.gpx", standardOutput: { _ in }) }.contains("no permission"))
    }

    @Test func aReadOnlyMountIsCalledOne() throws {
        // access(2) says EROFS, which was reported as "no permission".
        #expect(OutputFile.unwritableDirectory("d", EROFS) == "cannot create the output: d is on a read-only file system")
        #expect(OutputFile.unwritableDirectory("d", EACCES) == "cannot create the output: no permission to write in d")
        // A real read-only bind mount, when this test may make one (root with CAP_SYS_ADMIN).
        let dir = scratch("read-only")
        let mounted = dir + "/ro"
        try FileManager.default.createDirectory(atPath: mounted, withIntermediateDirectories: true)
        func mount(_ args: [String]) -> Bool {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/mount")
            p.arguments = args
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { return false }
            p.waitUntilExit()
            return p.terminationStatus == 0
        }
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount"), mount(["--bind", "-o", "ro", dir, mounted]) else {
            print("skipping the bind mount: needs root allowed to mount")
            return
        }
        defer { _ = umount(mounted) }
        let m = message { _ = try OutputFile(path: mounted + "/out.gpx", standardOutput: { _ in }) }
        #expect(m == "\(mounted)/out.gpx: cannot create the output: \(mounted) is on a read-only file system")
    }

    @Test func shortNamesNeverTrap() {
        for (path, last, directory) in [("x", "x", ""), ("é", "é", ""), (".", ".", ""), ("a/b", "b", "a"), ("/x", "x", "/"),
                                        ("a/b/", "b", "a"), ("/", "/", "/"), ("a//b", "b", "a")] {
            #expect(PathName.lastComponent(path) == last, "\(path)")
            #expect(PathName.directory(path) == directory, "\(path)")
        }
        #expect(PathName.stem("a/track.gpx") == "track" && PathName.stem(".hidden") == ".hidden" && PathName.stem("x") == "x")
        #expect(PathName.fileExtension("a/T.GPX") == "gpx" && PathName.fileExtension("x") == "")
        #expect(PathName.temporarySibling(of: "x", processID: 7) == ".x.tmp-7")
        #expect(PathName.temporarySibling(of: "d/x.gpx", processID: 7) == "d/.x.gpx.tmp-7")
        #expect(PathName.join("", "x") == "x" && PathName.join("d/", "x") == "d/x" && PathName.join("d", "x") == "d/x")
    }
}
