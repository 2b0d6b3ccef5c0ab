// The geoserve program as an operator runs it: its usage errors (exit 2
// before any socket is bound), the start-up line, the access log, SIGHUP and
// a rebuilt index renamed into place reopening the indexes (a broken one
// refused while the old go on answering), SIGTERM draining and exiting 0.
import Foundation
import Testing
import GeoBase
import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport
@testable import GeoServer
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct GeoserveCommandTests {
    @Test func usageErrorsExit2WithOneLine() throws {
        let help = try Executable.run("geoserve", ["--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("usage: geoserve"))
        let version = try Executable.run("geoserve", ["-V"])
        #expect(version.status == 0 && version.stdout.hasPrefix("geoserve 0.") && version.stdout.contains("index format"))
        let cases: [([String], String)] = [
            (["--bogus"], "unknown option --bogus"),
            (["--listen", "here"], "--listen expects HOST:PORT"),
            (["--threads", "0"], "--threads"),
            (["--cors", "evil\r\nX: y"], "--cors"),
            (["--cors", "https://x/path"], "--cors"), (["--cors", "https://"], "--cors"), (["--cors", "https://a:99999"], "--cors"),
            (["--cors", "ftp://a"], "--cors"), (["--cors", "https://a b"], "--cors"),
            (["extra"], "unexpected argument"),
            (["-i", "/nonexistent/x.geoidx"], "/nonexistent/x.geoidx"),
            (["-i", TestData.sample("town.osm")], "town.osm"),
        ]
        for (args, needle) in cases {
            let r = try Executable.run("geoserve", args.contains("--listen") ? args : args + ["--listen", "127.0.0.1:0"])
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.hasPrefix("geoserve: ") && r.stderr.contains(needle), "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        let empty = try TestData.withTemporaryDirectory { dir in try Executable.run("geoserve", ["--listen", "127.0.0.1:0"], currentDirectory: dir) }
        #expect(empty.status == 2 && empty.stderr.contains("no index given"))
    }

    @Test func anyPageMayReadTheAPIByDefault() throws {
        func setup(_ args: [String]) throws -> GeoserveCommand.Setup {
            try GeoserveCommand.setup(CommandLineArguments(args, spec: GeoserveCommand.spec))
        }
        // As Nominatim's and OSRM's servers: Access-Control-Allow-Origin: *, but /ws only from our own page.
        let plain = try setup([])
        #expect(plain.cors == "*" && plain.configuration.webSocketOrigin == nil)
        let none = try setup(["--cors", "none"])
        #expect(none.cors == nil && none.configuration.webSocketOrigin == nil)
        let named = try setup(["--cors", "https://maps.example.org"])
        #expect(named.cors == "https://maps.example.org" && named.configuration.webSocketOrigin == "https://maps.example.org")
    }

    @Test func servesReloadsAndDrains() throws {
        try TestData.withTemporaryDirectory { dir in
            let served = PathName.join(dir, "town.geoidx")
            try FileManager.default.copyItem(atPath: Served.townPath, toPath: served)
            let child = try ServerProcess(["-i", served, "--listen", "127.0.0.1:0"])
            defer { child.kill() }
            let port = try #require(child.port())
            let client = try RawHTTPClient(port: port)
            #expect(client.get("/api?q=rue")?.status == 200)
            #expect(child.waitFor("\"GET /api?q=rue\" 200 "))

            // SIGHUP reopens.
            Glibc.kill(child.pid, SIGHUP)
            #expect(child.waitFor("reopened 1 index (SIGHUP)"))
            #expect(client.get("/healthz")?.status == 200)

            // A rebuilt file renamed over the served one is picked up without a signal.
            let rebuilt = PathName.join(dir, ".town.new")
            try FileManager.default.copyItem(atPath: Served.townPath, toPath: rebuilt)
            #expect(rename(rebuilt, served) == 0)
            #expect(child.waitFor("(an index file changed)", seconds: 10))

            // A broken file is refused; the indexes opened before go on answering.
            let broken = PathName.join(dir, ".town.broken")
            try Data("not an index".utf8).write(to: URL(fileURLWithPath: broken))
            #expect(rename(broken, served) == 0)
            #expect(child.waitFor("reload failed, still serving the previous indexes", seconds: 10))
            #expect(try RawHTTPClient(port: port).get("/api?q=rue")?.status == 200)
            let health = try #require(try RawHTTPClient(port: port).get("/healthz")?.json)
            #expect(health["status"]?.stringValue == "degraded" && health["failed_reloads"]?.intValue == 1)
            #expect(health["last_reload_error"]?.stringValue?.contains("town.geoidx") == true)

            Glibc.kill(child.pid, SIGTERM)
            #expect(child.waitForExit() == 0)
            #expect(child.stderr.contains("geoserve: stopping"))
        }
    }

    @Test func quietWritesNothing() throws {
        let child = try ServerProcess(["-i", Served.townPath, "--listen", "127.0.0.1:0", "--quiet"])
        defer { child.kill() }
        // No start-up line to read the port from: find it through /proc.
        let port = try #require(child.portFromProc())
        #expect(try RawHTTPClient(port: port).get("/api?q=rue")?.status == 200)
        Glibc.kill(child.pid, SIGINT)
        #expect(child.waitForExit() == 0)
        #expect(child.stderr.isEmpty)
    }

    @Test func openPrintsThePagesAddress() throws {
        let child = try ServerProcess(["-i", Served.townPath, "--listen", "127.0.0.1:0", "--open", "--quiet"], captureOutput: true)
        defer { child.kill() }
        #expect(child.waitForOutput("http://127.0.0.1:"))
        let port = try #require(UInt16(child.stdout.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
        #expect(try RawHTTPClient(port: port).get("/healthz")?.status == 200)
        Glibc.kill(child.pid, SIGTERM)
        #expect(child.waitForExit() == 0)
    }

    @Test func aPortInUseExits2() throws {
        let child = try ServerProcess(["-i", Served.townPath, "--listen", "127.0.0.1:0"])
        defer { child.kill() }
        let port = try #require(child.port())
        let second = try Executable.run("geoserve", ["-i", Served.townPath, "--listen", "127.0.0.1:\(port)"])
        #expect(second.status == 2 && second.stderr.contains("127.0.0.1:\(port)"))
    }
}

/// geoserve running as a child process, its standard error collected as it comes.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var collected = ""
    private var collectedOutput = ""

    init(_ args: [String], captureOutput: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: Executable.path("geoserve"))
        process.arguments = args
        let err = Pipe()
        process.standardError = err
        if captureOutput {
            let out = Pipe()
            process.standardOutput = out
            out.fileHandleForReading.readabilityHandler = { [weak self] h in
                let d = h.availableData
                self?.lock.withLock { self?.collectedOutput += String(decoding: d, as: UTF8.self) }
            }
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        err.fileHandleForReading.readabilityHandler = { [weak self] h in
            let d = h.availableData
            self?.lock.withLock { self?.collected += String(decoding: d, as: UTF8.self) }
        }
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var stderr: String { lock.withLock { collected } }
    var stdout: String { lock.withLock { collectedOutput } }

    func waitForOutput(_ text: String, seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if stdout.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }

    func waitFor(_ text: String, seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if stderr.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }

    /// The port from the start-up line "serving … on http://127.0.0.1:PORT/".
    func port() -> UInt16? {
        guard waitFor("on http://") else { return nil }
        let s = stderr
        guard let r = s.range(of: "on http://127.0.0.1:") else { return nil }
        return UInt16(s[r.upperBound...].prefix { $0.isNumber })
    }

    /// The port the child listens on, from /proc/PID/net/tcp and its socket inodes.
    func portFromProc() -> UInt16? {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            let inodes = Set(fds.compactMap { fd -> String? in
                guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
                      link.hasPrefix("socket:[") else { return nil }
                return String(link.dropFirst(8).dropLast())
            })
            let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
            for line in table.split(separator: "\n").dropFirst() {
                let f = line.split(separator: " ")
                // local_address, state 0A = LISTEN, inode in column 9.
                guard f.count > 9, f[3] == "0A", inodes.contains(String(f[9])),
                      let port = UInt16(f[1].split(separator: ":")[1], radix: 16) else { continue }
                return port
            }
            usleep(20_000)
        }
        return nil
    }

    func waitForExit(seconds: Double = 15) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func kill() {
        if process.isRunning { Glibc.kill(pid, SIGKILL); process.waitUntilExit() }
    }
}
