import SocketIOWire

/// What the checker keeps of a request once its full ``RequestState`` is retired: the facts a
/// rule reads when an event about the request comes late (a late answer, a re-send after a
/// relaunch, an app acting on an end it heard of late), so that event is judged as if the full
/// state were still there.
///
/// A late event can only meet an ended request: that it existed, how, when and on which line it
/// ended, its winner, the client that owns it, and per app what that app knew and did (its
/// offer, its WorkerAccept's outcome, its state reads, the end it received or sent), with the
/// lines the rules' reports name: what FLOW-2, FLOW-10 ... FLOW-12, FLOW-14, REST-14, REST-15
/// and the STATE rules read. Payloads and bodies are not kept: the rules that compare them
/// (MSG, ELIG) judge them when they are emitted or received, within `retainMs`, which is at
/// least the longest tolerance window; a state read after that (REST-15) is compared with a
/// print of the request's `new`, `apply` and `end` (``RetiredPayloads``). Times the rules compare only
/// with "before the end" (post, win, receipts) are kept as the end's time.
struct RequestTombstone: Sendable, Hashable {
    /// The first cancel or close: its time, line and kind.
    var endedAt: Int64
    var endedLine: Int
    var endedBy: ProtocolEvent
    /// The winner, if any, and the posting client's id.
    var winner: String?
    var clientId: String?
    /// The client app that posted it, if the trace shows one.
    var clientActor: TraceActor?
    var facts: Facts
    /// The print of its `new`, `apply` and `end` (REST-15); which of them it covers is in ``facts``.
    var payloadPrint: UInt32
    /// What each app that had a side of the request knew of it.
    var sides: [SideTombstone] = []

    /// The request's own facts.
    struct Facts: OptionSet, Sendable, Hashable {
        let rawValue: UInt16
        /// Its post succeeded, a `new` carried it, an `apply` went out, a cancel or close call was seen.
        static let posted = Facts(rawValue: 1 << 0)
        static let newSeen = Facts(rawValue: 1 << 1)
        static let applied = Facts(rawValue: 1 << 2)
        static let endCalled = Facts(rawValue: 1 << 3)
        /// Which payloads ``RequestTombstone/payloadPrint`` covers.
        static let printsNew = Facts(rawValue: 1 << 4)
        static let printsApply = Facts(rawValue: 1 << 5)
        static let printsEnd = Facts(rawValue: 1 << 6)
    }

    /// The tombstone of an ended request; nil for one that has not ended.
    init?(_ state: RequestState) {
        guard let endedAt = state.endedAt else { return nil }
        self.endedAt = endedAt
        endedLine = state.endedLine ?? 0
        endedBy = state.endedBy ?? .cancel
        winner = state.winner
        clientId = state.clientId
        clientActor = state.clientActor
        var facts: Facts = []
        if state.postedAt != nil { facts.insert(.posted) }
        if state.newPayload != nil { facts.insert(.newSeen) }
        if state.applyEmissions > 0 { facts.insert(.applied) }
        if state.endCallsSeen > 0 { facts.insert(.endCalled) }
        // A request brought back from its tombstone and retired again keeps the print it had.
        let payloads = state.retiredPayloads ?? RetiredPayloads(state)
        if payloads.new { facts.insert(.printsNew) }
        if payloads.apply { facts.insert(.printsApply) }
        if payloads.end { facts.insert(.printsEnd) }
        payloadPrint = payloads.print
        self.facts = facts
        sides = state.sides.map { SideTombstone(actor: $0.key, $0.value) }.sorted { $0.actor.description < $1.actor.description }
    }

    init(
        endedAt: Int64, endedLine: Int, endedBy: ProtocolEvent, winner: String?, clientId: String?, clientActor: TraceActor?, facts: Facts,
        payloadPrint: UInt32 = 0, sides: [SideTombstone]
    ) {
        self.endedAt = endedAt
        self.endedLine = endedLine
        self.endedBy = endedBy
        self.winner = winner
        self.clientId = clientId
        self.clientActor = clientActor
        self.facts = facts
        self.payloadPrint = payloadPrint
        self.sides = sides
    }

