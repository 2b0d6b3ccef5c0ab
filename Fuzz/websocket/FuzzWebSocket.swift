// libFuzzer target: what a browser (or anyone) sends down the map page's
// WebSocket. The first byte chooses how the rest is cut into the pieces a
// socket might deliver; the pieces go to a WebSocketReader(maxMessage: 8192),
// and the same bytes go whole to a second reader. Both must end the same way
// (same events, or the same failure), the events must keep the reader's
// promises (no text over maxMessage, control payloads within 125 bytes, close
// codes a peer may send, nothing after a close), a finished reader must refuse
// more bytes, and every text and pong the writer frames, masked as a client
// would, must read back as itself.
import Foundation
@testable import GeoServer

private let maxMessage = 8192
private let failureCodes: Set<UInt16> = [1002, 1003, 1007, 1009]

/// Piece sizes from the selector: the low 3 bits set the largest piece, the rest seed the sequence.
private struct Pieces {
    var state: UInt32
    let largest: Int
    init(_ selector: UInt8) {
        state = UInt32(selector) &* 0x9E37_79B9 | 1
        largest = [1, 2, 3, 7, 14, 64, 1000, Int.max][Int(selector & 7)]
    }
    mutating func next() -> Int {
        if largest <= 1 || largest == Int.max { return largest }
        state = state &* 1_664_525 &+ 1_013_904_223
        return 1 + Int(state >> 16) % largest
    }
}

/// Feeds `bytes` to `reader`, collecting its events or its failure.
private func feed(_ reader: inout WebSocketReader, _ bytes: UnsafeRawBufferPointer) -> Result<[WebSocketReader.Event], WebSocketReader.Failure> {
    Result { () throws(WebSocketReader.Failure) in try reader.feed(bytes) }
}

/// Feeds a piece from its own allocation of exactly its size, so AddressSanitizer sees a read past its end
/// (a slice of libFuzzer's buffer would have the rest of the input behind it).
private func feedCopy(_ reader: inout WebSocketReader, _ piece: UnsafeRawBufferPointer) -> Result<[WebSocketReader.Event], WebSocketReader.Failure> {
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: piece.count, alignment: 1)
    defer { copy.deallocate() }
    copy.copyMemory(from: piece)
    return feed(&reader, UnsafeRawBufferPointer(copy))
}

private func check(_ events: [WebSocketReader.Event]) {
    for (n, event) in events.enumerated() {
        switch event {
        case .text(let text):
            Fuzz.require(text.utf8.count <= maxMessage, "a text event of \(text.utf8.count) bytes")
        case .ping(let payload), .pong(let payload):
            Fuzz.require(payload.count <= 125, "a control payload of \(payload.count) bytes")
        case .close(let code, let reason):
            Fuzz.require(n == events.count - 1, "events after a close")
            Fuzz.require(reason.utf8.count <= 123 && (code != nil || reason.isEmpty), "close reason \(reason.utf8.count) bytes, code \(String(describing: code))")
            if let code {
                Fuzz.require((1000...1003).contains(code) || (1007...1011).contains(code) || (3000...4999).contains(code), "close code \(code)")
            }
        }
    }
}

private func checkFailure(_ failure: WebSocketReader.Failure) {
    Fuzz.require(failureCodes.contains(failure.code), "failure code \(failure.code)")
    Fuzz.require(!failure.reason.isEmpty && failure.reason.utf8.count <= 120, "failure reason of \(failure.reason.utf8.count) bytes")
}

/// A server frame masked as a client masks it.
private func masked(_ frame: [UInt8], key: [UInt8]) -> [UInt8] {
    let headerEnd = 2 + ([126: 2, 127: 8][Int(frame[1] & 0x7F)] ?? 0)
    var out = Array(frame[..<headerEnd])
    out[1] |= 0x80
    out += key
    for (i, b) in frame[headerEnd...].enumerated() { out.append(b ^ key[i & 3]) }
    return out
}

private func roundTrip(_ events: [WebSocketReader.Event], key: [UInt8]) {
    for event in events {
        let frame: [UInt8]
        switch event {
        case .text(let text): frame = WebSocketWriter.text(Array(text.utf8))
        case .pong(let payload): frame = WebSocketWriter.pong(payload)
        case .close(let code?, let reason): frame = WebSocketWriter.close(code: code, reason: reason)
        default: continue
        }
        var reader = WebSocketReader(maxMessage: maxMessage)
        let back = masked(frame, key: key).withUnsafeBytes { feed(&reader, $0) }
        Fuzz.require((try? back.get()) == [event], "the writer's frame for \(event) reads back as \(back)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocket(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let stream = UnsafeRawBufferPointer(rebasing: input[1...])

    var whole = WebSocketReader(maxMessage: maxMessage)
    let wholeResult = feed(&whole, stream)

    var split = WebSocketReader(maxMessage: maxMessage)
    var pieces = Pieces(input[0])
    var events: [WebSocketReader.Event] = []
    var failure: WebSocketReader.Failure?
    var at = 0
    repeat {
        let end = at + min(pieces.next(), stream.count - at)
        switch feedCopy(&split, UnsafeRawBufferPointer(rebasing: stream[at..<end])) {
        case .success(let more): events += more
        case .failure(let f): failure = f
        }
        at = end
        // Nothing is fed after a close: the session stops reading there too.
        if case .close = events.last { break }
    } while failure == nil && at < stream.count

    switch wholeResult {
    case .success(let wholeEvents):
        Fuzz.require(failure == nil && events == wholeEvents, "split feed gave \(events.count) events, failure \(String(describing: failure)); whole feed \(wholeEvents.count) events")
        check(wholeEvents)
        roundTrip(wholeEvents, key: [input[0], 0x5A, UInt8(truncatingIfNeeded: size), 0xC3])
    case .failure(let wholeFailure):
        Fuzz.require(failure == wholeFailure, "split feed failed with \(String(describing: failure)), whole feed with \(wholeFailure)")
        checkFailure(wholeFailure)
    }
    check(events)

    // A reader that closed or failed takes nothing more.
    let closed = if case .close = events.last { true } else { false }
    if failure != nil || closed {
        let again = feed(&split, UnsafeRawBufferPointer(rebasing: stream[0..<0]))
        Fuzz.require((try? again.get()) == nil, "a finished reader took more bytes")
        if case .failure(let f) = again { Fuzz.require(f.code == 1002, "feeding a finished reader failed with \(f.code)") }
    }
    return 0
}
