import JobWire

/// Deliberate protocol violations the reference backend can be switched into, so tests can
/// prove `jobwire verify` catches each one with the right requirement id. Never on by default;
/// ``named`` declares the ids each breaks.
public struct BackendFaults: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// getJobs and WorkerAccept ignore the worker's eligibility.
    public static let eligibilityIgnored = BackendFaults(rawValue: 1 << 0)
    /// getJobs and WorkerAccept ignore `BlockedXP` (ELIG-5).
    public static let blockedIgnored = BackendFaults(rawValue: 1 << 1)
    /// Every racing WorkerAccept succeeds.
    public static let everyRacerWins = BackendFaults(rawValue: 1 << 2)
    /// `apply` goes to the channel and to every other client the backend knows as well as the
    /// posting client.
    public static let applyToEveryone = BackendFaults(rawValue: 1 << 3)
    /// A cancelled request can still be won, stays in getJobs and reads as open.
    public static let cancelNotEnforced = BackendFaults(rawValue: 1 << 4)
    /// `close` reaches only the side that did not press it.
    public static let closeReachesOneSide = BackendFaults(rawValue: 1 << 5)
    /// A request addressed to one worker is broadcast to the whole channel (and its cancel, sent to
    /// the addressed worker only, misses the room the `new` went to: FLOW-8).
    public static let directNewToChannel = BackendFaults(rawValue: 1 << 6)
    /// A state read says `open` for a request a worker won (breaks REST-15).
    public static let stateHidesProgress = BackendFaults(rawValue: 1 << 7)
    /// The history read lists the oldest request first (breaks REST-16).
    public static let historyOldestFirst = BackendFaults(rawValue: 1 << 8)
    /// The meProfile read ignores the worker fixture: no categories and 0 maxKms (breaks REST-17).
    public static let meProfileIgnoresFixture = BackendFaults(rawValue: 1 << 9)
    /// A position report is answered with success and dropped (breaks REST-18).
    public static let positionIgnored = BackendFaults(rawValue: 1 << 10)
    /// Anyone may cancel or close, whatever id the call carries (breaks REST-19).
    public static let anyoneMayEnd = BackendFaults(rawValue: 1 << 11)
    /// The `new` leaves out the client's Delay (breaks MSG-14).
    public static let delayDropped = BackendFaults(rawValue: 1 << 12)
    /// A handshake without a well-formed identity (no auth, no id userId, no client/worker role) is accepted (breaks MSG-16).
    public static let identityNotChecked = BackendFaults(rawValue: 1 << 13)
    /// A request no worker won by the client's timeout is cancelled by the backend itself, silently (breaks FLOW-15, and ELIG-8: getJobs leaves out a request the trace shows open).
    /// In `race-timeout-cancel`, whose accepts and timeout cancels are released together just past
    /// the deadline, an accept the backend takes before the cancel is refused 410 for a request
    /// still open (REST-10); one taken after the cancel is refused rightly, so REST-10 shows only
    /// in some runs.
    public static let requestsExpire = BackendFaults(rawValue: 1 << 14)
    /// Eligibility too strict: a worker reaches only half its maxKms, in getJobs and WorkerAccept
    /// (breaks ELIG-8 by leaving out jobs it must list, REST-9 by refusing workers who may win).
    public static let reachHalved = BackendFaults(rawValue: 1 << 15)
    /// `null` for absent: a `new` whose client bans nobody carries `"BlockedXP": null` instead of
    /// `[]` or no member (MSG-5 reads `null` as a value of the wrong type, not as absent).
    public static let bansAsNull = BackendFaults(rawValue: 1 << 16)
    /// Check-then-set, 5 ms wide: WorkerAccept reads the request, waits 5 ms (a database round
    /// trip), then writes its winner without reading again whether another worker won meanwhile.
    public static let acceptGapTimer = BackendFaults(rawValue: 1 << 17)
    /// Check-then-set, one turn wide: as ``acceptGapTimer`` with a single `Task.yield()` for the wait,
    /// what an awaited database call under light load looks like. On a busy machine it may break
    /// only the rounds whose client is away meanwhile, and their `apply`s are lost to it: such a
    /// run shows the second success (FLOW-3) and not the second `apply` (FLOW-4) or whom it names (FLOW-6).
    public static let acceptGapYield = BackendFaults(rawValue: 1 << 18)
    /// A lock that covers only part of the update: WorkerAccept checks under the lock, lets it go for
    /// one hop through another queue, and takes it again to write the winner without checking again.
    /// As narrow as ``acceptGapYield``, so a run shows FLOW-4 and FLOW-6 only in some interleavings too.
    public static let acceptLockSplit = BackendFaults(rawValue: 1 << 19)
    /// A cancel that loses against an accept in flight: WorkerAccept reads the request open, yields
    /// once, and writes its winner (and sends `apply`) after checking again only for another winner,
    /// so a cancel that succeeded meanwhile is overwritten.
    public static let cancelLosesToAccept = BackendFaults(rawValue: 1 << 20)
    /// A close decided on a stale read: it reads the request in Work in Progress, yields once, and
    /// writes the end it decided back over a cancel that succeeded meanwhile, answering success
    /// (close against cancel, lost by the close).
    public static let closeFromStaleRead = BackendFaults(rawValue: 1 << 21)
    /// A cancel decided on a stale read: it reads the request, yields once, and writes the end it
    /// decided back over whatever came meanwhile, answering success: over a close that succeeded
    /// meanwhile (close against cancel, lost by the cancel, REST-10), and over a win, whose winner it
    /// forgets (REST-15: `race-timeout-cancel` releases accepts right behind the cancels).
    public static let cancelFromStaleRead = BackendFaults(rawValue: 1 << 22)
    /// A timeout cancel decided on a stale read: the client's cancel with reason `timeout` reads the
    /// request, yields once, and writes the end it decided back over whatever came meanwhile,
    /// answering success: over a WorkerAccept that won in that yield it forgets the winner, so the
    /// request reads back cancelled with no winner though its `apply` went out (REST-15). A
    /// backend that takes the timeout cancel for "nobody came" loses this race at the deadline.
    public static let timeoutCancelFromStaleRead = BackendFaults(rawValue: 1 << 24)
    /// Sockets kept with the request: when a request is posted the backend stores the sockets its
    /// client (and, for a direct request, its addressed worker) has then, as one that saves
    /// `socket.id` in the request's row does, and sends the request's `apply`, `cancel` and `close`
    /// to those sockets instead of to the users' rooms (MSG-2): a user who connected again since
    /// the post never gets them (FLOW-4, FLOW-8).
    public static let socketsPinnedAtPost = BackendFaults(rawValue: 1 << 23)
    /// `emit('close', JSON.stringify(payload))`: the `close` event's one argument is its payload
    /// written out as JSON text, a string, not the object (breaks MSG-1; the apps cannot read its
    /// `ReqID`, so FLOW-9 finds no `close` reaching the request's sides).
    public static let closeSentAsText = BackendFaults(rawValue: 1 << 25)
    /// The `new` says `exclusive` `"0"` whatever the post said: the request table has no exclusive
    /// column, so an exclusive request is offered to every worker as open to all (breaks MSG-4).
    public static let exclusiveDropped = BackendFaults(rawValue: 1 << 26)
    /// A NULL column sent as is: a `new` whose client has no recorded delay carries
    /// `"Delay": null` instead of `0` or no member (breaks MSG-6: `null` is not absent).
    public static let delayNullWhenNone = BackendFaults(rawValue: 1 << 27)
    /// The `new` leaves out the post's `image`, an optional member nobody copied (breaks MSG-7).
    public static let imageDropped = BackendFaults(rawValue: 1 << 28)
    /// The post's optional `workerId` copied through: a channel `new` carries `"workerId": null`,
    /// which a worker app reads as a direct offer it need not filter (breaks MSG-8).
    public static let workerIdNullOnBroadcast = BackendFaults(rawValue: 1 << 29)
    /// The `apply` carries the request's `lat` and `lng` instead of the winner's, one record
    /// mistaken for the other (breaks MSG-9, and REST-18 for a winner that reported its position).
    public static let applyAtJobPosition = BackendFaults(rawValue: 1 << 30)
    /// The `cancel` names its reason `Reason`, capitalised like `ReqID` beside it, so it carries no
    /// `reason` (breaks MSG-10).
    public static let cancelReasonCapitalised = BackendFaults(rawValue: 1 << 31)
    /// The close's outcome read as a flag (`outcome ? "happy" : "unhappy"` on the text): every
    /// `close` says `happy`, an unhappy close too (breaks MSG-11).
    public static let closeAlwaysHappy = BackendFaults(rawValue: 1 << 32)
    /// Direct requests are not pushed: the post of one naming a worker emits no `new`, as if the
    /// addressed worker would find it in getJobs, where it can take it, so its `apply` comes with
    /// no `new` before it (breaks FLOW-1 and MSG-3).
    public static let directNewNotPushed = BackendFaults(rawValue: 1 << 33)
    /// The clock fixture moves the clock but answers the time from before the move, as a `now`
    /// read before the write would (breaks FIX-4). A high bit, so faults added beside it elsewhere do not collide.
    public static let clockAnswersStale = BackendFaults(rawValue: 1 << 40)

    // The REST answers' one-bug servers (REST-1 ... REST-14, the backend's half).

    /// Every job-flow answer is sent as `text/html; charset=utf-8`, as a server that writes the
    /// JSON text with a framework's default string response does; the bodies stay JSON (breaks REST-1).
    public static let answersAsHTML = BackendFaults(rawValue: 1 << 41)
    /// The post request's answer gives `createdAt` as a local time without a zone
    /// (`2026-01-01T09:30:00.250`, a naive timestamp); the `new` keeps the right one (breaks REST-2).
    public static let createdAtWithoutZone = BackendFaults(rawValue: 1 << 42)
    /// A won WorkerAccept answers `{"ok": true, "workerId": ...}`, the winner instead of the
    /// request's `ReqID` (breaks REST-3).
    public static let acceptAnswersWorker = BackendFaults(rawValue: 1 << 43)
    /// getJobs lists each job with its `description` cut to a 20-character summary ending in `…`,
    /// as a list endpoint's projection does; the `new` keeps it whole (breaks REST-4).
    public static let jobDescriptionShortened = BackendFaults(rawValue: 1 << 44)
    /// A successful cancel echoes the request's id as `reqId`, not `ReqID` (breaks REST-5).
    public static let cancelEchoesReqIdLowercase = BackendFaults(rawValue: 1 << 45)
    /// A successful close echoes the close's `outcome` and `by` instead of the request's `ReqID`
    /// (breaks REST-6).
    public static let closeEchoesBody = BackendFaults(rawValue: 1 << 46)
    /// A `not_found` for an unknown request names the id it could not find as its `field`
    /// (`"field": "ReqID"`), which REST-7 allows only for `bad_request` (breaks REST-7).
    public static let notFoundNamesField = BackendFaults(rawValue: 1 << 47)
    /// A repeated WorkerAccept by the request's own winner is answered 409 `already_exists` ("you
    /// already accepted it") instead of `race_lost`; other workers still get `race_lost` (breaks REST-8).
    public static let repeatAcceptAlreadyExists = BackendFaults(rawValue: 1 << 48)
    /// getJobs for a worker the backend does not know answers an empty `jobs` list instead of
    /// 404 `not_found` (breaks REST-11).
    public static let unknownWorkerHasNoJobs = BackendFaults(rawValue: 1 << 49)
    /// A close of a request no worker won is answered 410 `request_closed`, as if every state but
    /// Work in Progress were an end, instead of 409 `not_in_progress` (breaks REST-12).
    public static let closeUnwonAsClosed = BackendFaults(rawValue: 1 << 50)
    /// The post request checks that `lat` and `lng` are numbers but not their range, so a
    /// latitude past 90 is posted and its `new` sent (breaks REST-13, and MSG-4 by that `new`;
    /// REST-4 too when another case's getJobs lists the job before `rest-malformed` cancels it).
    public static let postRangeUnchecked = BackendFaults(rawValue: 1 << 51)
    /// WorkerAccept judges the worker's eligibility before the request's state, so an ineligible
    /// worker accepting a request that is cancelled, closed or won gets `not_eligible` instead of
    /// `request_cancelled`, `request_closed` or `race_lost` (breaks REST-14).
    public static let eligibilityBeforeState = BackendFaults(rawValue: 1 << 52)
    /// The `cancel` of a won request and every `close` go to the channel too, so workers who did
    /// not win it get another user's event (breaks FLOW-8 and FLOW-9: to no one else).
    public static let endsReachChannel = BackendFaults(rawValue: 1 << 53)
    /// Every failure answers `{"error": {...}}` without `"ok": false`, as an API whose clients
    /// tell failures by status alone sends it (breaks REST-7).
    public static let failuresWithoutOk = BackendFaults(rawValue: 1 << 54)

    /// The race faults: the reference server splits WorkerAccept into its read and write halves
    /// around a gap when one of them is on (``PlainBackendHost``); the backend itself stays atomic.
    public static let acceptRaces: BackendFaults = [.acceptGapTimer, .acceptGapYield, .acceptLockSplit, .cancelLosesToAccept]
    /// The race faults of the ends: a cancel or close decided on what it read before one yield
    /// and written after it (``PlainBackendHost``).
    public static let endRaces: BackendFaults = [.closeFromStaleRead, .cancelFromStaleRead, .timeoutCancelFromStaleRead]
    /// Every race fault: what only many racers released together catch.
    public static let races: BackendFaults = acceptRaces.union(endRaces)

    /// Every fault with its name and the requirement ids a whole `jobwire verify` run against the
    /// embedded backend fails with it on, exactly (VerifyRunnerTests proves each).
    public static let named: [NamedFault<BackendFaults>] = [
        NamedFault("eligibilityIgnored", .eligibilityIgnored, breaks: ["ELIG-8", "REST-9"]),
        NamedFault("blockedIgnored", .blockedIgnored, breaks: ["ELIG-8", "REST-9"]),
        NamedFault("everyRacerWins", .everyRacerWins, breaks: ["FLOW-3", "FLOW-4", "FLOW-6"]),
        NamedFault("applyToEveryone", .applyToEveryone, breaks: ["FLOW-5"]),
        NamedFault("cancelNotEnforced", .cancelNotEnforced, breaks: ["FLOW-7", "FLOW-13", "REST-10", "REST-15"]),
        NamedFault("closeReachesOneSide", .closeReachesOneSide, breaks: ["FLOW-9"]),
        NamedFault("endsReachChannel", .endsReachChannel, breaks: ["FLOW-8", "FLOW-9"]),
        NamedFault("failuresWithoutOk", .failuresWithoutOk, breaks: ["REST-7"]),
        NamedFault("directNewToChannel", .directNewToChannel, breaks: ["FLOW-8", "MSG-3"]),
        NamedFault("stateHidesProgress", .stateHidesProgress, breaks: ["REST-15"]),
        NamedFault("historyOldestFirst", .historyOldestFirst, breaks: ["REST-16"]),
        NamedFault("meProfileIgnoresFixture", .meProfileIgnoresFixture, breaks: ["REST-17"]),
        NamedFault("positionIgnored", .positionIgnored, breaks: ["REST-18"]),
        NamedFault("anyoneMayEnd", .anyoneMayEnd, breaks: ["REST-19"]),
        NamedFault("delayDropped", .delayDropped, breaks: ["MSG-14"]),
        NamedFault("identityNotChecked", .identityNotChecked, breaks: ["MSG-16"]),
        NamedFault("requestsExpire", .requestsExpire, breaks: ["ELIG-8", "FLOW-15"], breaksInSomeInterleavings: ["REST-10"]),
        NamedFault("reachHalved", .reachHalved, breaks: ["ELIG-8", "REST-9"]),
        NamedFault("bansAsNull", .bansAsNull, breaks: ["MSG-5"]),
        NamedFault("acceptGapTimer", .acceptGapTimer, breaks: ["FLOW-3", "FLOW-4", "FLOW-6"]),
        NamedFault("acceptGapYield", .acceptGapYield, breaks: ["FLOW-3"], breaksInSomeInterleavings: ["FLOW-4", "FLOW-6"]),
        NamedFault("acceptLockSplit", .acceptLockSplit, breaks: ["FLOW-3"], breaksInSomeInterleavings: ["FLOW-4", "FLOW-6"]),
        NamedFault("cancelLosesToAccept", .cancelLosesToAccept, breaks: ["FLOW-7", "REST-15"]),
        NamedFault("closeFromStaleRead", .closeFromStaleRead, breaks: ["REST-10"]),
        NamedFault("cancelFromStaleRead", .cancelFromStaleRead, breaks: ["REST-10", "REST-15"]),
        NamedFault("timeoutCancelFromStaleRead", .timeoutCancelFromStaleRead, breaks: ["REST-15"]),
        NamedFault("socketsPinnedAtPost", .socketsPinnedAtPost, breaks: ["FLOW-4", "FLOW-8"]),
        NamedFault("clockAnswersStale", .clockAnswersStale, breaks: ["FIX-4"]),
        NamedFault("answersAsHTML", .answersAsHTML, breaks: ["REST-1"]),
        NamedFault("createdAtWithoutZone", .createdAtWithoutZone, breaks: ["REST-2"]),
        NamedFault("acceptAnswersWorker", .acceptAnswersWorker, breaks: ["REST-3"]),
        NamedFault("jobDescriptionShortened", .jobDescriptionShortened, breaks: ["REST-4"]),
        NamedFault("cancelEchoesReqIdLowercase", .cancelEchoesReqIdLowercase, breaks: ["REST-5"]),
        NamedFault("closeEchoesBody", .closeEchoesBody, breaks: ["REST-6"]),
        NamedFault("notFoundNamesField", .notFoundNamesField, breaks: ["REST-7"]),
        NamedFault("repeatAcceptAlreadyExists", .repeatAcceptAlreadyExists, breaks: ["REST-8"]),
        NamedFault("unknownWorkerHasNoJobs", .unknownWorkerHasNoJobs, breaks: ["REST-11"]),
        NamedFault("closeUnwonAsClosed", .closeUnwonAsClosed, breaks: ["REST-12"]),
        NamedFault("postRangeUnchecked", .postRangeUnchecked, breaks: ["REST-13", "MSG-4"], breaksInSomeInterleavings: ["REST-4"]),
        NamedFault("eligibilityBeforeState", .eligibilityBeforeState, breaks: ["REST-14"]),
        NamedFault("closeSentAsText", .closeSentAsText, breaks: ["MSG-1", "FLOW-9"]),
        NamedFault("exclusiveDropped", .exclusiveDropped, breaks: ["MSG-4"]),
        NamedFault("delayNullWhenNone", .delayNullWhenNone, breaks: ["MSG-6"]),
        NamedFault("imageDropped", .imageDropped, breaks: ["MSG-7"]),
        NamedFault("workerIdNullOnBroadcast", .workerIdNullOnBroadcast, breaks: ["MSG-8"]),
        NamedFault("applyAtJobPosition", .applyAtJobPosition, breaks: ["MSG-9", "REST-18"]),
        NamedFault("cancelReasonCapitalised", .cancelReasonCapitalised, breaks: ["MSG-10"]),
        NamedFault("closeAlwaysHappy", .closeAlwaysHappy, breaks: ["MSG-11"]),
        NamedFault("directNewNotPushed", .directNewNotPushed, breaks: ["FLOW-1", "MSG-3"]),
    ]
}
