/// The three roles of the protocol as a trace names them: which side wrote an event.
///
/// A trace header lists the roles whose events it holds; rules about a role's behaviour
/// (FLOW, ALERT, TIME, ELIG, DISC) are judged only when that role recorded events.
public enum TraceRole: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The client app: posts requests, waits, cancels on timeout, closes.
    case client
    /// A worker app: receives offers, filters, shows, discards, accepts.
    case worker
    /// The backend: answers REST calls and emits the Socket.IO events.
    case backend

    /// The role as PROTOCOL.md names it in requirement headings (`worker app`).
    public var protocolName: String {
        switch self {
        case .client: return "client app"
        case .worker: return "worker app"
        case .backend: return "backend"
        }
    }

    /// The role as traces write it.
    public var description: String { rawValue }
}

/// Who wrote one trace event: a role and, for apps, the user id the app runs as.
///
/// Worker apps always carry their worker id, since a trace may hold several workers;
/// a client app may leave it out. Ids are canonical text (ELIG-2): an integer id is its digits.
///
/// Two actors are equal when their roles and ids are; an actor hashes as one `Int` worked out
/// when it is made (on the thread that decodes the event, for `jobwire check`), not as its id's
/// text: the checker looks actors up in its dictionaries several times per event (issue 15, item 7).
public struct TraceActor: Sendable, Hashable, CustomStringConvertible {
    /// The role of the actor.
    public var role: TraceRole {
        didSet { hashKey = Self.hashKey(role, id) }
    }
    /// The user id of an app; nil for the backend and for a client app that did not give one.
    public var id: String? {
        didSet { hashKey = Self.hashKey(role, id) }
    }
    /// The hash of `role` and `id`, kept with them.
    private var hashKey: Int

    /// An actor of `role` running as user `id`.
    public init(_ role: TraceRole, id: String? = nil) {
        self.role = role
        self.id = id
        hashKey = Self.hashKey(role, id)
    }

    private static func hashKey(_ role: TraceRole, _ id: String?) -> Int {
        var hasher = Hasher()
        hasher.combine(role)
        hasher.combine(id)
        return hasher.finalize()
    }

    public static func == (left: TraceActor, right: TraceActor) -> Bool {
        left.hashKey == right.hashKey && left.role == right.role && left.id == right.id
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hashKey)
    }

    /// The backend actor.
    public static let backend = TraceActor(.backend)

    /// `client`, `backend` or `worker w-1`, for report lines.
    public var description: String {
        guard let id else { return role.rawValue }
        return "\(role.rawValue) \(id)"
    }
}
