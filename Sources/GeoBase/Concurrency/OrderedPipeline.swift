// A bounded, order-preserving parallel pipeline, used by the PBF reader
// (blobs) and the parallel XML reader (chunks of the byte stream):
//
//   producer thread ── jobs ──▶ N worker threads ── outputs ──▶ caller, in job order
//
// The producer frames jobs (cheap); workers do the expensive part in any
// order; the calling thread takes outputs by job number, so what the consumer
// sees — and the first error reported — is exactly what a sequential run
// gives. At most `window` jobs are in flight (produced but not consumed),
// which bounds memory however fast the producer is. Dedicated threads, not the
// Dispatch pool: workers block on a condition, and a pool of two threads on a
// two-core machine could otherwise be starved of a third.
import Foundation

package final class OrderedPipeline<Job: Sendable, Output: Sendable>: @unchecked Sendable {
    // Every stored property below `cond` is guarded by it, except `produce`,
    // which only the producer thread calls once the threads are started.
    private let cond = NSCondition()
    private let produce: () throws -> Job?
    private let work: @Sendable (Job) -> Output
    private let workers: Int
    private let window: Int
    private let name: String

    private var jobs: [(Int, Job)] = []
    private var results: [Int: Output] = [:]
    private var produced = 0
    private var consumed = 0
    private var producerDone = false
    private var producerError: Error?
    private var stopping = false
    private var running = 0

    package init(name: String, workers: Int, produce: @escaping () throws -> Job?, work: @escaping @Sendable (Job) -> Output) {
        self.name = name
        self.produce = produce
        self.workers = max(1, workers)
        self.work = work
        window = 2 * self.workers + 2
    }

    /// Runs the pipeline, calling `consume` on this thread with each output in job
    /// order; returns (or throws) only after every thread has stopped.
    package func run(_ consume: (Output) throws -> Void) throws {
        running = workers + 1
        let producer = Thread { [self] in produceLoop() }
        producer.name = "\(name)-reader"
        producer.start()
        for i in 0..<workers {
            let worker = Thread { [self] in workLoop() }
            worker.name = "\(name)-worker-\(i)"
            worker.start()
        }
        defer { stopAndJoin() }
        while true {
            cond.lock()
            while results[consumed] == nil && !(producerDone && consumed == produced) { cond.wait() }
            guard let next = results.removeValue(forKey: consumed) else {
                let error = producerError
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

    private func produceLoop() {
        while true {
            cond.lock()
            while !stopping && produced - consumed >= window { cond.wait() }
            if stopping { return exitThread() }
            cond.unlock()
            let job: Job?
            do {
                job = try produce()
            } catch {
                cond.lock()
                producerError = error
                producerDone = true
                return exitThread()
            }
            cond.lock()
            guard let job else {
                producerDone = true
                return exitThread()
            }
            jobs.append((produced, job))
            produced += 1
            cond.broadcast()
            cond.unlock()
        }
    }

    private func workLoop() {
        while true {
            cond.lock()
            while jobs.isEmpty && !producerDone && !stopping { cond.wait() }
            if stopping || jobs.isEmpty { return exitThread() }
            let (number, job) = jobs.removeFirst()
            cond.unlock()
            let result = work(job)
            cond.lock()
            results[number] = result
            cond.broadcast()
            cond.unlock()
        }
    }
}
