// One answer to EINTR for every read, write, poll, recv and send: a signal
// that arrives during the call (the server's SIGHUP, libFuzzer's timer, a
// terminal's SIGWINCH) makes it fail with EINTR having done nothing, and it is
// simply made again. (close(2) is the exception and is not retried: on Linux
// the descriptor is gone even when it reports EINTR.)
#if canImport(Glibc)
import Glibc
#endif

/// `call()`, made again while it fails with EINTR; its result (and `errno`) otherwise.
@inline(__always)
public func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let r = call()
        if r >= 0 || errno != EINTR { return r }
    }
}
