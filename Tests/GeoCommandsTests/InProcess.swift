// Runs a command's `run` function in the test process, as its executable
// would but with captured streams: standard input from a temporary file, a
// chosen environment and working directory, and a fixed clock.
import Foundation
import GeoCommands
@testable import GeoFrontEnd
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

struct CommandRun {
    var status: Int32
    var output: [UInt8]
    var stderr: String
    var stdout: String { String(decoding: output, as: UTF8.self) }
}

enum InProcess {
    static func geoindex(_ args: [String], stdin: String? = nil, environment: [String: String] = [:],
                         currentDirectory: String = ".") throws -> CommandRun {
        try run(GeoindexCommand.run, args, stdin: stdin, environment: environment, currentDirectory: currentDirectory)
    }

    static func geoquery(_ args: [String], stdin: String? = nil, environment: [String: String] = [:],
                         currentDirectory: String = ".") throws -> CommandRun {
        try run(GeoqueryCommand.run, args, stdin: stdin, environment: environment, currentDirectory: currentDirectory)
    }

    static func georoute(_ args: [String], stdin: String? = nil, environment: [String: String] = [:],
                         currentDirectory: String = ".") throws -> CommandRun {
        try run(GeorouteCommand.run, args, stdin: stdin, environment: environment, currentDirectory: currentDirectory)
    }

    static func run(_ command: ([String], CommandIO) -> Int32, _ args: [String], stdin: String?,
                    environment: [String: String], currentDirectory: String) throws -> CommandRun {
        var fd: Int32 = -1
        if let stdin {
            let path = TestData.tempPath("stdin-\(UUID().uuidString)")
            try stdin.write(toFile: path, atomically: false, encoding: .utf8)
            fd = open(path, O_RDONLY)
            unlink(path)
        } else {
            fd = open("/dev/null", O_RDONLY)
        }
        defer { close(fd) }
        let captured = CapturedStreams()
        let status = command(args, captured.io(standardInput: fd, environment: environment, currentDirectory: currentDirectory,
                                               now: Date(timeIntervalSince1970: 1_700_000_000)))
        return CommandRun(status: status, output: captured.output, stderr: captured.error)
    }
}
