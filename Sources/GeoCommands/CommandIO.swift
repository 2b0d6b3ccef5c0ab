// What a command sees of the world, as one value: its standard streams, its
// environment, its working directory and its clock. The executables pass the
// process's own (`.process`); tests pass captured streams, a chosen
// environment and a fixed clock, and run every command in process.
import Foundation
import GeoBase
#if canImport(Glibc)
import Glibc
#endif

public struct CommandIO: @unchecked Sendable {
    /// The descriptor read for the file name "-".
    public var standardInput: Int32
    /// Writes bytes to standard output.
    public var writeOutput: ([UInt8]) -> Void
    /// Writes text to standard error as it is (no newline added).
    public var writeError: (String) -> Void
    public var outputIsTerminal: Bool
    public var errorIsTerminal: Bool
    public var environment: [String: String]
    /// Where relative index discovery looks ("." for the process's own directory).
    public var currentDirectory: String
    /// The time written into outputs that carry one (GPX files of tracks without times).
    public var now: () -> Date

    public init(standardInput: Int32 = 0, writeOutput: @escaping ([UInt8]) -> Void, writeError: @escaping (String) -> Void,
                outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, environment: [String: String] = [:],
                currentDirectory: String = ".", now: @escaping () -> Date = { Date(timeIntervalSince1970: 0) }) {
        self.standardInput = standardInput
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.now = now
    }

    /// The process's own streams, environment and clock (whole seconds).
    public static var process: CommandIO {
        CommandIO(standardInput: 0, writeOutput: { StandardStreams.write($0, to: 1) },
                  writeError: { StandardStreams.write(Array($0.utf8), to: 2) },
                  outputIsTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1,
                  environment: ProcessInfo.processInfo.environment, currentDirectory: ".",
                  now: { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) })
    }

    public func write(_ bytes: [UInt8]) { writeOutput(bytes) }

    public func write(_ text: String) { writeOutput(Array(text.utf8)) }

    /// One line on standard error.
    public func report(_ line: String) { writeError(line + "\n") }
}

/// Unbuffered writes to the process's descriptors: large outputs go out in as few calls as
/// the kernel takes, and nothing waits in a buffer when the process ends.
enum StandardStreams {
    static func write(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { buf in
            var off = 0
            while off < buf.count {
                let r = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
                if r <= 0 {
                    if r < 0 && errno == EINTR { continue }
                    return
                }
                off += r
            }
        }
    }
}

/// Standard output and error collected in memory, for running commands in tests.
public final class CapturedStreams: @unchecked Sendable {
    private let lock = NSLock()
    private var out: [UInt8] = []
    private var err = ""

    public init() {}

    public var output: [UInt8] { lock.withLock { out } }
    public var outputText: String { String(decoding: output, as: UTF8.self) }
    public var error: String { lock.withLock { err } }
    /// Standard error as lines (without their newlines).
    public var errorLines: [String] { error.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    /// A CommandIO writing into this capture.
    public func io(standardInput: Int32 = 0, environment: [String: String] = [:], currentDirectory: String = ".",
                   now: Date = Date(timeIntervalSince1970: 0)) -> CommandIO {
        CommandIO(standardInput: standardInput,
                  writeOutput: { [self] b in lock.withLock { out.append(contentsOf: b) } },
                  writeError: { [self] s in lock.withLock { err += s } },
                  environment: environment, currentDirectory: currentDirectory, now: { now })
    }
}
