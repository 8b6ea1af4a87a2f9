import JobWire
import SocketIOWire

/// Deliberate mistakes the reference apps can be switched into, so tests can prove each is
/// caught with the right requirement id (the Swift twin of the wrong example adapters'
/// `--bug NAME`). Never on in the kit's own scripted roles; ``named`` declares the ids each breaks.
public struct AppFaults: WideOptionSet, Sendable, Hashable {
    /// 128 bits: the 64 of an `Int` are all taken.
    public let rawValue: FaultBits
    public init(rawValue: FaultBits) { self.rawValue = rawValue }

    /// Only fault number `bit`.
    init(bit: Int) { self.init(rawValue: FaultBits(bit: bit)) }

    /// A failure alert after the view change: the worker's failed WorkerAccept, the client's timeout.
    public static let failureAlertAfterView = AppFaults(bit: 0)
    /// The client never sends the timeout cancel.
    public static let noTimeoutCancel = AppFaults(bit: 1)
    /// The client restarts its timer after a restart or a return from the background.
    public static let timerRestarted = AppFaults(bit: 2)
    /// The worker shows channel offers it decided it is not eligible for.
    public static let ineligibleShown = AppFaults(bit: 3)
    /// The worker shows a discarded offer again when it comes back.
    public static let discardShownAgain = AppFaults(bit: 4)
    /// The worker treats a job at exactly maxKms (within ELIG-4's tolerance) as out of range.
    public static let strictRangeBoundary = AppFaults(bit: 5)
    /// The worker decides channel offers without looking at BlockedXP.
    public static let blockedIgnored = AppFaults(bit: 6)
    /// The worker starts a Delay wait again when the same `new` arrives a second time.
    public static let redeliveryRestartsDelay = AppFaults(bit: 7)
    /// The client's apply alert takes a worker rated 0 for a new worker.
    public static let ratingZeroAsNewWorker = AppFaults(bit: 8)
    /// The worker keeps an offer it is not working on open when its `cancel` or `close` arrives.
    public static let endIgnored = AppFaults(bit: 9)
    /// The client keeps the timeout running in Work in Progress and cancels at the deadline.
    public static let timeoutAfterApply = AppFaults(bit: 10)
    /// The worker hides every channel offer whose BlockedXP is not empty, whoever it names.
    public static let anyBlockBlocks = AppFaults(bit: 11)
    /// The worker shows a channel offer at its receipt, whatever its Delay.
    public static let delayIgnored = AppFaults(bit: 13)
    /// The worker starts a Delay wait again from its relaunch.
    public static let delayRestartedOnRelaunch = AppFaults(bit: 14)
    /// The worker filters direct offers as if they came to the channel.
    public static let directFiltered = AppFaults(bit: 15)
    /// The client's apply alert shows the rating rounded to whole stars.
    public static let ratingRounded = AppFaults(bit: 16)
    /// The client's cancel by the user carries the reason `timeout`.
    public static let userCancelSaysTimeout = AppFaults(bit: 17)
    /// The client's apply alert shows rating 0 for a new worker (workerRating null).
    public static let ratingNullAsZero = AppFaults(bit: 18)
    /// The worker refuses every exclusive request, its own partner's too.
    public static let exclusiveAlwaysRefused = AppFaults(bit: 19)
    /// The worker reaches only half its maxKms.
    public static let reachHalved = AppFaults(bit: 20)
    /// The worker looks only at the first of its categories.
    public static let firstCategoryOnly = AppFaults(bit: 21)
    /// The app takes an answer that never came (a transport error: `reset`, `timeout`,
    /// `malformed`) as no answer at all: it shows nothing and stays where it was. A high bit, so
    /// faults added beside it elsewhere do not collide.
    public static let transportErrorIgnored = AppFaults(bit: 40)
    /// The client's waiting counter counts minutes, not seconds (VIEW-1).
    public static let counterInMinutes = AppFaults(bit: 22)
    /// The client stays on the waiting view when the `apply` arrives (VIEW-2).
    public static let noWorkInProgressOnApply = AppFaults(bit: 23)
    /// The worker stays where it is when its WorkerAccept succeeds (VIEW-3).
    public static let noWorkInProgressOnSuccess = AppFaults(bit: 24)
    /// The client's Work in Progress view has no Close Request button (VIEW-5).
    public static let noCloseRequestButton = AppFaults(bit: 25)
    /// The client shows the distance in metres (VIEW-6).
    public static let distanceInMetres = AppFaults(bit: 26)
    /// The worker's Work in Progress view has no map (VIEW-8).
    public static let noMap = AppFaults(bit: 27)
    /// The Work Information alert leaves the address out (VIEW-9).
    public static let workInformationWithoutAddress = AppFaults(bit: 28)
    /// The Work Information alert leaves the request's image out (VIEW-10).
    public static let workInformationWithoutImage = AppFaults(bit: 29)
    /// Work Information opens as a view of its own, not an alert (VIEW-11).
    public static let workInformationAsView = AppFaults(bit: 30)
    /// Close Request sends the other outcome than the one the user chose (VIEW-12).
    public static let outcomeNotChosen = AppFaults(bit: 31)
    /// The worker stays in Work in Progress, silently, when the `close` arrives (VIEW-13).
    public static let staysAfterClose = AppFaults(bit: 32)
    /// The worker lists a cancelled offer again right after taking it off (VIEW-14).
    public static let cancelledOfferRelisted = AppFaults(bit: 33)
    /// The worker leaves an offer on screen when its `cancel` arrives (VIEW-15).
    public static let offerStaysAfterCancel = AppFaults(bit: 34)
    /// The worker shows Work in Progress as soon as it sends its WorkerAccept (ALERT-2).
    public static let workInProgressBeforeAnswer = AppFaults(bit: 35)
    /// No success alert: the client's apply alert and the worker's accept alert (ALERT-4, ALERT-5).
    public static let noSuccessAlert = AppFaults(bit: 36)
    /// No alert when a received `cancel` or `close` moves the app out of its view (ALERT-12).
    public static let noEndAlert = AppFaults(bit: 37)
    /// The app reads no request's state when it comes back or reconnects (STATE-6).
    public static let noStateRead = AppFaults(bit: 41)
    /// The app ignores what a state read answers (STATE-7).
    public static let stateReadIgnored = AppFaults(bit: 42)
    /// Back from a restart or the background, the client shows no waiting view (STATE-1).
    public static let waitingNotShownAgain = AppFaults(bit: 43)
    /// Back from a restart or the background, the app shows no Work in Progress view (STATE-2).
    public static let workInProgressNotShownAgain = AppFaults(bit: 44)
    /// Back from a restart, the client sends its answered cancel again (STATE-3).
    public static let cancelRepeated = AppFaults(bit: 45)
    /// Back from a restart, the client shows the waiting view of a request it cancelled (STATE-4).
    public static let endedShownAgain = AppFaults(bit: 46)
    /// The client lets its socket go once its post succeeded (STATE-8).
    public static let socketLetGo = AppFaults(bit: 47)
    /// The worker refuses a `new` carrying a member it does not know (MSG-12).
    public static let unknownFieldRefused = AppFaults(bit: 48)
    /// The worker shows an offer it refused as malformed (MSG-13).
    public static let malformedShown = AppFaults(bit: 49)
    /// The worker never reads its meProfile (ELIG-12).
    public static let noProfileRead = AppFaults(bit: 50)
    /// The app never tries to connect again after its connection drops; only the kit's
    /// reconnection, once the network is back, brings it back (STATE-9).
    public static let noReconnect = AppFaults(bit: 51)
    /// The worker never calls getJobs after a launch, a return or a reconnection (STATE-5).
    public static let noCatchUp = AppFaults(bit: 52)
    /// The client's post request leaves `lat` out of its body (REST-2's app half).
    public static let postWithoutLat = AppFaults(bit: 53)

