// A small command-line parser for the three tools: long options with values
// (`--limit 5`, `--limit=5`), flags, short aliases, options whose value is
// optional (`--group`, `--group 50`), repeated options, and `--` to end
// options. Unknown options are usage errors (exit status 2). Numbers are
// decimal (NumberScan): "0x10" is no radius.
import GeoBase

public struct CommandLineArguments {
    public struct Spec: Sendable {
        public var flags: Set<String> = []
        public var options: Set<String> = []
        /// Options whose value may be left out; the predicate says whether the next word is their value.
        public var optionalValues: [String: @Sendable (String) -> Bool] = [:]
        public var aliases: [String: String] = [:]

        public init(flags: Set<String> = [], options: Set<String> = [], optionalValues: [String: @Sendable (String) -> Bool] = [:],
                    aliases: [String: String] = [:]) {
            self.flags = flags
            self.options = options
            self.optionalValues = optionalValues
            self.aliases = aliases
        }
    }

    public private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var present: Set<String> = []

    public init(_ args: [String], spec: Spec) throws {
        var i = 0
        var onlyPositional = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositional || a == "-" || !a.hasPrefix("-") {
                positional.append(a)
                continue
            }
            if a == "--" { onlyPositional = true; continue }
            var name = a
            var inline: String?
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                name = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            if let full = spec.aliases[name] { name = full }
            if spec.flags.contains(name) {
                guard inline == nil else { throw UsageError("\(name) takes no value") }
                present.insert(name)
            } else if spec.options.contains(name) {
                let v: String
                if let inline { v = inline } else {
                    guard i < args.count else { throw UsageError("\(name) needs a value") }
                    v = args[i]
                    i += 1
                }
                present.insert(name)
                values[name, default: []].append(v)
            } else if let accepts = spec.optionalValues[name] {
                present.insert(name)
                if let inline {
                    values[name, default: []].append(inline)
                } else if i < args.count, accepts(args[i]) {
                    values[name, default: []].append(args[i])
                    i += 1
                }
            } else {
                throw UsageError("unknown option \(name) (see --help)")
            }
        }
    }

    public func has(_ name: String) -> Bool { present.contains(name) }

    /// The last value given for `name`.
    public func value(_ name: String) -> String? { values[name]?.last }

    public func values(_ name: String) -> [String] { values[name] ?? [] }

    public func int(_ name: String, range: ClosedRange<Int>) throws -> Int? {
        guard let v = value(name) else { return nil }
        guard let n = Int(v), range.contains(n) else {
            throw UsageError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(v)\"")
        }
        return n
    }

    public func double(_ name: String, range: ClosedRange<Double>) throws -> Double? {
        guard let v = value(name) else { return nil }
        guard let n = NumberScan.double(v), n.isFinite, range.contains(n) else {
            throw UsageError("\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not \"\(v)\"")
        }
        return n
    }
}
