// The API a map app embeds: open an index once, create a session with its
// options (limit, kinds, location hint, window), call `search` on every
// keystroke. A newer call supersedes an older one still running on another
// thread — the older returns early, marked cancelled — and any number of
// sessions may share one open index.
import Synchronization
import GeoFormat

public final class SearchSession: Sendable {
    public let engine: SearchEngine
    private let state: Mutex<SearchOptions>
    private let generation = Atomic<Int>(0)

    public init(index: LandmarkIndex, options: SearchOptions = SearchOptions()) {
        engine = SearchEngine(index: index)
        state = Mutex(options)
    }

    /// Options for the next searches (the hint and window usually follow the map).
    public var options: SearchOptions {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// Searches `text`; if another `search` starts before this one ends, this one stops early
    /// and returns a response with `cancelled == true`.
    public func search(_ text: String) -> SearchResponse {
        let mine = generation.add(1, ordering: .relaxed).newValue
        let opts = options
        return engine.search(text, options: opts) { self.generation.load(ordering: .relaxed) != mine }
    }

    /// Async form: also stops when the calling task is cancelled.
    public func search(_ text: String) async -> SearchResponse {
        let mine = generation.add(1, ordering: .relaxed).newValue
        let opts = options
        return engine.search(text, options: opts) { Task.isCancelled || self.generation.load(ordering: .relaxed) != mine }
    }
}
