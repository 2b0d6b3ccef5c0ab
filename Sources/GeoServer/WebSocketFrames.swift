// The socket-free half of the map page's WebSocket (RFC 6455): the handshake's
// accept key, a reader of the frames a browser sends and a writer of the ones
// the server answers with. One socket per page takes the per-fetch cost out of
// each as-you-type keystroke; keeping the protocol here, as values fed bytes,
// lets the tests and the libFuzzer target reach every branch without a socket.
//
// The reader is hostile-input reading: it holds at most one frame header and
// the message being joined, streams payload bytes straight into it (unmasking
// as they come, so bytes split in any way cost the same), and refuses a frame
// by its header's length field before it buffers a byte of a message that
// could not fit.
import Foundation

enum WebSocketHandshake {
    /// The GUID every server appends to the client's key (RFC 6455 §1.3).
    private static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// base64(SHA-1(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11")) — Sec-WebSocket-Accept.
    /// The key is trimmed of surrounding spaces and tabs first, as an HTTP header value is.
    static func acceptKey(for key: String) -> String {
        Data(SHA1.digest(Array((trimmed(key) + guid).utf8))).base64EncodedString()
    }

    /// Whether a Sec-WebSocket-Key header is valid: base64 (trimmed of spaces) of exactly 16 bytes.
    /// That is 22 base64 digits and "==", the last digit with its two unused bits zero (as every
    /// encoder writes it), so a key that decodes to 16 bytes has exactly one spelling.
    static func isValidKey(_ key: String) -> Bool {
        let b = Array(trimmed(key).utf8)
        guard b.count == 24, b[22] == UInt8(ascii: "="), b[23] == UInt8(ascii: "=") else { return false }
        guard b[..<22].allSatisfy(isBase64Digit) else { return false }
        return "AQgw".utf8.contains(b[21])
    }

    private static func isBase64Digit(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"): true
        default: false
        }
    }

    private static func trimmed(_ s: String) -> String {
        s.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    }
}

/// Reads a client's frames (RFC 6455 §5) from bytes as they arrive, in any split.
struct WebSocketReader {
    enum Event: Equatable { case text(String); case ping([UInt8]); case pong([UInt8]); case close(code: UInt16?, reason: String) }

    /// Why the connection must be closed, with the close code to send (1002 protocol error, 1003 binary data
    /// not accepted, 1007 text not UTF-8, 1009 message too big) and a short reason (<= 120 bytes UTF-8).
    struct Failure: Error, Equatable {
        let code: UInt16
        let reason: String
    }

    /// The header of the frame being read: at most 2 bytes, 8 of extended length and 4 of mask.
    private struct Header {
        var fin = false
        var opcode: UInt8 = 0
        /// The 7-bit length field: 126 and 127 announce a 16- and a 64-bit length after it.
        var shortLength: UInt8 = 0
        var length: UInt64 = 0
        var mask: UInt32 = 0
        /// Bytes of the header read so far.
        var read = 0

        var extendedLength: Int { shortLength == 126 ? 2 : shortLength == 127 ? 8 : 0 }
        /// The header's full size, once its second byte is known (clients always send a mask).
        var size: Int { 2 + extendedLength + 4 }
        var isControl: Bool { opcode & 0x8 != 0 }
    }

    private let maxMessage: Int
    private var header = Header()
    /// Payload bytes of the current frame still to come; nil while a header is being read.
    private var remaining: UInt64?
    /// Payload bytes of the current frame already read, for the mask's phase.
    private var offset = 0
    /// The text message being joined from its fragments; nil when no data message is open.
    private var message: [UInt8]?
    /// The payload of the control frame being read (at most 125 bytes).
    private var control: [UInt8] = []
    /// Set after a close frame or a failure: the stream is over.
    private var finished = false

    /// `maxMessage`: the largest text message accepted, in bytes (after joining fragments).
    init(maxMessage: Int) {
        self.maxMessage = max(0, maxMessage)
    }

    /// Takes the next bytes; returns the events they complete, in order. Throws on the first protocol error;
    /// after a throw, or after a .close event, the reader must not be fed again (feeding again throws 1002).
    /// Bytes after a close frame in the same call are ignored (RFC 6455 §1.4: nothing follows a close).
    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> [Event] {
        guard !finished else { throw Failure(code: 1002, reason: "data after the close frame or a protocol error") }
        var events: [Event] = []
        do throws(Failure) {
            var i = 0
            // A frame with an empty payload completes with its header, even as the last bytes fed.
            while i < bytes.count || remaining == 0 {
                if let left = remaining, left > 0 {
                    let take = Int(min(left, UInt64(bytes.count - i)))
                    readPayload(bytes, from: i, count: take)
                    i += take
                    remaining = left - UInt64(take)
                } else if remaining == 0 {
                    if let event = try endFrame() { events.append(event) }
                    if finished { break }
                } else {
                    try readHeaderByte(bytes[i])
                    i += 1
                }
            }
        } catch {
            finished = true
            throw error
        }
        return events
    }

    /// Takes one header byte, checking each field as soon as it is complete.
    private mutating func readHeaderByte(_ byte: UInt8) throws(Failure) {
        let at = header.read
        header.read += 1
        switch at {
        case 0:
            header.fin = byte & 0x80 != 0
            header.opcode = byte & 0x0F
            try checkFirstByte(rsv: byte & 0x70)
        case 1:
            guard byte & 0x80 != 0 else { throw Failure(code: 1002, reason: "client frames must be masked") }
            header.shortLength = byte & 0x7F
            if header.isControl && header.shortLength > 125 {
                throw Failure(code: 1002, reason: "control frame payload over 125 bytes")
            }
            if header.shortLength < 126 {
                header.length = UInt64(header.shortLength)
                try checkLength()
            }
        case 2..<(2 + header.extendedLength):
            header.length = header.length << 8 | UInt64(byte)
            if header.read == 2 + header.extendedLength { try checkLength() }
        default:
            header.mask = header.mask << 8 | UInt32(byte)
            if header.read == header.size { startPayload() }
        }
    }

