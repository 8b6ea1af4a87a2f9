/// Deliberate violations of the TASK area the reference backend can be switched into, so tests
/// can prove `jobwire verify` catches each one with the right requirement id. Never on by default.
public struct TaskFaults: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Faults from their raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A second sign-up with a taken email succeeds (breaks TASK-2).
    public static let duplicateSignUpAllowed = TaskFaults(rawValue: 1 << 0)
    /// `rememberMe` is ignored: every token lives `sessionTtlMs` (breaks TASK-4).
    public static let rememberMeIgnored = TaskFaults(rawValue: 1 << 1)
    /// An expired token is still accepted (breaks TASK-6).
    public static let expiredTokenAccepted = TaskFaults(rawValue: 1 << 2)
    /// Task and contractor calls without a token are served as the first user (breaks TASK-6).
    public static let tokenNotRequired = TaskFaults(rawValue: 1 << 3)
    /// Task bodies are stored without validation: no `bad_request` (breaks TASK-7, TASK-9).
    public static let validationSkipped = TaskFaults(rawValue: 1 << 4)
    /// An edit keeps the task's `updatedAt` (breaks TASK-10).
    public static let updatedAtUnchanged = TaskFaults(rawValue: 1 << 5)
    /// Cancelled and completed tasks can still be edited (breaks TASK-11).
    public static let endedTaskEditable = TaskFaults(rawValue: 1 << 6)
    /// A cancel is accepted after the cut-off (breaks TASK-13).
    public static let cancelAfterCutoff = TaskFaults(rawValue: 1 << 7)
    /// The task list comes oldest first (breaks TASK-14).
    public static let listOldestFirst = TaskFaults(rawValue: 1 << 8)
    /// The task list holds every user's tasks, not only the caller's (breaks TASK-14).
    public static let listEveryonesTasks = TaskFaults(rawValue: 1 << 9)
    /// Any known user can be chosen as the contractor, candidate or not (breaks TASK-16).
    public static let anyContractorAccepted = TaskFaults(rawValue: 1 << 10)
    /// A contractor's rating is its latest review's, not the mean (breaks TASK-18).
    public static let ratingNotAveraged = TaskFaults(rawValue: 1 << 11)
    /// The user-exists query compares emails with their case (breaks TASK-1's decision).
    public static let userExistsCaseSensitive = TaskFaults(rawValue: 1 << 12)
    /// A login with a known email succeeds whatever the password (breaks TASK-3).
    public static let wrongPasswordAccepted = TaskFaults(rawValue: 1 << 13)
    /// A task without a contractor leaves `contractor` out instead of null (breaks TASK-8).
    public static let nullContractorOmitted = TaskFaults(rawValue: 1 << 14)
    /// A cancelled task does not keep its `cancelReason` (breaks TASK-12).
    public static let cancelReasonDropped = TaskFaults(rawValue: 1 << 15)
    /// Candidates come without `image` and `rating` (breaks TASK-15).
    public static let candidateFieldsMissing = TaskFaults(rawValue: 1 << 16)
    /// Any number is taken as a rating, 0, 6 or 4.5 alike (breaks TASK-17).
    public static let ratingRangeUnchecked = TaskFaults(rawValue: 1 << 17)
    /// The caller's account comes with `rating` null, reviews or not (breaks TASK-19).
    public static let meRatingNotComputed = TaskFaults(rawValue: 1 << 18)
    /// An account update is answered as if stored but the account keeps its old state (breaks TASK-20).
    public static let meUpdateNotStored = TaskFaults(rawValue: 1 << 19)
    /// A profile image call succeeds without setting or removing the picture (breaks TASK-21).
    public static let meImageIgnored = TaskFaults(rawValue: 1 << 20)
    /// A deleted account's tokens are still accepted: a soft delete that forgets the sessions (breaks TASK-22).
    public static let deletedTokenAccepted = TaskFaults(rawValue: 1 << 21)
    /// A contractor's reviews come oldest first (breaks TASK-23).
    public static let reviewsOldestFirst = TaskFaults(rawValue: 1 << 22)
    /// A contractor's past work lists every task it was chosen for, completed or not (breaks TASK-23).
    public static let pastWorkUnfiltered = TaskFaults(rawValue: 1 << 23)
    /// A task create is answered with the `task` alone, without `id` (breaks TASK-25).
    public static let createAnswerWithoutID = TaskFaults(rawValue: 1 << 24)
    /// Any user's task can be read by its id (breaks TASK-26).
    public static let foreignTaskReadable = TaskFaults(rawValue: 1 << 25)

    /// Every fault with its name, for test tables and `jobwire verify` mutant lists.
    public static let named: [(name: String, fault: TaskFaults)] = [
        ("duplicateSignUpAllowed", .duplicateSignUpAllowed), ("rememberMeIgnored", .rememberMeIgnored),
        ("expiredTokenAccepted", .expiredTokenAccepted), ("tokenNotRequired", .tokenNotRequired),
        ("validationSkipped", .validationSkipped), ("updatedAtUnchanged", .updatedAtUnchanged),
        ("endedTaskEditable", .endedTaskEditable), ("cancelAfterCutoff", .cancelAfterCutoff),
        ("listOldestFirst", .listOldestFirst), ("listEveryonesTasks", .listEveryonesTasks),
        ("anyContractorAccepted", .anyContractorAccepted), ("ratingNotAveraged", .ratingNotAveraged),
        ("userExistsCaseSensitive", .userExistsCaseSensitive), ("wrongPasswordAccepted", .wrongPasswordAccepted),
        ("nullContractorOmitted", .nullContractorOmitted), ("cancelReasonDropped", .cancelReasonDropped),
        ("candidateFieldsMissing", .candidateFieldsMissing), ("ratingRangeUnchecked", .ratingRangeUnchecked),
        ("meRatingNotComputed", .meRatingNotComputed), ("meUpdateNotStored", .meUpdateNotStored),
        ("meImageIgnored", .meImageIgnored), ("deletedTokenAccepted", .deletedTokenAccepted),
        ("reviewsOldestFirst", .reviewsOldestFirst), ("pastWorkUnfiltered", .pastWorkUnfiltered),
        ("createAnswerWithoutID", .createAnswerWithoutID), ("foreignTaskReadable", .foreignTaskReadable),
    ]
}
