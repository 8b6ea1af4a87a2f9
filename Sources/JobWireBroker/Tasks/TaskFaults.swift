import JobWire

/// Deliberate violations of the TASK area the reference backend can be switched into, so tests
/// can prove `jobwire verify` catches each one with the right requirement id. Never on by default;
/// ``named`` declares the ids each breaks.
public struct TaskFaults: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Faults from their raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A second sign-up with a taken email succeeds.
    public static let duplicateSignUpAllowed = TaskFaults(rawValue: 1 << 0)
    /// `rememberMe` is ignored: every token lives `sessionTtlMs`.
    public static let rememberMeIgnored = TaskFaults(rawValue: 1 << 1)
    /// An expired token is still accepted.
    public static let expiredTokenAccepted = TaskFaults(rawValue: 1 << 2)
    /// Task and contractor calls without a token are served as the first user.
    public static let tokenNotRequired = TaskFaults(rawValue: 1 << 3)
    /// Task bodies are stored without validation: no `bad_request`.
    public static let validationSkipped = TaskFaults(rawValue: 1 << 4)
    /// An edit keeps the task's `updatedAt`.
    public static let updatedAtUnchanged = TaskFaults(rawValue: 1 << 5)
    /// Cancelled and completed tasks can still be edited.
    public static let endedTaskEditable = TaskFaults(rawValue: 1 << 6)
    /// A cancel is accepted after the cut-off.
    public static let cancelAfterCutoff = TaskFaults(rawValue: 1 << 7)
    /// The task list comes oldest first.
    public static let listOldestFirst = TaskFaults(rawValue: 1 << 8)
    /// The task list holds every user's tasks, not only the caller's.
    public static let listEveryonesTasks = TaskFaults(rawValue: 1 << 9)
    /// Any known user can be chosen as the contractor, candidate or not.
    public static let anyContractorAccepted = TaskFaults(rawValue: 1 << 10)
    /// A contractor's rating is its latest review's, not the mean.
    public static let ratingNotAveraged = TaskFaults(rawValue: 1 << 11)
    /// The user-exists query compares emails with their case (TASK-1's decision).
    public static let userExistsCaseSensitive = TaskFaults(rawValue: 1 << 12)
    /// A login with a known email succeeds whatever the password.
    public static let wrongPasswordAccepted = TaskFaults(rawValue: 1 << 13)
    /// A task without a contractor leaves `contractor` out instead of null.
    public static let nullContractorOmitted = TaskFaults(rawValue: 1 << 14)
    /// A cancelled task does not keep its `cancelReason`.
    public static let cancelReasonDropped = TaskFaults(rawValue: 1 << 15)
    /// Candidates come without `image` and `rating`.
    public static let candidateFieldsMissing = TaskFaults(rawValue: 1 << 16)
    /// Any number is taken as a rating, 0, 6 or 4.5 alike.
    public static let ratingRangeUnchecked = TaskFaults(rawValue: 1 << 17)
    /// The caller's account comes with `rating` null, reviews or not.
    public static let meRatingNotComputed = TaskFaults(rawValue: 1 << 18)
    /// An account update is answered as if stored but the account keeps its old state.
    public static let meUpdateNotStored = TaskFaults(rawValue: 1 << 19)
    /// A profile image call succeeds without setting or removing the picture.
    public static let meImageIgnored = TaskFaults(rawValue: 1 << 20)
    /// A deleted account's tokens are still accepted: a soft delete that forgets the sessions.
    public static let deletedTokenAccepted = TaskFaults(rawValue: 1 << 21)
    /// A contractor's reviews come oldest first.
    public static let reviewsOldestFirst = TaskFaults(rawValue: 1 << 22)
    /// A contractor's past work lists every task it was chosen for, completed or not.
    public static let pastWorkUnfiltered = TaskFaults(rawValue: 1 << 23)
    /// A task create is answered with the `task` alone, without `id`.
    public static let createAnswerWithoutID = TaskFaults(rawValue: 1 << 24)
    /// Any user's task can be read by its id.
    public static let foreignTaskReadable = TaskFaults(rawValue: 1 << 25)
    /// Too strict at a boundary: cancels close an hour before the announced cut-off (breaks TASK-13).
    public static let cutoffEarly = TaskFaults(rawValue: 1 << 26)
    /// Too strict at a boundary: a token dies at half the lifetime the settings announce (breaks TASK-4).
    public static let tokenDiesEarly = TaskFaults(rawValue: 1 << 27)

    /// Every fault with its name and the requirement ids `jobwire verify` fails with it on when
    /// it runs the TASK cases (`--only TASK`), exactly (VerifyRunnerTests proves each).
    public static let named: [NamedFault<TaskFaults>] = [
        NamedFault("duplicateSignUpAllowed", .duplicateSignUpAllowed, breaks: ["TASK-2"]),
        NamedFault("rememberMeIgnored", .rememberMeIgnored, breaks: ["TASK-4"]),
        NamedFault("expiredTokenAccepted", .expiredTokenAccepted, breaks: ["TASK-6"]),
        NamedFault("tokenNotRequired", .tokenNotRequired, breaks: ["TASK-6"]),
        // The stored task lacks what the bad body lacked, so the answered task breaks TASK-8's shape too.
        NamedFault("validationSkipped", .validationSkipped, breaks: ["TASK-7", "TASK-8", "TASK-9"]),
        NamedFault("updatedAtUnchanged", .updatedAtUnchanged, breaks: ["TASK-10"]),
        NamedFault("endedTaskEditable", .endedTaskEditable, breaks: ["TASK-11"]),
        NamedFault("cancelAfterCutoff", .cancelAfterCutoff, breaks: ["TASK-13"]),
        NamedFault("listOldestFirst", .listOldestFirst, breaks: ["TASK-14"]),
        NamedFault("listEveryonesTasks", .listEveryonesTasks, breaks: ["TASK-14"]),
        NamedFault("anyContractorAccepted", .anyContractorAccepted, breaks: ["TASK-16"]),
        NamedFault("ratingNotAveraged", .ratingNotAveraged, breaks: ["TASK-18"]),
        NamedFault("userExistsCaseSensitive", .userExistsCaseSensitive, breaks: ["TASK-1"]),
        NamedFault("wrongPasswordAccepted", .wrongPasswordAccepted, breaks: ["TASK-3"]),
        NamedFault("nullContractorOmitted", .nullContractorOmitted, breaks: ["TASK-8"]),
        NamedFault("cancelReasonDropped", .cancelReasonDropped, breaks: ["TASK-12"]),
        NamedFault("candidateFieldsMissing", .candidateFieldsMissing, breaks: ["TASK-15"]),
        NamedFault("ratingRangeUnchecked", .ratingRangeUnchecked, breaks: ["TASK-17"]),
        NamedFault("meRatingNotComputed", .meRatingNotComputed, breaks: ["TASK-19"]),
        NamedFault("meUpdateNotStored", .meUpdateNotStored, breaks: ["TASK-20"]),
        NamedFault("meImageIgnored", .meImageIgnored, breaks: ["TASK-21"]),
        // The soft delete blanks the email, so the account read with the old token breaks TASK-19's shape too.
        NamedFault("deletedTokenAccepted", .deletedTokenAccepted, breaks: ["TASK-19", "TASK-22"]),
        NamedFault("reviewsOldestFirst", .reviewsOldestFirst, breaks: ["TASK-23"]),
        NamedFault("pastWorkUnfiltered", .pastWorkUnfiltered, breaks: ["TASK-23"]),
        NamedFault("createAnswerWithoutID", .createAnswerWithoutID, breaks: ["TASK-25"]),
        NamedFault("foreignTaskReadable", .foreignTaskReadable, breaks: ["TASK-26"]),
        NamedFault("cutoffEarly", .cutoffEarly, breaks: ["TASK-13"]),
        NamedFault("tokenDiesEarly", .tokenDiesEarly, breaks: ["TASK-4"]),
    ]
}
