// The parallel part of PBF import: a bounded, order-preserving pipeline.
//
//   reader thread ── framed blobs ──▶ N worker threads ── decoded blobs ──▶ caller, in file order
//
// The reader frames blobs (cheap: one read per blob) and queues them; workers
// inflate and decode them in any order; the calling thread takes results by
// blob number, so what the importer sees — batches, warnings, the first error
// — is exactly what a sequential decode gives. At most `window` blobs are in
// flight (framed but not yet consumed), which bounds memory to a few blobs of
// at most 32 MiB each however fast the reader is. Dedicated threads, not the
// Dispatch pool: workers block on a condition, and a pool of two threads on a
// two-core machine could otherwise be starved of a third.
import Foundation

final class PBFPipeline: @unchecked Sendable {
    // Every stored property below `cond` is guarded by it, except `framer`,
    // which only the reader thread touches once the threads are started.
    private let cond = NSCondition()
    private var framer: PBFFramer
    private let decode: @Sendable (PBFRawBlob) -> PBFDecodedBlob
    private let workers: Int
    private let window: Int

    private var jobs: [PBFRawBlob] = []
    private var results: [Int: PBFDecodedBlob] = [:]
    private var framed = 0
    private var consumed = 0
    private var readerDone = false
    private var readerError: Error?
    private var stopping = false
    private var running = 0

    init(framer: PBFFramer, workers: Int, decode: @escaping @Sendable (PBFRawBlob) -> PBFDecodedBlob) {
        self.framer = framer
        self.workers = workers
        self.decode = decode
        window = 2 * workers + 2
    }

    /// Runs the pipeline, calling `consume` on this thread with each blob in file
    /// order; returns (or throws) only after every thread has stopped.
    func run(_ consume: (PBFDecodedBlob) throws -> Void) throws {
        running = workers + 1
        let reader = Thread { [self] in readLoop() }
        reader.name = "pbf-reader"
        reader.start()
        for i in 0..<workers {
            let worker = Thread { [self] in workLoop() }
            worker.name = "pbf-worker-\(i)"
            worker.start()
        }
        defer { stopAndJoin() }
        while true {
            cond.lock()
            while results[consumed] == nil && !(readerDone && consumed == framed) { cond.wait() }
            guard let next = results.removeValue(forKey: consumed) else {
                let error = readerError
                cond.unlock()
                if let error { throw error }
                return
            }
            consumed += 1
            cond.broadcast()    // the window has room again
            cond.unlock()
            try consume(next)
        }
    }

    private func stopAndJoin() {
        cond.lock()
        stopping = true
        cond.broadcast()
        while running > 0 { cond.wait() }
        jobs = []
        results = [:]
        cond.unlock()
    }

    private func exitThread() {
        // Called with `cond` held.
        running -= 1
        cond.broadcast()
        cond.unlock()
    }

    private func readLoop() {
        while true {
            cond.lock()
            while !stopping && framed - consumed >= window { cond.wait() }
            if stopping { return exitThread() }
            cond.unlock()
            let blob: PBFRawBlob?
            do {
                blob = try framer.next()
            } catch {
                cond.lock()
                readerError = error
                readerDone = true
                return exitThread()
            }
            cond.lock()
            guard let blob else {
                readerDone = true
                return exitThread()
            }
            jobs.append(blob)
            framed += 1
            cond.broadcast()
            cond.unlock()
        }
    }

    private func workLoop() {
        while true {
            cond.lock()
            while jobs.isEmpty && !readerDone && !stopping { cond.wait() }
            if stopping || jobs.isEmpty { return exitThread() }
            let job = jobs.removeFirst()
            cond.unlock()
            let result = decode(job)
            cond.lock()
            results[job.index] = result
            cond.broadcast()
            cond.unlock()
        }
    }
}
