// What an operator does to the files geoserve serves (issue 21): `cp` over a
// served index (truncating the mapped inode: it once died of SIGBUS on the
// next request), a FIFO given as the index or dropped into a served directory
// (it once hung the open for ever, and the reload queue with it, so SIGTERM
// was ignored), and the index's path, which clients must not learn.
import Foundation
import Testing
import GeoBase
import GeoTestSupport
@testable import GeoServer
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct HardeningServedFileTests {
    /// Rewrites `path` in place as `cp` does: the same inode, truncated, then written.
    static func copyInPlace(_ bytes: [UInt8], to path: String) {
        let fd = open(path, O_WRONLY | O_TRUNC)
        precondition(fd >= 0)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    @Test func anIndexOverwrittenInPlaceIsRefusedWith503UntilReopened() throws {
        try TestData.withTemporaryDirectory { dir in
            let served = PathName.join(dir, "town.geoidx")
            let good = Array(try Data(contentsOf: URL(fileURLWithPath: Served.townPath)))
            try Data(good).write(to: URL(fileURLWithPath: served))
            let child = try ServerProcess(["-i", served, "--listen", "127.0.0.1:0"])
            defer { child.kill() }
            let port = try #require(child.port())
            #expect(try RawHTTPClient(port: port).get("/api?q=rue")?.status == 200)

            // A small file copied over the served one: the mapping's pages past its end are gone.
            Self.copyInPlace(Array(good.prefix(3_000)), to: served)
            for target in ["/api?q=rue", "/search?q=cafe&format=json", "/route/v1/driving/6.80,46.19;6.81,46.20", "/suggest?q=ru"] {
                let r = try #require(try RawHTTPClient(port: port).get(target), "\(target): no answer (the server died?)")
                #expect(r.status == 503, "\(target) → \(r.status)")
                #expect(r.headers["retry-after"] != nil)
                #expect(String(decoding: r.body, as: UTF8.self).contains("changed in place"))
            }
            let health = try #require(try RawHTTPClient(port: port).get("/healthz"))
            #expect(health.status == 503 && health.json?["status"]?.stringValue == "reopening")
            #expect(!String(decoding: health.body, as: UTF8.self).contains(dir), "the index's directory shown to clients")
            #expect(try RawHTTPClient(port: port).get("/metrics")?.status == 200)

            // The good index copied back in place: reopened once it stays the same, answers again.
            Self.copyInPlace(good, to: served)
            #expect(child.waitFor("(an index file changed)", seconds: 10))
            let after = try #require(try RawHTTPClient(port: port).get("/api?q=rue"))
            #expect(after.status == 200)
            Glibc.kill(child.pid, SIGTERM)
            #expect(child.waitForExit() == 0)
        }
    }

    @Test func aFIFOAsTheIndexIsRefusedAtOnce() throws {
        try TestData.withTemporaryDirectory { dir in
            let fifo = PathName.join(dir, "fifo.geoidx")
            #expect(mkfifo(fifo, 0o600) == 0)
            let started = Date()
            let r = try Executable.run("geoserve", ["-i", fifo, "--listen", "127.0.0.1:0"])
            #expect(r.status == 2 && r.stderr.contains("named pipe"), "\(r.stderr)")
            #expect(Date().timeIntervalSince(started) < 5)
        }
    }

    @Test func aFIFOInAServedDirectoryNeverWedgesReloadsOrTheStop() throws {
        try TestData.withTemporaryDirectory { dir in
            try FileManager.default.copyItem(atPath: Served.townPath, toPath: PathName.join(dir, "town.geoidx"))
            let child = try ServerProcess(["-i", dir, "--listen", "127.0.0.1:0"])
            defer { child.kill() }
            let port = try #require(child.port())
            #expect(mkfifo(PathName.join(dir, "region.geoidx"), 0o600) == 0)
            Glibc.kill(child.pid, SIGHUP)
            #expect(child.waitFor("reload failed, still serving the previous indexes", seconds: 10))
            #expect(child.stderr.contains("named pipe"))
            #expect(try RawHTTPClient(port: port).get("/api?q=rue")?.status == 200)
            let health = try #require(try RawHTTPClient(port: port).get("/healthz")?.json)
            #expect(health["last_reload_error"]?.stringValue?.contains("region.geoidx") == true)
            #expect(health["last_reload_error"]?.stringValue?.contains(dir) == false, "the index's directory shown to clients")
            let stopping = Date()
            Glibc.kill(child.pid, SIGTERM)
            #expect(child.waitForExit() == 0)
            #expect(Date().timeIntervalSince(stopping) < 5)
        }
    }
}
