// A growable, append-mostly byte buffer in a memory mapping of its own, for
// the import's large stores (node coordinates and their block index).
//
// Why not a Swift array: an array grows by copying into a buffer twice as
// large, so while it grows it needs three times its contents, and the old
// buffers it leaves in the heap stay resident. A region reserves address space
// once (PROT_NONE costs nothing) and makes pages writable as it fills, so
// nothing is ever copied and the resident set is what is actually used.
//
// Backing is anonymous memory, or a temporary file that is unlinked right
// after it is created (nothing is left behind, even after a crash). A file's
// pages can be written out and dropped by the kernel under memory pressure, so
// a planet-sized store needs disk space rather than RAM (`--node-store file`).
//
// All access goes through the bounds-checked accessors below; the raw pointer
// never leaves this type. When memory or disk runs out, appends stop and
// `failure` says why (the importer turns it into an error with exit status 2):
// file space is allocated before its pages are used, so a full disk is a
// message, not a SIGBUS.
import Foundation
import GeoBase
#if canImport(Glibc)
import Glibc
#endif

/// Where an import keeps its node locations.
public enum StorageBacking: Sendable, Equatable {
    case memory
    /// A temporary file in `directory` (unlinked at once).
    case file(directory: String)
}

final class GrowableRegion {
    let backing: StorageBacking
    private var base: UnsafeMutableRawPointer
    private var reserved: Int
    /// Bytes that are readable and writable (for a file, also its length).
    private var usable = 0
    private(set) var count = 0
    private var fd: Int32 = -1
    /// Why the region stopped growing, if it did.
    private(set) var failure: String?

    /// Pages are made usable this many at a time (untouched ones cost no memory).
    static let growStep = 32 << 20
    static let defaultReservation = 1 << 40

    init(backing: StorageBacking = .memory, reservation: Int = GrowableRegion.defaultReservation) throws {
        self.backing = backing
        if case .file(let directory) = backing {
            fd = try GrowableRegion.temporaryFile(in: directory)
        }
        do {
            (base, reserved) = try GrowableRegion.reserve(atLeast: GrowableRegion.growStep, preferred: reservation)
        } catch {
            if fd >= 0 { close(fd) }
            throw error
        }
    }

    deinit {
        munmap(base, reserved)
        if fd >= 0 { close(fd) }
    }

    /// Makes room for `extra` more bytes past `count`.
    @inline(__always) func append(_ byte: UInt8) {
        if count == usable && !grow(to: count + 1) { return }
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Unsigned LEB128.
    @inline(__always) func appendVarint(_ value: UInt64) {
        if count + 10 > usable && !grow(to: count + 10) { return }
        var v = value
        while v >= 0x80 {
            base.storeBytes(of: UInt8(truncatingIfNeeded: v) | 0x80, toByteOffset: count, as: UInt8.self)
            count += 1
            v >>= 7
        }
        base.storeBytes(of: UInt8(v), toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Appends `bytes` in one copy.
    func append(contentsOf bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if count + bytes.count > usable && !grow(to: count + bytes.count) { return }
        bytes.withUnsafeBytes { (base + count).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        count += bytes.count
    }

    @inline(__always) func append<T: FixedWidthInteger>(_ value: T) {
        let n = MemoryLayout<T>.size
        if count + n > usable && !grow(to: count + n) { return }
        base.storeBytes(of: value.littleEndian, toByteOffset: count, as: T.self)
        count += n
    }

    @inline(__always) func load<T: FixedWidthInteger>(at offset: Int, as: T.Type) -> T {
        precondition(offset >= 0 && offset + MemoryLayout<T>.size <= count, "region read out of bounds")
        return T(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    @inline(__always) func store<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        precondition(offset >= 0 && offset + MemoryLayout<T>.size <= count, "region write out of bounds")
        base.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
    }

    /// The bytes in `range` (checked against what was written) for a decoding loop.
    @inline(__always) func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "region read out of bounds")
        return try body(UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Makes at least `needed` bytes usable; false (and `failure` set) when that is impossible.
    private func grow(to needed: Int) -> Bool {
        guard failure == nil else { return false }
        var target = usable
        while target < needed { target += max(GrowableRegion.growStep, target / 8) }
        target = (target + GrowableRegion.growStep - 1) / GrowableRegion.growStep * GrowableRegion.growStep
        if target > reserved && !relocate(to: target) { return false }
        let fresh = base + usable
        if fd >= 0 {
            // Allocate the blocks now: writing a page of a sparse file on a full disk would raise SIGBUS.
            let err = posix_fallocate(fd, off_t(usable), off_t(target - usable))
            guard err == 0 else { return fail("cannot grow the node store file", err) }
            guard mmap(fresh, target - usable, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, off_t(usable)) == fresh else {
                return fail("cannot map the node store file", errno)
            }
        } else {
            guard mprotect(fresh, target - usable, PROT_READ | PROT_WRITE) == 0 else {
                return fail("out of memory for the node store", errno)
            }
        }
        usable = target
        return true
    }

    /// Moves to a larger reservation (only when the first one, normally 1 TiB, is full).
    private func relocate(to needed: Int) -> Bool {
        guard let (p, size) = try? GrowableRegion.reserve(atLeast: needed, preferred: max(needed, reserved * 2)) else {
            return fail("cannot reserve address space for the node store", errno)
        }
        if usable > 0 {
            if fd >= 0 {
                guard mmap(p, usable, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) == p else {
                    munmap(p, size)
                    return fail("cannot map the node store file", errno)
                }
            } else {
                guard mprotect(p, usable, PROT_READ | PROT_WRITE) == 0 else {
                    munmap(p, size)
                    return fail("out of memory for the node store", errno)
                }
                p.copyMemory(from: base, byteCount: count)
            }
        }
        munmap(base, reserved)
        base = p
        reserved = size
        return true
    }

    private func fail(_ message: String, _ code: Int32) -> Bool {
        failure = "\(message): \(String(cString: strerror(code)))"
        return false
    }

    /// Address space only: PROT_NONE pages are neither memory nor commit charge.
    private static func reserve(atLeast minimum: Int, preferred: Int) throws -> (UnsafeMutableRawPointer, Int) {
        var size = max(minimum, preferred)
        while true {
            let p = mmap(nil, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
            if let p, p != MAP_FAILED { return (p, size) }
            if size / 2 < minimum {
                throw InputError(file: "<node store>", message: "cannot reserve address space: \(String(cString: strerror(errno)))")
            }
            size /= 2
        }
    }

    /// Creates and unlinks a file in `directory`; only the descriptor keeps it alive.
    private static func temporaryFile(in directory: String) throws -> Int32 {
        let dir = directory.isEmpty ? "." : directory
        var template = Array("\(dir)/.geoindex-nodes-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw InputError(file: dir, message: "cannot create the node store file: \(String(cString: strerror(errno)))")
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        unlink(path)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }
}
