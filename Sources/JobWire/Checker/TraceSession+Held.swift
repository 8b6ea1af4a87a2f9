/// What an app holds of a request as it knows it: the view it must show when it retakes state
/// (STATE-1, STATE-2), the requests it must read on a return (STATE-6), and those it knows ended
/// (STATE-4).
enum HeldView: Int, Sendable, Hashable {
    /// A client's posted request with no `apply` yet (STATE-1).
    case waiting
    /// A request in Work in Progress: the client's after its `apply`, the winner's (STATE-2).
    case workInProgress

    /// The view name of Docs/TRACE.md.
    var viewName: String { self == .waiting ? TraceViews.waiting : TraceViews.workInProgress }
}

extension AppSide {
    /// The app knows the request ended: its `cancel` or `close` arrived, it sent one itself, or a
    /// state read said so (STATE-7).
    var endKnown: Bool { endReceivedAt != nil || endedByItself || readStatus == "cancelled" || readStatus == "closed" }

    /// What the app holds of the request, as the app of `role` knows it, or nil.
    func held(as role: TraceRole) -> HeldView? {
        guard !endKnown else { return nil }
        switch role {
        case .client:
            guard postAnsweredAt != nil else { return nil }
            return applyReceivedAt != nil || readStatus == "inProgress" ? .workInProgress : .waiting
        case .worker:
            return acceptOutcome == .success || readWon ? .workInProgress : nil
        case .backend:
            return nil
        }
    }

    /// The app's latest state read found the request won or ended, so no timeout cancel is due (TIME-6, STATE-7).
    var readSettled: Bool { readStatus != nil && readStatus != "open" }

    /// The app had the request on screen (posted, won or offered) and knows it ended (STATE-4).
    var heldThenEnded: Bool { endKnown && (postAnsweredAt != nil || acceptOutcome == .success || readWon || offer != nil) }
}

extension TraceSession {
    /// The requests `actor` holds, in ReqID order: among those with full state, and those retired
    /// while it still held them (it never learnt they ended), read from their tombstones.
    func held(by actor: TraceActor) -> [(req: String, view: HeldView)] {
        let live = requests.compactMap { req, request in request.sides[actor]?.held(as: actor.role).map { (req, $0) } }
        let retired = (heldRetired[actor] ?? []).compactMap { req in
            requests[req] == nil ? request(req)?.sides[actor]?.held(as: actor.role).map { (req, $0) } : nil
        }
        return (live + retired).sorted { $0.req < $1.req }
    }

    /// The requests `actor` had on screen and knows ended.
    func endedKnown(by actor: TraceActor) -> Set<String> {
        Set(requests.compactMap { req, request in request.sides[actor]?.heldThenEnded == true ? req : nil })
    }
}
