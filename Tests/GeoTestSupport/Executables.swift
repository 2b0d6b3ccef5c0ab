// Running the package's own executables from tests, as a user would: with
// arguments, standard input and environment, collecting their output, exit
// status and (for the memory tests) peak resident set via wait4.
import Foundation
import GeoBase
#if canImport(Glibc)
import Glibc
#endif

/// Runs one of the package's executables (built beside the test bundle).
package enum Executable {
    package static func path(_ name: String) -> String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        for dir in [".build/debug", ".build/release"] {
            let p = TestData.projectRoot.appendingPathComponent(dir).appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return beside
    }

    package struct Result {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    package static func run(_ name: String, _ args: [String], stdin: String? = nil, environment: [String: String]? = nil,
                    currentDirectory: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path(name))
        p.arguments = args
        if let environment { p.environment = environment }
        if let currentDirectory { p.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}

/// One finished run of an executable, with what it cost.
package struct MeasuredRun {
    package var status: Int32
    package var stdout: String
    package var stderr: String
    package var peakRSSMB: Int
    package var seconds: Double
}

/// Runs one of the package's executables with stdin from `stdinPath` (or /dev/null) and reports
/// its exit status, output and peak resident memory. Output goes through files, so a chatty or
/// stuck child cannot block on a full pipe.
package func runMeasured(_ name: String, _ args: [String], stdinPath: String? = nil) throws -> MeasuredRun {
    let exe = Executable.path(name)
    let stem = TestData.tempPath("run-\(name)-\(UUID().uuidString)")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stem + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stem + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] = ([exe] + args).map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    var pid: pid_t = 0
    let started = Date()
    let rc = posix_spawn(&pid, exe, &actions, nil, argv, environ)
    guard rc == 0 else { throw InputError(file: exe, message: "cannot start: \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Date().timeIntervalSince(started)
    let exited = status & 0x7F == 0
    let read = { (p: String) in (try? String(contentsOfFile: p, encoding: .utf8)) ?? "" }
    defer {
        unlink(stem + ".out")
        unlink(stem + ".err")
    }
    return MeasuredRun(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), stdout: read(stem + ".out"),
                       stderr: read(stem + ".err"), peakRSSMB: Int(usage.ru_maxrss) / 1024, seconds: seconds)
}
