extension SocketIOServer {
    /// How much may wait to be sent to one client before the server drops it as a slow consumer.
    ///
    /// The bytes counted are those queued for the session and not yet taken by the network: on a
    /// WebSocket, what NIO holds for the channel (written, not yet accepted by the socket: the
    /// writability watermarks are set from ``softBytes``); on long-polling, the packets buffered
    /// for the next GET. A session past ``hardBytes`` is closed at once; one past ``softBytes``
    /// for ``softDuration`` without coming back under it is closed then. The connection is closed
    /// without a close frame (which would only queue behind the backlog), and what was queued for
    /// it is released. The reason is ``SocketIODisconnectReason/slowConsumer``.
    ///
    /// A frame shared by a broadcast counts for every socket it waits on, although its bytes are
    /// held once: the limit bounds what one client may pin, not the server's total.
    public struct OutboundLimit: Sendable, Hashable {
        /// Past this many queued bytes the session is closed at once.
        public var hardBytes: Int
        /// Past this many queued bytes for ``softDuration`` the session is closed.
        public var softBytes: Int
        /// How long a session may stay past ``softBytes``.
        public var softDuration: Duration

        /// A limit of `hardBytes` at once, or `softBytes` for `softDuration`.
        public init(hardBytes: Int, softBytes: Int, softDuration: Duration) {
            self.hardBytes = hardBytes
            self.softBytes = softBytes
            self.softDuration = softDuration
        }

        /// 1 MiB at once, or 256 KiB for 20 s (Docs/BROKER.md, "Slow consumers", says why).
        ///
        /// The hard limit stays above the largest message (maxPayload, 1 000 000 bytes by default),
        /// so one message never trips it alone; 20 s is the pingTimeout, the time a client is given
        /// to answer at all.
        public static let standard = OutboundLimit(hardBytes: 1 << 20, softBytes: 256 << 10, softDuration: .seconds(20))

        /// The problem with these values, or nil when they can be used: every limit positive, the
        /// soft one at least 2 bytes (its half is the writability low watermark) and not above the hard one.
        public var problem: String? {
            if softBytes < 2 { return "the soft outbound limit must be at least 2 bytes" }
            if hardBytes < softBytes { return "the hard outbound limit (\(hardBytes) bytes) must not be below the soft one (\(softBytes) bytes)" }
            if softDuration <= .zero { return "the time past the soft outbound limit must be positive" }
            return nil
        }
    }
}
