// The process's own streams as a CommandIO: file descriptors 0, 1 and 2, whether
// they are terminals, and the clock. Only the executables import this target,
// so the library and the two front ends never touch a descriptor themselves;
// the environment is not read here either: each executable's main passes it in.
import Foundation
import GeoBase
import GeoFrontEnd
#if canImport(Glibc)
import Glibc
#endif

extension CommandIO {
    /// The process's own streams and clock (whole seconds), with the `environment` the executable read.
    public static func process(environment: [String: String]) -> CommandIO {
        CommandIO(standardInput: 0, writeOutput: { try StandardStreams.write($0, to: 1) }, closeOutput: { try StandardStreams.close(1) },
                  writeError: { try? StandardStreams.write(Array($0.utf8), to: 2) },
                  outputIsTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1,
                  environment: environment, currentDirectory: ".",
                  now: { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) })
    }
}

/// Unbuffered writes to the process's descriptors: large outputs go out in as few calls as
/// the kernel takes, and nothing waits in a buffer when the process ends. A failed write of
/// standard output names it (`<stdout>: cannot write the output: No space left on device`).
enum StandardStreams {
    static func write(_ bytes: [UInt8], to fd: Int32) throws {
        try bytes.withUnsafeBytes { try OutputFile.writeAll($0, to: fd, name: OutputFile.standardOutputName) }
    }

    /// Closes `fd` and reports what the close says about writes that failed after they returned.
    static func close(_ fd: Int32) throws {
        if Glibc.close(fd) != 0 && errno != EBADF && errno != EINTR {
            throw errno == EPIPE ? BrokenPipe() : OutputFile.writeFailure(OutputFile.standardOutputName, errno)
        }
    }
}
