// File names taken apart and put together as plain strings. Foundation's
// NSString path methods trap on some one-character names on Linux ("x", "é"),
// and a user may well call an output "x"; these never trap and never touch
// the file system.

public enum PathName {
    /// The last component: "a/b/c.gpx" → "c.gpx", "c.gpx" → "c.gpx", "a/b/" → "b", "/" → "/".
    public static func lastComponent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard p != "/" else { return "/" }
        if let slash = p.lastIndex(of: "/") { return String(p[p.index(after: slash)...]) }
        return String(p)
    }

    /// The directory part: "a/b/c.gpx" → "a/b", "c.gpx" → "" (the current directory), "/c" → "/".
    public static func directory(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        if slash == p.startIndex { return "/" }
        var d = p[..<slash]
        while d.count > 1 && d.hasSuffix("/") { d = d.dropLast() }
        return String(d)
    }

    /// `directory` and `name` joined with one slash ("" stands for the current directory).
    public static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || directory == "." { return directory.isEmpty ? name : "./" + name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The last component without its extension: "a/track.gpx" → "track", ".hidden" → ".hidden".
    public static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The extension, lower-cased, without the dot: "a/T.GPX" → "gpx"; "" when there is none.
    public static func fileExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// A hidden temporary name beside `path` for writing it atomically: "a/b.gpx" →
    /// "a/.b.gpx.tmp-PID-RANDOM" (RANDOM in hex), or "a/.b.gpx.tmp-PID" without a random part
    /// (the names of earlier versions).
    public static func temporarySibling(of path: String, processID: Int32, random: UInt64? = nil) -> String {
        let dir = directory(path)
        let tmp = ".\(lastComponent(path)).tmp-\(processID)" + (random.map { "-" + String($0, radix: 16) } ?? "")
        return dir.isEmpty ? tmp : join(dir, tmp)
    }

    /// The process ID in `name` when it is a temporary name of `path` (either form, as the last
    /// component), else nil.
    public static func temporarySiblingProcess(_ name: String, of path: String) -> Int32? {
        let prefix = ".\(lastComponent(path)).tmp-"
        guard name.hasPrefix(prefix) else { return nil }
        let parts = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let pid = Int32(parts[0]), pid > 0, parts[0].allSatisfy(\.isASCII) else { return nil }
        if parts.count == 2 {
            guard (1...16).contains(parts[1].count), parts[1].allSatisfy(\.isHexDigit), parts[1].allSatisfy(\.isASCII) else { return nil }
        }
        return pid
    }
}
