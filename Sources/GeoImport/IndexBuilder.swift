// `geoindex build` as a library call: open the input, recognise its format by
// content, stream it through the parser into the landmark collector (and the
// road graph builder), and write the index atomically.
//
// The phases are ordered so the big structures never coexist: way extents (and
// the ways kept for multipolygons) go once relations are read; the road graph
// takes its nodes' coordinates and then the node store goes; the map shapes
// become their section and their archive goes; landmarks are merged and
// written last, section by section, straight to the output file.
import Foundation
import GeoBase
import GeoFormat
import GeoModel
import GeoOSM
import GeoRoads

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
    /// Bytes of the routing overlay (0: none).
    public var overlayBytes = 0
    public var nodeStoreBytes = 0
    /// Bytes of way extents kept for relations (released before the graph is built).
    public var wayExtentBytes = 0
    /// Map shapes written (0 without a map), the bytes their archive and the ways kept for
    /// multipolygons held at the end of the import, and the size of their section.
    public var mapShapes = 0
    public var mapShapeImportBytes = 0
    public var mapShapeBytes = 0
    /// `addr:interpolation` ways read, and the addresses interpolated along them (counted among the addresses).
    public var interpolationWays = 0
    public var interpolatedAddresses = 0
}

public enum IndexBuilder {
    /// Plain XML at least this large is parsed on every core (smaller files are not worth the threads).
    static let parallelXMLThreshold: Int64 = 8 << 20

    /// Builds the index of `input` ("-" for stdin). Progress gets bytes read so far and the total when known.
    public static func build(input: String, options: BuildOptions,
                             progress: ((Int64, Int64?) -> Void)? = nil) throws -> BuildReport {
        let started = Date()
        // Where the index goes is checked before the input is read: a bad path fails at once.
        if options.output == "-" && options.standardOutput == nil {
            throw InputError(file: "-", message: "no standard output to write the index to")
        }
        let output = try OutputFile(path: options.output, inputs: [InputFile(input, standardInput: options.standardInput)],
                                    standardOutput: options.standardOutput ?? { _ in })
        let trace = MemoryTrace(sink: options.memoryTrace)
        var imported: Imported
        do {
            imported = try importElements(input: input, options: options, parallelXML: options.threads > 1, progress: progress)
        } catch is ParallelXMLFallback {
            // A piece of the file could not be parsed on its own: read it again with one parser,
            // whose result (or error, with its exact line) is the answer.
            imported = try importElements(input: input, options: options, parallelXML: false, progress: progress)
        }
        let collector = imported.collector
        var roads = imported.roads
        let file = imported.file
        if let failure = collector.nodes.failure ?? collector.mapShapes?.failure {
            throw InputError(file: file.name, message: failure, limit: options.nodeStore == .memory ? "nodeStore" : nil)
        }
        trace.mark("imported")
        var report = BuildReport()
        report.nodeStoreBytes = collector.nodes.memoryBytes
        report.wayExtentBytes = collector.wayExtentBytes
        report.mapShapeImportBytes = collector.mapShapeBytes
        collector.releaseWayBoxes()
        // The graph's nodes get their coordinates; then the node store (the largest structure) goes.
        roads?.resolve(nodes: collector.nodes)
        collector.releaseNodes()
        trace.mark("nodes released")
        let graph = roads?.assemble()
        roads = nil
        trace.mark("graph built")
        let shapes = collector.takeMapShapes()
        if shapes != nil { trace.mark("map shapes") }
        let drafts = collector.finish()
        trace.mark("landmarks merged")

        var writer = IndexWriter(metadata: IndexMetadata(
            sourceName: input == "-" ? InputFile.standardInputName : PathName.lastComponent(input), buildTime: options.buildTime,
            elementCounts: collector.counts, warnings: collector.warnings, dataBox: collector.dataBox))
        if let graph {
            writer.graphSection = graph.bytes   // shared, not copied
            writer.graphItems = graph.nodeCount
            writer.graphMeta = ["nodes": graph.nodeCount, "edges": graph.edgeCount, "bytes": graph.bytes.count]
            report.graphNodes = graph.nodeCount
            report.graphEdges = graph.edgeCount
            if let prepare = options.routingOverlay {
                let storage = GraphStorage(graph.bytes)
                // Written only when it reads back as the overlay of this graph (its cut edges are the items).
                if let g = RoadGraph(view: storage.view, owner: storage), let overlay = prepare(g),
                   let read = g.withOverlay(overlay).overlay {
                    writer.overlaySection = overlay
                    writer.overlayItems = read.cutCount
                    writer.graphMeta["overlay bytes"] = overlay.count
                    report.overlayBytes = overlay.count
                }
                trace.mark("routing overlay")
            }
        }
        if let shapes {
            writer.mapShapeSection = shapes.section
            writer.mapShapeCount = shapes.count
            report.mapShapes = shapes.count
            report.mapShapeBytes = shapes.section.count
        }
        let sections = writer.sections(for: drafts)
        trace.mark("sections")
        // Streamed to the file: never a second copy of the whole index in memory.
        report.outputBytes = try IndexFileWriter.write(sections: sections, buildTime: options.buildTime, to: output)
        trace.trace("written")

        report.landmarks = drafts.count
        for d in drafts { report.byKind[d.kind, default: 0] += 1 }
        report.elements = collector.counts
        report.warnings = collector.warnings
        report.interpolationWays = collector.interpolations.lineCount
        report.interpolatedAddresses = collector.interpolations.added
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
        let file = try FileByteSource(path: input, standardInput: options.standardInput)
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
        let collector = try LandmarkCollector(nodes: nodes)
        collector.trace = MemoryTrace(sink: options.memoryTrace)
        let roads = options.includeRoads ? RoadGraphBuilder() : nil
        collector.roads = roads
        if options.includeMap {
            collector.mapShapes = try MapShapeCollector(backing: nodes.backing)
        }
        let report: ((Int64) -> Void)? = progress.map { p in { p($0, file.totalBytes) } }
        if format == .pbf {
            let reader = PBFReader(name: file.name, limits: options.limits, workers: options.threads)
            reader.progress = report
            try reader.parse(source) { batch in collector.consume(batch) }
            collector.absorb(parseWarnings: reader.warnings)
            return Imported(file: file, collector: collector, roads: roads)
        }
        // Compressed input counts at about a quarter of its expanded size.
        let size = file.totalBytes.map { format == .xml ? $0 : $0 * 4 } ?? 0
        if parallelXML && input != "-" && size >= parallelXMLThreshold {
            let warnings = try ParallelXMLReader.parse(source, name: file.name, limits: options.limits,
                                                       workers: options.threads, progress: report) {
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