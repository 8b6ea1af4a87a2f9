import SocketIOWire

/// An app's local state and request queue in seed 002's offline workflow, as a pure state
/// machine: operations in, effects out (OFFL-1 ... OFFL-15, AUTH-1 ... AUTH-7).
///
/// The model does no I/O and reads no clock; every input arrives as an ``OfflineOperation``,
/// including the time of a launch. Temporary ids and request numbers are counted in state,
/// so two implementations fed the same operations agree on every id:
///
/// ```swift
/// var app = OfflineAppModel(connectivity: .offline, screen: .contacts, everOnline: true)
/// try app.apply(.create(data: ["name": "Ana"]))   // [.enqueue(#1 create tmp-1), .notify(.create, tmp-1)]
/// try app.apply(.goOnline)                         // [.send(#2 options), .send(#1 create tmp-1)]
/// try app.apply(.response(seq: 1, outcome: .ok, body: ["id": "c-9"]))  // tmp-1 is now c-9
/// ```
public struct OfflineAppModel: Sendable, Hashable {
    /// Whether the backend can be reached.
    public var connectivity: Connectivity
    /// The screen shown; ``AppScreen/none`` while the app is not running.
    public var screen: AppScreen
    /// The local JWT cache; an expired token stays here, counted as none (AUTH-1).
    public var jwt: CachedJWT?
    /// True once a login succeeded online: AUTH-7's reading of "online before".
    public var everOnline: Bool
    /// The entities the app holds, by backend or temporary id, with their data.
    public var entities: [EntityID: JSONObject]
    /// Creates and edits waiting to be sent, oldest first (OFFL-11).
    public var queue: [OfflineRequest]
    /// Requests sent and not yet answered, in the order they were sent.
    public var inFlight: [OfflineRequest]
    /// The number of the next temporary id: `tmp-<nextTempID>` (OFFL-3).
    public var nextTempID: Int
    /// The number of the next request.
    public var nextSeq: Int

    /// A model in the given state; the defaults are a fresh install that was never launched.
    public init(
        connectivity: Connectivity = .online, screen: AppScreen = .none, jwt: CachedJWT? = nil, everOnline: Bool = false,
        entities: [EntityID: JSONObject] = [:], queue: [OfflineRequest] = [], inFlight: [OfflineRequest] = [],
        nextTempID: Int = 1, nextSeq: Int = 1
    ) {
        self.connectivity = connectivity
        self.screen = screen
        self.jwt = jwt
        self.everOnline = everOnline
        self.entities = entities
        self.queue = queue
        self.inFlight = inFlight
        self.nextTempID = nextTempID
        self.nextSeq = nextSeq
    }

    /// True while the app runs: any screen but ``AppScreen/none``.
    public var isRunning: Bool { screen.isRunning }

    /// True when the backend can be reached.
    public var isOnline: Bool { connectivity == .online }

    /// Performs one operation and returns what the app did, in order.
    ///
    /// An operation the state does not allow (an edit of an unknown id, a response to a request
    /// that is not in flight, a launch of a running app ...) throws and leaves the model as it
    /// was (OFFL-15); the error's field is relative to the operation, e.g. `seq` or `body.id`.
    @discardableResult
    public mutating func apply(_ operation: OfflineOperation) throws(OfflineInputError) -> [OfflineEffect] {
        var next = self
        var effects: [OfflineEffect] = []
        switch operation {
        case .refresh: try next.refresh(into: &effects)
        case .create(let data): try next.create(data, into: &effects)
        case .edit(let id, let changes): try next.edit(id, changes: changes, into: &effects)
        case .goOnline: next.goOnline(into: &effects)
        case .goOffline: next.goOffline(into: &effects)
        case .response(let seq, let outcome, let body): try next.receive(seq: seq, outcome: outcome, body: body, into: &effects)
        case .terminate: try next.terminate(into: &effects)
        case .launch(let now): try next.launch(now: now, into: &effects)
        case .login: try next.logIn(into: &effects)
        case .enterPIN(let accepted): try next.enterPIN(accepted: accepted, into: &effects)
        }
        next.replayNext(into: &effects)
        self = next
        return effects
    }

    // MARK: - Building blocks shared by the operations

    /// A new request with the next number.
    mutating func makeRequest(_ call: OfflineRequest.Call) -> OfflineRequest {
        defer { nextSeq += 1 }
        return OfflineRequest(seq: nextSeq, call: call)
    }

    /// Sends `request`: it is in flight until answered or until connectivity goes.
    mutating func send(_ request: OfflineRequest, into effects: inout [OfflineEffect]) {
        inFlight.append(request)
        effects.append(.send(request))
    }

    /// Puts `request` at the end of the queue.
    mutating func enqueue(_ request: OfflineRequest, into effects: inout [OfflineEffect]) {
        queue.append(request)
        effects.append(.enqueue(request))
    }

    /// Removes the queued requests `shouldDrop` selects, oldest first, without sending them.
    mutating func dropQueued(where shouldDrop: (OfflineRequest) -> Bool, into effects: inout [OfflineEffect]) {
        for request in queue where shouldDrop(request) {
            effects.append(.drop(seq: request.seq))
        }
        queue.removeAll(where: shouldDrop)
    }

    /// Shows `screen`.
    mutating func navigate(to screen: AppScreen, into effects: inout [OfflineEffect]) {
        self.screen = screen
        effects.append(.navigate(screen))
    }

    /// The precondition of every user action: the app runs.
    func requireRunning(_ operation: String) throws(OfflineInputError) {
        guard isRunning else {
            throw OfflineInputError(field: "op", message: "the app is not running, so it cannot \(operation); launch it first")
        }
    }

    /// OFFL-11: after every operation, the queue's head is sent when the app runs online and no
    /// create or edit is in flight, so requests go one at a time in the order they were made.
    mutating func replayNext(into effects: inout [OfflineEffect]) {
        guard isOnline, isRunning, !queue.isEmpty, !inFlight.contains(where: \.isQueueable) else { return }
        send(queue.removeFirst(), into: &effects)
    }
}
