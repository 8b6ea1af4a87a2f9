import Foundation
import JobWire
import SocketIOWire

/// The reference backend of the HandyFriends task API (PROTOCOL.md, TASK area) as a plain state
/// machine: calls in, HTTP answers out. No I/O and no clock of its own: `now` comes with every
/// call, so the server runs it in real or virtual time and tests drive it directly.
///
/// Enforces TASK-1 ... TASK-4, TASK-6 ... TASK-23, TASK-25 and TASK-26; failures use the body and codes of REST-7
/// in the precedence order of REST-14: the body is checked before the token, the token before
/// the task, and the task's state last.
///
/// ```swift
/// var tasks = TaskBackend(seed: 7)
/// let signUp = tasks.signUp(body: ["email": "ana@example.com", "password": "pw"], now: now)
/// let token = signUp.body["token"]!.stringValue!
/// let created = tasks.createTask(body: draft, token: token, now: now)   // {"ok":true,"task":{...}}
/// ```
public struct TaskBackend: Sendable {
    /// Paths, token lifetimes and the cancel cut-off.
    public var settings: TaskSettings
    /// Deliberate violations for mutant tests; empty in every real use.
    public var faults: TaskFaults
    /// Accounts by `userId`.
    public internal(set) var accounts: [String: TaskAccount] = [:]
    /// Tasks by `objectId`.
    public internal(set) var tasks: [String: TaskRecord] = [:]
    /// Reviews by contractor `userId`, oldest first.
    public internal(set) var reviews: [String: [ContractorReview]] = [:]
    var tokens: [String: TaskSessionToken] = [:]
    var nextUserNumber = 1
    var nextTaskNumber = 1
    private var random: SplitMix64

    /// A backend with no accounts; `seed` makes its tokens repeatable.
    public init(settings: TaskSettings = .standard, faults: TaskFaults = [], seed: UInt64 = UInt64.random(in: .min ... .max)) {
        self.settings = settings
        self.faults = faults
        random = SplitMix64(seed: seed)
    }

    // MARK: - Shared steps

    /// A new opaque token for `userID`, living `ttl` ms from `now`.
    mutating func issueToken(for userID: String, ttl: Int64, now: Int64) -> TaskSessionToken {
        tokens = tokens.filter { $0.value.expiresAt > now || faults.contains(.expiredTokenAccepted) }
        let text = "hf." + String(random.next(), radix: 16) + String(random.next(), radix: 16)
        let token = TaskSessionToken(token: text, userID: userID, expiresAt: now + (faults.contains(.tokenDiesEarly) ? ttl / 2 : ttl))
        tokens[text] = token
        return token
    }

    /// The caller of a task or contractor call, from `Authorization: Bearer <token>` (TASK-6).
    func authenticate(_ authorization: String?, now: Int64) throws(BackendError) -> TaskAccount {
        if faults.contains(.tokenNotRequired), authorization == nil, let first = accounts.values.min(by: { $0.number < $1.number }) {
            return first
        }
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else {
            throw BackendError(.unauthorized, "an Authorization: Bearer <token> header is required")
        }
        let text = String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        guard let token = tokens[text], let account = accounts[token.userID] else {
            throw BackendError(.unauthorized, "the token is not one this backend issued")
        }
        guard token.expiresAt > now || faults.contains(.expiredTokenAccepted) else {
            throw BackendError(.unauthorized, "the token expired at \(ISO8601Time.string(milliseconds: token.expiresAt))")
        }
        return account
    }

    /// The caller's own task `objectID`; another user's task is `not_found` too (TASK-11's decision).
    func ownTask(_ objectID: String, of caller: TaskAccount) throws(BackendError) -> TaskRecord {
        guard let task = tasks[objectID], task.author == caller.userID else {
            throw BackendError(.notFound, "no task \(objectID) of yours is known")
        }
        return task
    }

    /// REST-10's codes for tasks: a completed task is `request_closed`, a cancelled one `request_cancelled` (TASK-11).
    func checkNotEnded(_ task: TaskRecord) throws(BackendError) {
        switch task.status {
        case .completed: throw BackendError(.requestClosed, "task \(task.objectID) is completed")
        case .cancelled: throw BackendError(.requestCancelled, "task \(task.objectID) is cancelled")
        case .open, .assigned: return
        }
    }

    /// Runs `body` and turns its error into the failure answer (REST-7).
    static func answer(_ body: () throws(BackendError) -> BackendReply) -> BackendReply {
        do throws(BackendError) {
            return try body()
        } catch {
            return .failure(error)
        }
    }
}
