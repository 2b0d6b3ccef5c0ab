// `geoindex build` as a library call: open the input, recognise its format by
// content, stream it through the parser into the landmark collector (and the
// road graph builder), and write the index atomically.
//
// The phases are ordered so the big structures never coexist: way extents go
// once relations are read; the road graph takes its nodes' coordinates and
// then the node store goes; landmarks are merged and written last, section by
// section, straight to the output file.
import Foundation

/// Where node locations are kept during a build.
public enum NodeStoreMode: String, Sendable, CaseIterable {
    /// In memory: about 6 bytes a node.
    case memory
    /// In a temporary file (in $TMPDIR, else beside the output), unlinked at once and memory-mapped.
    case file
}

public struct BuildOptions: Sendable {
    public var output: String
    public var includeRoads = true
    public var limits = OSMParseLimits()
    public var nodeStore = NodeStoreMode.memory
    /// Seconds since 1970 stored as the build time; `SOURCE_DATE_EPOCH` when set.
    public var buildTime: Int64 = BuildOptions.defaultBuildTime()

    public init(output: String) {
        self.output = output
    }

    public static func defaultBuildTime() -> Int64 {
        if let s = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let v = Int64(s) { return v }
        return Int64(Date().timeIntervalSince1970)
    }

    /// The directory of the node store file: $TMPDIR when set, else the output's directory.
    public var nodeStoreDirectory: String {
        if let t = ProcessInfo.processInfo.environment["TMPDIR"], !t.isEmpty { return t }
        let dir = (output as NSString).deletingLastPathComponent
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

public struct BuildReport: Sendable {
    public var landmarks = 0
    public var byKind: [LandmarkKind: Int] = [:]
    public var elements = (nodes: 0, ways: 0, relations: 0)
    public var warnings = ImportWarnings()
    public var inputBytes: Int64 = 0
    public var outputBytes = 0
    public var seconds = 0.0
    public var graphNodes = 0
    public var graphEdges = 0
    public var nodeStoreBytes = 0
    /// Bytes of way extents kept for relations (released before the graph is built).
    public var wayExtentBytes = 0
}

public enum IndexBuilder {
    /// Plain XML at least this large is parsed on every core (smaller files are not worth the threads).
    static let parallelXMLThreshold: Int64 = 8 << 20

    /// Builds the index of `input` ("-" for stdin). Progress gets bytes read so far and the total when known.
    public static func build(input: String, options: BuildOptions,
                             progress: ((Int64, Int64?) -> Void)? = nil) throws -> BuildReport {
        let started = Date()
        let workers = PBFReader.defaultWorkers()
        var imported: Imported
        do {
            imported = try importElements(input: input, options: options, parallelXML: workers > 1, progress: progress)
        } catch is ParallelXMLFallback {
            // A piece of the file could not be parsed on its own: read it again with one parser,
            // whose result (or error, with its exact line) is the answer.
            imported = try importElements(input: input, options: options, parallelXML: false, progress: progress)
        }
        let collector = imported.collector
        var roads = imported.roads
        let file = imported.file
        if let failure = collector.nodes.failure { throw InputError(file: file.name, message: failure) }
        MemoryTrace.mark("imported")
        var report = BuildReport()
        report.nodeStoreBytes = collector.nodes.memoryBytes
        report.wayExtentBytes = collector.wayExtentBytes
        collector.releaseWayBoxes()
        // The graph's nodes get their coordinates; then the node store (the largest structure) goes.
        roads?.resolve(nodes: collector.nodes)
        collector.releaseNodes()
        MemoryTrace.mark("nodes released")
        let graph = roads?.assemble()
        roads = nil
        MemoryTrace.mark("graph built")
        let drafts = collector.finish()
        MemoryTrace.mark("landmarks merged")

        var writer = IndexWriter(metadata: IndexMetadata(
            sourceName: input == "-" ? "<stdin>" : (input as NSString).lastPathComponent, buildTime: options.buildTime,
            elementCounts: collector.counts, warnings: collector.warnings, dataBox: collector.dataBox))
        if let graph {
            writer.graphSection = graph.bytes   // shared, not copied
            writer.graphItems = graph.nodeCount
            writer.graphMeta = ["nodes": graph.nodeCount, "edges": graph.edgeCount, "bytes": graph.bytes.count]
            report.graphNodes = graph.nodeCount
            report.graphEdges = graph.edgeCount
        }
        let sections = writer.sections(for: drafts)
        MemoryTrace.mark("sections")
        // Streamed to the file: never a second copy of the whole index in memory.
        report.outputBytes = try IndexFileWriter.write(sections: sections, buildTime: options.buildTime, to: options.output)
        MemoryTrace.trace("written")

        report.landmarks = drafts.count
        for d in drafts { report.byKind[d.kind, default: 0] += 1 }
        report.elements = collector.counts
        report.warnings = collector.warnings
        report.inputBytes = file.consumedBytes
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    struct Imported {
        var file: FileByteSource
        var collector: LandmarkCollector
        var roads: RoadGraphBuilder?
    }

    /// Reads every element of `input` into a fresh collector (and road graph builder).
    static func importElements(input: String, options: BuildOptions, parallelXML: Bool,
                               progress: ((Int64, Int64?) -> Void)?) throws -> Imported {
        let file = try FileByteSource(path: input)
        let head = try file.peek(16)
        let source: ByteSource
        let format = InputFormat.sniff(head)
        switch format {
        case .empty:
            throw InputError(file: file.name, message: "the file is empty")
        case .gzip:
            source = try GzipByteSource(source: file, name: file.name)
        case .xml, .pbf:
            source = file
        case .bzip2:
            source = try Bzip2ByteSource(source: file, name: file.name)
        case .unknown:
            throw InputError(file: file.name, offset: 0, message: "not an OSM file: expected OSM XML (optionally gzip- or bzip2-compressed) or OSM PBF")
        }
        let nodes = options.nodeStore == .file ? try NodeStore(backing: .file(directory: options.nodeStoreDirectory)) : NodeStore()
        let collector = LandmarkCollector(nodes: nodes)
        let roads = options.includeRoads ? RoadGraphBuilder() : nil
        collector.roads = roads
        let report: ((Int64) -> Void)? = progress.map { p in { p($0, file.totalBytes) } }
        if format == .pbf {
            let reader = PBFReader(name: file.name, limits: options.limits)
            reader.progress = report
            try reader.parse(source) { batch in collector.consume(batch) }
            collector.absorb(parseWarnings: reader.warnings)
            return Imported(file: file, collector: collector, roads: roads)
        }
        // Compressed input counts at about a quarter of its expanded size.
        let size = file.totalBytes.map { format == .xml ? $0 : $0 * 4 } ?? 0
        if parallelXML && input != "-" && size >= parallelXMLThreshold {
            let warnings = try ParallelXMLReader.parse(source, name: file.name, limits: options.limits,
                                                       workers: PBFReader.defaultWorkers(), progress: report) {
                collector.consume($0)
            }
            collector.absorb(parseWarnings: warnings)
            return Imported(file: file, collector: collector, roads: roads)
        }
        let parser = OSMXMLParser(name: file.name, limits: options.limits)
        parser.progress = report
        do {
            try parser.parse(source) { batch in collector.consume(batch) }
        } catch {
            throw (source as? Bzip2ByteSource)?.rootCause(of: error) ?? error
        }
        collector.absorb(parseWarnings: parser.warnings)
        return Imported(file: file, collector: collector, roads: roads)
    }
}