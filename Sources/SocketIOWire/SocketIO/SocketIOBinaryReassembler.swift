import Foundation

/// The state machine that joins a binary packet's header text and its attachments into one packet.
///
/// Implements socket.io-protocol §Packet encoding ("binary attachments extracted") with the
/// reference decoder's rules: a BINARY_EVENT or BINARY_ACK text announcing `N-` is followed by
/// exactly N binary messages; a text message while attachments are awaited, or a binary message
/// when none is, is an error (the reference server then closes the connection). Feed it every
/// Engine.IO message of one connection in order; it returns each packet once it is complete.
/// After an error it is back at idle, but the connection should be closed.
public struct SocketIOBinaryReassembler: Sendable {
    /// The most attachments one packet may announce.
    public let maximumAttachments: Int

    private var pending: SocketIOPacketHeader?
    private var received: [Data] = []

    /// Creates an idle reassembler.
    public init(maximumAttachments: Int = SocketIOPacketHeader.defaultMaximumAttachments) {
        self.maximumAttachments = maximumAttachments
    }

    /// True while a binary packet's attachments are still expected.
    public var isAwaitingAttachments: Bool { pending != nil }

    /// How many attachments are still expected; 0 when idle.
    public var remainingAttachmentCount: Int {
        guard let pending else { return 0 }
        return pending.attachmentCount - received.count
    }

    /// Feeds the text of an Engine.IO message: returns the packet, or nil when its attachments must follow.
    public mutating func receive(text: String) throws(SocketIOWireError) -> SocketIOPacket? {
        guard pending == nil else {
            reset()
            throw SocketIOWireError(.unexpectedText, "a text packet arrived while binary attachments were awaited", at: 0)
        }
        let header = try SocketIOPacketHeader(decoding: text, maximumAttachments: maximumAttachments)
        return try begin(header)
    }

    /// Feeds the UTF-8 bytes of a text message; the same as ``receive(text:)`` after a UTF-8 check.
    public mutating func receive(textBytes: some Collection<UInt8>) throws(SocketIOWireError) -> SocketIOPacket? {
        guard pending == nil else {
            reset()
            throw SocketIOWireError(.unexpectedText, "a text packet arrived while binary attachments were awaited", at: 0)
        }
        let header = try SocketIOPacketHeader(decodingBytes: textBytes, maximumAttachments: maximumAttachments)
        return try begin(header)
    }

    /// Feeds a binary Engine.IO message: returns the packet when it was the last attachment, else nil.
    public mutating func receive(binary data: Data) throws(SocketIOWireError) -> SocketIOPacket? {
        guard let header = pending else {
            throw SocketIOWireError(.unexpectedBinary, "a binary message arrived while no binary packet awaited one", at: 0)
        }
        received.append(data)
        guard received.count == header.attachmentCount else { return nil }
        let attachments = received
        reset()
        return try SocketIOPacket(header: header, attachments: attachments)
    }

    /// Drops any partly received packet and returns to idle.
    public mutating func reset() {
        pending = nil
        received.removeAll()
    }

    private mutating func begin(_ header: SocketIOPacketHeader) throws(SocketIOWireError) -> SocketIOPacket? {
        if header.type.isBinary, header.attachmentCount > 0 {
            pending = header
            received.removeAll(keepingCapacity: true)
            return nil
        }
        return try SocketIOPacket(header: header, attachments: [])
    }
}