    private func checkFirstByte(rsv: UInt8) throws(Failure) {
        guard rsv == 0 else { throw Failure(code: 1002, reason: "reserved bits set without a negotiated extension") }
        switch header.opcode {
        case 0x0:
            guard message != nil else { throw Failure(code: 1002, reason: "continuation frame without a message to continue") }
        case 0x1, 0x2:
            guard message == nil else { throw Failure(code: 1002, reason: "new data frame before the fragmented message ended") }
            guard header.opcode == 0x1 else { throw Failure(code: 1003, reason: "binary messages are not accepted") }
        case 0x8, 0x9, 0xA:
            guard header.fin else { throw Failure(code: 1002, reason: "fragmented control frame") }
        default:
            throw Failure(code: 1002, reason: "unknown opcode \(header.opcode)")
        }
    }

    /// Refuses a frame by its announced length, before any of its payload is buffered.
    private func checkLength() throws(Failure) {
        if header.length >> 63 != 0 { throw Failure(code: 1002, reason: "64-bit payload length with its top bit set") }
        guard !header.isControl else { return }
        let room = UInt64(maxMessage - (message?.count ?? 0))
        if header.length > room {
            throw Failure(code: 1009, reason: "message over \(maxMessage) bytes")
        }
    }

    private mutating func startPayload() {
        remaining = header.length
        offset = 0
        if header.isControl {
            control.removeAll(keepingCapacity: true)
        } else if message == nil {
            // The first fragment's length, bounded by maxMessage (checkLength refused anything longer). Later
            // fragments grow it by appending: reserving exactly per fragment would copy it once per fragment.
            message = []
            message!.reserveCapacity(Int(header.length))
        }
    }

    /// Unmasks `count` payload bytes from `bytes[start...]` into the control frame or the message.
    private mutating func readPayload(_ bytes: UnsafeRawBufferPointer, from start: Int, count: Int) {
        let mask = header.mask
        var phase = offset
        func unmask(_ b: UInt8) -> UInt8 {
            defer { phase &+= 1 }
            return b ^ UInt8(truncatingIfNeeded: mask >> UInt32(24 - 8 * (phase & 3)))
        }
        if header.isControl {
            for j in start..<(start + count) { control.append(unmask(bytes[j])) }
        } else {
            // Taken out of the optional while appending, so the array is surely unshared and grows in place.
            var joined = message ?? []
            message = nil
            for j in start..<(start + count) { joined.append(unmask(bytes[j])) }
            message = joined
        }
        offset = phase
    }

    /// Ends the frame whose payload is complete; returns the event it completes, if any.
    private mutating func endFrame() throws(Failure) -> Event? {
        let h = header
        header = Header()
        remaining = nil
        switch h.opcode {
        case 0x8:
            finished = true
            return try closeEvent(control)
        case 0x9:
            return .ping(control)
        case 0xA:
            return .pong(control)
        default:
            guard h.fin, let whole = message else { return nil }
            message = nil
            guard let text = String(validating: whole, as: UTF8.self) else {
                throw Failure(code: 1007, reason: "text message is not valid UTF-8")
            }
            return .text(text)
        }
    }

    /// A close frame's payload: nothing, or a 2-byte code (one a peer may send) and a UTF-8 reason (§5.5.1, §7.4).
    private func closeEvent(_ payload: [UInt8]) throws(Failure) -> Event {
        if payload.isEmpty { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw Failure(code: 1002, reason: "close frame with a 1-byte payload") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        switch code {
        case 1000...1003, 1007...1011, 3000...4999: break
        default: throw Failure(code: 1002, reason: "close code \(code) may not be sent")
        }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            throw Failure(code: 1007, reason: "close reason is not valid UTF-8")
        }
        return .close(code: code, reason: reason)
    }
}

/// The server's frames: unmasked (RFC 6455 §5.1), each a whole message with FIN set.
enum WebSocketWriter {
    /// One unmasked server frame with FIN set.
    static func frame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x80 | (opcode & 0x0F)]
        out.reserveCapacity(payload.count + 10)
        let n = payload.count
        if n < 126 {
            out.append(UInt8(n))
        } else if n <= 0xFFFF {
            out += [126, UInt8(truncatingIfNeeded: n >> 8), UInt8(truncatingIfNeeded: n)]
        } else {
            out.append(127)
            let length = UInt64(n)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: length >> UInt64(shift))) }
        }
        out += payload
        return out
    }

    static func text(_ utf8: [UInt8]) -> [UInt8] { frame(opcode: 0x1, payload: utf8) }

    static func pong(_ payload: [UInt8]) -> [UInt8] { frame(opcode: 0xA, payload: payload) }

    /// A close frame: 2-byte code then the reason (truncated at a character boundary to fit 123 bytes).
    static func close(code: UInt16, reason: String) -> [UInt8] {
        var payload = [UInt8(truncatingIfNeeded: code >> 8), UInt8(truncatingIfNeeded: code)]
        // A control frame's payload is at most 125 bytes; cutting between characters keeps the reason UTF-8.
        for character in reason {
            let bytes = Array(String(character).utf8)
            guard payload.count + bytes.count <= 125 else { break }
            payload += bytes
        }
        return frame(opcode: 0x8, payload: payload)
    }
}
