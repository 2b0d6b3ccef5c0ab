// Streaming OSM PBF reader: the PBF counterpart of OSMXMLParser, handing out
// `OSMBatch`es in file order to the same importer. Blobs are framed by one
// thread, decompressed and decoded by `workers` threads, and delivered to the
// caller's handler strictly in file order (OrderedPipeline.swift), so the batches,
// warnings and the first error reported are the same as a sequential decode:
// the index built from a PBF does not depend on thread timing.
//
// Every error is an InputError naming the file and the byte offset of the blob
// at fault (the offset of its 4-byte length prefix).
import Foundation
import GeoBase

public final class PBFReader {
    public let name: String
    public let limits: OSMParseLimits
    /// Decoding threads; 1 decodes on the calling thread with no extra threads.
    public let workers: Int
    public private(set) var warnings = OSMParseWarnings()
    /// The file's OSMHeader (after `parse`).
    public private(set) var header: PBFHeader?
    /// Blobs read (header, data and skipped ones).
    public private(set) var blobCount = 0
    /// Called with the number of input bytes consumed so far, about every 4 MiB.
    public var progress: ((Int64) -> Void)?

    public init(name: String, limits: OSMParseLimits = OSMParseLimits(), workers: Int = PBFReader.allCores) {
        self.name = name
        self.limits = limits
        self.workers = max(1, min(workers, 256))
    }

    /// One decoder per core: the default.
    public static var allCores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Reads the whole stream, calling `handler` with each batch in file order.
    public func parse(_ source: ByteSource, handler: (OSMBatch) throws -> Void) throws {
        warnings = OSMParseWarnings()
        header = nil
        blobCount = 0
        let framer = PBFFramer(source: source, name: name, totalBytes: (source as? FileByteSource)?.totalBytes)
        let name = self.name, limits = self.limits
        let decode: @Sendable (PBFRawBlob) -> PBFDecodedBlob = { PBFDecodedBlob(blob: $0, file: name, limits: limits) }
        var nextProgress: Int64 = 4 << 20
        func deliver(_ decoded: PBFDecodedBlob) throws {
            try accept(decoded, handler)
            if let progress, decoded.endOffset >= nextProgress {
                progress(decoded.endOffset)
                nextProgress = decoded.endOffset + (4 << 20)
            }
        }
        if workers == 1 {
            var f = framer
            while let blob = try f.next() { try deliver(decode(blob)) }
        } else {
            var f = framer
            try OrderedPipeline(name: "pbf", workers: workers, produce: { try f.next() }, work: decode).run(deliver)
        }
        if blobCount > 0 && header == nil {
            throw InputError(file: name, offset: 0, message: "the file has no OSMHeader blob")
        }
    }

    private func accept(_ decoded: PBFDecodedBlob, _ handler: (OSMBatch) throws -> Void) throws {
        defer { blobCount += 1 }
        switch try decoded.outcome.get() {
        case .header(let h):
            header = h
        case .data(let batches, let w):
            guard header != nil else {
                throw InputError(file: name, offset: decoded.offset,
                                 message: "blob \(decoded.index) is OSMData, but a PBF file must start with an OSMHeader blob")
            }
            warnings.nodesWithoutCoordinates += w.nodesWithoutCoordinates
            warnings.deletedElementsSkipped += w.deletedElementsSkipped
            for b in batches { try handler(b) }
        case .skipped:
            break
        }
    }
}

/// One blob after a worker is done with it: its contents or the error it holds.
struct PBFDecodedBlob: Sendable {
    enum Contents: Sendable {
        case header(PBFHeader)
        case data([OSMBatch], OSMParseWarnings)
        case skipped
    }

    var index: Int
    var offset: Int64
    var endOffset: Int64
    var outcome: Result<Contents, InputError>

    init(blob: PBFRawBlob, file: String, limits: OSMParseLimits) {
        index = blob.index
        offset = blob.offset
        endOffset = blob.endOffset
        let what = "blob \(blob.index) (\(pbfPrintable(blob.type)))"
        func failure(_ e: ProtobufError, _ detail: String) -> InputError {
            InputError(file: file, offset: blob.offset, message: "\(what): \(e.message)\(detail)", limit: e.limit)
        }
        guard blob.type == "OSMHeader" || blob.type == "OSMData" else {
            // The format lets writers add blob types; readers skip the ones they do not know.
            outcome = .success(.skipped)
            return
        }
        let block: [UInt8]
        do {
            block = try blob.decompressed()
        } catch {
            outcome = .failure(failure(error, ""))
            return
        }
        do {
            if blob.type == "OSMHeader" {
                outcome = .success(.header(try PBFHeader.decode(block)))
            } else {
                let (batches, warnings) = try PBFBlockDecoder.decode(block, limits: limits)
                outcome = .success(.data(batches, warnings))
            }
        } catch {
            outcome = .failure(failure(error, error.position.map { " (at byte \($0) of the uncompressed block)" } ?? ""))
        }
    }
}
