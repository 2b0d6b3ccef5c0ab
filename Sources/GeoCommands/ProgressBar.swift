// A one-line progress display on standard error, drawn only when standard
// error is a terminal (never into a log or a pipe), redrawn at most ten times
// a second.
import Foundation
import GeoFrontEnd

final class ProgressBar {
    private let label: String
    private let io: CommandIO
    private let enabled: Bool
    private var last = Date.distantPast
    private let started = Date()

    init(label: String, io: CommandIO, enabled: Bool) {
        self.label = label
        self.io = io
        self.enabled = enabled && io.errorIsTerminal
    }

    func update(done: Int64, total: Int64?) {
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
        io.writeError(line)
    }

    func finish() {
        guard enabled else { return }
        io.writeError("\r\u{1B}[K")
    }
}
