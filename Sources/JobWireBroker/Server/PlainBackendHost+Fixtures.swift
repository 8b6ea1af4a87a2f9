import JobWire
import SocketIOWire

/// The test fixtures that belong to the whole server rather than to one of its backends: the
/// settings, which announce the job flow's timeout and the task API's boundaries together (FIX-3,
/// FIX-5), and the clock both backends read (FIX-4).
extension PlainBackendHost {
    /// The answer to a settings or clock fixture call; nil for every other call, and for the clock
    /// fixture when the profile has no such route or the clock cannot be moved (then it is `not_found`).
    func serverFixture(_ request: RESTRequest, profile: ProtocolProfile) -> BackendReply? {
        if BackendRouter.match(request, profile.taskRoutes[.settings]) != nil {
            var reply = backend.withLock { $0.settings() }
            if case .object(var body) = reply.body, reply.status == 200 {
                body.members += tasks.withLock { $0.settings.announced }.members
                reply.body = .object(body)
            }
            return reply
        }
        if BackendRouter.match(request, profile.clockFixture) != nil, let movable = clock as? any MovableBrokerClock {
            return Self.moveClock(movable, body: request.body, answersStale: backend.withLock { $0.faults.contains(.clockAnswersStale) })
        }
        return nil
    }

    /// `POST` the clock fixture (FIX-4): moves `clock` forward by `advanceMs` and answers its new
    /// `now`, or with `answersStale` (``BackendFaults/clockAnswersStale``) its time before the move.
    static func moveClock(_ clock: any MovableBrokerClock, body: [UInt8], answersStale: Bool = false) -> BackendReply {
        do throws(BackendError) {
            let parsed: JSONValue?
            switch BackendRouter.parseBody(body) {
            case .success(let value): parsed = value
            case .failure(let error): throw error
            }
            let reader = try RequestBodyReader(parsed)
            guard let value = reader.object["advanceMs"], !value.isNull else { throw .badRequest("advanceMs", "is required: the milliseconds to move the clock forward") }
            let now = clock.now()
            // The clock only moves forward (FIX-4), and no further than an ISO 8601 date can show.
            guard let milliseconds = value.integerValue, milliseconds >= 0, milliseconds <= Self.lastInstant - now else {
                throw .badRequest("advanceMs", "expected a whole number of milliseconds from 0 to \(Self.lastInstant - now), found \(value.compactText)")
            }
            clock.advance(by: milliseconds)
            return .success(["now": .int(answersStale ? now : clock.now())])
        } catch {
            return .failure(error)
        }
    }

    /// 9999-12-31T23:59:59.999Z, the last instant a four-digit ISO 8601 year can show.
    static let lastInstant: Int64 = 253_402_300_799_999
}
