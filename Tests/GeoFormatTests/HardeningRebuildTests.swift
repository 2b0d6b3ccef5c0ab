// Rebuilding an index that readers have open. `geoindex build` writes a
// temporary file and renames it over the old one, so a reader keeps its
// mapping of the old file — same answers, no crash (a rewrite in place would
// change or truncate the pages under it) — and the next open sees the new file.
// Checked in one process (searches on another thread while the library
// rebuilds) and across processes (`geoquery --batch` reading queries while
// `geoindex build` replaces its file).
import Foundation
import Synchronization
import Testing
@testable import GeoBase
@testable import GeoFormat
@testable import GeoImport
@testable import GeoSearch
import GeoTestSupport

private func build(_ input: String, _ output: String) throws {
    var options = BuildOptions(output: output)
    options.buildTime = 0
    _ = try IndexBuilder.build(input: input, options: options)
}

private func hotel(_ index: LandmarkIndex) -> [String] {
    SearchEngine(index: index).search("hotel", options: SearchOptions()).results.map(\.name)
}

/// A flag another thread can read.
private final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

/// What a reader thread collected (a class, so the thread's closure can share it).
private final class Collected: Sendable {
    let data = Mutex<Data>(Data())
}

@Test func rebuildingUnderAnOpenIndexLeavesTheReaderUndisturbed() throws {
    let dir = TestData.tempPath("rebuild-live")
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = dir + "/live.geoidx"
    try build(TestData.sample("town.osm"), path)
    let old = try LandmarkIndex(path: path)
    let before = hotel(old), count = old.count
    #expect(!before.isEmpty)

    // A reader keeps searching the open index while the file is rebuilt from other inputs.
    let stop = Flag(), differed = Flag(), done = DispatchSemaphore(value: 0)
    Thread {
        while !stop.isSet { if hotel(old) != before { differed.set() } }
        done.signal()
    }.start()
    for input in ["rules/ferry.osm", "town.osm", "rules/oneway.osm"] {
        try build(TestData.sample(input), path)
    }
    stop.set()
    done.wait()
    #expect(!differed.isSet, "the open index answered differently during a rebuild")
    #expect(old.count == count && hotel(old) == before)

    let new = try LandmarkIndex(path: path)
    #expect(new.count != count && hotel(new) != before)
    #expect(IndexVerifier.verify(path: path).isEmpty)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0 != "live.geoidx" }
    #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
}

@Test func geoqueryBatchKeepsItsIndexWhileGeoindexReplacesIt() throws {
    let dir = TestData.tempPath("rebuild-cli")
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = dir + "/live.geoidx"
    #expect(try Executable.run("geoindex", ["build", TestData.sample("town.osm"), "-o", path, "--quiet"]).status == 0)

    let p = Process()
    p.executableURL = URL(fileURLWithPath: Executable.path("geoquery"))
    p.arguments = ["--batch", "-", "-i", path]
    let input = Pipe(), output = Pipe(), errors = Pipe()
    p.standardInput = input
    p.standardOutput = output
    p.standardError = errors
    try p.run()
    // Batch output is written at the end, so collect it on another thread from the start.
    let collected = Collected()
    let reader = DispatchSemaphore(value: 0)
    let outHandle = output.fileHandleForReading
    Thread {
        let d = outHandle.readDataToEndOfFile()
        collected.data.withLock { $0 = d }
        reader.signal()
    }.start()
    let send = { (id: Int) in input.fileHandleForWriting.write(Data("{\"id\": \(id), \"q\": \"hotel\"}\n".utf8)) }
    send(1)
    // Replace the file only once geoquery has it mapped (its memory map names the file).
    let deadline = Date().addingTimeInterval(120)
    var mapped = false
    while !mapped && Date() < deadline && p.isRunning {
        mapped = readProcFile("/proc/\(p.processIdentifier)/maps").contains(path)
        if !mapped { usleep(10_000) }
    }
    #expect(mapped, "geoquery never mapped the index")
    for (k, other) in ["rules/ferry.osm", "rules/oneway.osm", "rules/bollard.osm"].enumerated() {
        let r = try Executable.run("geoindex", ["build", TestData.sample(other), "-o", path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        send(2 + k)
    }
    try input.fileHandleForWriting.close()
    p.waitUntilExit()
    reader.wait()
    #expect(p.terminationStatus == 0, "\(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
    let lines = collected.data.withLock { $0 }.split(separator: 0x0A).map { try? JSONValue.parse(Array($0)) }
    #expect(lines.count == 4)
    let answers = lines.map { $0?["results"] }
    let first = try #require(answers.first ?? nil)
    #expect(!(first.arrayValue ?? []).isEmpty)
    #expect(answers.allSatisfy { $0 == first }, "geoquery's answers changed while its index was replaced")

    // A new process opens the new file.
    let fresh = try Executable.run("geoquery", ["--batch", "-", "-i", path], stdin: "{\"id\": 9, \"q\": \"hotel\"}\n")
    let freshAnswer = try JSONValue.parse(Array(fresh.stdout.utf8))["results"]
    #expect(fresh.status == 0 && freshAnswer != first)
}

/// A /proc file read with plain read(2) until EOF: its size says 0, and a sanitizer-built
/// process has maps too long for a reader that trusts the size or reads once.
private func readProcFile(_ path: String) -> String {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}
