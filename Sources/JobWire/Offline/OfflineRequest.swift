import SocketIOWire

/// One REST call of the offline workflow, numbered in the order the app made it.
///
/// Creates and edits change entities and may wait in the request queue (OFFL-4, OFFL-8,
/// OFFL-9); the list GET (OFFL-1), the option values GET (OFFL-13) and JWT-Auth (AUTH-4) are
/// only ever sent at once and are dropped, never queued, when connectivity goes (OFFL-11).
public struct OfflineRequest: Sendable, Hashable {
    /// What a request asks of the backend.
    public enum Call: Sendable, Hashable {
        /// `GET` of the list (OFFL-1).
        case list
        /// The background `GET` of all option values (OFFL-13).
        case options
        /// `POST` JWT-Auth, the login call (AUTH-4).
        case login
        /// `POST` of a new entity under its temporary id with its data (OFFL-4).
        case create(EntityID, data: JSONObject)
        /// `POST` of an entity's full latest state (OFFL-7, OFFL-10).
        case edit(EntityID, data: JSONObject)
    }

    /// The request's number: 1 for the first request the app made, never reused.
    public var seq: Int
    /// What it asks.
    public var call: Call

    /// A request numbered `seq`.
    public init(seq: Int, call: Call) {
        self.seq = seq
        self.call = call
    }

    /// The wire name of the call: `list`, `options`, `login`, `create` or `edit`.
    public var kind: String {
        switch call {
        case .list: return "list"
        case .options: return "options"
        case .login: return "login"
        case .create: return "create"
        case .edit: return "edit"
        }
    }

    /// The entity a create or edit is about; nil for the other calls.
    public var entityID: EntityID? {
        switch call {
        case .create(let id, _), .edit(let id, _): return id
        case .list, .options, .login: return nil
        }
    }

    /// True for creates and edits: the calls that can wait in the queue (OFFL-11).
    public var isQueueable: Bool { entityID != nil }

    /// True for an edit of `id`: what OFFL-8 and OFFL-9 remove from the queue.
    public func isEdit(of id: EntityID) -> Bool {
        if case .edit(id, _) = call { return true }
        return false
    }

    /// The same request about `newID` when it is about `oldID` (OFFL-6).
    func replacingEntity(_ oldID: EntityID, with newID: EntityID) -> OfflineRequest {
        var copy = self
        switch call {
        case .create(oldID, let data): copy.call = .create(newID, data: data)
        case .edit(oldID, let data): copy.call = .edit(newID, data: data)
        default: break
        }
        return copy
    }
}