    /// The request as the rules read it: the kept facts, with the times known only to lie before
    /// the end (post, win, the apps' receipts) set to the end's time.
    func restored(_ req: String) -> RequestState {
        var state = RequestState(reqID: req)
        state.clientId = clientId
        state.clientActor = clientActor
        state.endedAt = endedAt
        state.endedLine = endedLine
        state.endedBy = endedBy
        state.winnerAtEnd = winner
        state.winner = winner
        if winner != nil { state.wonAt = endedAt }
        if facts.contains(.posted) { state.postedAt = endedAt }
        if facts.contains(.newSeen) {
            state.newAt = endedAt
            state.newLine = endedLine
        }
        if facts.contains(.applied) { state.applyEmissions = 1 }
        if facts.contains(.endCalled) { state.endCallsSeen = 1 }
        state.retiredPayloads = RetiredPayloads(
            print: payloadPrint, new: facts.contains(.printsNew), apply: facts.contains(.printsApply), end: facts.contains(.printsEnd))
        for side in sides { state.sides[side.actor] = side.restored(endedAt: endedAt, endedBy: endedBy) }
        return state
    }

    /// One app's side as ``restored(_:)`` gives it back, without restoring the rest.
    func restoredSide(_ actor: TraceActor) -> AppSide? {
        sides.first { $0.actor == actor }?.restored(endedAt: endedAt, endedBy: endedBy)
    }
}

/// What one app knew of a retired request (``RequestTombstone``): its facts as bits, and the
/// four lines the rules' reports name.
struct SideTombstone: Sendable, Hashable {
    var actor: TraceActor
    var facts: Facts
    var endReceivedLine: Int
    var offerLine: Int
    var acceptLine: Int
    var discardLine: Int

    /// One app's facts; bits 16 to 20 are the ELIG-1 ... ELIG-5 an ineligible offer failed.
    struct Facts: OptionSet, Sendable, Hashable {
        let rawValue: UInt32
        static let acceptPending = Facts(rawValue: 1 << 0)
        static let acceptSucceeded = Facts(rawValue: 1 << 1)
        static let acceptFailed = Facts(rawValue: 1 << 2)
        static let postAnswered = Facts(rawValue: 1 << 3)
        static let applyReceived = Facts(rawValue: 1 << 4)
        static let readOpen = Facts(rawValue: 1 << 5)
        static let readInProgress = Facts(rawValue: 1 << 6)
        static let readEnded = Facts(rawValue: 1 << 7)
        static let readWon = Facts(rawValue: 1 << 8)
        static let endReceived = Facts(rawValue: 1 << 9)
        static let endedItself = Facts(rawValue: 1 << 10)
        static let cancelSent = Facts(rawValue: 1 << 11)
        static let offer = Facts(rawValue: 1 << 12)
        static let offerShown = Facts(rawValue: 1 << 13)
        static let offerDiscarded = Facts(rawValue: 1 << 14)
        static let viaNew = Facts(rawValue: 1 << 15)
        static let viaGetJobs = Facts(rawValue: 1 << 21)
        static let direct = Facts(rawValue: 1 << 22)
        static let ineligible = Facts(rawValue: 1 << 23)
        static let timeoutJudged = Facts(rawValue: 1 << 24)
        static let successAlertShown = Facts(rawValue: 1 << 25)
        static let failureAlertShown = Facts(rawValue: 1 << 26)
        static let failedShift: UInt32 = 16
    }

    /// The requirements whose failure an ineligible offer can carry, in bit order.
    static let eligibilityRules: [RequirementID] = ["ELIG-1", "ELIG-2", "ELIG-3", "ELIG-4", "ELIG-5"]

    init(actor: TraceActor, facts: Facts, endReceivedLine: Int, offerLine: Int, acceptLine: Int, discardLine: Int) {
        self.actor = actor
        self.facts = facts
        self.endReceivedLine = endReceivedLine
        self.offerLine = offerLine
        self.acceptLine = acceptLine
        self.discardLine = discardLine
    }

