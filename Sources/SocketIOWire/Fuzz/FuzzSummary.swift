/// The decoders ``SocketIOWireFuzzer`` exercises, one per framing layer.
public enum FuzzTarget: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ``EngineIOPacket/init(textBytes:)``: one WebSocket text frame or payload record.
    case engineIOPacket = "engineio-packet"
    /// ``EngineIOPayloadDecoder`` fed in random chunks, checked against the one-shot decode.
    case engineIOPayload = "engineio-payload"
    /// ``SocketIOPacketHeader/init(decodingBytes:maximumAttachments:)``: one Socket.IO packet text.
    case socketIOPacket = "socketio-packet"
    /// ``SocketIOBinaryReassembler`` fed a header text and a random run of binary and text messages.
    case socketIOReassembly = "socketio-reassembly"

    /// The stable name, e.g. `"engineio-payload"`.
    public var description: String { rawValue }
}

/// An accepted input whose re-encoding did not decode to the same value: a bug to report.
public struct FuzzFailure: Sendable, Hashable, CustomStringConvertible {
    /// The decoder that accepted the input.
    public var target: FuzzTarget
    /// The iteration (0-based) that produced it, to replay with the same seed.
    public var iteration: Int
    /// The input bytes (for reassembly, the header text).
    public var input: [UInt8]
    /// What differed.
    public var detail: String

    /// Creates a failure record.
    public init(target: FuzzTarget, iteration: Int, input: [UInt8], detail: String) {
        self.target = target
        self.iteration = iteration
        self.input = input
        self.detail = detail
    }

    /// The target, iteration, input (escaped) and detail on one line.
    public var description: String {
        let text = String(decoding: input, as: UTF8.self).unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2) : String(scalar)
        }.joined()
        return "\(target) #\(iteration): \(text): \(detail)"
    }
}

/// The outcome of a fuzz run: how many inputs each decoder accepted and rejected, and any failures.
public struct FuzzSummary: Sendable, Hashable {
    /// Accepted and rejected counts of one decoder.
    public struct Counts: Sendable, Hashable {
        /// Inputs the decoder accepted (and whose round trip was then checked).
        public var accepted = 0
        /// Inputs the decoder rejected with a ``SocketIOWireError``.
        public var rejected = 0
        /// All inputs given to the decoder.
        public var total: Int { accepted + rejected }

        /// Creates zero counts.
        public init() {}
    }

    /// The seed the run used.
    public var seed: UInt64
    /// The iterations done so far.
    public var iterations = 0
    /// Counts per decoder.
    public var counts: [FuzzTarget: Counts] = [:]
    /// How many rejections each error code caused, by ``SocketIOWireError/Code/name``.
    public var rejectionsByCode: [String: Int] = [:]
    /// The first failures found (at most ``maximumRecordedFailures``).
    public var failures: [FuzzFailure] = []
    /// All failures found, recorded or not.
    public var failureCount = 0

    /// How many failures are kept in ``failures``.
    public static let maximumRecordedFailures = 20

    /// Creates an empty summary for a run with `seed`.
    public init(seed: UInt64) { self.seed = seed }

    /// Accepted inputs over all decoders.
    public var accepted: Int { counts.values.reduce(0) { $0 + $1.accepted } }
    /// Rejected inputs over all decoders.
    public var rejected: Int { counts.values.reduce(0) { $0 + $1.rejected } }

    mutating func record(_ target: FuzzTarget, accepted: Bool) {
        if accepted { counts[target, default: Counts()].accepted += 1 } else { counts[target, default: Counts()].rejected += 1 }
    }

    mutating func record(_ target: FuzzTarget, rejection error: SocketIOWireError) {
        record(target, accepted: false)
        rejectionsByCode[error.code.name, default: 0] += 1
    }

    mutating func record(_ failure: FuzzFailure) {
        failureCount += 1
        if failures.count < Self.maximumRecordedFailures { failures.append(failure) }
    }
}
