// The one error type for bad input anywhere in the toolchain: it names the file
// and, where known, the line/column or byte offset, so every command can print a
// single clear line and exit with status 2. Library code never names a
// command-line flag here: `limit` says which option a front end may point to.
import Foundation

public struct InputError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var offset: Int64?
    public var message: String
    /// When the input broke a configurable limit: the name of the option that sets it
    /// (`OSMParseLimits.maxTagBytes` is "maxTagBytes"), so a front end can say how to raise it.
    public var limit: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, offset: Int64? = nil, message: String,
                limit: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
        self.limit = limit
    }

    /// `file:line:column: message`, `file: byte N: message` or `file: message`.
    public var description: String {
        if let line {
            if let column { return "\(file):\(line):\(column): \(message)" }
            return "\(file):\(line): \(message)"
        }
        if let offset { return "\(file): byte \(offset): \(message)" }
        return "\(file): \(message)"
    }
}
