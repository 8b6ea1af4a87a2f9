/// An incremental decoder for a polling payload whose body arrives in chunks of any size.
///
/// Implements engine.io-protocol §Packet encoding, HTTP long-polling. Feed each chunk of the
/// body as it arrives; every record that a `\x1e` closes is decoded at once and returned. Call
/// ``finish()`` at the end of the body to decode the last record. Splitting never matters: the
/// separator is one byte that UTF-8 never uses inside a multi-byte character. Error offsets
/// count from the first byte of the body. After an error the decoder stays failed and rethrows
/// it; after ``finish()`` succeeds it is ready for the next body.
public struct EngineIOPayloadDecoder: Sendable {
    /// The most body bytes accepted; one more throws ``SocketIOWireError/Code/payloadTooLarge``.
    public let maximumBytes: Int

    private var record: [UInt8] = []
    private var recordStart = 0
    private var consumed = 0
    private var failure: SocketIOWireError?

    /// Creates a decoder for one body at a time, refusing bodies longer than `maximumBytes`.
    public init(maximumBytes: Int = .max) {
        self.maximumBytes = maximumBytes
    }

    /// The number of body bytes fed since the body started.
    public var bytesConsumed: Int { consumed }

    /// Feeds the next chunk of the body and returns the packets it completes.
    public mutating func feed(_ chunk: some Collection<UInt8>) throws(SocketIOWireError) -> [EngineIOPacket] {
        if let failure { throw failure }
        do {
            return try decode(Array(chunk))
        } catch {
            failure = error
            throw error
        }
    }

    /// Ends the body: decodes the last record and returns it, then resets for the next body.
    public mutating func finish() throws(SocketIOWireError) -> [EngineIOPacket] {
        if let failure { throw failure }
        do {
            let packet = try decodeRecord()
            record.removeAll(keepingCapacity: true)
            recordStart = 0
            consumed = 0
            return [packet]
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func decode(_ chunk: [UInt8]) throws(SocketIOWireError) -> [EngineIOPacket] {
        if chunk.count > maximumBytes - consumed {
            throw SocketIOWireError(.payloadTooLarge, "the payload is longer than \(maximumBytes) bytes", at: maximumBytes)
        }
        var packets: [EngineIOPacket] = []
        var start = 0
        while let end = chunk[start...].firstIndex(of: EngineIOPayload.separator) {
            record.append(contentsOf: chunk[start..<end])
            packets.append(try decodeRecord())
            record.removeAll(keepingCapacity: true)
            recordStart = consumed + end + 1
            start = end + 1
        }
        record.append(contentsOf: chunk[start...])
        consumed += chunk.count
        return packets
    }

    private func decodeRecord() throws(SocketIOWireError) -> EngineIOPacket {
        guard !record.isEmpty else {
            throw SocketIOWireError(.emptyPacket, "a payload record is empty", at: recordStart)
        }
        do {
            return try EngineIOPacket(textBytes: record)
        } catch {
            throw error.shifted(by: recordStart)
        }
    }
}
