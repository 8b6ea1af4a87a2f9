import JobWire

/// Deliberate mistakes the reference apps can be switched into, so tests can prove each is
/// caught with the right requirement id (the Swift twin of the wrong example adapters'
/// `--bug NAME`). Never on in the kit's own scripted roles; ``named`` declares the ids each breaks.
public struct AppFaults: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A failure alert after the view change: the worker's failed WorkerAccept, the client's timeout.
    public static let failureAlertAfterView = AppFaults(rawValue: 1 << 0)
    /// The client never sends the timeout cancel.
    public static let noTimeoutCancel = AppFaults(rawValue: 1 << 1)
    /// The client restarts its timer after a restart or a return from the background.
    public static let timerRestarted = AppFaults(rawValue: 1 << 2)
    /// The worker shows channel offers it decided it is not eligible for.
    public static let ineligibleShown = AppFaults(rawValue: 1 << 3)
    /// The worker shows a discarded offer again when it comes back.
    public static let discardShownAgain = AppFaults(rawValue: 1 << 4)
    /// The client's waiting counter counts minutes, not seconds (VIEW-1).
    public static let counterInMinutes = AppFaults(rawValue: 1 << 5)
    /// The client stays on the waiting view when the `apply` arrives (VIEW-2).
    public static let noWorkInProgressOnApply = AppFaults(rawValue: 1 << 6)
    /// The worker stays where it is when its WorkerAccept succeeds (VIEW-3).
    public static let noWorkInProgressOnSuccess = AppFaults(rawValue: 1 << 7)
    /// The client's Work in Progress view has no Close Request button (VIEW-5).
    public static let noCloseRequestButton = AppFaults(rawValue: 1 << 8)
    /// The client shows the distance in metres (VIEW-6).
    public static let distanceInMetres = AppFaults(rawValue: 1 << 9)
    /// The worker's Work in Progress view has no map (VIEW-8).
    public static let noMap = AppFaults(rawValue: 1 << 10)
    /// The Work Information alert leaves the address out (VIEW-9).
    public static let workInformationWithoutAddress = AppFaults(rawValue: 1 << 11)
    /// The Work Information alert leaves the request's image out (VIEW-10).
    public static let workInformationWithoutImage = AppFaults(rawValue: 1 << 12)
    /// Work Information opens as a view of its own, not an alert (VIEW-11).
    public static let workInformationAsView = AppFaults(rawValue: 1 << 13)
    /// Close Request sends the other outcome than the one the user chose (VIEW-12).
    public static let outcomeNotChosen = AppFaults(rawValue: 1 << 14)
    /// The worker stays in Work in Progress, silently, when the `close` arrives (VIEW-13).
    public static let staysAfterClose = AppFaults(rawValue: 1 << 15)
    /// The worker lists a cancelled offer again right after taking it off (VIEW-14).
    public static let cancelledOfferRelisted = AppFaults(rawValue: 1 << 16)
    /// The worker leaves an offer on screen when its `cancel` arrives (VIEW-15).
    public static let offerStaysAfterCancel = AppFaults(rawValue: 1 << 17)
    /// The worker shows Work in Progress as soon as it sends its WorkerAccept (ALERT-2).
    public static let workInProgressBeforeAnswer = AppFaults(rawValue: 1 << 18)
    /// No success alert: the client's apply alert and the worker's accept alert (ALERT-4, ALERT-5).
    public static let noSuccessAlert = AppFaults(rawValue: 1 << 19)
    /// No alert when a received `cancel` or `close` moves the app out of its view (ALERT-12).
    public static let noEndAlert = AppFaults(rawValue: 1 << 20)

    /// Every fault by the name the wrong example adapters use for `--bug`, with the requirement
    /// ids the checker finds violated over every shipped scenario run in virtual time against the
    /// reference apps with it on, exactly (AppFaultsTests proves each).
    public static let named: [NamedFault<AppFaults>] = [
        NamedFault("failure-alert-after-view", .failureAlertAfterView, breaks: ["ALERT-1", "ALERT-10"]),
        NamedFault("no-timeout-cancel", .noTimeoutCancel, breaks: ["TIME-2", "TIME-6"]),
        NamedFault("timer-restarted", .timerRestarted, breaks: ["TIME-6", "TIME-7", "VIEW-1"]),
        NamedFault("ineligible-shown", .ineligibleShown, breaks: ["ELIG-3"]),
        NamedFault("discard-shown-again", .discardShownAgain, breaks: ["DISC-2", "VIEW-15"]),
        NamedFault("counter-in-minutes", .counterInMinutes, breaks: ["VIEW-1"]),
        NamedFault("no-work-in-progress-on-apply", .noWorkInProgressOnApply, breaks: ["ALERT-4", "VIEW-2"]),
        NamedFault("no-work-in-progress-on-success", .noWorkInProgressOnSuccess, breaks: ["ALERT-5", "VIEW-3"]),
        NamedFault("no-close-request-button", .noCloseRequestButton, breaks: ["VIEW-5"]),
        NamedFault("distance-in-metres", .distanceInMetres, breaks: ["VIEW-6"]),
        NamedFault("no-map", .noMap, breaks: ["VIEW-8"]),
        NamedFault("work-information-without-address", .workInformationWithoutAddress, breaks: ["VIEW-9"]),
        NamedFault("work-information-without-image", .workInformationWithoutImage, breaks: ["VIEW-10"]),
        NamedFault("work-information-as-view", .workInformationAsView, breaks: ["VIEW-11"]),
        NamedFault("outcome-not-chosen", .outcomeNotChosen, breaks: ["VIEW-12"]),
        NamedFault("stays-after-close", .staysAfterClose, breaks: ["VIEW-13"]),
        NamedFault("cancelled-offer-relisted", .cancelledOfferRelisted, breaks: ["VIEW-14"]),
        NamedFault("offer-stays-after-cancel", .offerStaysAfterCancel, breaks: ["VIEW-15"]),
        NamedFault("work-in-progress-before-answer", .workInProgressBeforeAnswer, breaks: ["ALERT-2"]),
        NamedFault("no-success-alert", .noSuccessAlert, breaks: ["ALERT-4", "ALERT-5", "ALERT-6", "ALERT-7", "ALERT-8"]),
        NamedFault("no-end-alert", .noEndAlert, breaks: ["ALERT-12"]),
    ]

    /// The faults by name.
    public static let byName: [String: AppFaults] = Dictionary(uniqueKeysWithValues: named.map { ($0.name, $0.fault) })
}
