// Where OutputFile keeps a regular file's bytes until they are complete. Where
// the file system can, the file has no name at all while it is written
// (O_TMPFILE): a process killed at any point leaves nothing behind. When it
// is complete it is linked under a fresh hidden name beside the target
// (through /proc/self/fd) and renamed over the target, so readers see the old
// file or the new one, never a part. Elsewhere the file gets the hidden name
// from the start, `.NAME.tmp-PID-RANDOM`, created with O_EXCL|O_NOFOLLOW: never
// an existing file, never through a planted link. A kill between the link and
// the rename, or during a named write, leaves such a file; every later output
// of the same name removes the ones whose process is gone.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: what was being done, and errno. OutputFile names its output in the message.
struct SystemCallFailure: Error {
    var what: String
    var code: Int32
}

struct TemporarySibling {
    /// O_TMPFILE, `__O_TMPFILE | O_DIRECTORY` (Linux 3.11), which Glibc's module does not export.
    static let unnamedFlag: Int32 = 0o20_000_000 | O_DIRECTORY

    let target: String
    let fd: Int32
    /// The hidden name, once the file has one (from the start where unnamed files cannot be made).
    private(set) var name: String?

    /// Opens a file for `target`'s new contents, with the mode of the file it will replace.
    static func create(for target: String, allowUnnamed: Bool = true) throws -> TemporarySibling {
        removeStale(besides: target)
        var fd: Int32 = -1
        var name: String?
        if allowUnnamed {
            let dir = PathName.directory(target)
            fd = open(dir.isEmpty ? "." : dir, unnamedFlag | O_WRONLY | O_CLOEXEC, 0o644)
            // Linking it in later goes through /proc: without /proc the file gets its name now.
            if fd >= 0 && access(procPath(fd), F_OK) != 0 {
                close(fd)
                fd = -1
            }
        }
        if fd < 0 {
            let named = try fresh(for: target) { n in
                let fd = open(n, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
                return fd >= 0 ? fd : nil
            }
            (fd, name) = (named.result, named.name)
        }
        // Keep the mode of a file being replaced (an index made group-readable stays so).
        var st = stat()
        if stat(target, &st) == 0 { _ = fchmod(fd, st.st_mode & 0o7777) }
        return TemporarySibling(target: target, fd: fd, name: name)
    }

    /// Gives the complete file its hidden name (it may have had one from the start); `fd` must be open.
    mutating func link() throws {
        guard name == nil else { return }
        // Under a fresh name first: linkat cannot replace an existing target.
        name = try TemporarySibling.fresh(for: target) { n in
            linkat(AT_FDCWD, TemporarySibling.procPath(fd), AT_FDCWD, n, AT_SYMLINK_FOLLOW) == 0 ? () : nil
        }.name
    }

    /// Renames the linked file over the target, atomically.
    mutating func rename() throws {
        guard let name else { return }
        guard Glibc.rename(name, target) == 0 else { throw SystemCallFailure(what: "cannot rename the output into place", code: errno) }
        self.name = nil
    }

    /// Removes what an unfinished output left (nothing, when the file never had a name).
    func discard() {
        if let name { unlink(name) }
    }

    /// The hidden temporaries of `target` whose process is gone (killed mid-write) are removed.
    /// One of a live process (another build of the same name, this one's included) is kept.
    static func removeStale(besides target: String) {
        let dir = PathName.directory(target)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.isEmpty ? "." : dir) else { return }
        for n in names {
            guard let pid = PathName.temporarySiblingProcess(n, of: target), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = PathName.join(dir, n)
            var st = stat()
            if lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG { unlink(path) }
        }
    }

    private static func procPath(_ fd: Int32) -> String { "/proc/self/fd/\(fd)" }

    /// Tries `make` on fresh hidden names of `target` until one is not taken.
    private static func fresh<T>(for target: String, _ make: (String) -> T?) throws -> (result: T, name: String) {
        for _ in 0..<16 {
            let n = PathName.temporarySibling(of: target, processID: getpid(), random: UInt64.random(in: 0...UInt64.max))
            if let r = make(n) { return (r, n) }
            if errno != EEXIST { throw SystemCallFailure(what: "cannot create the output", code: errno) }
        }
        throw SystemCallFailure(what: "cannot create the output", code: EEXIST)
    }
}
