// What a command sees of the world, as one value: its standard streams, its
// environment, its working directory and its clock, passed in as a value:
// the executables pass the process's own (`CommandIO.process(environment:)`, in GeoProcess,
// the only place that touches them); tests pass captured streams, a chosen
// environment and a fixed clock, and run every command in process.
import Foundation
import GeoBase
#if canImport(Glibc)
import Glibc
#endif

public struct CommandIO: @unchecked Sendable {
    /// The descriptor read for the file name "-".
    public var standardInput: Int32
    /// Writes bytes to standard output; throws when they cannot be written (`BrokenPipe` when
    /// the reader left), and the command stops there.
    public var writeOutput: ([UInt8]) throws -> Void
    /// Called once when a command has written everything: closing standard output may report a
    /// write that failed late (a full disk over NFS), which is an error like any other.
    public var closeOutput: () throws -> Void
    /// Writes text to standard error as it is (no newline added).
    public var writeError: (String) -> Void
    public var outputIsTerminal: Bool
    public var errorIsTerminal: Bool
    public var environment: [String: String]
    /// Where relative index discovery looks ("." for the process's own directory).
    public var currentDirectory: String
    /// The time written into outputs that carry one (GPX files of tracks without times).
    public var now: () -> Date

    public init(standardInput: Int32 = 0, writeOutput: @escaping ([UInt8]) throws -> Void, closeOutput: @escaping () throws -> Void = {},
                writeError: @escaping (String) -> Void, outputIsTerminal: Bool = false, errorIsTerminal: Bool = false,
                environment: [String: String] = [:], currentDirectory: String = ".",
                now: @escaping () -> Date = { Date(timeIntervalSince1970: 0) }) {
        self.standardInput = standardInput
        self.writeOutput = writeOutput
        self.closeOutput = closeOutput
        self.writeError = writeError
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.now = now
    }

    /// SOURCE_DATE_EPOCH (reproducible-builds.org): the time to write instead of the clock's, or
    /// nil when it is unset; a value that is not whole seconds since 1970 is a usage error, as the
    /// specification asks, not silently the clock's time.
    public func sourceDateEpoch() throws -> Int64? {
        guard let s = environment["SOURCE_DATE_EPOCH"], !s.isEmpty else { return nil }
        guard let v = Int64(s), v >= 0 else {
            throw UsageError("SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, not \"\(s.prefix(40))\"")
        }
        return v
    }

    public func write(_ bytes: [UInt8]) throws { try writeOutput(bytes) }

    public func write(_ text: String) throws { try writeOutput(Array(text.utf8)) }

    /// One line on standard error (a failure to write it has nowhere to be told).
    public func report(_ line: String) { writeError(line + "\n") }
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
