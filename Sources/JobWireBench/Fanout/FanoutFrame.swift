/// What the fan-out load generator needs to know about one WebSocket text frame from the server.
///
/// The generator reads only the frames a Socket.IO session in the main namespace gets: the
/// Engine.IO open packet (`0{...}`), heartbeat pings (`2`), the CONNECT reply (`40{...}`), a
/// CONNECT_ERROR (`44{...}`), and the benchmark's event
/// `42["fanout",<phase>,<seq>,<sentNanos>,...]`, of which it reads the three integers and
/// nothing after them. Everything else is ``other``. Parsing never allocates.
public enum FanoutFrame: Sendable, Hashable {
    /// `0{...}`: the Engine.IO open packet; the client answers with CONNECT `40`.
    case open
    /// `2`: a heartbeat ping; the client answers `3`.
    case ping
    /// `40{...}`: the server accepted the CONNECT to `/`.
    case connected
    /// `44{...}`: the server refused the CONNECT.
    case connectError
    /// `1` or `41`: the server closes the session or the namespace.
    case closed
    /// The benchmark event: which burst, which event of it, and the server's send time.
    case event(phase: Int, sequence: Int, sentNanoseconds: UInt64)
    /// Any other frame.
    case other

    /// The name of the benchmark's event.
    public static let eventName = "fanout"

    /// Classifies the bytes of one text frame.
    public init(_ bytes: UnsafeRawBufferPointer) {
        var reader = Reader(bytes: bytes)
        switch reader.next() {
        case UInt8(ascii: "0"): self = .open
        case UInt8(ascii: "1"): self = .closed
        case UInt8(ascii: "2"): self = .ping
        case UInt8(ascii: "4"):
            switch reader.next() {
            case UInt8(ascii: "0"): self = reader.atEnd || reader.peek == UInt8(ascii: "{") ? .connected : .other
            case UInt8(ascii: "1"): self = reader.atEnd ? .closed : .other
            case UInt8(ascii: "2"): self = Self.event(&reader) ?? .other
            case UInt8(ascii: "4"): self = .connectError
            default: self = .other
            }
        default: self = .other
        }
    }

    /// Classifies a frame given as bytes (for tests and small callers).
    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { FanoutFrame($0) }
    }

    private static func event(_ reader: inout Reader) -> FanoutFrame? {
        guard reader.skip("[\"" + eventName + "\"") else { return nil }
        guard reader.comma(), let phase = reader.integer(),
            reader.comma(), let sequence = reader.integer(),
            reader.comma(), let sent = reader.integer()
        else { return nil }
        return .event(phase: Int(truncatingIfNeeded: phase), sequence: Int(truncatingIfNeeded: sequence), sentNanoseconds: sent)
    }

    /// A cursor over the frame's bytes.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var atEnd: Bool { index >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[index] }

        mutating func next() -> UInt8? {
            guard !atEnd else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func skip(_ literal: String) -> Bool {
            var utf8 = literal.utf8.makeIterator()
            var position = index
            while let expected = utf8.next() {
                guard position < bytes.count, bytes[position] == expected else { return false }
                position += 1
            }
            index = position
            return true
        }

        mutating func skipSpaces() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func comma() -> Bool {
            skipSpaces()
            guard peek == UInt8(ascii: ",") else { return false }
            index += 1
            skipSpaces()
            return true
        }

        /// A non-negative decimal integer of at most 19 digits.
        mutating func integer() -> UInt64? {
            var value: UInt64 = 0
            var digits = 0
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                guard digits < 19 else { return nil }
                value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            return digits > 0 ? value : nil
        }
    }
}
