// Standard output that cannot be written: a full disk (/dev/full) is exit 2
// with one line naming standard output, as `-o /dev/full` is; a reader that
// left (EPIPE, `| head -1`) ends the work at once, quietly, with exit 0. Once
// every tool ignored both and exited 0, and `--batch` kept its answers in a
// 64 KiB buffer, computing on after the reader was gone.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoCommands
@testable import GeoFrontEnd
@testable import GeoProcess
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct StandardOutputFailureTests {
    static let full = "<stdout>: cannot write the output: No space left on device"

    /// Runs `tool` with standard output on `stdout` and standard input a pipe given `input`. For
    /// `--batch` the pipe is kept open: a batch that waited for more input instead of stopping at
    /// its first failed answer would hang (nil).
    func run(_ tool: String, _ args: [String], stdout: Int32, input: String = "") throws -> (status: Int32?, stderr: String) {
        guard let (reader, writing) = closeOnExecPipe() else { throw InputError(file: "pipe", message: "cannot make a pipe") }
        var writer: Int32? = writing
        defer { if let writer { close(writer) } }
        let errPath = TestData.tempPath("stdout-failure-\(UUID().uuidString).err")
        let err = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer { unlink(errPath) }
        let child = try ChildProcess.start(tool, args, stdin: reader, stdout: stdout, stderr: err)
        close(reader)
        close(err)
        _ = input.utf8CString.withUnsafeBufferPointer { write(writing, $0.baseAddress, $0.count - 1) }
        if !args.contains("--batch") { close(writing); writer = nil }
        let status = child.wait(timeout: 60)
        if status == nil { child.kill() }
        return (status, (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    func commands() throws -> [(String, [String], String)] {
        let index = try TestData.indexPath(of: TestData.sample("town.osm"))
        let route = ["route", "--from", "46.2029872,6.7978337", "--to", "46.1985241,6.7986255", "-i", index, "-q"]
        return [("geoindex", ["export", index], ""), ("geoindex", ["info", index], ""), ("geoindex", ["verify", index], ""),
                ("geoquery", ["rue", "-i", index], ""), ("geoquery", ["--version"], ""),
                ("geoquery", ["--batch", "-i", index], "{\"q\": \"rue\"}\n"),   // one line, input left open
                ("georoute", route + ["-o", "-", "--format", "json"], ""),
                ("georoute", ["match", "-", "-i", index, "-o", "-", "-q"], try String(contentsOfFile: TestData.sample("town-ride.gpx"), encoding: .utf8)),
                ("geoindex", ["build", TestData.sample("town.osm"), "-o", "-", "-q"], "")]
    }

    @Test func aFullDiskOnStandardOutputIsExitTwoNamingIt() throws {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        guard full >= 0 else { print("skipping: no /dev/full here"); return }
        defer { close(full) }
        for (tool, args, input) in try commands() {
            let r = try run(tool, args, stdout: full, input: input)
            #expect(r.status == 2 && r.stderr == "\(tool): \(Self.full)\n", "\(tool) \(args): \(String(describing: r.status)) \(r.stderr)")
        }
    }

    @Test func aReaderThatLeftEndsTheWorkQuietly() throws {
        for (tool, args, input) in try commands() {
            guard let (reader, writer) = closeOnExecPipe() else { Issue.record("no pipe"); return }
            close(reader)   // the reader is gone before the first write
            let r = try run(tool, args, stdout: writer, input: input)
            close(writer)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(tool) \(args): \(String(describing: r.status)) \(r.stderr)")
        }
    }

    /// In process: a sink that fails, or whose reader left, stops a batch at its first answer.
    @Test func aFailingSinkStopsTheBatchAtTheFirstAnswer() throws {
        let index = try TestData.indexPath(of: TestData.sample("town.osm"))
        let path = TestData.tempPath("stdout-failure-batch.ndjson")
        try String(repeating: "{\"q\": \"rue\"}\n", count: 50).write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        for (failure, status) in [(OutputFile.writeFailure(OutputFile.standardOutputName, ENOSPC) as Error, Int32(2)), (BrokenPipe(), 0)] {
            var writes = 0
            var errors = ""
            let io = CommandIO(writeOutput: { _ in writes += 1; throw failure }, writeError: { errors += $0 })
            #expect(GeoqueryCommand.run(["--batch", path, "-i", index], io: io) == status)
            #expect(writes == 1, "\(writes) writes after the first failed")
            #expect(errors == (status == 2 ? "geoquery: \(Self.full)\n" : ""))
        }
        // Closing standard output can report a write that failed late: an error like any other.
        var errors = ""
        let late = CommandIO(writeOutput: { _ in }, closeOutput: { throw OutputFile.writeFailure(OutputFile.standardOutputName, EIO) },
                             writeError: { errors += $0 })
        #expect(GeoindexCommand.run(["info", index], io: late) == 2)
        #expect(errors == "geoindex: <stdout>: cannot write the output: Input/output error\n")
    }

    @Test func theProcessStreamsNameStandardOutputWhenAWriteFails() throws {
        signal(SIGPIPE, SIG_IGN)
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        if full >= 0 {
            defer { close(full) }
            #expect(throws: OutputFile.writeFailure(OutputFile.standardOutputName, ENOSPC)) { try StandardStreams.write([65], to: full) }
        }
        guard let (reader, writer) = closeOnExecPipe() else { Issue.record("no pipe"); return }
        close(reader)
        defer { close(writer) }
        #expect(throws: BrokenPipe()) { try StandardStreams.write([65], to: writer) }
    }
}
