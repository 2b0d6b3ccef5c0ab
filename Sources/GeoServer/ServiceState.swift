// What a server answers from: the indexes opened once (memory-mapped,
// immutable, shared by every worker thread without locks), the search engine
// and reverse geocoder over them, and the joined road networks. A reload
// (SIGHUP, or an index rebuilt and renamed into place) opens a new state and
// swaps it in; requests in flight finish on the one they started with.
import Foundation
import GeoBase
import GeoFrontEnd
import GeoFormat
import GeoRoads
import GeoRouting
import GeoSearch
import Synchronization

public final class ServiceState: Sendable {
    public let paths: [String]
    public let indexes: [LandmarkIndex]
    public let engine: SearchEngine
    public let reverse: ReverseGeocoder
    /// Places by their OSM objects (Nominatim's /lookup).
    public let lookup: ObjectLookup
    /// The regions' road networks; nil when no index has a road graph (built with --no-roads).
    public let networks: RegionNetworks?
    /// Each index's place nodes by name, so Nominatim's answers label an address's suburb and city
    /// by their kind (`town`, `village` …: PlaceKinds).
    public let placeKinds: [PlaceKinds]
    /// The newest build time among the indexes.
    public let dataUpdated: Date
    public let loadedAt: Date
    /// Where the most important place (city, town) of the indexes is, for the page's first view.
    public let mainPlace: Coordinate?

    public init(paths: [String]) throws {
        precondition(!paths.isEmpty)
        self.paths = paths
        indexes = try paths.map { try LandmarkIndex(path: $0) }
        engine = SearchEngine(indexes: indexes)
        reverse = ReverseGeocoder(indexes: indexes)
        lookup = ObjectLookup(indexes: indexes)
        placeKinds = indexes.map { PlaceKinds(index: $0) }
        let graphs = indexes.compactMap(\.roadGraph)
        networks = graphs.isEmpty ? nil : RegionNetworks(graphs: graphs)
        dataUpdated = Date(timeIntervalSince1970: TimeInterval(indexes.map(\.buildTime).max() ?? 0))
        loadedAt = Date()
        var best: (importance: UInt8, point: Coordinate)?
        for index in indexes {
            for i in 0..<index.count where index.kind(i) == .place && index.importance(i) > best?.importance ?? 0 {
                best = (index.importance(i), index.point(i).coordinate)
            }
        }
        mainPlace = best?.point
        // One search before the first user's: what the engine builds on first use (about 15 ms
        // on Monaco) is then paid at load, not by the first letter typed on the map page.
        _ = engine.search("a", options: SearchOptions())
    }

    /// The first served file that was written in place since it was opened (`cp` over it rather
    /// than a rename): an answer read from it may mix two files, so none is given until the
    /// reload that follows. One fstat per index, a fraction of a microsecond each.
    public var changedFile: String? {
        indexes.first { $0.file.hasChanged }.map(\.file.path)
    }

    /// The boxes of the indexes' data (for hints about swapped coordinates).
    public var dataBoxes: [BoundingBox] { indexes.compactMap(\.dataBox) }
}

/// The current state, replaced whole on reload.
final class StateHolder: Sendable {
    private let current: Mutex<ServiceState>

    init(_ state: ServiceState) { current = Mutex(state) }

    var state: ServiceState { current.withLock { $0 } }

    func replace(with state: ServiceState) { current.withLock { $0 = state } }
}
