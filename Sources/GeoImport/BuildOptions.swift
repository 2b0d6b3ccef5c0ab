// Everything a build can be told, as one value: where the index goes, whether
// it gets a road graph and map shapes, the limits on hostile input, where node locations are
// kept, how many threads decode, and the time stamped into the file. The
// library reads no environment variables: a front end fills this in (the
// `geoindex` command maps SOURCE_DATE_EPOCH, TMPDIR, GEOINDEX_THREADS and
// GEOINDEX_MEMTRACE onto it).
import Foundation
import GeoBase
import GeoOSM
import GeoRoads

/// Where node locations are kept during a build.
public enum NodeStoreMode: String, Sendable, CaseIterable {
    /// In memory: about 6 bytes a node.
    case memory
    /// In a temporary file (in `temporaryDirectory`, else beside the output), unlinked at once and memory-mapped.
    case file
}

public struct BuildOptions: Sendable {
    /// The index file to write: a temporary file renamed into place when complete; `-` (with
    /// `standardOutput`), a device or a FIFO are written in order. See `OutputFile`.
    public var output: String
    /// Build the road graph (routing and map matching need it).
    public var includeRoads = true
    /// Keep the map shapes (water, green areas, land use, buildings, railways… for drawing an
    /// offline base map: the SHPS section).
    public var includeMap = true
    /// Limits on hostile input (tag sizes, tags per element, refs per way).
    public var limits = OSMParseLimits()
    public var nodeStore = NodeStoreMode.memory
    /// Seconds since 1970 stored as the build time. Fix it for reproducible files.
    public var buildTime = Int64(Date().timeIntervalSince1970)
    /// Threads that decode PBF blobs and parse pieces of large XML files (default: every core).
    public var threads = PBFReader.allCores
    /// Directory of the node store file with `nodeStore == .file`; nil means beside the output.
    public var temporaryDirectory: String?
    /// The descriptor read for the input "-" (standard input unless a front end says otherwise).
    public var standardInput: Int32 = 0
    /// Receives the index when `output` is "-"; what it throws stops the build.
    public var standardOutput: (@Sendable ([UInt8]) throws -> Void)?
    /// Receives one line of resident memory per build phase when set (finding where the bytes go).
    public var memoryTrace: (@Sendable (String) -> Void)?
    /// Prepares the routing overlay of the road graph (the routing target's OverlayBuilder; the importer
    /// knows nothing of routes): nil, or a result of nil, and the index has none.
    public var routingOverlay: (@Sendable (RoadGraph) -> [UInt8]?)?

    public init(output: String) {
        self.output = output
    }

    /// The directory of the node store file.
    public var nodeStoreDirectory: String {
        if let t = temporaryDirectory, !t.isEmpty { return t }
        let dir = PathName.directory(output)
        return dir.isEmpty ? "." : dir
    }

    /// `region.osm.gz` → `region.geoidx` (in the same directory).
    public static func defaultOutput(for input: String) -> String {
        if input == "-" { return "stdin.geoidx" }
        var name = input
        for ext in [".gz", ".bz2", ".pbf", ".xml", ".osm"] where name.lowercased().hasSuffix(ext) {
            name = String(name.dropLast(ext.count))
        }
        for ext in [".osm", ".xml"] where name.lowercased().hasSuffix(ext) { name = String(name.dropLast(ext.count)) }
        if name.isEmpty || name.hasSuffix("/") { name += "index" }
        return name + ".geoidx"
    }
}
