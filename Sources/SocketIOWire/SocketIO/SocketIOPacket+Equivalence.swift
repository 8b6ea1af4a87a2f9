extension SocketIOPacketHeader {
    /// True when both headers are equal except that numbers compare by value (see ``JSONValue/isEquivalent(to:)``).
    public func isEquivalent(to other: SocketIOPacketHeader) -> Bool {
        type == other.type && namespace == other.namespace && ackID == other.ackID
            && attachmentCount == other.attachmentCount && payload.isEquivalent(to: other.payload)
    }
}

extension SocketIOPacket {
    /// True when both packets are equal except that numbers compare by value (see ``JSONValue/isEquivalent(to:)``).
    public func isEquivalent(to other: SocketIOPacket) -> Bool {
        type == other.type && namespace == other.namespace && ackID == other.ackID
            && attachments == other.attachments && payload.isEquivalent(to: other.payload)
    }
}
