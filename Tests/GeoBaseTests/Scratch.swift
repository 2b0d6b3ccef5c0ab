// The scratch directories of the file tests, all under one directory of this
// process that is removed when the tests end, so a run leaves nothing in the
// temporary directory whichever test failed or stopped early.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum Scratch {
    static let root: String = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("geoindex-basetests-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Scratch.root) }
        return d
    }()

    /// A fresh, empty directory of this name.
    static func directory(_ name: String) -> String {
        let d = root + "/" + name
        try? FileManager.default.removeItem(atPath: d)
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }
}
