import SocketIOWire

/// What an app read back from device storage when it was launched or restored: the discard list
/// (DISC-3), the JWT cache and whether it was ever online (AUTH-1 ... AUTH-7), and the request
/// queue (OFFL-12), the option values (OFFL-17). Each member is nil when the app did not report it.
public struct StoredState: Sendable {
    /// `discards`: a worker's stored discard list.
    public var discards: [String]?
    /// `jwt`: the JWT cache; ``ReportedJWT/none`` for `null`.
    public var jwt: ReportedJWT?
    /// `everOnline`: whether a login ever succeeded online (AUTH-7).
    public var everOnline: Bool?
    /// `queue`: the request queue, oldest first (OFFL-12).
    public var queue: [OfflineRequest]?
    /// `options`: the option values the app kept from its last successful options GET (OFFL-17).
    public var options: JSONValue?

    /// Nothing reported.
    public init(discards: [String]? = nil, jwt: ReportedJWT? = nil, everOnline: Bool? = nil, queue: [OfflineRequest]? = nil, options: JSONValue? = nil) {
        self.discards = discards
        self.jwt = jwt
        self.everOnline = everOnline
        self.queue = queue
        self.options = options
    }
}

/// The JWT cache as an app reports it at launch (AUTH-1, AUTH-4).
public enum ReportedJWT: Sendable, Hashable {
    /// The cache is empty (`"jwt": null`).
    case none
    /// A cached token expiring at `expiresAt` (ms since the epoch); `token` when the app wrote it.
    case token(expiresAt: Int64, token: String?)

    /// The cache as the offline model holds it; a token the app did not write is read as empty text.
    var cached: CachedJWT? {
        guard case .token(let expiresAt, let token) = self else { return nil }
        return CachedJWT(token: token ?? "", expiresAt: expiresAt)
    }
}

/// A change of the request queue (`queue.changed`, OFFL-4, OFFL-8, OFFL-9, OFFL-11).
public struct QueueChange: Sendable {
    /// `length`: how many requests the queue holds afterwards.
    public var length: Int64
    /// `op`: what happened, when the app says.
    public var op: QueueOperation?
    /// `entry`: the request that joined, left or was sent; required with `op`.
    public var entry: OfflineRequest?
}

/// What happened to the queue (`queue.changed` `op`).
public enum QueueOperation: String, Sendable, Hashable, CaseIterable {
    /// A request joined: made offline, waiting for its create (OFFL-14), or back from flight (OFFL-11).
    case enqueue
    /// A queued request left unsent: superseded by a newer edit (OFFL-8, OFFL-9) or behind a refused create (OFFL-6).
    case drop
    /// The head left to be sent (OFFL-11).
    case send
}

/// The `for` of a notification alert (OFFL-5): whether it is about a create or an edit, and the entity's id then.
public struct NotificationRecord: Sendable, Hashable {
    /// `for`: create or edit.
    public var subject: NotificationSubject?
    /// `entity`: the entity's id when the notification showed; a temporary id for a create.
    public var entity: String?
}

extension TraceFields {
    /// An offline workflow request, `{"seq","kind","id","data"}` (Docs/ADAPTER.md); `data` is
    /// `fallbackData` when absent, such as the request's body.
    func workflowRequest(_ key: String, fallbackData: JSONObject? = nil) throws(InputError) -> OfflineRequest? {
        guard let object = try optionalObject(key) else { return nil }
        return try nested(key, object).workflowRequest(fallbackData: fallbackData)
    }

    /// This object as an offline workflow request.
    func workflowRequest(fallbackData: JSONObject? = nil) throws(InputError) -> OfflineRequest {
        let seq = Int(try integer("seq", minimum: 1))
        switch try choice("kind", ["list", "options", "login", "create", "edit"]) {
        case "list": return OfflineRequest(seq: seq, call: .list)
        case "options": return OfflineRequest(seq: seq, call: .options)
        case "login": return OfflineRequest(seq: seq, call: .login)
        case let kind:
            let id = EntityID(try self.id("id"))
            let data = try optionalObject("data") ?? fallbackData ?? JSONObject()
            return OfflineRequest(seq: seq, call: kind == "create" ? .create(id, data: data) : .edit(id, data: data))
        }
    }

    /// The stored state an `app.launched` or `app.restored` reports.
    func storedState() throws(InputError) -> StoredState {
        var stored = StoredState(discards: try optionalIDs("discards"), everOnline: try optionalBool("everOnline"))
        if let value = object["jwt"] {
            if value.isNull {
                stored.jwt = ReportedJWT.none
            } else {
                let jwt = try object("jwt")
                let fields = nested("jwt", jwt)
                stored.jwt = .token(expiresAt: try fields.integer("expiresAt"), token: try fields.optionalString("token"))
            }
        }
        if let value = optional("queue") {
            guard let elements = value.arrayValue else { throw error("queue", "expected an array of queued requests, found \(Self.describe(value))") }
            var queue: [OfflineRequest] = []
            for (index, element) in elements.enumerated() {
                guard let entry = element.objectValue else { throw error("queue[\(index)]", "expected a request object, found \(Self.describe(element))") }
                queue.append(try nested("queue[\(index)]", entry).workflowRequest())
            }
            stored.queue = queue
        }
        stored.options = optional("options")
        return stored
    }
}
