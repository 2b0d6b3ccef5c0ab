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

    /// A hidden temporary name beside `path` for writing it atomically: "a/b.gpx" → "a/.b.gpx.tmp-PID".
    public static func temporarySibling(of path: String, processID: Int32) -> String {
        let dir = directory(path)
        let tmp = ".\(lastComponent(path)).tmp-\(processID)"
        return dir.isEmpty ? tmp : join(dir, tmp)
    }
}
