// The one error type for bad input anywhere in the toolchain: it names the file
// and, where known, the line/column or byte offset, so every command can print a
// single clear line and exit with status 2.
import Foundation

public struct InputError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var offset: Int64?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, offset: Int64? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
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

/// A bad command line: wrong flag, missing value, value out of range.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
