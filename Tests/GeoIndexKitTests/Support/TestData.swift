// Where test inputs live: the project's own samples (always present) and the
// real extracts in ../shared/data beside the checkout (present on the team's
// machines and in CI, absent in a user's fresh clone — tests then skip with a
// printed reason). Also builds indexes into a temporary directory, once per
// input and test process.
import Foundation
@testable import GeoIndexKit

enum TestData {
    static let projectRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func sample(_ name: String) -> String { projectRoot.appendingPathComponent("samples/\(name)").path }

    static let sharedData: URL = projectRoot.deletingLastPathComponent().appendingPathComponent("shared/data")

    /// Path of a shared extract, or nil (with a printed reason) when the shared data is absent.
    static func shared(_ relative: String) -> String? {
        let path = sharedData.appendingPathComponent(relative).path
        if FileManager.default.fileExists(atPath: path) { return path }
        print("skipping: \(relative) not found (the real extracts live in ../shared/data beside the checkout)")
        return nil
    }

    static let tempDirectory: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("geoindex-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    static func tempPath(_ name: String) -> String { tempDirectory.appendingPathComponent(name).path }

    private static let cache = LandmarkIndexCache()

    /// The index of `input`, built once per test process.
    static func index(of input: String, roads: Bool = true) throws -> LandmarkIndex {
        try cache.index(of: input, roads: roads)
    }
}

/// Builds each input's index once even when tests run in parallel.
final class LandmarkIndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [String: LandmarkIndex] = [:]

    func index(of input: String, roads: Bool) throws -> LandmarkIndex {
        lock.lock()
        defer { lock.unlock() }
        let key = "\(input)|\(roads)"
        if let i = built[key] { return i }
        let out = TestData.tempPath("\(built.count)-\((input as NSString).lastPathComponent).geoidx")
        var options = BuildOptions(output: out)
        options.includeRoads = roads
        options.buildTime = 0
        _ = try IndexBuilder.build(input: input, options: options)
        let index = try LandmarkIndex(path: out)
        built[key] = index
        return index
    }
}

/// Runs one of the package's executables (built beside the test bundle).
enum Executable {
    static func path(_ name: String) -> String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        for dir in [".build/debug", ".build/release"] {
            let p = TestData.projectRoot.appendingPathComponent(dir).appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return beside
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ name: String, _ args: [String], stdin: String? = nil, environment: [String: String]? = nil,
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