    /// The worker's getJobs names another worker in its query, not itself (REST-4's app half).
    /// A high bit, so faults added beside it elsewhere do not collide.
    public static let getJobsNamesOther = AppFaults(bit: 58)
    /// The app's cancels and closes carry no id of its own (REST-20): the backend still takes
    /// them as the right caller's (REST-19). A high bit, so faults added beside it elsewhere do not collide.
    public static let anonymousEnds = AppFaults(bit: 57)
    /// The worker shows a channel offer only when its Delay timer fires and starts no timer for a
    /// `Delay` of 0, so such an offer never shows (VIEW-4).
    public static let zeroDelayNeverShown = AppFaults(bit: 12)
    /// The worker counts a channel offer's showAt from the job's `createdAt`, the backend's time,
    /// not from its own receipt, so a `new` heard late shows too early (ELIG-6, TIME-8).
    public static let delayFromCreatedAt = AppFaults(bit: 38)
    /// The worker drops its `new` listener when it goes to the background and adds it again only
    /// at launch: back in the foreground it takes in no `new` (VIEW-4).
    public static let newListenerLostInBackground = AppFaults(bit: 39)
    /// The worker adds its `new` listener only at its first launch: after a restart or a relaunch
    /// it takes in no `new` (VIEW-4).
    public static let newListenerLostOnRelaunch = AppFaults(bit: 54)
    /// The worker adds its `new` listener in its first connection's handler, so after a
    /// reconnection it takes in no `new` (VIEW-4).
    public static let newListenerLostOnReconnect = AppFaults(bit: 59)
    /// The worker takes getJobs jobs in through its `new` handler, so it waits their `Delay` again
    /// from the answer instead of showing them at once (VIEW-4; ELIG-8 says the backend already waited).
    public static let getJobsWaitsDelay = AppFaults(bit: 55)
    /// The worker answers a `close` it receives in Work in Progress by sending a close of its own,
    /// the Close Request button's code reused, for a request that is no longer in progress (FLOW-14).
    public static let closeEchoed = AppFaults(bit: 56)
    /// The worker takes a direct offer, addressed to it, for one already assigned to it and sends
    /// WorkerAccept at its receipt, before the offer is shown (FLOW-2).
    public static let directAcceptedAtReceipt = AppFaults(bit: 60)
    /// The worker's accept button checks only that the offer was once shown: a discarded offer,
    /// gone from the screen but still in the offer list, can still be accepted (FLOW-11).
    public static let discardedAcceptable = AppFaults(bit: 61)
    /// The client stamps a request's timer with the moment the user first pressed Post and keeps
    /// that moment until a post succeeds, so after a failed post the retry's timer starts at the
    /// first attempt, not at the success (TIME-1).
    public static let timerFromFirstPress = AppFaults(bit: 62)
    /// The client's timeout cancel goes through the user's cancel call with its default reason
    /// `cancelled`, not `timeout` (TIME-5).
    public static let timeoutCancelDefaultReason = AppFaults(bit: 63)
    /// The worker keeps its discards in memory only and never writes them to device storage, so
    /// the stored list lacks them and a relaunch forgets them (DISC-1, DISC-3).
    public static let discardsNotStored = AppFaults(bit: 64)
    /// The worker tells the backend of a discard with a Socket.IO `discard` event, so it stops
    /// offering the request (DISC-4).
    public static let discardTold = AppFaults(bit: 65)
    /// The worker refuses a malformed offer naming only the input the field came in (`job` or
    /// `profile`), not the field's path, `job.lat` say (ELIG-9).
    public static let malformedNamesInput = AppFaults(bit: 66)
    /// The worker stamps what it reports (views, timers, decisions) with a device clock a second
    /// behind the kit's, while the kit stamps what it sees on the wire (TIME-10). Every rule that
    /// times the worker's reports against its receipts then sees them a second early or late: a
    /// decision dated before its receipt's Delay (ELIG-6), a wait restarted (TIME-9), a view or
    /// an offer later than its bound (ELIG-7, STATE-10, VIEW-3, VIEW-4).
    public static let clockBehind = AppFaults(bit: 67)
    /// Every fault by the name the wrong example adapters use for `--bug`, with the requirement
    /// ids the checker finds violated over every shipped scenario run in virtual time against the
    /// reference apps with it on, exactly (AppFaultsTests proves each).
    public static let named: [NamedFault<AppFaults>] = [
        NamedFault("failure-alert-after-view", .failureAlertAfterView, breaks: ["ALERT-1", "ALERT-10"]),
        NamedFault("no-timeout-cancel", .noTimeoutCancel, breaks: ["TIME-2", "TIME-6"]),
        NamedFault("timer-restarted", .timerRestarted, breaks: ["TIME-6", "TIME-7", "VIEW-1"]),
        NamedFault("ineligible-shown", .ineligibleShown, breaks: ["ELIG-1", "ELIG-2", "ELIG-3", "ELIG-4", "ELIG-5", "FLOW-10"]),
        NamedFault("discard-shown-again", .discardShownAgain, breaks: ["DISC-2", "DISC-3", "VIEW-15"]),
        NamedFault("strict-range-boundary", .strictRangeBoundary, breaks: ["ELIG-4"]),
        NamedFault("blocked-ignored", .blockedIgnored, breaks: ["ELIG-5", "ELIG-11", "FLOW-10"]),
        NamedFault("redelivery-restarts-delay", .redeliveryRestartsDelay, breaks: ["TIME-9", "VIEW-4"]),
        NamedFault("rating-zero-new-worker", .ratingZeroAsNewWorker, breaks: ["ALERT-6", "VIEW-5"]),
        NamedFault("end-ignored", .endIgnored, breaks: ["FLOW-12", "VIEW-14", "VIEW-15"]),
        NamedFault("timeout-after-apply", .timeoutAfterApply, breaks: ["TIME-4"]),
        NamedFault("any-block-blocks", .anyBlockBlocks, breaks: ["ELIG-5"]),
        NamedFault("delay-ignored", .delayIgnored, breaks: ["ELIG-6", "TIME-8"]),
        NamedFault("delay-restarted-on-relaunch", .delayRestartedOnRelaunch, breaks: ["TIME-9", "VIEW-4"]),
        NamedFault("direct-filtered", .directFiltered, breaks: ["ELIG-7"]),
        NamedFault("rating-rounded", .ratingRounded, breaks: ["ALERT-6", "VIEW-5"]),
        NamedFault("user-cancel-says-timeout", .userCancelSaysTimeout, breaks: ["ALERT-10", "TIME-3"]),
        NamedFault("rating-null-as-zero", .ratingNullAsZero, breaks: ["ALERT-7", "VIEW-7"]),
        NamedFault("exclusive-always-refused", .exclusiveAlwaysRefused, breaks: ["ELIG-2"]),
        NamedFault("reach-halved", .reachHalved, breaks: ["ELIG-4"]),
        NamedFault("first-category-only", .firstCategoryOnly, breaks: ["ELIG-3"]),
        NamedFault("transport-error-ignored", .transportErrorIgnored, breaks: ["ALERT-3", "ALERT-9", "ALERT-10", "STATE-10", "STATE-11", "VIEW-14"]),
        NamedFault("counter-in-minutes", .counterInMinutes, breaks: ["VIEW-1"]),
        NamedFault("no-work-in-progress-on-apply", .noWorkInProgressOnApply, breaks: ["ALERT-4", "STATE-7", "VIEW-2"]),
        NamedFault("no-work-in-progress-on-success", .noWorkInProgressOnSuccess, breaks: ["ALERT-5", "VIEW-3"]),
        NamedFault("no-close-request-button", .noCloseRequestButton, breaks: ["VIEW-5"]),
        NamedFault("distance-in-metres", .distanceInMetres, breaks: ["VIEW-6"]),
        NamedFault("no-map", .noMap, breaks: ["VIEW-8"]),
        NamedFault("work-information-without-address", .workInformationWithoutAddress, breaks: ["VIEW-9"]),
        NamedFault("work-information-without-image", .workInformationWithoutImage, breaks: ["VIEW-10"]),
        NamedFault("work-information-as-view", .workInformationAsView, breaks: ["VIEW-11"]),
        NamedFault("outcome-not-chosen", .outcomeNotChosen, breaks: ["VIEW-12"]),
        NamedFault("stays-after-close", .staysAfterClose, breaks: ["STATE-7", "VIEW-13"]),
        NamedFault("cancelled-offer-relisted", .cancelledOfferRelisted, breaks: ["VIEW-14"]),
        NamedFault("offer-stays-after-cancel", .offerStaysAfterCancel, breaks: ["VIEW-15"]),
        NamedFault("work-in-progress-before-answer", .workInProgressBeforeAnswer, breaks: ["ALERT-2"]),
        NamedFault("no-success-alert", .noSuccessAlert, breaks: ["ALERT-4", "ALERT-5", "ALERT-6", "ALERT-7", "ALERT-8"]),
        NamedFault("no-end-alert", .noEndAlert, breaks: ["ALERT-12"]),
        NamedFault("no-state-read", .noStateRead, breaks: ["STATE-6"]),
        NamedFault("state-read-ignored", .stateReadIgnored, breaks: ["STATE-10", "STATE-7"]),
        NamedFault("waiting-not-shown-again", .waitingNotShownAgain, breaks: ["STATE-1"]),
        NamedFault("wip-not-shown-again", .workInProgressNotShownAgain, breaks: ["STATE-2"]),
        NamedFault("cancel-repeated", .cancelRepeated, breaks: ["STATE-3"]),
        NamedFault("ended-shown-again", .endedShownAgain, breaks: ["STATE-4"]),
        NamedFault("socket-let-go", .socketLetGo, breaks: ["STATE-8"]),
        NamedFault("unknown-field-refused", .unknownFieldRefused, breaks: ["MSG-12"]),
        NamedFault("malformed-shown", .malformedShown, breaks: ["MSG-13"]),
        NamedFault("no-profile-read", .noProfileRead, breaks: ["ELIG-12"]),
        NamedFault("no-reconnect", .noReconnect, breaks: ["STATE-9"]),
        NamedFault("no-catch-up", .noCatchUp, breaks: ["STATE-5"]),
        NamedFault("post-without-lat", .postWithoutLat, breaks: ["REST-2"]),
        NamedFault("anonymous-ends", .anonymousEnds, breaks: ["REST-20"]),
        NamedFault("getjobs-names-other", .getJobsNamesOther, breaks: ["REST-4"]),
        NamedFault("zero-delay-never-shown", .zeroDelayNeverShown, breaks: ["VIEW-4"]),
        NamedFault("delay-from-created-at", .delayFromCreatedAt, breaks: ["ELIG-6", "TIME-8"]),
        NamedFault("new-listener-lost-in-background", .newListenerLostInBackground, breaks: ["VIEW-4"]),
        NamedFault("new-listener-lost-on-relaunch", .newListenerLostOnRelaunch, breaks: ["VIEW-4"]),
        NamedFault("new-listener-lost-on-reconnect", .newListenerLostOnReconnect, breaks: ["VIEW-4"]),
        NamedFault("getjobs-waits-delay", .getJobsWaitsDelay, breaks: ["VIEW-4"]),
        NamedFault("close-echoed", .closeEchoed, breaks: ["FLOW-14", "STATE-7"]),
        NamedFault("direct-accepted-at-receipt", .directAcceptedAtReceipt, breaks: ["FLOW-2"]),
        NamedFault("discarded-acceptable", .discardedAcceptable, breaks: ["FLOW-11"]),
        NamedFault("timer-from-first-press", .timerFromFirstPress, breaks: ["TIME-1"]),
        NamedFault("timeout-cancel-default-reason", .timeoutCancelDefaultReason, breaks: ["TIME-5"]),
        NamedFault("discards-not-stored", .discardsNotStored, breaks: ["DISC-1", "DISC-3"]),
        NamedFault("discard-told", .discardTold, breaks: ["DISC-4"]),
        NamedFault("malformed-names-input", .malformedNamesInput, breaks: ["ELIG-9"]),
        NamedFault("clock-behind", .clockBehind, breaks: ["ELIG-6", "ELIG-7", "STATE-10", "TIME-9", "TIME-10", "VIEW-3", "VIEW-4"]),
    ]

    /// The faults by name.
    public static let byName: [String: AppFaults] = Dictionary(uniqueKeysWithValues: named.map { ($0.name, $0.fault) })
}

extension AppFaults {
    /// The body of a cancel or close: `members` and the caller's own id as `idMember` (REST-20),
    /// which ``anonymousEnds`` leaves out.
    func endBody(_ members: JSONObject, _ idMember: String, _ id: String) -> JSONValue {
        var body = members
        if !contains(.anonymousEnds) { body[idMember] = .string(id) }
        return .object(body)
    }
}
