import SocketIOWire

/// What a Socket.IO message (`io.in`, `io.out`) stands for: the protocol event its name is in the
/// header's profile (nil for another name), its payload's `ReqID` as canonical text (ELIG-2), and
/// for a `new` or an `apply` with an object payload the shape findings the MSG rules judge.
struct MessageFacts: Sendable {
    var event: ProtocolEvent?
    var req: String?
    /// The payload fields that break MSG-4 ... MSG-7 (a `new`, ``PayloadShape/new(_:)``) or MSG-9
    /// (an `apply`, ``PayloadShape/apply(_:)``); empty for other messages.
    var shapeProblems: [ShapeProblem] = []
    /// A `new`'s problems that make a worker refuse it (MSG-13, ``PayloadShape/refusedNew(_:)``).
    var refusedNew: [ShapeProblem] = []
    /// A `new`'s members no requirement defines (MSG-12, ``PayloadShape/unknownNewFields(_:)``).
    var unknownNewFields: [String] = []

    /// No message.
    init() {}

    /// The facts of `message`, whose name stands for `event` in the header's profile.
    init(_ message: SocketMessage, event: ProtocolEvent?) {
        self.event = event
        req = message.reqID
        guard let payload = message.payload?.objectValue else { return }
        switch event {
        case .new?:
            shapeProblems = PayloadShape.new(payload)
            refusedNew = PayloadShape.refusedNew(payload, newProblems: shapeProblems)
            unknownNewFields = PayloadShape.unknownNewFields(payload)
        case .apply?:
            shapeProblems = PayloadShape.apply(payload)
        default:
            break
        }
    }
}