    init(actor: TraceActor, _ side: AppSide) {
        self.actor = actor
        var facts: Facts = []
        switch side.acceptOutcome {
        case .none: break
        case .pending: facts.insert(.acceptPending)
        case .success: facts.insert(.acceptSucceeded)
        case .failure: facts.insert(.acceptFailed)
        }
        if side.postAnsweredAt != nil { facts.insert(.postAnswered) }
        if side.applyReceivedAt != nil { facts.insert(.applyReceived) }
        switch side.readStatus {
        case "open"?: facts.insert(.readOpen)
        case "inProgress"?: facts.insert(.readInProgress)
        case "cancelled"?, "closed"?: facts.insert(.readEnded)
        default: break
        }
        if side.readWon { facts.insert(.readWon) }
        if side.endReceivedAt != nil { facts.insert(.endReceived) }
        if side.endedByItself { facts.insert(.endedItself) }
        if side.cancelSentAt != nil { facts.insert(.cancelSent) }
        if side.timeoutJudged { facts.insert(.timeoutJudged) }
        if side.successAlertShown { facts.insert(.successAlertShown) }
        if side.failureAlertShown { facts.insert(.failureAlertShown) }
        if let offer = side.offer {
            facts.insert(.offer)
            if offer.shownAt != nil { facts.insert(.offerShown) }
            if offer.discardedAt != nil { facts.insert(.offerDiscarded) }
            if offer.viaNew { facts.insert(.viaNew) }
            if offer.viaGetJobs { facts.insert(.viaGetJobs) }
            if offer.direct { facts.insert(.direct) }
            if let decision = offer.kitDecision, !decision.eligible {
                facts.insert(.ineligible)
                for (bit, id) in Self.eligibilityRules.enumerated() where decision.failed.contains(id) {
                    facts.insert(Facts(rawValue: 1 << (Facts.failedShift + UInt32(bit))))
                }
            }
        }
        self.facts = facts
        endReceivedLine = side.endReceivedLine ?? 0
        offerLine = side.offer?.receivedLine ?? 0
        acceptLine = side.acceptAnsweredLine ?? 0
        discardLine = side.offer?.discardedLine ?? 0
    }

    /// The app's side as the rules read it, receipts at the end's time.
    func restored(endedAt: Int64, endedBy: ProtocolEvent) -> AppSide {
        var side = AppSide()
        if facts.contains(.acceptPending) { side.acceptOutcome = .pending }
        if facts.contains(.acceptSucceeded) { side.acceptOutcome = .success }
        if facts.contains(.acceptFailed) { side.acceptOutcome = .failure }
        if side.acceptOutcome == .success || side.acceptOutcome == .failure {
            side.acceptAnsweredAt = endedAt
            side.acceptAnsweredLine = acceptLine
        }
        if facts.contains(.postAnswered) { side.postAnsweredAt = endedAt }
        if facts.contains(.applyReceived) { side.applyReceivedAt = endedAt }
        if facts.contains(.readOpen) { side.readStatus = "open" }
        if facts.contains(.readInProgress) { side.readStatus = "inProgress" }
        if facts.contains(.readEnded) { side.readStatus = endedBy == .close ? "closed" : "cancelled" }
        side.readWon = facts.contains(.readWon)
        if facts.contains(.endReceived) {
            side.endReceivedAt = endedAt
            side.endReceivedLine = endReceivedLine
        }
        side.endedByItself = facts.contains(.endedItself)
        if facts.contains(.cancelSent) { side.cancelSentAt = endedAt }
        side.timeoutJudged = facts.contains(.timeoutJudged)
        side.successAlertShown = facts.contains(.successAlertShown)
        side.failureAlertShown = facts.contains(.failureAlertShown)
        if facts.contains(.offer) {
            var offer = OfferState(
                receivedAt: endedAt, receivedLine: offerLine, payload: .null, viaNew: facts.contains(.viaNew),
                viaGetJobs: facts.contains(.viaGetJobs), direct: facts.contains(.direct))
            if facts.contains(.offerShown) {
                offer.shownAt = endedAt
                offer.shownLine = offerLine
            }
            if facts.contains(.offerDiscarded) {
                offer.discardedAt = endedAt
                offer.discardedLine = discardLine
            }
            if facts.contains(.ineligible) {
                let failed = Self.eligibilityRules.enumerated().filter { facts.contains(Facts(rawValue: 1 << (Facts.failedShift + UInt32($0.offset)))) }.map(\.element)
                offer.decision = .success(EligibilityDecision(failed: failed, distanceKm: 0, showAt: endedAt))
            }
            side.offer = offer
        }
        return side
    }
}
