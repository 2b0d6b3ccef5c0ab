// Running the package's own executables from tests, as a user would: with
// arguments, standard input and environment, collecting their output, exit
// status and (for the memory tests) peak resident set via wait4; or started
// on descriptors a test chooses, to be waited for with a timeout or killed.
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

/// One of the package's executables started with the descriptors a test chooses (a pipe whose
/// reader left, /dev/full, a FIFO), to be waited for with a timeout or killed at a chosen point.
package struct ChildProcess {
    package let pid: pid_t

    /// Starts `name` with `stdin`, `stdout` and `stderr` as its descriptors 0, 1 and 2 (open the
    /// test's own descriptors with O_CLOEXEC, or the child keeps them too: a pipe never ends).
    package static func start(_ name: String, _ args: [String], stdin: Int32, stdout: Int32, stderr: Int32,
                              environment: [String: String]? = nil) throws -> ChildProcess {
        try start(path: Executable.path(name), args, stdin: stdin, stdout: stdout, stderr: stderr, environment: environment)
    }

    /// The same for any program, by path (/bin/sh to set a limit before exec'ing one of ours).
    package static func start(path exe: String, _ args: [String], stdin: Int32, stdout: Int32, stderr: Int32,
                              environment: [String: String]? = nil) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, target) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] { posix_spawn_file_actions_adddup2(&actions, fd, target) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([exe] + args).map { strdup($0) } + [nil]
        let env: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for a in argv + (env ?? []) { free(a) } }
        // SIGPIPE and SIGXFSZ at their defaults, as a shell starts a program, whatever this test process set.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGXFSZ)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()   // and no signal blocked (the test runner's threads block some)
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let rc = env.map { e in posix_spawn(&pid, exe, &actions, &attributes, argv, e) }
            ?? posix_spawn(&pid, exe, &actions, &attributes, argv, environ)
        guard rc == 0 else { throw InputError(file: exe, message: "cannot start: \(String(cString: strerror(rc)))") }
        return ChildProcess(pid: pid)
    }

    /// The exit status (128 + N for a signal N), or nil when the process is still running after `timeout` seconds.
    package func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while Date() < deadline {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F) }
            if r < 0 && errno != EINTR { return nil }
            usleep(5_000)
        }
        return nil
    }

    /// Kills the process with `signal` and reaps it.
    package func kill(_ signal: Int32 = SIGKILL) {
        _ = Glibc.kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// A pipe whose ends are closed on exec (children get only the ends dup'ed to them); nil on failure.
package func closeOnExecPipe() -> (read: Int32, write: Int32)? {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
}
