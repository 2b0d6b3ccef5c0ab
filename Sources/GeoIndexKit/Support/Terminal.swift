// Terminal-aware output for the command-line tools: progress bars go to stderr
// only when stderr is a terminal, and messages go to stderr unbuffered.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum Terminal {
    public static var stderrIsTerminal: Bool { isatty(2) == 1 }
    public static var stdoutIsTerminal: Bool { isatty(1) == 1 }

    public static func error(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Writes bytes to stdout without Swift's print buffering; large outputs go out in one call.
    public static func writeStdout(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buf in
            var off = 0
            while off < buf.count {
                let r = write(1, buf.baseAddress! + off, buf.count - off)
                if r <= 0 {
                    if errno == EINTR { continue }
                    return
                }
                off += r
            }
        }
    }

    public static func writeStdout(_ s: String) { writeStdout(Array(s.utf8)) }
}

/// A one-line progress display on stderr, redrawn at most ten times a second.
public final class ProgressBar {
    private let label: String
    private let enabled: Bool
    private var last = Date.distantPast
    private let started = Date()

    public init(label: String, enabled: Bool = Terminal.stderrIsTerminal) {
        self.label = label
        self.enabled = enabled
    }

    public func update(done: Int64, total: Int64?, unit: String = "MB") {
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(last) >= 0.1 else { return }
        last = now
        let mb = Double(done) / 1_048_576
        let rate = mb / max(0.001, now.timeIntervalSince(started))
        var line = "\r\(label) "
        if let total, total > 0 {
            let f = min(1, Double(done) / Double(total))
            let width = 30
            let filled = Int(f * Double(width))
            line += "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "]"
            line += String(format: " %3.0f%% %.1f/%.1f MB", f * 100, mb, Double(total) / 1_048_576)
        } else {
            line += String(format: "%.1f MB", mb)
        }
        line += String(format: " %.1f MB/s ", rate)
        FileHandle.standardError.write(Data(line.utf8))
    }

    public func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
