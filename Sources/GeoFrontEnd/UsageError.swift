// A bad command line or request parameter: wrong flag, missing value, value
// out of range. The commands print it as one line and exit with status 2.

/// A bad command line: wrong flag, missing value, value out of range.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
