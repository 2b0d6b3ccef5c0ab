// A FIFO where an input file is expected is read as a stream, once, to its
// end: `geoindex build` (XML, gzip, PBF), `georoute match` and `geoquery
// --batch` give what the same bytes in a regular file give, and none of them
// hangs (the parallel reader and its fallback, which would read the input a
// second time, are only for regular files of known size).
import Foundation
import Testing
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct FIFOInputTests {
    func scratch(_ name: String) throws -> String {
        let d = TestData.tempPath("fifo-input-\(name)")
        try? FileManager.default.removeItem(atPath: d)
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    /// Runs `tool` on `args` while another thread writes `bytes` into the FIFO `fifo`; the exit
    /// status (nil when it did not end within a minute) and standard output.
    func run(_ tool: String, _ args: [String], fifo: String, bytes: [UInt8]) throws -> (status: Int32?, stdout: String) {
        let outPath = fifo + ".stdout"
        let out = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null); unlink(outPath) }
        let child = try ChildProcess.start(tool, args, stdin: null, stdout: out, stderr: null, environment: ["SOURCE_DATE_EPOCH": "1"])
        close(out)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { return }
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        let status = child.wait(timeout: 60)
        if status == nil {
            child.kill()
            // Let a writer still blocked in open(2) go.
            let unblock = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            if unblock >= 0 { close(unblock) }
        }
        return (status, (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "")
    }

    func contents(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func geoindexBuildsFromAFIFO() throws {
        let dir = try scratch("build")
        let osm = try contents(TestData.sample("town.osm"))
        var pbf = BlockBuilder()
        pbf.dense([TestNode(id: 1, lat: 462_000_000, lon: 68_000_000, tags: [TestTag("amenity", "cafe"), TestTag("name", "Piped")])])
        let inputs: [(String, [UInt8])] = [("town.osm", osm), ("town.osm.gz", try gzipped(osm)), ("one.osm.pbf", PBFBuilder.file(blocks: [pbf]))]
        for (name, bytes) in inputs {
            try? FileManager.default.createDirectory(atPath: dir + "/file", withIntermediateDirectories: true)
            try? FileManager.default.createDirectory(atPath: dir + "/fifo", withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: dir + "/file/" + name))
            let fifo = dir + "/fifo/" + name
            guard mkfifo(fifo, 0o600) == 0 else { Issue.record("mkfifo failed"); return }
            let fromFile = try Executable.run("geoindex", ["build", dir + "/file/" + name, "-o", dir + "/file.geoidx", "-q"],
                                              environment: ["SOURCE_DATE_EPOCH": "1"])
            #expect(fromFile.status == 0, "\(name): \(fromFile.stderr)")
            let r = try run("geoindex", ["build", fifo, "-o", dir + "/fifo.geoidx", "-q"], fifo: fifo, bytes: bytes)
            #expect(r.status == 0, "\(name): \(String(describing: r.status))")
            #expect(try contents(dir + "/fifo.geoidx") == contents(dir + "/file.geoidx"), "\(name)")
        }
    }

    @Test func georouteMatchesAndGeoqueryAnswersFromAFIFO() throws {
        let dir = try scratch("match")
        let index = try TestData.indexPath(of: TestData.sample("town.osm"))
        let ride = TestData.sample("town-ride.gpx")
        let fifo = dir + "/ride.gpx"
        guard mkfifo(fifo, 0o600) == 0 else { Issue.record("mkfifo failed"); return }
        let expected = try Executable.run("georoute", ["match", ride, "-i", index, "--format", "json", "-q"])
        let r = try run("georoute", ["match", fifo, "-i", index, "--format", "json", "-q"], fifo: fifo, bytes: try contents(ride))
        #expect(r.status == 0 && !r.stdout.isEmpty && r.stdout == expected.stdout)
        let queries = dir + "/queries.ndjson"
        guard mkfifo(queries, 0o600) == 0 else { Issue.record("mkfifo failed"); return }
        let b = try run("geoquery", ["--batch", queries, "-i", index], fifo: queries, bytes: Array("{\"id\": 1, \"q\": \"rue\"}\n\n{\"id\": 3, \"q\": \"gare\"}\n".utf8))
        #expect(b.status == 0 && b.stdout.split(separator: "\n").count == 3)
    }
}

/// `bytes` gzip-compressed (with gzip(1), as a user would make a .osm.gz).
private func gzipped(_ bytes: [UInt8]) throws -> [UInt8] {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/gzip")
    p.arguments = ["-c"]
    let input = Pipe(), output = Pipe()
    p.standardInput = input
    p.standardOutput = output
    try p.run()
    let feeder = Thread { input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close() }
    feeder.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Array(data)
}
