// Many threads on one open index, the way a server or a map app uses it:
// searches through SearchEngine and through one shared SearchSession (whose
// options another thread keeps changing), map matching, routing and record
// decoding, all at once. Every answer must equal the one-thread answer (a
// session's search may instead be cancelled by a newer one). `make
// test-sanitize` runs this under ThreadSanitizer, which reports any race.
import Foundation
import Synchronization
import Testing
@testable import GeoBase
@testable import GeoRouting
@testable import GeoSearch
import GeoTestSupport
@testable import GeoTracks

private let queries = ["hotel", "cafe de paris", "rue du moulin", "pharmacie", "12 rue", "gare", "b", "musee alpin", "hotl bellevue"]

/// Differences found by the threads (a class, so every thread's closure shares one).
private final class Problems: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ s: String) { list.withLock { $0.append(s) } }
    var all: [String] { list.withLock { $0 } }
}

/// What one search answers, compared across threads.
private func ids(_ r: SearchResponse) -> [Int] { r.results.map(\.landmarkID) }

@Test func manyThreadsSearchAndMatchOnOneIndex() throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    let graph = try #require(index.roadGraph)
    let engine = SearchEngine(index: index)
    var o = SearchOptions()
    o.near = Coordinate(lat: 46.2, lon: 6.8)
    let near = o
    let plain = SearchOptions()
    let session = SearchSession(index: index, options: near)
    let matcher = MapMatcher(graph: graph)
    let gps = try TrackReader.read(path: TestData.sample("town-gps.gpx"))
    let ride = try TrackReader.read(path: TestData.sample("town-ride.gpx"))
    let a = Coordinate(lat: 46.1957, lon: 6.7922), b = Coordinate(lat: 46.2050, lon: 6.8100)

    // One-thread answers first.
    let expectedNear = queries.map { ids(engine.search($0, options: near)) }
    let expectedPlain = queries.map { ids(engine.search($0, options: plain)) }
    let expectedMatch = [matcher.match(gps).distance, matcher.match(ride).distance]
    let expectedRoute = (try? Router(graph: graph).route(waypoints: [a, b]))?.distance
    let expectedNames = (0..<index.count).map { index.record($0)?.names.first?.value }

    let problems = Problems()
    let threads = 8, rounds = 6
    let group = DispatchGroup()
    for t in 0..<threads {
        group.enter()
        let thread = Thread {
            defer { group.leave() }
            func report(_ s: String) { problems.add("thread \(t): \(s)") }
            for round in 0..<rounds {
                let q = (t + round) % queries.count
                switch (t + round) % 4 {
                case 0:
                    if ids(engine.search(queries[q], options: near)) != expectedNear[q] { report("search near \(queries[q])") }
                    if ids(engine.search(queries[q], options: plain)) != expectedPlain[q] { report("search \(queries[q])") }
                case 1:
                    // A shared session: a newer search may cancel this one, else it answers as alone.
                    session.options = near
                    let r = session.search(queries[q])
                    if !r.cancelled && ids(r) != expectedNear[q] { report("session \(queries[q])") }
                case 2:
                    let k = (t + round) % 2
                    if matcher.match(k == 0 ? gps : ride).distance != expectedMatch[k] { report("match \(k)") }
                    if (try? Router(graph: graph).route(waypoints: [a, b]))?.distance != expectedRoute { report("route") }
                default:
                    for i in stride(from: t, to: index.count, by: threads) where index.record(i)?.names.first?.value != expectedNames[i] {
                        report("record \(i)")
                    }
                    _ = index.metadata
                    _ = index.roadGraph?.edgeCount
                }
            }
        }
        thread.stackSize = 4 << 20
        thread.start()
    }
    #expect(group.wait(timeout: .now() + 600) == .success, "threads did not finish")
    let found = problems.all
    #expect(found.isEmpty, "\(found.count) answers differ from the one-thread answers: \(found.prefix(5))")
}

@Test func sessionsCancelOnlyOlderSearches() async throws {
    let index = try TestData.index(of: TestData.sample("town.osm"))
    let session = SearchSession(index: index)
    // Keystrokes from several tasks at once: whatever finishes uncancelled answers its own text.
    let expected = Dictionary(uniqueKeysWithValues: queries.map { ($0, ids(SearchEngine(index: index).search($0, options: SearchOptions()))) })
    let outcomes = await withTaskGroup(of: (String, SearchResponse).self) { group in
        for k in 0..<24 {
            let q = queries[k % queries.count]
            group.addTask { (q, await session.search(q)) }
        }
        var out: [(String, SearchResponse)] = []
        for await r in group { out.append(r) }
        return out
    }
    for (q, r) in outcomes where !r.cancelled {
        #expect(r.query == q && ids(r) == expected[q], "\(q)")
    }
}
